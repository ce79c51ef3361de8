"""What the menus and overlays share: a column of buttons under a title, a modal over the table,
an overlay closed by any key, and a table of rows."""

from __future__ import annotations

import pygame

from ..core.keymap import Context, Intent
from ..core.keys import intent_for
from ..core.scene import AppContext, Scene, TableContext
from ..core.text_log import note_cover
from ..core.theme import BODY, CREAM, GOLD, LARGE, LEAD, MUTED, PANEL_OPAQUE, TITLE, VEIL, VEIL_SUMMARY
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text


def veil(surface: pygame.Surface, alpha: int) -> None:
    """Darken what lies under an overlay: the veil's colour laid over it at ``alpha``.  For the
    black veil that is a multiply in place (a full-window surface made and blended every frame cost
    an overlay 11 ms at 4K)."""
    note_cover(surface.get_rect(), alpha)
    if not any(VEIL):  # black
        keep = 255 - alpha
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        return
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((*VEIL, alpha))
    surface.blit(shade, (0, 0))


class ButtonScene(Scene):
    """A scene of buttons read by the keymap: its own keys, the buttons' and Esc, which runs
    ``back`` (menus, questions, the statistics)."""

    #: the screen's own keys (the keymap's context), before the buttons' and Esc
    keys: tuple[Context, ...] = ()
    group: ButtonGroup

    def back(self) -> None:
        self.app.stack.pop()

    def key_contexts(self) -> list[Context]:
        """The keymap's contexts in force, most specific first."""
        return [*self.group.contexts(), *self.keys, Context.CHOICES, Context.SCREEN]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            if intent is not None and self.on_intent(intent):
                self.dirty = True
        elif self.group.handle(event):
            self.dirty = True

    def on_intent(self, intent: Intent) -> bool:
        """A key's intent: Esc goes back, the rest is the buttons'."""
        if intent is Intent.BACK:
            self.back()
            return True
        return self.group.do(intent)


class MenuScene(ButtonScene):
    """A column of buttons under a title; Esc runs ``back``."""

    title = ""

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.group = ButtonGroup()
        self.build()

    def build(self) -> None:
        self.group.set([])

    def layout(self) -> None:
        w, h = self.app.screen.get_size()
        self.group.layout_column((w // 2, int(h * 0.61)), int(h * 0.42), int(h * 0.062), int(h * 0.013))

    def draw_title(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_text(surface, self.app.fonts.get(TITLE, bold=True), self.title, GOLD, center=(w // 2, int(h * 0.13)))

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        self.draw_title(surface)
        self.group.draw(surface, self.group.label_font(self.app.fonts, LARGE))


class InfoScene(MenuScene):
    """A simple screen with a message and a Back button (entry points other screens fill)."""

    def __init__(self, app: AppContext, title: str, text: str) -> None:
        self.title = title
        self.text = text
        super().__init__(app)

    def build(self) -> None:
        self.group.set([Button("Back", self.back, name="back")])
        self.group.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        super().draw(surface)
        draw_text(surface, self.app.fonts.get(LEAD), self.text, CREAM, center=(w // 2, int(h * 0.35)))


class ModalScene(Scene):
    """An overlay the table waits on (hand summary, game over); closing it lets play go on."""

    overlay = True
    #: the panel's own keys (the keymap's context), before the buttons'
    keys: tuple[Context, ...] = ()

    def __init__(self, app: AppContext, table: TableContext) -> None:
        super().__init__(app)
        self.table = table
        self.group = ButtonGroup()
        self.auto_close = (3.0 if table.watching else 1.2) if table.autoplay else None

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.table.modal_closed()

    def score_sheet(self) -> None:
        """Every hand so far, over this summary; closing the sheet comes back here."""
        self.app.stack.push(self.app.scenes.score_sheet(self.table.ctl.state, self.table.checker.marks))

    def update(self, dt: float) -> bool:
        if self.auto_close is not None:
            self.auto_close -= dt if self.table.speed > 0 else 10.0
            if self.auto_close <= 0:
                self.auto_close = None
                self.close()
                return True
        return super().update(dt)

    def key_contexts(self) -> list[Context]:
        """The keymap's contexts in force, most specific first (no Esc: the table waits on the panel)."""
        return [*self.group.contexts(), *self.keys, Context.CHOICES]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            if intent is not None and self.group.do(intent):
                self.dirty = True
        elif self.group.handle(event):
            self.dirty = True

    def shade(self, surface: pygame.Surface, height: int, below: int = 0) -> pygame.Rect:
        """An opaque panel of the height its content needs (the table darkened around it), wider at
        a larger text size; in the middle, or lower to start under ``below`` (North's plate: a
        taller summary, with the line an export adds, cut the plate in two) where it still fits."""
        w, h = surface.get_size()
        veil(surface, VEIL_SUMMARY)
        rect = pygame.Rect(0, 0, self.panel_width(), min(int(h * 0.94), height))
        rect.center = (w // 2, h // 2)
        margin = int(h * 0.012)
        if rect.top < below + margin and below + margin + rect.h <= h - margin:
            rect.top = below + margin
        draw_panel(surface, rect, PANEL_OPAQUE)
        return rect

    def panel_width(self) -> int:
        """The panel's width: 70% of the window's, wider at a larger text size (up to 94%)."""
        w = self.app.screen.get_width()
        return min(int(w * 0.94), self.app.fonts.scaled(int(w * 0.7)))

    def content_height(self, title_rel: float, rows: int, extra: int = 0) -> int:
        """Title, a table of ``rows`` lines, the buttons and margins, in pixels."""
        h = self.app.screen.get_height()
        line = self.app.fonts.get(BODY).get_linesize() + 2
        return int(h * title_rel) + rows * line + int(h * 0.14) + extra


class OverlayInfo(Scene):
    """A dismissable overlay (any key or click closes it)."""

    overlay = True

    def key_contexts(self) -> list[Context]:
        return [Context.OVERLAY]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and intent_for(self.key_contexts(), event) is Intent.CLOSE):
            self.app.stack.pop()


def draw_table_rows(surface: pygame.Surface, app: AppContext, rect: pygame.Rect, rows: list[list[str]],
                    top: int) -> None:
    font = app.fonts.get(BODY)
    bold = app.fonts.get(BODY, bold=True)
    cols = len(rows[0])
    first = int(rect.w * 0.28)
    col_w = (rect.w - first - 40) // max(1, cols - 1)
    y = top
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            x = rect.left + 20 if c == 0 else rect.left + 20 + first + (c - 1) * col_w + col_w // 2
            f = bold if r == 0 or c == 0 else font
            colour = GOLD if r == 0 else (CREAM if c else MUTED)
            if c == 0:
                draw_text(surface, f, cell, colour, topleft=(x, y))
            else:
                draw_text(surface, f, cell, colour, midtop=(x, y))
        y += font.get_linesize() + 2
