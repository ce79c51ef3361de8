"""Card faces and backs drawn by the program at any size, cached per size.

Suits come from the game's SVG suit art (``suit_glyphs``).  Each card is drawn at twice its
size and smooth-scaled down once, which gives clean anti-aliased edges at 720p, 1080p and 4K;
the result is converted for fast blitting and cached, so a frame never redraws card art.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ...engine.cards import BIG_JOKER, RANKS
from ..core.theme import CARD_ASPECT, CARD_SHADOW
from ..core.typeface import typeface
from ..text.variants import counts_as_trump_mark, face_of
from .classic_deck import ClassicFaces
from .suit_glyphs import suit_glyph

RED = (200, 30, 45)
BLACK = (25, 25, 30)
FOUR_COLOURS = {0: (20, 130, 50), 1: (30, 80, 200), 2: (200, 30, 45), 3: (25, 25, 30)}
BACK_COLOURS = {
    "blue": ((32, 64, 150), (70, 110, 205)),
    "red": ((150, 30, 40), (205, 70, 80)),
    # on cream, not green: a green ground disappeared on the green felt (playtest 170_back_green)
    "green": ((236, 230, 208), (28, 118, 68)),
    "purple": ((90, 40, 130), (140, 90, 185)),
}
RANK_LABELS = {r: ("10" if ch == "T" else ch) for r, ch in enumerate(RANKS)}
GOLD_MARK = (212, 175, 55)


def joker_colour(card: int) -> tuple[int, int, int]:
    """The Big Joker in red, the Little Joker in black, as in the classic faces."""
    return RED if card == BIG_JOKER else BLACK


def draw_star(surface: pygame.Surface, center: tuple[float, float], size: float,
              colour: tuple[int, int, int]) -> None:
    """A five-pointed star of height ``size``: the jokers' mark where a suit would be."""
    cx, cy = center
    outer, inner = size / 2, size / 5
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle) + size * 0.05))
    pygame.draw.polygon(surface, colour, points)


def draw_trump_mark(surface: pygame.Surface, center: tuple[float, float], size: float) -> None:
    """A small black spade in a gold ring: this card (the 2 of diamonds) is a spade by the rules."""
    radius = size * 0.62
    pygame.draw.circle(surface, (255, 248, 220), center, radius)
    pygame.draw.circle(surface, GOLD_MARK, center, radius, max(1, int(size * 0.12)))
    draw_suit(surface, 3, center, size * 0.7, BLACK)

# Pip positions for 2..10 in a unit box (x, y), y down; lower half pips are drawn upside down.
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1),
         (1, 1)],
}


def joker_label(card: int) -> str:
    """The corner letter of a joker: B(ig) or L(ittle), over a star where a suit would be."""
    return "B" if card == BIG_JOKER else "L"


def suit_colour(suit: int, four_colour: bool) -> tuple[int, int, int]:
    if four_colour:
        return FOUR_COLOURS[suit]
    return RED if suit in (1, 2) else BLACK


def draw_suit(surface: pygame.Surface, suit: int, center: tuple[float, float], size: float,
              colour: tuple[int, int, int], flip: bool = False) -> None:
    """Draw a suit symbol of height ``size`` centred at ``center`` (the game's SVG suit art)."""
    glyph = suit_glyph(suit, size, colour, flip)
    surface.blit(glyph, glyph.get_rect(center=(round(center[0]), round(center[1]))))


#: the pattern of each card back (all drawn by the program): a lattice, a rosette of nested
#: diamonds, a woven check
BACK_DESIGNS = {"blue": "lattice", "red": "rosette", "green": "weave", "purple": "lattice"}
DECK_STYLES = ("classic", "large_index")


def draw_back_pattern(pattern: pygame.Surface, design: str, light: tuple[int, int, int],
                      dark: tuple[int, int, int], card_w: int) -> None:
    """One of the project's own back designs over the whole of ``pattern``."""
    w, h = pattern.get_size()
    line = max(2, card_w // 70)
    if design == "rosette":  # nested diamonds round the middle, like a printed rosette
        cx, cy = w / 2, h / 2
        step = max(6, card_w // 14)
        for r in range(step, int(max(w, h)), step):
            pygame.draw.polygon(pattern, light, [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)],
                                line)
        for x in range(0, w, step * 2):
            pygame.draw.circle(pattern, light, (x, 0), step * 0.4, line)
            pygame.draw.circle(pattern, light, (x, h), step * 0.4, line)
    elif design == "weave":  # a woven check: alternating bands across and down
        step = max(8, card_w // 10)
        for i, y in enumerate(range(0, h, step)):
            for j, x in enumerate(range(0, w, step)):
                if (i + j) % 2 == 0:
                    pygame.draw.rect(pattern, light, (x + line, y + step // 3, step - 2 * line, step // 3))
                else:
                    pygame.draw.rect(pattern, light, (x + step // 3, y + line, step // 3, step - 2 * line))
    else:  # lattice: diagonal lines both ways
        step = max(6, card_w // 9)
        for x in range(-h, w + h, step):
            pygame.draw.line(pattern, light, (x, 0), (x + h, h), line)
            pygame.draw.line(pattern, light, (x + h, 0), (x, h), line)


class CardArt:
    """Renders and caches card images for one size and style.

    ``style`` "classic" shows the public-domain court-card deck (rasterised in the background,
    see ``classic_deck``); "large_index" the program's own deck with big corner indices, which
    also stands in for a classic face not drawn yet.
    """

    def __init__(self, width: int, four_colour: bool = False, back: str = "blue", style: str = "large_index",
                 classic_folder: Path | None = None, cards: list[int] | None = None) -> None:
        self.width = max(24, int(width))
        self.height = int(self.width * CARD_ASPECT)
        self.four_colour = four_colour
        self.back_name = back if back in BACK_COLOURS else "blue"
        self.style = style if style in DECK_STYLES else "classic"
        self._cache: dict[object, pygame.Surface] = {}
        self._font_cache: dict[int, pygame.font.Font] = {}
        self.classic: ClassicFaces | None = None
        if self.style == "classic" and classic_folder is not None:
            self.classic = ClassicFaces(classic_folder, self.size, four_colour, order=cards)  # only these, if given

    def take_ready(self) -> bool:
        """Classic faces finished since the last frame are put to use; True if any (redraw)."""
        return self.classic is not None and self.classic.take_ready()

    def warm_one(self) -> bool:
        """Finish one classic face drawn in the background but not yet given its large index (the
        work of an idle frame: finishing it when first shown took a card's play 2 ms); True if one was."""
        if self.classic is None or self._warm:
            return False
        for card in self.classic.faces:
            if ("classic", card) not in self._cache:
                self.face(card)
                return True
        self._warm = self.classic.complete  # (faces may still be on their way)
        return False

    _warm = False  # every classic face is finished

    def close(self) -> None:
        if self.classic is not None:
            self.classic.stop()

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def _font(self, px: int, bold: bool = True) -> pygame.font.Font:
        font = self._font_cache.get(px)
        if font is None:
            font = self._font_cache[px] = typeface(px, bold)
        return font

    def _finish(self, big: pygame.Surface) -> pygame.Surface:
        small = pygame.transform.smoothscale(big, self.size)
        return small.convert_alpha() if pygame.display.get_surface() is not None else small

    def _blank(self, scale: int) -> tuple[pygame.Surface, pygame.Rect]:
        w, h = self.width * scale, self.height * scale
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        rect = surface.get_rect()
        return surface, rect

    def face(self, card: int) -> pygame.Surface:
        if self.classic is not None:
            composed = self._cache.get(("classic", card))
            if composed is not None:
                return composed
            printed = face_of(card)  # a trump deuce (slot 52, 53) is drawn from its own card's face
            drawn = self.classic.faces.get(card if printed is None else printed[0] * 13 + printed[1])
            if drawn is not None:
                composed = self._cache[("classic", card)] = self._with_large_index(drawn, card)
                return composed
        key = ("face", card)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._cache[key] = self._finish(self._draw_face(card))
        return cached

    def has_face(self, card: int) -> bool:
        """Whether ``face(card)`` is drawn already (asking for one that is not draws it, ~1.5 ms)."""
        return ("face", card) in self._cache or ("classic", card) in self._cache

    def face_pending(self, card: int) -> bool:
        """Whether ``face(card)`` would show the large-index stand-in only because its classic face
        is still being drawn in the background (``take_ready`` brings it)."""
        if self.classic is None or ("classic", card) in self._cache:
            return False
        printed = face_of(card)
        source = card if printed is None else printed[0] * 13 + printed[1]
        return source not in self.classic.faces and not self.classic.failed and not self.classic.complete

    def has_final_face(self, card: int) -> bool:
        """Whether ``face(card)`` is drawn as it will stay: a classic face still on its way shows
        the stand-in meanwhile, which a page that keeps its pictures must not keep (the game review
        kept the queen of diamonds as a framed 'Q' while its court figure was drawn)."""
        if self.classic is None:
            return self.has_face(card)
        if ("classic", card) in self._cache:
            return True
        printed = face_of(card)
        source = card if printed is None else printed[0] * 13 + printed[1]
        if source in self.classic.faces or self.face_pending(card):
            return False  # to be finished by ``face``, or still being drawn
        return self.has_face(card)  # the classic deck failed: the stand-in is the face

    def back(self) -> pygame.Surface:
        key = ("back", self.back_name)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._cache[key] = self._finish(self._draw_back())
        return cached

    def _with_large_index(self, face: pygame.Surface, card: int) -> pygame.Surface:
        """The classic face with its corner index drawn larger: the source's index is too small to
        read in a fanned hand at 1280x720.  It fills the strip the court figures leave free."""
        face = face.copy()
        w, h = face.get_size()
        printed = face_of(card)
        suit, rank = printed if printed is not None else (None, None)
        colour = suit_colour(suit, self.four_colour) if suit is not None else joker_colour(card)
        tall = 0.42 if counts_as_trump_mark(card) else 0.31  # room for the trump mark under the suit
        strip = pygame.Rect(max(1, w // 60), max(1, w // 60), int(w * 0.2), int(h * tall))
        label = RANK_LABELS[rank] if rank is not None else joker_label(card)
        font = self._font(max(10, int(h * 0.23)))
        text = font.render(label, True, colour)
        if text.get_width() > strip.w:
            text = pygame.transform.smoothscale(text, (strip.w, int(text.get_height() * strip.w / text.get_width())))
        corner = pygame.Surface(strip.size, pygame.SRCALPHA)
        corner.fill((255, 255, 255))
        corner.blit(text, text.get_rect(midtop=(strip.w // 2, 0)))
        mark = (strip.w / 2, text.get_height() + h * 0.06)
        if suit is None:
            draw_star(corner, mark, h * 0.1, colour)
        else:
            draw_suit(corner, suit, mark, h * 0.1, colour)
        if counts_as_trump_mark(card):  # under the diamond: a spade, so the hand reads it as a trump
            draw_trump_mark(corner, (strip.w / 2, mark[1] + h * 0.1), h * 0.075)
        face.blit(corner, strip.topleft)
        face.blit(pygame.transform.rotate(corner, 180), (w - strip.right, h - strip.bottom))
        return face

    def shadow(self) -> pygame.Surface:
        """A soft shadow to lay under a card (a little larger, offset down and right by the caller)."""
        key = ("shadow",)
        cached = self._cache.get(key)
        if cached is None:
            surface, rect = self._blank(2)
            steps = 6
            for i in range(steps):  # darker toward the middle: a blurred edge without a blur filter
                inset = int(rect.w * 0.012 * i)
                pygame.draw.rect(surface, CARD_SHADOW, rect.inflate(-2 * inset, -2 * inset),
                                 border_radius=int(rect.w * 0.1))
            cached = self._cache[key] = self._finish(surface)
        return cached

    def highlight(self, colour: tuple[int, int, int, int]) -> pygame.Surface:
        """A rounded overlay the size of a card (legal-card glow, dimming of illegal cards)."""
        key = ("hl", colour)
        cached = self._cache.get(key)
        if cached is None:
            surface, rect = self._blank(2)
            pygame.draw.rect(surface, colour, rect, border_radius=int(rect.w * 0.09))
            cached = self._cache[key] = self._finish(surface)
        return cached

    def _draw_face(self, card: int) -> pygame.Surface:
        scale = 2
        surface, rect = self._blank(scale)
        w, h = rect.size
        radius = int(w * 0.09)
        pygame.draw.rect(surface, (252, 252, 248), rect, border_radius=radius)
        pygame.draw.rect(surface, (120, 120, 120), rect, width=max(2, w // 60), border_radius=radius)
        printed = face_of(card)
        if printed is None:
            self._draw_joker(surface, card)
            return surface
        suit, rank = printed
        colour = suit_colour(suit, self.four_colour)
        label = RANK_LABELS[rank]
        # corner indices, top-left and (rotated) bottom-right
        index_px = int(h * 0.2)
        text = self._font(index_px).render(label, True, colour)
        corner = pygame.Surface((int(w * 0.26), int(h * 0.36)), pygame.SRCALPHA)
        corner.blit(text, text.get_rect(midtop=(corner.get_width() // 2, int(h * 0.02))))
        draw_suit(corner, suit, (corner.get_width() / 2, h * 0.25), h * 0.12, colour)
        surface.blit(corner, (int(w * 0.02), int(h * 0.02)))
        surface.blit(pygame.transform.rotate(corner, 180), (w - corner.get_width() - int(w * 0.02),
                                                              h - corner.get_height() - int(h * 0.02)))
        inner = pygame.Rect(int(w * 0.24), int(h * 0.13), int(w * 0.52), int(h * 0.74))
        if rank == 12:  # ace: one large pip
            draw_suit(surface, suit, inner.center, h * 0.36, colour)
        elif rank >= 9:  # court cards: a framed panel with the letter and suit
            self._draw_court(surface, inner, suit, rank, colour)
        else:
            count = rank + 2
            pip = h * 0.14
            for (px, py) in PIPS[count]:
                x = inner.left + pip * 0.5 + px * (inner.w - pip)
                y = inner.top + pip * 0.55 + py * (inner.h - pip * 1.1)
                draw_suit(surface, suit, (x, y), pip, colour, flip=py > 0.5)
        if counts_as_trump_mark(card):
            self._mark_trump(surface, corner.get_width(), h)
        return surface

    def _mark_trump(self, surface: pygame.Surface, corner_w: int, h: int) -> None:
        """The trump 2 of diamonds: a spade in a gold ring under each corner index (the strip a
        fanned hand shows) and TRUMP across the middle."""
        w = surface.get_width()
        size = h * 0.085
        x, y = int(w * 0.02) + corner_w / 2, h * 0.38
        draw_trump_mark(surface, (x, y), size)
        draw_trump_mark(surface, (w - x, h - y), size)
        text = self._font(int(h * 0.09)).render("TRUMP", True, BLACK)
        band = text.get_rect(center=(w // 2, h // 2)).inflate(int(h * 0.04), int(h * 0.02))
        pygame.draw.rect(surface, (255, 248, 220), band, border_radius=int(h * 0.02))
        pygame.draw.rect(surface, GOLD_MARK, band, width=max(2, int(h * 0.008)), border_radius=int(h * 0.02))
        surface.blit(text, text.get_rect(center=band.center))

    def _draw_joker(self, surface: pygame.Surface, card: int) -> None:
        """A joker in the large-index style: 'B' or 'L' with a star in the corners (the strip a
        fanned hand shows), a large star and BIG JOKER or LITTLE JOKER in the middle."""
        w, h = surface.get_size()
        colour = joker_colour(card)
        corner = pygame.Surface((int(w * 0.26), int(h * 0.36)), pygame.SRCALPHA)
        text = self._font(int(h * 0.2)).render(joker_label(card), True, colour)
        corner.blit(text, text.get_rect(midtop=(corner.get_width() // 2, int(h * 0.02))))
        draw_star(corner, (corner.get_width() / 2, h * 0.25), h * 0.13, colour)
        surface.blit(corner, (int(w * 0.02), int(h * 0.02)))
        surface.blit(pygame.transform.rotate(corner, 180), (w - corner.get_width() - int(w * 0.02),
                                                              h - corner.get_height() - int(h * 0.02)))
        inner = pygame.Rect(int(w * 0.24), int(h * 0.13), int(w * 0.52), int(h * 0.74))
        tint = (252, 232, 236) if card == BIG_JOKER else (236, 236, 240)
        pygame.draw.rect(surface, tint, inner, border_radius=int(inner.w * 0.08))
        pygame.draw.rect(surface, colour, inner, width=max(3, inner.w // 40), border_radius=int(inner.w * 0.08))
        draw_star(surface, (inner.centerx, inner.top + inner.h * 0.36), inner.w * 0.8, colour)
        font = self._font(int(inner.h * 0.12))
        for i, word in enumerate(("BIG" if card == BIG_JOKER else "LITTLE", "JOKER")):
            text = font.render(word, True, colour)
            if text.get_width() > inner.w * 0.9:
                scale = inner.w * 0.9 / text.get_width()
                text = pygame.transform.smoothscale(text, (int(text.get_width() * scale),
                                                           int(text.get_height() * scale)))
            surface.blit(text, text.get_rect(center=(inner.centerx, inner.top + inner.h * (0.7 + 0.14 * i))))

    def _draw_court(self, surface: pygame.Surface, inner: pygame.Rect, suit: int, rank: int,
                    colour: tuple[int, int, int]) -> None:
        tints = {9: (236, 226, 250), 10: (252, 232, 236), 11: (250, 240, 214)}
        pygame.draw.rect(surface, tints[rank], inner, border_radius=int(inner.w * 0.08))
        pygame.draw.rect(surface, colour, inner, width=max(3, inner.w // 40), border_radius=int(inner.w * 0.08))
        band = inner.inflate(-inner.w * 0.16, -inner.h * 0.1)
        pygame.draw.rect(surface, (212, 175, 55), band, width=max(2, inner.w // 60),
                         border_radius=int(inner.w * 0.06))
        letter = {9: "J", 10: "Q", 11: "K"}[rank]
        text = self._font(int(inner.h * 0.5)).render(letter, True, colour)
        surface.blit(text, text.get_rect(center=(inner.centerx, inner.centery - inner.h * 0.08)))
        # crown-like marks: three small suit symbols along the bottom of the panel
        for i in (-1, 0, 1):
            draw_suit(surface, suit, (inner.centerx + i * inner.w * 0.24, inner.bottom - inner.h * 0.16),
                      inner.h * 0.12, colour)
        draw_suit(surface, suit, (inner.centerx, inner.top + inner.h * 0.1), inner.h * 0.1, colour)

    def _draw_back(self) -> pygame.Surface:
        surface, rect = self._blank(2)
        w, h = rect.size
        dark, light = BACK_COLOURS[self.back_name]
        radius = int(w * 0.09)
        pygame.draw.rect(surface, (250, 250, 250), rect, border_radius=radius)
        inner = rect.inflate(-w * 0.1, -w * 0.1)
        pygame.draw.rect(surface, dark, inner, border_radius=int(radius * 0.7))
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        draw_back_pattern(pattern, BACK_DESIGNS.get(self.back_name, "lattice"), light, dark, w)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(radius * 0.7))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(pattern, inner.topleft)
        pygame.draw.rect(surface, light, inner, width=max(2, w // 50), border_radius=int(radius * 0.7))
        light_ground = sum(dark) > 3 * 150  # the cream back: its spade in the pattern's colour, on a clear disc
        if light_ground:
            pygame.draw.circle(surface, dark, rect.center, h * 0.16)
            pygame.draw.circle(surface, light, rect.center, h * 0.16, max(2, w // 50))
        draw_suit(surface, 3, rect.center, h * 0.22, light if light_ground else (250, 250, 250))
        pygame.draw.rect(surface, (120, 120, 120), rect, width=max(2, w // 60), border_radius=radius)
        return surface
