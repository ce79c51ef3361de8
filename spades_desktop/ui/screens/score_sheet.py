"""The score sheet: a row per hand and a group of columns per side; a hand opens its replay."""

from __future__ import annotations

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
    SMALLEST,
    TINY,
    VEIL_OPAQUE,
)
from ..core.widgets import draw_panel, draw_text
from ..text.score_sheet import COMPACT, NARROW, columns_for, sheet_rows
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
        if intent is Intent.REPLAY_HAND:
            self.replay(self.shown_range()[1] - 1)  # the bottom row in view: the latest by default
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
        rect = pygame.Rect(0, 0, int(w * 0.94), int(h * 0.9))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        draw_text(surface, self.app.fonts.get(HEADING_SMALL, bold=True), "Score sheet", GOLD,
                  midtop=(rect.centerx, rect.top + 10))
        state = self.state
        sides = list(state.sides)
        for columns in dict.fromkeys((columns_for(len(sides)), COMPACT, NARROW)):  # all the columns if they fit
            rows = sheet_rows(state, self.name, columns)
            font, bold, widths, fits = self._fit_columns(rect.w - 40, columns, sides, rows)
            if fits:
                break
        line = font.get_linesize() + 4
        top = rect.top + int(h * 0.08)
        self.fit = max(3, (rect.bottom - top - 3 * line - int(h * 0.05)) // line)
        start, end = self.shown_range()
        shown = rows[start:end]
        hand_w = widths[0]
        group_w = sum(widths[1:])
        gap = max(12, (rect.w - 40 - hand_w - group_w * len(sides)) // max(1, len(sides)))
        x0 = rect.left + 20
        # header: side names over their groups, then the column names
        draw_text(surface, bold, "Hand", GOLD, topleft=(x0, top + line))
        lefts = []
        x = x0 + hand_w + gap
        for side in sides:
            lefts.append(x)
            draw_text(surface, bold, side_name(side, self.app.settings.names), GOLD,
                      midtop=(x + group_w // 2, top))
            pygame.draw.line(surface, QUIET_BORDER, (x - gap // 2, top), (x - gap // 2, rect.bottom - int(h * 0.06)))
            cx = x
            for label, width in zip(columns, widths[1:], strict=True):
                draw_text(surface, bold, label, MUTED, topright=(cx + width - 6, top + line))
                cx += width
            x += group_w + gap
        y = top + 2 * line + 4
        pygame.draw.line(surface, QUIET_BORDER, (x0, y - 3), (rect.right - 20, y - 3))
        self.row_rects = {}
        for i, row in enumerate(shown):
            row_rect = pygame.Rect(x0 - 6, y - 1, rect.w - 28, line)
            self.row_rects[start + i] = row_rect
            if start + i == end - 1:  # Enter replays this one
                pygame.draw.rect(surface, ROW_NEXT, row_rect)
            elif i % 2:
                pygame.draw.rect(surface, ROW_STRIPE, row_rect)
            draw_text(surface, font, str(row.hand), CREAM, topleft=(x0, y))
            for side, left in zip(sides, lefts, strict=True):
                cx = left
                for c, (text, width) in enumerate(zip(row.cells[side], widths[1:], strict=True)):
                    colour = NOTICE if columns[c] in ("Nil", "Penalty") and "-" in text else CREAM
                    draw_text(surface, bold if columns[c] == "Score" else font, text, colour,
                              topright=(cx + width - 6, y))
                    cx += width
            y += line
        if not rows:
            draw_text(surface, font, "No hand scored yet", MUTED, topleft=(x0, y))
        footer = "Enter or a click replays a hand trick by trick."
        if len(rows) > self.fit:
            footer = f"Hands {start + 1}-{end} of {len(rows)}: Up/Down or the wheel to scroll; Enter replays."
        draw_text(surface, self.app.fonts.get(CAPTION), footer + " Any other key closes.", MUTED,
                  midbottom=(rect.centerx, rect.bottom - 8))

    def name(self, seat: Seat) -> str:
        return "You" if seat == Seat.S else self.app.settings.names.get(seat.name, SEAT_NAMES[seat])

    def _fit_columns(self, room: int, columns: tuple[str, ...], sides: list[str],
                     rows: list) -> tuple[pygame.font.Font, pygame.font.Font, list[int], bool]:
        """The largest font (down to 14 px) at which every column fits across the panel."""
        for rel in (BODY, LABEL, CAPTION, TINY, SMALLEST):
            font = self.app.fonts.get(rel)
            bold = self.app.fonts.get(rel, bold=True)
            widths = [bold.size("Hand")[0] + 16]
            for c, label in enumerate(columns):
                texts = [row.cells[side][c] for row in rows for side in sides]
                widths.append(max([bold.size(label)[0], *(bold.size(t)[0] for t in texts)]) + 14)
            if widths[0] + sum(widths[1:]) * len(sides) + 12 * len(sides) <= room:
                return font, bold, widths, True
        return font, bold, widths, False
