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
    TITLE_FAN_FADE,
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
SHADOW_REACH = 6  # how far a fanned card's shadow falls beyond it


class TitleScene(MenuScene):
    title = "Spades Desktop"
    keys = (Context.TITLE,)

    def build(self) -> None:
        app = self.app
        check = app.games.autosave_check()  # looked at now, so Continue is greyed (or shows the scores) before a click
        problem = check.problem
        can_continue = not problem
        self.continue_reason = "" if can_continue or not app.files.autosave_exists() else problem
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
                   intent=Intent.HOW_TO_PLAY, name="how_to_play"),
            Button("Quit", self.back, intent=Intent.QUIT, name="quit"),
        ])
        self.group.focus = 0 if can_continue else 1
        self._art: CardArt | None = None
        self._fan: tuple[object, pygame.Surface] | None = None
        self.age = 0.0  # seconds on screen: the fan fades in once its faces are drawn
        self.fan_shown_at: float | None = None
        self.frames_drawn = 0

    def back(self) -> None:
        """Quit the app (first asking, if a game played here is kept nowhere)."""
        self.app.unless_unsaved(self.app.quit, leaving_app=True)

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
        self.age += dt
        if self._art is not None and self._art.take_ready():
            return True  # a classic face arrived (the fan is composed again from it)
        fading = self.wide and (self.fan_shown_at is None or self.age - self.fan_shown_at < TITLE_FAN_FADE + dt)
        return fading or super().update(dt)

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

    def fan_cards(self, card_h: int) -> tuple[list[tuple[int, float, tuple[float, float]]], pygame.Rect]:
        """Each card of the fan with its tilt in degrees and its centre, and the area they cover
        (round the fan's top-left corner at 0, 0): laid out by arithmetic, so the title is placed
        before the faces are drawn."""
        cw, ch = int(card_h / CARD_ASPECT), card_h
        radius = ch * 1.5
        spread = math.radians(TITLE_FAN_SPREAD)
        cards = []
        area: pygame.Rect | None = None
        for i, card in enumerate(FAN):
            angle = (i - (len(FAN) - 1) / 2) * spread
            centre = (radius * math.sin(angle), -radius * math.cos(angle))
            half_w = (cw * abs(math.cos(angle)) + ch * abs(math.sin(angle))) / 2 + SHADOW_REACH
            half_h = (cw * abs(math.sin(angle)) + ch * abs(math.cos(angle))) / 2 + SHADOW_REACH
            box = pygame.Rect(int(centre[0] - half_w), int(centre[1] - half_h), int(2 * half_w), int(2 * half_h))
            area = box if area is None else area.union(box)
            cards.append((card, -math.degrees(angle), centre))
        assert area is not None
        shifted = [(card, degrees, (x - area.left, y - area.top)) for card, degrees, (x, y) in cards]
        return shifted, pygame.Rect(0, 0, area.w, area.h)

    def fan_ready(self, card_h: int) -> bool:
        """The fan is shown from the second frame (the first frame is the window's, drawn at once),
        once its faces are drawn (the classic faces come from a background thread in a moment), or
        after a second whatever it has: it never waits for ever."""
        art = self.card_art(int(card_h / CARD_ASPECT))
        if not self.frames_drawn:
            return False
        return art.classic is None or art.classic.complete or bool(art.classic.failed) or self.age > 1.0

    def fan(self, card_h: int) -> pygame.Surface:
        """Five cards fanned from a point below them, each with a soft shadow; composed once per
        size and deck (again if a classic face arrives after it was shown)."""
        art = self.card_art(int(card_h / CARD_ASPECT))
        key = (art.size, art.style, art.four_colour, len(art.classic.faces) if art.classic else 0)
        if self._fan is not None and self._fan[0] == key:
            return self._fan[1]
        cards, area = self.fan_cards(card_h)
        picture = pygame.Surface(area.size, pygame.SRCALPHA)
        picture.fill(CLEAR)
        cw, ch = art.size
        lying = pygame.Surface((cw + SHADOW_REACH, ch + SHADOW_REACH), pygame.SRCALPHA)  # a card on its shadow
        for card, degrees, centre in cards:
            lying.fill(CLEAR)
            for drop in range(SHADOW_REACH, 0, -2):  # a few faint layers, the card over them
                pygame.draw.rect(lying, CARD_SHADOW, (drop, drop, cw, ch), border_radius=int(cw * 0.09))
            lying.blit(art.face(card), (0, 0))
            turned = pygame.transform.rotozoom(lying, degrees, 1)  # once per card
            offset = pygame.math.Vector2(SHADOW_REACH / 2, SHADOW_REACH / 2).rotate(-degrees)
            picture.blit(turned, turned.get_rect(center=(centre[0] + offset.x, centre[1] + offset.y)))
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
        card_h = int(h * 0.36)
        _, fan_area = self.fan_cards(card_h)
        gap = int(h * 0.035)
        total = title_font.get_linesize() + gap + fan_area.h + gap + line_font.get_linesize()
        top = self.group.buttons[0].rect.centery // 2 + self.group.buttons[-1].rect.centery // 2 - total // 2
        name = draw_text(surface, title_font, self.title, GOLD, midtop=(left, top))  # level with the buttons' middle
        fan_area.midtop = (left, name.bottom + gap)
        if self.fan_ready(card_h):
            if self.fan_shown_at is None:
                self.fan_shown_at = self.age
            picture = self.fan(card_h)
            picture.set_alpha(round(255 * min(1.0, (self.age - self.fan_shown_at) / TITLE_FAN_FADE)))
            surface.blit(picture, fan_area)
        draw_text(surface, line_font, "Solo Spades against three computer players", CREAM,
                  midtop=(left, fan_area.bottom + gap))

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
        self.frames_drawn += 1

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
