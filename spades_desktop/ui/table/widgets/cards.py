"""How one card is drawn on the table: its picture (face, back or sideways back), its soft shadow,
and the gold frame of a trick's winning card; and the areas these cover, for the frame's damage."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from ...cards.card_sprite import CardSprite
from ...core.text_log import TextLog
from ...core.theme import WINNER_FRAME
from ...core.widgets import frame_winner
from .base import Scratch, TableWidget

if TYPE_CHECKING:
    from ..scene import TableScene

SpriteKey = tuple[int, int, int, int, int, bool, bool, int, int]
#: widths a card turning over is drawn at, kept (one card turns at a time; a few sizes of it)
MOST_SQUASHED = 48

#: cards kept with their shadows at once (a deck's faces and back at two or three lifts)
MOST_SHADOWED = 160

#: cards kept premultiplied to fade (a trick's four as it is swept, a card fading in)
MOST_FADING = 16


class CardDrawer:
    """Draws cards at the table's card size; keeps the backs worth keeping per size."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._rotated_back: pygame.Surface | None = None
        self._small_back: pygame.Surface | None = None
        # a card's picture (by identity: the art keeps each) over its shadow, at a shadow's offset
        self._shadowed: dict[tuple[int, int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self._insides: dict[int, tuple[pygame.Surface, int | None]] = {}  # a picture's opaque inset
        self._squashed: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self._fading: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}  # a picture, premultiplied

    def forget(self) -> None:
        self._rotated_back = None
        self._small_back = None
        self._shadowed.clear()
        self._insides.clear()
        self._squashed.clear()
        self._fading.clear()

    def small_back(self) -> pygame.Surface:
        """A half-size back: the piles of tricks."""
        if self._small_back is None:
            lay = self.table.layout
            size = (lay.card_w // 2, lay.card_h // 2)
            self._small_back = pygame.transform.smoothscale(self.table.art.back(), size).convert_alpha()
        return self._small_back

    def rotated_back(self) -> pygame.Surface:
        """A back turned sideways: East's and West's hands."""
        if self._rotated_back is None:
            self._rotated_back = pygame.transform.rotate(self.table.art.back(), 90).convert_alpha()
        return self._rotated_back

    def image(self, sprite: CardSprite) -> pygame.Surface:
        art = self.table.art
        if sprite.rotated and not sprite.face_up:
            return self.rotated_back()
        image = art.face(sprite.card) if sprite.face_up else art.back()
        if sprite.squash < 1.0:
            return self._narrowed(image, max(1, round(image.get_width() * sprite.squash)))
        return image

    def _narrowed(self, image: pygame.Surface, width: int) -> pygame.Surface:
        """``image`` squeezed to ``width``: a card turning over (its edge towards the eye)."""
        key = (id(image), width)
        kept = self._squashed.get(key)
        if kept is not None and kept[0] is image:
            return kept[1]
        if len(self._squashed) >= MOST_SQUASHED:
            self._squashed.clear()
        narrow = pygame.transform.smoothscale(image, (width, image.get_height()))
        self._squashed[key] = (image, narrow)
        return narrow

    def shadow_at(self, sprite: CardSprite, card: pygame.Rect) -> pygame.Rect | None:
        """Where a card's soft shadow lies (it lies on the felt: not under a fading or sideways card)."""
        if sprite.alpha < 200 or sprite.rotated or sprite.squash < 1.0:
            return None
        offset = max(2, self.table.art.width // 30) + int(sprite.lift * 0.15)
        return self.table.art.shadow().get_rect(topleft=card.move(offset, offset + 1).topleft)

    def area(self, sprite: CardSprite, framed: bool = False) -> pygame.Rect:
        """Every pixel drawing ``sprite`` may touch where it is now: the card, its shadow, and with
        ``framed`` the gold frame of a trick's winning card round it (the frame's margin on every
        card in flight made the deal's frames redraw a fifth more of the window)."""
        card = self.image(sprite).get_rect(center=(int(sprite.x), int(sprite.y - sprite.lift)))
        shadow = self.shadow_at(sprite, card)
        area = card.union(shadow) if shadow is not None else card
        if not framed:
            return area
        lay = self.table.layout
        frame = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        frame.center = (int(sprite.x), int(sprite.y))
        return area.union(frame.inflate(2 * WINNER_FRAME + 2, 2 * WINNER_FRAME + 2))

    def blit(self, surface: pygame.Surface, sprite: CardSprite, overlay: pygame.Surface | None = None) -> None:
        art = self.table.art
        image = self.image(sprite)
        rect = image.get_rect(center=(int(sprite.x), int(sprite.y - sprite.lift)))
        shadow = self.shadow_at(sprite, rect)
        if shadow is not None and sprite.alpha >= 255 and not surface.get_flags() & pygame.SRCALPHA:
            # onto the window: the card and its shadow as one premultiplied picture, one blit
            surface.blit(self._with_shadow(image, shadow.x - rect.x, shadow.y - rect.y), rect,
                         special_flags=pygame.BLEND_PREMULTIPLIED)
            if overlay is not None:
                surface.blit(overlay, rect)
            return
        if shadow is not None:
            surface.blit(art.shadow(), shadow)
        if sprite.alpha < 255 and not surface.get_flags() & pygame.SRCALPHA:
            # onto the window: one premultiplied blit of the card scaled by its alpha
            surface.blit(self._faded(image, int(sprite.alpha)), rect, special_flags=pygame.BLEND_PREMULTIPLIED)
        else:
            if sprite.alpha < 255:
                image = image.copy()
                image.set_alpha(int(sprite.alpha))
            surface.blit(image, rect)
        if overlay is not None:
            surface.blit(overlay, rect)

    def _faded(self, image: pygame.Surface, alpha: int) -> pygame.Surface:
        """``image`` at ``alpha``, premultiplied: its premultiplied picture (kept while it fades)
        with every channel scaled by the alpha.  (A trick swept to its pile fades four cards over
        twenty frames: the straight blend of a card's own alpha at a surface alpha took 0.23 ms a
        card at 3840x2160, a quarter of a sweep frame.)"""
        kept = self._fading.get(id(image))
        if kept is None or kept[0] is not image:  # (the same picture, not another at its address)
            if len(self._fading) >= MOST_FADING:
                self._fading.clear()
            kept = self._fading[id(image)] = (image, image.premul_alpha())
        faded = kept[1].copy()
        faded.fill((alpha, alpha, alpha, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        return faded

    def opaque_inside(self, sprite: CardSprite) -> pygame.Rect | None:
        """Where ``sprite`` as drawn now hides whatever is under it (its corners are round, its edge
        soft: a rectangle inside them), or None (a fading card hides nothing)."""
        if sprite.alpha < 255 or sprite.squash < 1.0:
            return None
        image = self.image(sprite)
        kept = self._insides.get(id(image))
        if kept is None or kept[0] is not image:
            kept = self._insides[id(image)] = (image, _opaque_inset(image))
        inset = kept[1]
        if inset is None:
            return None
        rect = image.get_rect(center=(int(sprite.x), int(sprite.y - sprite.lift)))
        return rect.inflate(-2 * inset, -2 * inset)

    def _with_shadow(self, image: pygame.Surface, dx: int, dy: int) -> pygame.Surface:
        """``image`` over its shadow laid ``dx``, ``dy`` down and right, premultiplied: a card in
        flight drawn with one blit instead of two (the deal's frames blit a dozen cards each)."""
        key = (id(image), dx, dy)
        kept = self._shadowed.get(key)
        if kept is not None and kept[0] is image:  # (the same picture, not another at its address)
            return kept[1]
        if len(self._shadowed) >= MOST_SHADOWED:
            self._shadowed.clear()
        shadow = self.table.art.shadow()
        both = pygame.Surface((max(image.get_width(), dx + shadow.get_width()),
                               max(image.get_height(), dy + shadow.get_height())), pygame.SRCALPHA)
        both.blit(shadow.premul_alpha(), (dx, dy), special_flags=pygame.BLEND_PREMULTIPLIED)
        both.blit(image.premul_alpha(), (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)
        self._shadowed[key] = (image, both)
        return both

    def mark(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """A gold frame round the card that wins the trick."""
        lay = self.table.layout
        rect = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        rect.center = (int(sprite.x), int(sprite.y))
        frame_winner(surface, rect)


def _opaque_inset(image: pygame.Surface) -> int | None:
    """The least inset from every edge inside which ``image`` is wholly opaque (None: nowhere)."""
    w, h = image.get_size()
    mask = pygame.mask.from_surface(image, 254)
    for inset in range(0, min(w, h) // 4):
        inside = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        if mask.overlap_area(pygame.Mask(inside.size, fill=True), inside.topleft) == inside.w * inside.h:
            return inset
    return None


def sprite_key(sprite: CardSprite) -> SpriteKey:
    """Everything about a sprite that its picture depends on (its inputs as a widget sees them)."""
    return (sprite.card, int(sprite.x), int(sprite.y), int(sprite.y - sprite.lift), int(sprite.lift * 0.15),
            sprite.face_up, sprite.rotated, int(sprite.alpha), round(sprite.squash * 64))


class ShownCard(NamedTuple):
    """A card as a card widget shows it."""

    sprite: CardSprite
    key: SpriteKey  # where and how it lies (its inputs)
    dimmed: bool = False  # not playable now
    framed: bool = False  # the keyboard's cursor is on it
    winner: bool = False  # it wins the trick: a gold frame round it
    received: bool = False  # it came to the person in the exchange: marked until they play


class CardsWidget(TableWidget[tuple[tuple[SpriteKey, bool, bool, bool, bool], ...]]):
    """Cards that move one by one (the trick, the person's hand).  Each card's picture is the card
    art's, already drawn once; so this widget keeps no picture of its own but each card's place,
    and a change redraws only the cards that changed, where they were and are: a card sliding to
    the trick updates its own path, not the box round the trick and the hand it left."""

    def __init__(self, table: TableScene, scratch: Scratch, cards: CardDrawer) -> None:
        super().__init__(table, scratch)
        self.cards = cards
        self._shown: list[tuple[ShownCard, pygame.Rect]] = []

    def shown_cards(self) -> list[ShownCard]:
        raise NotImplementedError

    def area_of(self, card: ShownCard) -> pygame.Rect:
        return self.cards.area(card.sprite, framed=card.winner)

    def paint_card(self, surface: pygame.Surface, card: ShownCard) -> None:
        raise NotImplementedError

    @property
    def rect(self) -> pygame.Rect | None:
        areas = [area for _, area in self._shown]
        return areas[0].unionall(areas[1:]) if areas else None

    def refresh(self, defer: bool = False) -> list[pygame.Rect]:
        cards = self.shown_cards()
        looks = tuple((card.key, card.dimmed, card.framed, card.winner, card.received) for card in cards)
        if looks == self._inputs:
            self.pending = False
            return []
        if defer:
            self.pending = True
            return []
        self.pending = False
        self._inputs = looks
        self.renders += 1
        old = {(card[1:], tuple(area)) for card, area in self._shown}
        shown = [(card, self.area_of(card)) for card in cards]
        new = {(card[1:], tuple(area)) for card, area in shown}
        self._shown = shown
        return [pygame.Rect(area) for _, area in old ^ new]

    def forget(self) -> None:
        super().forget()
        self._shown = []

    def draw(self, surface: pygame.Surface, clip: pygame.Rect, log: TextLog | None) -> None:
        for card, area in self._shown:
            if area.colliderect(clip):
                self.paint_card(surface, card)
