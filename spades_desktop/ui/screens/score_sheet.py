"""The score sheet: a row per hand and a group of columns per side; a hand opens its replay."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...engine.seats import SEAT_NAMES, Seat
from ...engine.state import GameState
from ..core.keymap import Context, Intent
from ..core.keys import intent_for
from ..core.scene import AppContext
from ..core.theme import (
    BODY,
    CAPTION,
    CREAM,
    GOLD,
    HEADING_SMALL,
    LABEL,
    MUTED,
    NOTICE,
    PANEL_OPAQUE,
    QUIET_BORDER,
    ROW_NEXT,
    ROW_STRIPE,
    SHEET_PADDING,
    SMALLEST,
    TINY,
    VEIL_OPAQUE,
)
from ..core.widgets import draw_panel, draw_text, render_text
from ..text.messages import fit_text
from ..text.review_words import review_title
from ..text.score_sheet import (
    FEWER,
    NO_HAND_SCORED,
    NUMBER_HEADER,
    SheetRow,
    columns_for,
    header_legend,
    headers,
    initial,
    sheet_footer,
    sheet_rows,
)
from ..text.words import side_name
from .menu_base import OverlayInfo, veil


class ScoreSheetScene(OverlayInfo):
    """Every hand of the game, one line per hand; the latest hands first in view, the rest a scroll away."""

    def __init__(self, app: AppContext, state: GameState, marks: list | None = None) -> None:
        super().__init__(app)
        self.state = state
        self.marks = marks or []  # the play checker's marks, shown in the replays
        self.first: int | None = None  # index of the first hand shown; None follows the latest hands
        self.fit = 14  # hand lines that fit; set by draw for the window size
        self.row_rects: dict[int, pygame.Rect] = {}  # hand index -> its row on screen (a click replays it)
        self.panel = pygame.Rect(0, 0, 0, 0)  # where draw put the sheet
        self.column_spans: list[tuple[str, str, pygame.Rect]] = []  # (side, column, its strip) as drawn
        self._laid_out: tuple[tuple[int, int, float, int], SheetLayout] | None = None

    def _last_first(self) -> int:
        return max(0, len(self.state.hand_history) - self.fit)

    def shown_range(self) -> tuple[int, int]:
        """Indices [start, end) of the hands in view."""
        start = self._last_first() if self.first is None else min(self.first, self._last_first())
        return start, min(len(self.state.hand_history), start + self.fit)

    def scroll(self, step: int) -> None:
        start, _ = self.shown_range()
        self.first = min(self._last_first(), max(0, start + step))
        self.dirty = True

    def replay(self, index: int) -> None:
        """Open the replay of hand number ``index`` (0-based) of the game."""
        history = self.state.hand_history
        if 0 <= index < len(history):
            self.app.stack.push(self.app.scenes.hand_replay(history[index], self.name, self.marks))

    def key_contexts(self) -> list[Context]:
        return [Context.SCORE_SHEET, *super().key_contexts()]

    def handle_event(self, event: pygame.event.Event) -> None:
        intent = intent_for(self.key_contexts(), event) if event.type == pygame.KEYDOWN else None
        if intent in (Intent.REPLAY_HAND, Intent.REVIEW) and not self.state.hand_history:
            self.app.stack.pop()  # nothing to replay or review yet: the key closes the sheet, as its footer says
            return
        if intent is Intent.REPLAY_HAND:
            self.replay(self.shown_range()[1] - 1)  # the bottom row in view: the latest by default
            return
        if intent is Intent.REVIEW:
            self.app.open_review(self.state, review_title(self.state))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.row_rects.items():
                if rect.collidepoint(event.pos):
                    self.replay(index)
                    return
        n = len(self.state.hand_history)
        scrolls = {Intent.SCROLL_UP: -1, Intent.SCROLL_DOWN: 1, Intent.PAGE_UP: -self.fit, Intent.PAGE_DOWN: self.fit,
                   Intent.FIRST: -n, Intent.LAST: n}
        if intent in scrolls:
            self.scroll(scrolls[intent])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            pass  # the wheel, reported as buttons too
        else:
            super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil(surface, VEIL_OPAQUE)  # opaque: nothing of the layers below shows through
        rect = self.panel = pygame.Rect(0, 0, int(w * 0.96), int(h * 0.92))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        draw_text(surface, self.app.fonts.get(HEADING_SMALL, bold=True), "Score sheet", GOLD,
                  midtop=(rect.centerx, rect.top + 10))
        sides = list(self.state.sides)
        lay = self._layout(rect.w - 2 * SHEET_PADDING, sides)
        rows, font, bold, columns = lay.rows, lay.font, lay.bold, lay.columns
        caption = self.app.fonts.get(CAPTION)
        legend = header_legend(columns) if lay.short else ""
        line = font.get_linesize() + 4
        top = rect.top + int(h * 0.08)
        bottom = rect.bottom - 8 - caption.get_linesize() * (2 if legend else 1) - 6  # the footer's lines below
        self.fit = max(3, (bottom - top - 2 * line - 4) // line)
        start, end = self.shown_range()
        shown = rows[start:end]
        x0 = rect.centerx - lay.width // 2
        x1 = x0 + lay.width
        # the hand numbers, then a group of columns per side, each a gap apart with a line in it
        spans: list[tuple[str, str, int, int]] = [("", NUMBER_HEADER, x0, x0 + lay.number_w)]
        lefts = []
        x = x0 + lay.number_w
        rows_top = top + 2 * line + 4
        rules_end = bottom if rows else rows_top - 3  # no rows yet: the lines stop at the headers' rule
        for side in sides:
            pygame.draw.line(surface, QUIET_BORDER, (x + lay.gap // 2, top), (x + lay.gap // 2, rules_end))
            x += lay.gap
            lefts.append(x)
            for column, width in zip(columns, lay.widths, strict=True):
                spans.append((side, column, x, x + width))
                x += width + lay.gutter
            x -= lay.gutter
        rows_bottom = rows_top + len(shown) * line
        self.column_spans = [(side, column, pygame.Rect(a, top + line, b - a, rows_bottom - top - line))
                             for side, column, a, b in spans]
        # header: side names over their groups, then the column names
        group_w = sum(lay.widths) + lay.gutter * (len(columns) - 1)
        for side, left in zip(sides, lefts, strict=True):
            name = fit_text(side_name(side, self.app.settings.names), group_w, lambda t: bold.size(t)[0])
            draw_text(surface, bold, name, GOLD, midtop=(left + group_w // 2, top))
        for side, column, a, b in spans:
            label = NUMBER_HEADER if not side else lay.headers[columns.index(column)]
            anchor = {"topleft": (a, top + line)} if column == "Nil" else {"topright": (b, top + line)}
            draw_text(surface, bold, label, GOLD if not side else MUTED, **anchor)
        pygame.draw.line(surface, QUIET_BORDER, (x0, rows_top - 3), (x1, rows_top - 3))
        self.row_rects = {}
        y = rows_top
        for i, row in enumerate(shown):
            row_rect = pygame.Rect(x0 - SHEET_PADDING // 2, y - 1, x1 - x0 + SHEET_PADDING, line)
            self.row_rects[start + i] = row_rect
            if start + i == end - 1:  # Enter replays this one
                pygame.draw.rect(surface, ROW_NEXT, row_rect)
            elif i % 2:
                pygame.draw.rect(surface, ROW_STRIPE, row_rect)
            draw_text(surface, font, str(row.hand), CREAM, topright=(x0 + lay.number_w, y))
            for side, left in zip(sides, lefts, strict=True):
                cx = left
                for column, text, width in zip(columns, row.cells[side], lay.widths, strict=True):
                    colour = NOTICE if column in ("Nil", "Penalty") and "-" in text else CREAM
                    if column == "Nil":  # words, from the left; cut if the window leaves them too little room
                        draw_text(surface, font, fit_text(text, width, lambda t: font.size(t)[0]), colour,
                                  topleft=(cx, y))
                    else:  # numbers, from the right, so that their digits line up
                        draw_text(surface, bold if column == "Score" else font, text, colour, topright=(cx + width, y))
                    cx += width + lay.gutter
            y += line
        if not rows:
            draw_text(surface, font, NO_HAND_SCORED, MUTED, topleft=(x0, y))
        footer = sheet_footer(len(rows), start + 1, end, len(rows) > self.fit)
        room = rect.w - 2 * SHEET_PADDING
        draw_text(surface, caption, fit_text(footer, room, lambda t: caption.size(t)[0]),
                  MUTED, midbottom=(rect.centerx, rect.bottom - 8))
        if legend:
            draw_text(surface, caption, fit_text(legend, room, lambda t: caption.size(t)[0]), MUTED,
                      midbottom=(rect.centerx, rect.bottom - 8 - caption.get_linesize()))

    def name(self, seat: Seat) -> str:
        return "You" if seat == Seat.S else self.app.settings.names.get(seat.name, SEAT_NAMES[seat])

    def _layout(self, room: int, sides: list[str]) -> SheetLayout:
        """The columns, the headers and the largest font that fit ``room`` across, each column as wide
        as its widest text (kept for the window's size and the number of hands)."""
        key = (room, self.app.fonts.height, self.app.fonts.scale, len(self.state.hand_history))
        if self._laid_out is None or self._laid_out[0] != key:
            self._laid_out = (key, self._fit(room, sides))
        return self._laid_out[1]

    def _fit(self, room: int, sides: list[str]) -> SheetLayout:
        """Every column of the game's sides if it can: the largest font first, then short headers;
        then, at the smallest font, narrower gutters, the players' initials in the nil words, and
        last the nil words cut to the room left; only then fewer columns."""
        fonts = self.app.fonts
        # the sizes of type, largest first: at a larger text size its own, then 100%'s (so a long game's
        # every column stays before any is dropped); of two of the same height, the larger size's
        faces: dict[int, tuple[pygame.font.Font, pygame.font.Font]] = {}
        for scaled in dict.fromkeys((fonts.at(1.0), fonts)):
            for rel in reversed((BODY, LABEL, CAPTION, TINY, SMALLEST)):
                faces[scaled.get(rel).get_height()] = (scaled.get(rel), scaled.get(rel, bold=True))
        pairs = [faces[height] for height in sorted(faces, reverse=True)]
        lay: SheetLayout | None = None
        for columns in dict.fromkeys((columns_for(len(sides)), *FEWER)):
            rows = sheet_rows(self.state, self.name, columns)
            for font, bold in pairs:
                for short in (False, True):
                    lay = SheetLayout.measure(font, bold, columns, short, rows, sides, room)
                    if lay.fits:
                        return lay
            font, bold = pairs[-1]
            initials = sheet_rows(self.state, lambda seat: initial(self.name(seat)), columns)
            for tight_rows, cut in ((rows, False), (initials, False), (initials, True)):
                lay = SheetLayout.measure(font, bold, columns, True, tight_rows, sides, room, tight=True, cut=cut)
                if lay.fits:
                    return lay
        assert lay is not None
        return lay  # nothing fits: the fewest columns at the smallest size


@dataclass
class SheetLayout:
    """How the score sheet's columns are laid across the panel: their widths from the widths of their
    texts, the space between them, and whether they fit."""

    rows: list[SheetRow]
    font: pygame.font.Font
    bold: pygame.font.Font  # headers, side names and the Score column
    columns: tuple[str, ...]
    headers: tuple[str, ...]
    short: bool  # the short headers (a legend says what they stand for)
    number_w: int  # the hand numbers' column
    widths: list[int]  # each column of a side's group
    gutter: int  # between two columns of a group
    gap: int  # between two groups (a line runs down its middle)
    width: int  # the whole table
    fits: bool

    @classmethod
    def measure(cls, font: pygame.font.Font, bold: pygame.font.Font, columns: tuple[str, ...], short: bool,
                rows: list[SheetRow], sides: list[str], room: int, tight: bool = False,
                cut: bool = False) -> SheetLayout:
        """The columns at this font: a gutter of one digit at least (half of one if ``tight``) and
        three at most; with ``cut`` the Nil column takes only the room left (down to its header's width)."""
        names = headers(columns, short)
        digit = bold.size("0")[0]
        least = digit // 2 if tight else digit
        number_w = max([drawn_width(bold, NUMBER_HEADER), *(drawn_width(font, str(row.hand)) for row in rows)])
        widths = []
        for c, (column, header) in enumerate(zip(columns, names, strict=True)):
            face = bold if column == "Score" else font
            texts = {row.cells[side][c] for row in rows for side in sides}
            widths.append(max([drawn_width(bold, header), *(drawn_width(face, t) for t in texts)]))
        n, count = len(sides), len(columns)

        def total(gutter: int) -> int:  # a group's gutters, and a gap of two gutters before each group
            return number_w + n * (sum(widths) + (count - 1) * gutter + 2 * gutter)

        if cut and "Nil" in columns and total(least) > room:
            nil = columns.index("Nil")
            header_w = drawn_width(bold, names[nil])
            widths[nil] = max(header_w, widths[nil] - math.ceil((total(least) - room) / n))
        most = room - number_w - n * sum(widths)
        gutter = max(least, min(3 * digit, most // max(1, n * (count + 1))))
        return cls(rows, font, bold, columns, names, short, number_w, widths, gutter, 2 * gutter, total(gutter),
                   total(gutter) <= room)


def drawn_width(font: pygame.font.Font, text: str) -> int:
    """A text's width as drawn (a face's advance can be a pixel wider than its ink), so a column is
    exactly as wide as its widest text; the rendering is cached for drawing it."""
    return render_text(font, text, CREAM).get_width() if text else 0
