"""The one list scene: a page of rows (``ui/text/list_page.py``) in a panel, its columns laid across
at the largest size that fits, a selected row, scrolling by the keymap's keys and the wheel
(``core/list_view.py``), and a footer of keys under it.  The score sheet, the load screen, Hand
history and a page of text are this scene with their own page, and what a row does when chosen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from ...engine.seats import Seat
from ..core.keymap import Context, Intent
from ..core.keys import intent_for
from ..core.list_view import ListView
from ..core.scene import AppContext, Scene
from ..core.theme import (
    BORDER,
    CAPTION,
    CONTROL_RADIUS,
    CREAM,
    GOLD,
    HEADING_SMALL,
    MUTED,
    NOTICE,
    PANEL_OPAQUE,
    QUIET_BORDER,
    ROW_FOCUS,
    ROW_STRIPE,
    SHEET_PADDING,
    VEIL_OPAQUE,
)
from ..core.widgets import draw_panel, draw_text
from ..text.key_help import list_page_keys
from ..text.list_page import Align, Column, ListPage, Row
from ..text.messages import fit_text
from ..text.words import seat_name
from .list_layout import LIST_SIZES, Fit, ListLayout, lay_out, width_in
from .menu_base import veil


class ListScene(Scene):
    """A page of rows over the table (or, with ``veil_alpha`` None, on the title's background).
    A subclass gives the page (``fits``, or ``page``) and what choosing a row does (``activate``)."""

    overlay = True
    #: the panel's share of the window's width and height; ``shrinks``: no taller than its rows need
    panel_share = (0.96, 0.92)
    shrinks = False
    #: how dark the layers below are made (None: the title's background instead)
    veil_alpha: int | None = VEIL_OPAQUE
    #: the sizes of type the rows may take, largest first
    sizes: Sequence[float] = LIST_SIZES
    title_size = HEADING_SMALL
    #: a picture at the head of each row (the load list's table), this share of the window's height
    #: tall; 0 for none.  The rows are as tall as it, their words across its middle
    picture_share = 0.0

    def __init__(self, app: AppContext, selects: bool = True, at_end: bool = False) -> None:
        super().__init__(app)
        self.view = ListView(fit=14, selects=selects, at_end=at_end)  # fit: set by draw for the window
        self.panel = pygame.Rect(0, 0, 0, 0)  # where draw put the list
        self.row_rects: dict[int, pygame.Rect] = {}  # row index -> its place on screen
        self.picture_rects: dict[int, pygame.Rect] = {}  # row index -> its picture's, where rows have them
        self.column_spans: list[tuple[str, str, pygame.Rect]] = []  # (group, column, its strip) as drawn
        self.revision = 0  # counts the changes of the rows (the layout is kept until one)
        self._laid_out: tuple[tuple[object, ...], ListLayout] | None = None

    # ------------------------------------------------------------ what a subclass gives
    def page(self) -> ListPage:
        raise NotImplementedError

    def fits(self, room: int) -> Iterable[Fit]:
        """The ways to lay the list across ``room`` pixels, in the order to try them."""
        page = self.page()
        return (Fit(page), Fit(page, tight=True), Fit(page, tight=True, cut=True))

    def content_key(self) -> object:
        """What the rows are made from: the layout is worked out again when it changes."""
        return self.revision

    def footer(self, page: ListPage) -> str:
        """What the keys do, under ``page`` (from the keymap)."""
        return list_page_keys(page.counted, self.view.first + 1, self.view.end, self.view.count)

    def notes(self) -> list[str]:
        """Problems to say over the footer (a save that could not be read), newest last."""
        return []

    def picture(self, index: int, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture at the head of row ``index``, ``size`` large (kept by the subclass: this is
        asked at every frame the list is drawn), or None."""
        return None

    def picture_size(self, height: int) -> tuple[int, int]:
        """The rows' pictures' size in a window ``height`` tall: 16:9, as the window; (0, 0) for none."""
        tall = int(height * self.picture_share)
        return (tall * 16 // 9, tall) if tall else (0, 0)

    def activate(self, index: int) -> bool:
        """Row ``index`` was chosen (a click; Enter where a screen binds it); False if rows do nothing."""
        return False

    def key_contexts(self) -> list[Context]:
        return [Context.LIST, Context.OVERLAY]

    def rows_changed(self) -> None:
        """The rows are not what they were: lay them out again."""
        self.revision += 1
        self.dirty = True

    def name(self, seat: Seat) -> str:
        """A player as the lists name them: the person 'You', the others by their names in the settings."""
        return "You" if seat == Seat.S else seat_name(seat, self.app.settings.names)

    # ------------------------------------------------------------ what is shown
    @property
    def fit(self) -> int:
        """Rows that fit in view (set by draw for the window's size)."""
        return self.view.fit

    def shown_range(self) -> tuple[int, int]:
        """Indices [start, end) of the rows in view."""
        return self.view.first, self.view.end

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            if intent is not None and self.on_intent(intent):
                self.dirty = True
        elif event.type == pygame.MOUSEWHEEL:
            self.view.wheel(event.y)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            pass  # the wheel, reported as buttons too
        elif event.type == pygame.MOUSEBUTTONDOWN:
            index = next((i for i, rect in self.row_rects.items() if rect.collidepoint(event.pos)), None)
            self.clicked(index, event.button)

    def on_intent(self, intent: Intent) -> bool:
        """A key's intent: the list's moves, else closing the page (any other key, or Esc)."""
        if self.view.on_intent(intent):
            return True
        if intent in (Intent.CLOSE, Intent.BACK):
            self.close()
            return True
        return False

    def clicked(self, index: int | None, button: int) -> None:
        """A click on row ``index`` (None: off the rows) chooses it; a click that chooses nothing
        closes the page."""
        if index is not None and button == 1:
            self.view.select(index)
            self.dirty = True
            if self.activate(index):
                return
        self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # ------------------------------------------------------------ drawing
    def panel_rect(self, size: tuple[int, int], needed: int) -> pygame.Rect:
        w, h = size
        height = int(h * self.panel_share[1])
        rect = pygame.Rect(0, 0, int(w * self.panel_share[0]), min(height, needed) if self.shrinks else height)
        rect.center = (w // 2, h // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.veil_alpha is None:
            surface.blit(self.app.title_background(), (0, 0))
        else:
            veil(surface, self.veil_alpha)
        width = int(w * self.panel_share[0])
        picture = self.picture_size(h)
        lead = picture[0] + SHEET_PADDING if picture[0] else 0  # the pictures' strip, left of the columns
        lay = self._layout(width - 2 * SHEET_PADDING - lead)
        page, font = lay.page, lay.font
        caption = self.app.fonts.get(CAPTION)
        title_font = self.app.fonts.get(self.title_size, bold=True)
        line = font.get_linesize() + 4
        row_line = max(line, picture[1] + 6)  # a row: a line of words, or as tall as its picture
        legend = page.legend(lay.short)
        under = [(text, NOTICE) for text in self.notes()[-2:]] + [(legend, MUTED)] * bool(legend) + [
            (self.footer(page), MUTED)]  # top to bottom
        header_rows = 2 if page.group_headed else 1 if page.column_headed else 0
        above = max(int(h * 0.08), 10 + title_font.get_linesize() + 10)
        below = 8 + caption.get_linesize() * len(under) + 6
        needed = above + header_rows * line + 4 + max(1, len(lay.rows)) * row_line + below
        rect = self.panel = self.panel_rect((w, h), needed)
        draw_panel(surface, rect, PANEL_OPAQUE)
        draw_text(surface, title_font, page.title, GOLD, midtop=(rect.centerx, rect.top + 10))
        top = rect.top + above
        rows_top = top + header_rows * line + (4 if header_rows else 0)
        bottom = rect.bottom - below
        self.view.set_count(len(lay.rows))
        self.view.set_fit(max(3 if row_line == line else 1, (bottom - rows_top) // row_line))
        self._draw_table(surface, lay, top, rows_top, bottom, line, (row_line, lead, picture))
        room = rect.w - 2 * SHEET_PADDING
        y = rect.bottom - 8
        for text, colour in reversed(under):
            draw_text(surface, caption, fit_text(text, room, width_in(caption)), colour,
                      midbottom=(rect.centerx, y))
            y -= caption.get_linesize()

    def _draw_table(self, surface: pygame.Surface, lay: ListLayout, top: int, rows_top: int, bottom: int,
                    line: int, rows: tuple[int, int, tuple[int, int]]) -> None:
        """The headers and the rows in view; ``rows``: a row's height, the pictures' strip's width
        left of the columns and a picture's size (0 wide for none)."""
        page, font, bold = lay.page, lay.font, lay.bold
        row_line, lead, picture = rows
        start, end = self.shown_range()
        shown = lay.rows[start:end]
        x0 = (self.panel.centerx - (lay.width + lead) // 2 + lead if page.column_headed
              else self.panel.left + SHEET_PADDING * 2 + lead)
        x1 = x0 + lay.width
        column_top = top + line if page.group_headed else top
        spans: list[tuple[str, str, int, int]] = []
        if page.lead is not None:
            spans.append(("", page.lead.title, x0, x0 + lay.number_w))
        lefts = []
        x = x0 + lay.number_w
        rules_end = bottom if lay.rows else rows_top - 3  # no rows yet: the lines stop at the headers' rule
        for g, (key, _) in enumerate(page.groups):
            if page.lead is not None or g:  # a gap before a group, a line down its middle
                pygame.draw.line(surface, QUIET_BORDER, (x + lay.gap // 2, top), (x + lay.gap // 2, rules_end))
                x += lay.gap
            lefts.append(x)
            for column, width in zip(page.columns, lay.widths, strict=True):
                spans.append((key, column.title, x, x + width))
                x += width + lay.gutter
            x -= lay.gutter
        rows_bottom = rows_top + len(shown) * row_line
        self.column_spans = [(key, title, pygame.Rect(a, column_top, b - a, rows_bottom - column_top))
                             for key, title, a, b in spans]
        group_w = sum(lay.widths) + lay.gutter * (len(page.columns) - 1)
        if page.group_headed:  # the groups' headings over their columns
            for (_, heading), left in zip(page.groups, lefts, strict=True):
                name = fit_text(heading, group_w, width_in(bold))
                draw_text(surface, bold, name, GOLD, midtop=(left + group_w // 2, top))
        if page.column_headed:
            for (_, title, a, b), column in zip(spans, self._span_columns(page), strict=True):
                label = title if column is page.lead else column.header(lay.short)
                anchor = {"topleft": (a, column_top)} if column.align is Align.LEFT else {"topright": (b, column_top)}
                draw_text(surface, bold, label, GOLD if column is page.lead else MUTED, **anchor)
            pygame.draw.line(surface, QUIET_BORDER, (x0, rows_top - 3), (x1, rows_top - 3))
        self.row_rects = {}
        self.picture_rects = {}
        pad = max(SHEET_PADDING // 2, min(SHEET_PADDING, x0 - self.panel.left - 2 * BORDER))  # the rows past the texts
        y = rows_top
        for i, row in enumerate(shown):
            index = start + i
            row_rect = pygame.Rect(x0 - lead - pad, y - 1, x1 - x0 + lead + 2 * pad, row_line)
            self.row_rects[index] = row_rect
            if index == self.view.selected:  # as the settings' row with the keyboard's focus
                pygame.draw.rect(surface, ROW_FOCUS, row_rect, border_radius=CONTROL_RADIUS)
                pygame.draw.rect(surface, GOLD, row_rect, width=BORDER, border_radius=CONTROL_RADIUS)
            elif i % 2 and page.striped:
                pygame.draw.rect(surface, ROW_STRIPE, row_rect)
            image = self.picture(index, picture) if lead else None
            if image is not None:
                self.picture_rects[index] = image.get_rect(midleft=(x0 - lead, row_rect.centery))
                surface.blit(image, self.picture_rects[index])
            self._draw_row(surface, lay, row, lefts, x0, x1, y + (row_line - line) // 2)
            y += row_line
        if not lay.rows and page.empty:
            draw_text(surface, font, page.empty, MUTED, topleft=(x0 - lead, y))  # (where the rows start)

    @staticmethod
    def _span_columns(page: ListPage) -> list[Column]:
        lead = [page.lead] if page.lead is not None else []
        return lead + [column for _ in page.groups for column in page.columns]

    def _draw_row(self, surface: pygame.Surface, lay: ListLayout, row: Row, lefts: list[int], x0: int, x1: int,
                  y: int) -> None:
        page, font, bold = lay.page, lay.font, lay.bold
        if page.lead is not None:
            draw_text(surface, font, row.lead, CREAM, topright=(x0 + lay.number_w, y))
        for (key, _), left in zip(page.groups, lefts, strict=True):
            cx = left
            for c, (column, width) in enumerate(zip(page.columns, lay.widths, strict=True)):
                text = row.cells[key][c] if not row.note or c == 0 else ""
                colour = NOTICE if column.losses and "-" in text else CREAM
                face = bold if column.strong else font
                if column.align is Align.LEFT:  # words, from the left; cut if the window leaves them too little room
                    draw_text(surface, face, fit_text(text, width, width_in(face)), colour, topleft=(cx, y))
                else:  # numbers, from the right, so that their digits line up
                    draw_text(surface, face, text, colour, topright=(cx + width, y))
                if c == 0 and row.note:  # the rest of the row says why it cannot be read
                    left = cx + width + lay.gutter
                    draw_text(surface, font, fit_text(row.note, x1 - left, width_in(font)), NOTICE,
                              topleft=(left, y))
                cx += width + lay.gutter

    # ------------------------------------------------------------ layout, kept until something changes
    def _layout(self, room: int) -> ListLayout:
        """The columns, the headers and the largest font that fit ``room`` across, each column as
        wide as its widest text (kept for the window's size and the rows)."""
        key = (room, self.app.fonts.height, self.app.fonts.scale, self.content_key())
        if self._laid_out is None or self._laid_out[0] != key:
            self._laid_out = (key, lay_out(self.app.fonts, self.sizes, self.fits(room), room))
        return self._laid_out[1]


class ListPageScene(ListScene):
    """A page made by a text function (Hand history): its rows to read, any key but the list's closes it."""

    def __init__(self, app: AppContext, page: ListPage) -> None:
        self.list_page = page
        super().__init__(app, selects=page.selects, at_end=page.at_end)

    def page(self) -> ListPage:
        return self.list_page
