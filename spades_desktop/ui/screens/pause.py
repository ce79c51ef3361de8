"""The pause menu over the table: resume, save, undo, the play checker, the hands so far, settings,
help, title."""

from __future__ import annotations

import pygame

from ...ai.judge import CheckerLevel
from ...engine.rule_values import Undo
from ..core.keymap import Context, Intent, with_key
from ..core.scene import AppContext, TableContext
from ..core.theme import PANEL_OPAQUE, VEIL_MENU
from ..core.widgets import Button, draw_panel
from ..text.daily_words import CODE_TITLE
from ..text.hand_history import hand_history_page
from .menu_base import MenuScene, veil


class PauseScene(MenuScene):
    overlay = True
    title = "Paused"
    keys = (Context.PAUSE,)

    def __init__(self, app: AppContext, table: TableContext) -> None:
        self.table = table
        super().__init__(app)

    def build(self) -> None:
        """The game's mode decides what the menu offers: a watched game has no Save, Undo or play
        checker (nothing of it is kept, and nobody's play is judged), but shows or hides hands."""
        app = self.app
        table = self.table
        traits = table.session.traits
        buttons = [Button("Resume", self.back, name="resume")]
        if traits.offers_undo:
            rule = table.ctl.state.rules.undo
            can_undo = table.undo_available()
            buttons.append(Button(with_key("Undo", Intent.UNDO, Context.PAUSE), self.undo, enabled=can_undo,
                                  reason="" if can_undo else "Undo is off in these house rules" if rule == Undo.OFF
                                  else "Nothing of yours can be taken back now", intent=Intent.UNDO, name="undo"))
        if traits.offers_checker:
            buttons.append(Button("Stop checking my play" if table.checking else "Check my play this hand",
                                  self.toggle_checker, intent=Intent.TOGGLE_CHECKER, name="checker"))
        if traits.offers_save:
            buttons.append(Button("Save game", lambda: app.stack.push(app.scenes.save_name(
                table.ctl.state, table.session.game_id, table.ctl.seen_seats(),
                review=table.session.review_document())), name="save"))
        buttons.append(Button("Hand history", lambda: app.stack.push(app.scenes.page(
            hand_history_page(table.ctl.state, table.names))), name="hand_history"))
        if table.watching:
            buttons.append(Button(with_key(f"Speed: {table.settings.animation_speed}", Intent.SPEED, Context.PAUSE),
                                  self.next_speed, intent=Intent.SPEED, name="speed"))
            buttons.append(Button(with_key("Hide the hands" if table.show_all_hands else "Show every hand",
                                           Intent.SHOW_HANDS, Context.PAUSE),
                                  self.toggle_hands, intent=Intent.SHOW_HANDS, name="show_hands"))
        if not table.watching:  # (a deal to play: the game in progress is asked about first)
            buttons.append(Button(CODE_TITLE, lambda: app.stack.push(app.scenes.deal_code()), name="by_code"))
        buttons += [
            Button("Settings", app.open_settings, name="settings"),
            Button("How to play", lambda: app.stack.push(app.scenes.help(table.ctl.state.rules)),
                   intent=Intent.HOW_TO_PLAY, name="how_to_play"),
            Button("Quit to title", lambda: app.unless_unsaved(app.to_title), name="quit_to_title"),
        ]
        self.group.set(buttons)
        self.group.focus = 0

    def next_speed(self) -> None:
        self.table.cycle_speed()
        self.build()
        self.dirty = True

    def toggle_hands(self) -> None:
        self.table.toggle_all_hands()
        self.build()
        self.dirty = True

    def undo(self) -> None:
        self.back()
        self.table.undo()

    def toggle_checker(self) -> None:
        """The play checker for this hand (the Gameplay setting keeps it on for every hand)."""
        table = self.table
        if table.checking:
            table.check_hand = None
            if table.settings.play_checker is not CheckerLevel.OFF:
                self.app.update_settings(play_checker=CheckerLevel.OFF)
            self.app.flash("The play checker is off")
        else:
            table.check_hand = table.ctl.state.hand_number
            self.app.flash("The play checker looks at your bids and cards this hand")
        self.back()

    def layout(self) -> None:
        """The buttons just under the title, whatever their number (no gap in the panel)."""
        w, h = self.app.screen.get_size()
        n = len(self.group.buttons)
        height, gap = int(h * 0.062), int(h * 0.013)
        total = n * height + (n - 1) * gap
        self.group.layout_column((w // 2, int(h * 0.21) + total // 2), int(h * 0.42), height, gap)

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, VEIL_MENU)
        self.layout()
        rects = [b.rect for b in self.group.buttons]
        h = surface.get_height()
        area = rects[0].unionall(rects[1:]).inflate(int(h * 0.08), int(h * 0.06))
        area.top = int(h * 0.06)
        area.height = rects[-1].bottom + int(h * 0.04) - area.top
        draw_panel(surface, area, PANEL_OPAQUE)
        super().draw(surface)
