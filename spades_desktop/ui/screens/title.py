"""The title screen: continue, new game, load, watch, statistics, settings, how to play, quit."""

from __future__ import annotations

import pygame

from ... import __version__
from ..cards.card_sprite import TRUMP_FIRST
from ..cards.cardart import draw_suit
from ..core.keymap import Context, Intent
from ..core.theme import CAPTION, MUTED, NOTICE, SMALL, TITLE_SUIT_BLACK, TITLE_SUIT_RED
from ..core.widgets import Button, draw_text, draw_wrapped
from ..text.messages import sentence, with_overflow, wrap
from .menu_base import MenuScene


class TitleScene(MenuScene):
    title = "Spades Desktop"
    keys = (Context.TITLE,)

    def build(self) -> None:
        app = self.app
        problem = app.autosave_problem()  # checked now, so Continue is greyed before it is clicked
        can_continue = not problem
        self.continue_reason = "" if can_continue or not app.paths.autosave_file.exists() else problem
        self.group.set([
            Button("Continue", app.continue_game, enabled=can_continue,
                   reason=problem or "no game in progress", name="continue"),
            Button("New game", lambda: app.unless_game_in_progress(app.new_game), intent=Intent.NEW_GAME,
                   name="new_game"),
            Button("Load", lambda: app.stack.push(app.scenes.load()), name="load"),
            Button("Watch a game", lambda: app.watch_game(), intent=Intent.WATCH_GAME, name="watch"),
            Button("Settings", app.open_settings, name="settings"),
            Button("Statistics", lambda: app.stack.push(app.scenes.statistics()), name="statistics"),
            Button("How to play", lambda: app.stack.push(app.scenes.help(app.settings.house_rules())),
                   intent=Intent.HOW_TO_PLAY, name="how_to_play"),
            Button("Quit", app.quit, intent=Intent.QUIT, name="quit"),
        ])
        self.group.focus = 0 if can_continue else 1

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        for i, suit in enumerate(TRUMP_FIRST[3]):  # spades, hearts, clubs, diamonds
            x = w // 2 + int((i - 1.5) * h * 0.09)
            colour = TITLE_SUIT_BLACK if suit in (0, 3) else TITLE_SUIT_RED
            draw_suit(surface, suit, (x, int(h * 0.235)), h * 0.06, colour)
        super().draw(surface)
        if self.continue_reason:  # why Continue is greyed, just above it (wrapped, never wider than the window)
            font = self.app.fonts.get(CAPTION)
            lines = wrap(sentence(self.continue_reason), int(w * 0.9), lambda t: font.size(t)[0])[-2:]
            top = self.group.buttons[0].rect.top - 4 - font.get_linesize() * len(lines)
            draw_wrapped(surface, font, lines, NOTICE, (w // 2, top))
        version = draw_text(surface, self.app.fonts.get(CAPTION), f"version {__version__}", MUTED,
                            bottomright=(w - 12, h - 8))
        self.draw_notices(surface, version)

    def draw_notices(self, surface: pygame.Surface, version: pygame.Rect) -> None:
        """Problems found at start (damaged files and the like), wrapped between the buttons and the
        bottom of the window, clear of the version label; what does not fit is counted."""
        self.notice_rect: pygame.Rect | None = None
        if not self.app.notices:
            return
        w, h = surface.get_size()
        font = self.app.fonts.get(SMALL)
        width = w - 2 * (version.width + 30)
        lines = [line for note in self.app.notices for line in wrap(sentence(note), width, lambda t: font.size(t)[0])]
        top = max(b.rect.bottom for b in self.group.buttons) + 10
        room = max(1, (h - 6 - top) // font.get_linesize())
        shown = with_overflow(lines, room)
        self.notice_rect = draw_wrapped(surface, font, shown, NOTICE,
                                        (w // 2, h - 6 - font.get_linesize() * len(shown)))
