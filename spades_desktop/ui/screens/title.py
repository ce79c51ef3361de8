"""The title screen: the game's name over a fanned hand of the real cards (fanned out once as the
title opens, then still: an idle title asks for no frame), what game is on offer in its mode's
words and the last game played, and continue, new game, load, watch, statistics, settings, how to
play, quit (Continue first, with the saved game's scores, when there is a game to continue), and
the daily deal with today's status.  The column of buttons is laid out for ``TITLE_BUTTON_SLOTS``
places; the last free one went to the daily deal, so "Play a deal by code" is the title's key C
(and a button of the daily deal's panel and of the pause menu) rather than a tenth button."""

from __future__ import annotations

import math
import time
from functools import partial

import pygame

from ... import __version__
from ...engine.cards import make_card
from ...resources import asset_path
from ...session import daily_run
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
    TITLE_BUTTON_SLOTS,
    TITLE_FAN_FADE,
    TITLE_FAN_IN,
    TITLE_FAN_SPREAD,
    TITLE_SUIT_BLACK,
    TITLE_SUIT_RED,
)
from ..core.tween import ease_out_cubic
from ..core.widgets import Button, draw_text, draw_wrapped
from ..text.daily_words import CODE_TITLE, title_label
from ..text.messages import sentence, with_overflow, wrap
from ..text.title_words import continue_line, last_game_line, lines_of, tagline
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
        # the game on offer: the one Continue resumes, else the one New game starts
        self.mode = check.state.rules.mode if check.state is not None else app.settings.house_rules().mode
        self.group.set([
            Button("Continue", app.continue_game, enabled=can_continue,
                   reason=problem or "no game in progress", name="continue"),
            Button("New game", lambda: app.unless_game_in_progress(app.new_game), intent=Intent.NEW_GAME,
                   name="new_game"),
            # (the column's place kept free: today's daily deal, and whether it is done)
            Button(title_label(app.files.stats.daily, daily_run.today()),
                   lambda: app.stack.push(app.scenes.daily_start()), intent=Intent.DAILY_DEAL, name="daily_deal"),
            Button("Load", lambda: app.stack.push(app.scenes.load()), name="load"),
            Button("Watch a game", lambda: app.watch_game(), intent=Intent.WATCH_GAME, name="watch"),
            Button("Settings", app.open_settings, name="settings"),
            Button("Statistics", lambda: app.stack.push(app.scenes.statistics()), name="statistics"),
            Button("How to play", lambda: app.stack.push(app.scenes.help(app.settings.house_rules())),
                   intent=Intent.HOW_TO_PLAY, name="how_to_play"),
            Button("Quit", self.back, intent=Intent.QUIT, name="quit"),
        ])
        self.by_code = Button(CODE_TITLE, lambda: app.stack.push(app.scenes.deal_code()), intent=Intent.DEAL_BY_CODE,
                              name="by_code")  # its key only: the column is full (the daily's panel offers it too)
        self.group.focus = 0 if can_continue else 1
        self._art: CardArt | None = None
        self._fan: tuple[object, pygame.Surface] | None = None
        self.age = 0.0  # seconds on screen: the fan fades in and fans out once its faces are drawn
        self._lying: dict[int, pygame.Surface] = {}  # each card of the fan on its shadow, for the fanning
        self._scratch: pygame.Surface | None = None  # the cards fading in, laid together
        self.fan_shown_at: float | None = None
        self.frames_drawn = 0

    def on_intent(self, intent: Intent) -> bool:
        if intent is Intent.DEAL_BY_CODE:  # (a key with no button in the column: it is full)
            self.by_code.on_click()
            return True
        return super().on_intent(intent)

    def back(self) -> None:
        """Quit the app (first asking, if a game played here is kept nowhere)."""
        self.app.unless_unsaved(self.app.quit, leaving_app=True)

    def closed(self) -> None:
        if self._art is not None:
            self._art.close()
        self._lying.clear()
        self._scratch = None

    @property
    def wide(self) -> bool:
        """A landscape window: the name and the fan on the left, the buttons on the right."""
        w, h = self.app.screen.get_size()
        return w >= h * 1.25

    def column(self) -> tuple[int, int, int, int, int]:
        """The column of buttons: its middle's x, its top, a button's width and height, the gap.
        Its top is where ``TITLE_BUTTON_SLOTS`` buttons are centred (on a wide window; on a narrow
        one where the buttons of today are, the free place under them): a button added fits."""
        w, h = self.app.screen.get_size()
        height, gap = int(h * 0.062), int(h * 0.013)
        if self.wide:
            slots = TITLE_BUTTON_SLOTS
            return int(w * 0.7), int(h * 0.56) - (slots * height + (slots - 1) * gap) // 2, int(h * 0.42), height, gap
        held = TITLE_BUTTON_SLOTS - 1
        return w // 2, int(h * 0.61) - (held * height + (held - 1) * gap) // 2, int(h * 0.42), height, gap

    def layout(self) -> None:
        x, top, width, height, gap = self.column()
        for i, button in enumerate(self.group.buttons):
            button.rect = pygame.Rect(x - width // 2, top + i * (height + gap), width, height)

    def column_middle(self) -> int:
        """The middle of the column's every place, filled or free (the name and the fan are level with it)."""
        _, top, _, height, gap = self.column()
        return top + (TITLE_BUTTON_SLOTS * height + (TITLE_BUTTON_SLOTS - 1) * gap) // 2

    def fanning(self) -> float:
        """How far the fan has spread, from 0 (the cards in a pile) to 1 (fanned and still)."""
        if self.fan_shown_at is None:
            return 0.0
        return min(1.0, (self.age - self.fan_shown_at) / TITLE_FAN_IN)

    def update(self, dt: float) -> bool:
        self.age += dt
        if self._art is not None and self._art.take_ready():
            return True  # a classic face arrived (the fan is composed again from it)
        # until the fan has appeared and spread (one frame more: the last drawn is the still fan)
        moving = self.wide and (self.fan_shown_at is None
                                or self.age - self.fan_shown_at < max(TITLE_FAN_IN, TITLE_FAN_FADE) + dt)
        return moving or super().update(dt)

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

    def fan_cards(self, card_h: int, spread: float = 1.0) -> tuple[list[tuple[int, float, tuple[float, float]]],
                                                                    pygame.Rect]:
        """Each card of the fan with its tilt in degrees and its centre, and the area the whole fan
        covers (round its top-left corner at 0, 0): laid out by arithmetic, so the title is placed
        before the faces are drawn.  ``spread`` below 1: the cards part way fanned, in the same area."""
        cards, area = self._fan_at(card_h, 1.0)
        if spread < 1:
            cards = self._fan_at(card_h, spread)[0]
        shifted = [(card, degrees, (x - area.left, y - area.top)) for card, degrees, (x, y) in cards]
        return shifted, pygame.Rect(0, 0, area.w, area.h)

    @staticmethod
    def _fan_at(card_h: int, spread: float) -> tuple[list[tuple[int, float, tuple[float, float]]], pygame.Rect]:
        """The cards fanned ``spread`` of the way from a point below them, and the area they cover."""
        cw, ch = int(card_h / CARD_ASPECT), card_h
        radius = ch * 1.5
        step = math.radians(TITLE_FAN_SPREAD) * spread
        cards = []
        area: pygame.Rect | None = None
        for i, card in enumerate(FAN):
            angle = (i - (len(FAN) - 1) / 2) * step
            centre = (radius * math.sin(angle), -radius * math.cos(angle))
            half_w = (cw * abs(math.cos(angle)) + ch * abs(math.sin(angle))) / 2 + SHADOW_REACH
            half_h = (cw * abs(math.sin(angle)) + ch * abs(math.cos(angle))) / 2 + SHADOW_REACH
            box = pygame.Rect(int(centre[0] - half_w), int(centre[1] - half_h), int(2 * half_w), int(2 * half_h))
            area = box if area is None else area.union(box)
            cards.append((card, -math.degrees(angle), centre))
        assert area is not None
        return cards, area

    def fan_ready(self, card_h: int) -> bool:
        """The fan is shown from the second frame (the first frame is the window's, drawn at once),
        once its faces are drawn (the classic faces come from a background thread in a moment), or
        after a second whatever it has: it never waits for ever."""
        art = self.card_art(int(card_h / CARD_ASPECT))
        if not self.frames_drawn:
            return False
        return art.classic is None or art.classic.complete or bool(art.classic.failed) or self.age > 1.0

    def lying(self, card: int) -> pygame.Surface:
        """A card of the fan on its soft shadow, upright (kept while the deck and size are the fan's)."""
        art = self._art
        assert art is not None
        picture = self._lying.get(card)
        if picture is None:
            cw, ch = art.size
            picture = pygame.Surface((cw + SHADOW_REACH, ch + SHADOW_REACH), pygame.SRCALPHA)
            picture.fill(CLEAR)
            for drop in range(SHADOW_REACH, 0, -2):  # a few faint layers, the card over them
                pygame.draw.rect(picture, CARD_SHADOW, (drop, drop, cw, ch), border_radius=int(cw * 0.09))
            picture.blit(art.face(card), (0, 0))
            self._lying[card] = picture
        return picture

    def blit_cards(self, target: pygame.Surface, cards: list[tuple[int, float, tuple[float, float]]],
                   origin: tuple[int, int] = (0, 0)) -> None:
        """Each card turned to its tilt and laid with its centre at its place (from ``origin``)."""
        for card, degrees, centre in cards:
            turned = pygame.transform.rotozoom(self.lying(card), degrees, 1)
            offset = pygame.math.Vector2(SHADOW_REACH / 2, SHADOW_REACH / 2).rotate(-degrees)
            spot = (origin[0] + centre[0] + offset.x, origin[1] + centre[1] + offset.y)
            target.blit(turned, turned.get_rect(center=spot))

    def fan(self, card_h: int) -> pygame.Surface:
        """Five cards fanned from a point below them, each with a soft shadow; composed once per
        size and deck (again if a classic face arrives after it was shown)."""
        art = self.card_art(int(card_h / CARD_ASPECT))
        key = (art.size, art.style, art.four_colour, len(art.classic.faces) if art.classic else 0)
        if self._fan is not None and self._fan[0] == key:
            return self._fan[1]
        self._lying.clear()
        cards, area = self.fan_cards(card_h)
        picture = pygame.Surface(area.size, pygame.SRCALPHA)
        picture.fill(CLEAR)
        self.blit_cards(picture, cards)  # once per card
        if pygame.display.get_surface() is not None:
            picture = picture.convert_alpha()
        self._fan = (key, picture)
        return picture

    def draw_fan(self, surface: pygame.Surface, card_h: int, area: pygame.Rect) -> None:
        """The fan fading in and spreading from a pile (each card turned every frame, for the
        second it takes), then the still fan's one picture."""
        if self.fan_shown_at is None:
            self.fan_shown_at = self.age
        picture = self.fan(card_h)  # (made first: the cards on their shadows, for the faces of now)
        alpha = round(255 * min(1.0, (self.age - self.fan_shown_at) / TITLE_FAN_FADE))
        spread = self.fanning()
        if spread >= 1:
            picture.set_alpha(alpha)
            surface.blit(picture, area)
            self._lying.clear()  # still from now on: the one picture is all it needs
            self._scratch = None
            return
        cards, _ = self.fan_cards(card_h, ease_out_cubic(spread))
        if alpha >= 255:
            self.blit_cards(surface, cards, area.topleft)
            return
        # fading in: the cards laid together, then faded as one (each faded alone showed through another)
        if self._scratch is None or self._scratch.get_size() != area.size:
            self._scratch = pygame.Surface(area.size, pygame.SRCALPHA)
        self._scratch.fill(CLEAR)
        self.blit_cards(self._scratch, cards)
        self._scratch.set_alpha(alpha)
        surface.blit(self._scratch, area)

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
        caption_font = self.app.fonts.get(CAPTION)
        last = last_game_line(self.app.files.stats.per_mode, time.time(), self.app.settings.house_rules().mode)
        card_h = int(h * 0.36)
        _, fan_area = self.fan_cards(card_h)
        gap = int(h * 0.035)
        # the tagline under the fan, in the left half (two lines at most, clear of the buttons)
        taglines = wrap(tagline(self.mode), int(w * 0.5), partial(_width, line_font))[:2]
        total = title_font.get_linesize() + gap + fan_area.h + gap + line_font.get_linesize() * len(taglines)
        if last:
            total += caption_font.get_linesize() + 4
        top = self.column_middle() - total // 2  # level with the column's middle
        name = draw_text(surface, title_font, self.title, GOLD, midtop=(left, top))
        fan_area.midtop = (left, name.bottom + gap)
        if self.fan_ready(card_h):
            self.draw_fan(surface, card_h, fan_area)
        line = draw_wrapped(surface, line_font, taglines, CREAM, (left, fan_area.bottom + gap))
        if last:
            draw_text(surface, caption_font, last, MUTED, midtop=(left, line.bottom + 4))

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
