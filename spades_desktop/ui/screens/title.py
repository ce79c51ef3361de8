"""The title screen: the game's name over a fanned hand of the real cards, and continue, new game,
load, watch, statistics, settings, how to play, quit (Continue first, with the saved game's scores,
when there is a game to continue)."""

from __future__ import annotations

import math
from functools import partial

import pygame

from ... import __version__
from ...engine.cards import make_card
from ...resources import asset_path
from ..cards.card_sprite import TRUMP_FIRST
from ..cards.cardart import CardArt, draw_suit
from ..core.keymap import Context, Intent
from ..core.theme import (
    CAPTION,
    CARD_ASPECT,
    CARD_SHADOW,
    CLEAR,
    CREAM,
    GOLD,
    MUTED,
    NOTICE,
    SMALL,
    TITLE,
    TITLE_FAN_SPREAD,
    TITLE_SUIT_BLACK,
    TITLE_SUIT_RED,
)
from ..core.widgets import Button, draw_text, draw_wrapped
from ..text.messages import sentence, with_overflow, wrap
from ..text.title_words import continue_line, lines_of
from .menu_base import MenuScene

#: the fan: ten to ace of spades, the game's own suit
FAN = [make_card(rank, 3) for rank in range(8, 13)]
SPADES = 3


class TitleScene(MenuScene):
    title = "Spades Desktop"
    keys = (Context.TITLE,)

    def build(self) -> None:
        app = self.app
        check = app.autosave_check()  # looked at now, so Continue is greyed (or shows the scores) before a click
        problem = check.problem
        can_continue = not problem
        self.continue_reason = "" if can_continue or not app.paths.autosave_file.exists() else problem
        self.continue_words = continue_line(check.state, app.settings.names) if check.state is not None else ""
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
                   name="how_to_play"),
            Button("Quit", app.quit, intent=Intent.QUIT, name="quit"),
        ])
        self.group.focus = 0 if can_continue else 1
        self._art: CardArt | None = None
        self._fan: tuple[object, pygame.Surface] | None = None

    def back(self) -> None:
        self.app.quit()

    def closed(self) -> None:
        if self._art is not None:
            self._art.close()

    @property
    def wide(self) -> bool:
        """A landscape window: the name and the fan on the left, the buttons on the right."""
        w, h = self.app.screen.get_size()
        return w >= h * 1.25

    def layout(self) -> None:
        w, h = self.app.screen.get_size()
        if not self.wide:
            super().layout()
            return
        self.group.layout_column((int(w * 0.7), int(h * 0.56)), int(h * 0.42), int(h * 0.062), int(h * 0.013))

    def update(self, dt: float) -> bool:
        if self._art is not None and self._art.take_ready():
            self._fan = None  # a classic face arrived: compose the fan again
            return True
        return super().update(dt)

    def card_art(self, width: int) -> CardArt:
        settings = self.app.settings
        key = (width, settings.four_colour, settings.card_back, settings.deck_style)
        if self._art is None or (self._art.width, self._art.four_colour, self._art.back_name, self._art.style) != key:
            if self._art is not None:
                self._art.close()
            self._art = CardArt(width, settings.four_colour, settings.card_back, settings.deck_style,
                                asset_path("cards/classic"), cards=FAN)
            self._fan = None
        return self._art

    def fan(self, card_h: int) -> pygame.Surface:
        """Five cards fanned from a point below them, each with a soft shadow; composed once per
        size and deck, again when a classic face arrives."""
        art = self.card_art(int(card_h / CARD_ASPECT))
        key = (art.size, art.style, art.four_colour, len(art.classic.faces) if art.classic else 0)
        if self._fan is not None and self._fan[0] == key:
            return self._fan[1]
        cw, ch = art.size
        radius = ch * 1.5
        spread = math.radians(TITLE_FAN_SPREAD)
        picture = pygame.Surface((int(cw + 2 * radius * math.sin(spread * 2) + ch), int(ch * 1.45)), pygame.SRCALPHA)
        picture.fill(CLEAR)
        pivot = (picture.get_width() / 2, radius + ch * 0.55)
        shadow = pygame.Surface(art.size, pygame.SRCALPHA)
        shadow.fill(CLEAR)
        pygame.draw.rect(shadow, CARD_SHADOW, shadow.get_rect(), border_radius=int(cw * 0.09))
        used: pygame.Rect | None = None

        def blit(image: pygame.Surface, centre: tuple[float, float]) -> None:
            nonlocal used
            drawn = picture.blit(image, image.get_rect(center=centre))
            used = drawn if used is None else used.union(drawn)

        for i, card in enumerate(FAN):
            angle = (i - (len(FAN) - 1) / 2) * spread
            centre = (pivot[0] + radius * math.sin(angle), pivot[1] - radius * math.cos(angle))
            degrees = -math.degrees(angle)
            for drop in (6, 4, 2):  # the soft shadow: a few faint layers, the card lying over them
                layer = pygame.transform.rotozoom(shadow, degrees, 1 + drop / ch)
                blit(layer, (centre[0] + drop, centre[1] + drop))
            blit(pygame.transform.rotozoom(art.face(card), degrees, 1), centre)
        assert used is not None
        picture = picture.subsurface(used.clip(picture.get_rect())).copy()  # no empty edge round the cards
        if pygame.display.get_surface() is not None:
            picture = picture.convert_alpha()
        self._fan = (key, picture)
        return picture

    def draw_title(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if not self.wide:  # a narrow window: the name over a row of suits, the buttons under them
            super().draw_title(surface)
            for i, suit in enumerate(TRUMP_FIRST[SPADES]):  # spades, hearts, clubs, diamonds
                x = w // 2 + int((i - 1.5) * h * 0.09)
                colour = TITLE_SUIT_BLACK if suit in (0, 3) else TITLE_SUIT_RED
                draw_suit(surface, suit, (x, int(h * 0.235)), h * 0.06, colour)
            return
        left = int(w * 0.3)
        title_font, line_font = self.app.fonts.get(TITLE, bold=True), self.app.fonts.get(SMALL)
        fan = self.fan(int(h * 0.36))
        gap = int(h * 0.035)
        total = title_font.get_linesize() + gap + fan.get_height() + gap + line_font.get_linesize()
        top = self.group.buttons[0].rect.centery // 2 + self.group.buttons[-1].rect.centery // 2 - total // 2
        name = draw_text(surface, title_font, self.title, GOLD, midtop=(left, top))  # level with the buttons' middle
        area = surface.blit(fan, fan.get_rect(midtop=(left, name.bottom + gap)))
        draw_text(surface, line_font, "Solo Spades against three computer players", CREAM,
                  midtop=(left, area.bottom + gap))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.title_background(), (0, 0))
        super().draw(surface)
        font = self.app.fonts.get(CAPTION)
        first = self.group.buttons[0].rect
        # just above Continue: why it is greyed, or the game it resumes and its scores (never wider than
        # its column, two lines at most)
        measure = partial(_width, font)
        if self.continue_reason:
            lines, colour = wrap(sentence(self.continue_reason), self.column_width(), measure)[-2:], NOTICE
        else:
            lines, colour = lines_of(self.continue_words, self.column_width(), measure)[-2:], CREAM
        if lines and lines[0]:
            top = first.top - 4 - font.get_linesize() * len(lines)
            draw_wrapped(surface, font, lines, colour, (first.centerx, top))
        version = draw_text(surface, self.app.fonts.get(CAPTION), f"version {__version__}", MUTED,
                            bottomright=(w - 12, h - 8))
        self.draw_notices(surface, version)

    def column_width(self) -> int:
        w = self.app.screen.get_width()
        return int(w * 0.38) if self.wide else int(w * 0.9)

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




def _width(font: pygame.font.Font, text: str) -> int:
    return font.size(text)[0]
