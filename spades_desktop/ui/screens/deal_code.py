"""Play a deal by code (the title's key and the pause menu): a box the player types a code into.
A code the game can deal says at once what it will deal and under which rules; Enter deals it
(the game in progress is asked about first, as New game does); a code that is not one says why
under the box, and nothing is dealt."""

from __future__ import annotations

import pygame

from ...engine.deal_codes import DealCode, DealCodeError, parse_code
from ..core.scene import AppContext
from ..core.text_box import TextBox
from ..core.text_field import TextField
from ..core.theme import BODY, CREAM, GOLD, LARGE, MUTED, NOTICE, PANEL_OPAQUE, SMALL, SUBHEADING, VEIL_MENU
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text
from ..text.daily_words import CODE_HINT, CODE_TITLE, code_preview
from ..text.messages import sentence, wrap
from .list_layout import width_in
from .menu_base import veil
from .text_dialog import TextDialog

#: room for a code typed with spaces or its dash (the code itself is ten characters)
TYPED_LENGTH = 16


class DealCodeScene(TextDialog):

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.box = TextBox(TextField(max_length=TYPED_LENGTH), app.key_presses)
        self.message = ""  # why the code typed cannot be dealt (after Enter)
        self.group = ButtonGroup([Button("Deal", self.deal, name="deal"), Button("Cancel", self.cancel, name="cancel")])
        pygame.key.start_text_input()

    @property
    def code(self) -> DealCode | None:
        """The deal the text typed names, or None (``message`` says why, once Enter is pressed)."""
        try:
            return parse_code(self.box.text)
        except DealCodeError:
            return None

    def deal(self) -> None:
        try:
            code = parse_code(self.box.text)
        except DealCodeError as exc:
            self.message = sentence(str(exc))
            self.dirty = True
            return
        self.app.stack.pop()
        self.app.unless_game_in_progress(lambda: self.app.code_game(code))

    def under_box(self) -> tuple[str, tuple[int, int, int]]:
        """What the line under the box says: why the code failed, what a good one deals, or how to type one."""
        if self.message:
            return self.message, NOTICE
        code = self.code
        if code is not None:
            return sentence(code_preview(code)), CREAM
        return CODE_HINT, MUTED

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, VEIL_MENU)
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(w * 0.6), int(h * 0.42))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        title = self.app.fonts.get(SUBHEADING, bold=True)
        draw_text(surface, title, CODE_TITLE, GOLD, midtop=(rect.centerx, rect.top + 14))
        box = pygame.Rect(0, 0, int(rect.w * 0.6), int(h * 0.065))
        box.center = (rect.centerx, rect.top + int(rect.h * 0.38))
        self.box.draw(surface, self.app.fonts.get(LARGE), box)
        small = self.app.fonts.get(SMALL)
        words, colour = self.under_box()
        y = box.bottom + 8
        for line in wrap(words, int(rect.w * 0.9), width_in(small))[:3]:
            draw_text(surface, small, line, colour, midtop=(rect.centerx, y))
            y += small.get_linesize()
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.06)), int(h * 0.18), int(h * 0.06), 20)
        self.group.draw(surface, self.group.label_font(self.app.fonts, BODY))

    def submit(self) -> None:
        self.deal()
