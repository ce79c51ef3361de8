"""The hands: the face-down hands of the other seats (face up when watching with every hand shown)
and the person's own cards, lifted under the mouse, dimmed when illegal, framed at the keyboard's
cursor."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ....engine.seats import Seat
from ....engine.state import Phase
from ...cards.card_sprite import CardSprite, hand_order
from ...core.stepwise import Steps, Stepwise, run_out
from ...core.theme import CARD_ASPECT, CONTROL_RADIUS, FOCUS_BORDER, GOLD, ILLEGAL_DIM, INK_ON_LIGHT
from .base import Picture, Scratch, TableWidget
from .cards import CardDrawer, CardsWidget, ShownCard, sprite_key

if TYPE_CHECKING:
    from ..scene import TableScene

#: a face-down hand drawn ahead a part at a time lays this many cards a part (0.2-0.5 ms at 4K)
CARDS_A_PART = 4
#: and copies this many pixels of the felt under it a part (about 0.3 ms at 4K)
FELT_PIXELS_A_PART = 250_000


def cards_box(image: pygame.Surface, centres: Sequence[tuple[float, float]]) -> pygame.Rect:
    """Where cards of ``image``'s size centred at ``centres`` lie, all of them."""
    rects = [image.get_rect(center=(int(x), int(y))) for x, y in centres]
    return rects[0].unionall(rects[1:])


def hand_picture(image: pygame.Surface, centres: tuple[tuple[int, int], ...],
                 reach: tuple[int, int] | None = None) -> tuple[pygame.Surface, pygame.Rect]:
    """A row of overlapping cards as one picture and where it goes: a face-down hand is 13 blits
    that change only when a card leaves it, so it is composed once (premultiplied alpha, so the
    picture blitted with BLEND_PREMULTIPLIED gives the felt exactly what the 13 blits gave).
    ``reach``: the picture reaches as far as a card centred there (a hand being dealt)."""
    return run_out(hand_picture_steps(image, centres, reach))


def hand_picture_steps(image: pygame.Surface, centres: tuple[tuple[int, int], ...],
                       reach: tuple[int, int] | None = None) -> Steps[tuple[pygame.Surface, pygame.Rect]]:
    """``hand_picture`` a few cards at a time."""
    rects = [image.get_rect(center=centre) for centre in centres]
    box = cards_box(image, centres if reach is None else (*centres, reach))
    picture = pygame.Surface(box.size, pygame.SRCALPHA)
    card = image.premul_alpha()
    for i, rect in enumerate(rects):
        if i % CARDS_A_PART == 0:
            yield
        picture.blit(card, rect.move(-box.x, -box.y), special_flags=pygame.BLEND_PREMULTIPLIED)
    return picture, box


def felt_under(background: pygame.Surface, box: pygame.Rect) -> pygame.Surface:
    """An opaque copy of the part of ``background`` at ``box``, for cards to be laid on."""
    if background.get_rect().contains(box):  # one copy (a new surface converted and blitted onto was
        return background.subsurface(box).copy()  # three: 1-1.5 ms for a 4K hand, against 0.7)
    return run_out(felt_under_steps(background, box))


def felt_under_steps(background: pygame.Surface, box: pygame.Rect) -> Steps[pygame.Surface]:
    """``felt_under`` a band of rows at a time (a whole 4K hand's felt was a 2 ms part); what lies
    outside ``background`` (North's hand reaches past the window's top) is black."""
    under = pygame.Surface(box.size, 0, background)  # (the window's pixel format: no conversion)
    band = max(1, FELT_PIXELS_A_PART // max(1, box.w))
    for top in range(0, box.h, band):
        yield
        under.blit(background, (0, top), pygame.Rect(box.x, box.y + top, box.w, min(band, box.h - top)))
    return under


class HandLook(NamedTuple):
    face_up: bool
    cards: tuple[int, ...]  # face up: the cards; face down: as many zeros as cards
    dealing: bool  # cards still fly to their seats: a face-down hand lies where a full hand's go
    trump: int | None  # the suit a face-up hand puts first
    art: object
    felt: object  # the felt under a face-down hand (None: blended over the table)


class OtherHand(TableWidget[HandLook]):
    """A hand the person does not hold.  ``on_felt``: nothing but the felt lies under it, so its
    face-down picture carries the felt under it and goes on as an opaque copy (a third of the cost
    of blending it).  South's hand in a game the computers play alone lies over the trick instead."""

    def __init__(self, table: TableScene, scratch: Scratch, seat: Seat, cards: CardDrawer,
                 felt: Callable[[], pygame.Surface] | None) -> None:
        super().__init__(table, scratch)
        self.seat = seat
        self.cards = cards
        self._felt = felt  # the felt under it, when nothing else is (None: blended over the table)
        self.north_rect: pygame.Rect | None = None  # North's hand shown face up (watch mode)

    @property
    def felt(self) -> pygame.Surface | None:
        return None if self._felt is None else self._felt()

    def shown(self) -> bool:
        table = self.table
        if self.seat not in table.ctl.state.seats:
            return False
        return self.seat != table.ctl.human if self.seat != Seat.S else table.ctl.human is None

    def face_down(self) -> bool:
        """The picture shown is of card backs only (no face in it to draw again)."""
        inputs = self._inputs
        return isinstance(inputs, HandLook) and not inputs.face_up

    def inputs(self) -> HandLook | None:
        table = self.table
        if not self.shown():
            return None
        cards = table.view.hands.get(self.seat, [])
        if table.show_all_hands:
            return HandLook(True, tuple(cards), False, table.cards.trump_shown(), table.art, None)
        if not cards:
            return None
        # while the deal goes on, the cards lie where a full hand's go, as each card was dealt to its
        # place (laid out for the cards so far, the hand shifted under each card that came)
        return HandLook(False, (0,) * len(cards), bool(table.view.flying), None, table.art, self.felt)

    def image(self) -> pygame.Surface:
        return self.cards.rotated_back() if self.seat in (Seat.E, Seat.W) else self.table.art.back()

    def picture_of(self, inputs: HandLook) -> Picture | None:
        if inputs.face_up:
            return super().picture_of(inputs)
        count, dealing = len(inputs.cards), inputs.dealing
        old, known = self.picture, self._known
        if known is not None and old is not None and known[:2] == (inputs.art, inputs.felt) and dealing \
                and known[2] and known[3] < count:
            return self._deal_onto(old, known[3], count, inputs)
        if known is not None and old is not None and known[:2] == (inputs.art, inputs.felt) \
                and known[3] == count == self.table.ctl.state.hand_size:
            # a full hand looks the same dealing or not: the deal is over and the hand it dealt is the
            # full hand's picture already (drawing the three again in the frame the deal ended took
            # that frame 7 ms at 1920x1080, 12 ms at 4K), and a card dealt elsewhere after this hand
            # was full does not draw it again either (a CI run saw North's full hand drawn again)
            self.touched = []
            self._known = (inputs.art, inputs.felt, dealing, count)
            return old
        if not dealing and self._ready is not None and self._ready[0] == self._ready_key(inputs, count):
            picture = self._ready[1]  # drawn ahead on an idle frame (see ``prepare``)
            self._ready = None
            self._known = (inputs.art, inputs.felt, False, count)
            return picture
        picture = self._face_down(inputs, count, dealing)
        self._known = (inputs.art, inputs.felt, dealing, count)
        return picture

    def _face_down(self, inputs: HandLook, count: int, dealing: bool) -> Picture:
        return run_out(self._face_down_steps(inputs, count, dealing))

    def _face_down_steps(self, inputs: HandLook, count: int, dealing: bool) -> Steps[Picture]:
        """The face-down picture a part at a time (the felt under it, then a few cards at a time)."""
        image = self.image()
        slots = self.table.layout.hand_slots(self.seat, self.table.ctl.state.hand_size if dealing else count)
        centres = tuple((int(x), int(y)) for x, y in slots[:count])
        # while dealing, the picture is as large as the full hand, so the next cards go onto it
        reach = (int(slots[-1][0]), int(slots[-1][1])) if dealing else None
        felt = self.felt
        if felt is None:
            picture, box = yield from hand_picture_steps(image, centres, reach)
            return Picture(picture, box, blend=pygame.BLEND_PREMULTIPLIED)
        # on the felt: the cards laid straight onto a copy of the felt under them (composing them
        # apart first and laying that on the felt cost the deal's first card to each hand 2-3 ms at 4K)
        box = cards_box(image, centres if reach is None else (*centres, reach))
        picture = yield from felt_under_steps(felt, box)
        card = image.premul_alpha()
        for i, centre in enumerate(centres):
            if i % CARDS_A_PART == 0:
                yield
            picture.blit(card, image.get_rect(center=centre).move(-box.x, -box.y),
                         special_flags=pygame.BLEND_PREMULTIPLIED)
        return Picture(picture, box)

    @property
    def opaque_rect(self) -> pygame.Rect | None:
        """Where the picture shown hides all under it: a face-down hand on the felt carries the felt
        under its cards, so nothing need be drawn beneath it (None: not such a picture)."""
        picture = self.picture
        if picture is None or picture.blend or picture.image.get_flags() & pygame.SRCALPHA:
            return None
        return picture.rect

    def _ready_key(self, inputs: HandLook, count: int) -> tuple[object, ...]:
        return (inputs.art, inputs.felt, count, tuple(self.table.layout.hand_slots(self.seat, count)))

    def prepare(self, seconds: float) -> bool:
        """On a frame with time to spare: part of the picture of this face-down hand with one card
        fewer, ready for its next play (drawing it in the frame the card left took 2-3 ms of a busy
        frame at 4K: the card flying, the plates and the trick changing too).  True if it drew."""
        inputs = self._inputs
        if not isinstance(inputs, HandLook) or inputs.face_up or inputs.dealing or len(inputs.cards) < 2:
            return False
        key = self._ready_key(inputs, len(inputs.cards) - 1)
        if self._ready is not None and self._ready[0] == key:
            return False
        if self._drawing is None or self._drawing[0] != key:
            self._drawing = (key, Stepwise(self._face_down_steps(inputs, len(inputs.cards) - 1, False)))
        job = self._drawing[1]
        if job.advance(seconds):
            self._ready, self._drawing = (key, job.finish()), None
        return True

    _drawing: tuple[tuple[object, ...], Stepwise[Picture]] | None = None  # (for what, the work) under way
    _ready: tuple[tuple[object, ...], Picture] | None = None  # (for what, the picture) drawn ahead

    _known: tuple[object, object, bool, int] | None = None  # (art, felt, dealing, cards) of the picture

    def _deal_onto(self, old: Picture, had: int, count: int, inputs: HandLook) -> Picture:
        """A hand being dealt that has ``count`` cards now, more than its picture: the cards that
        came are laid onto the picture where a full hand's go (each on top, as dealt)."""
        image = self.image()
        card = image.premul_alpha()
        slots = self.table.layout.hand_slots(self.seat, self.table.ctl.state.hand_size)
        self.touched = []
        for x, y in slots[had:count]:
            rect = image.get_rect(center=(int(x), int(y)))
            old.image.blit(card, rect.move(-old.rect.x, -old.rect.y), special_flags=pygame.BLEND_PREMULTIPLIED)
            self.touched.append(rect.clip(old.rect))
        self._known = (inputs.art, inputs.felt, True, count)
        return old

    def forget(self) -> None:
        super().forget()
        self._known = self._ready = self._drawing = None

    def paint(self, surface: pygame.Surface, inputs: HandLook) -> pygame.Rect | None:
        """Watch mode: the hand face up (a claim's cards are shown in its own row)."""
        table = self.table
        cards = hand_order(list(inputs.cards), inputs.trump)
        if self.seat == Seat.N:
            return self._north_face_up(surface, cards)
        lay = table.layout
        slots = lay.hand_slots(self.seat, len(cards))
        if self.seat in (Seat.E, Seat.W):  # upright cards, kept inside the window
            slots = [(min(max(x, lay.card_w * 0.5 + 4), lay.width - lay.card_w * 0.5 - 4), y) for x, y in slots]
        area: pygame.Rect | None = None
        for card, (x, y) in zip(cards, slots, strict=True):
            sprite = CardSprite(card, x, y, True)
            self.cards.blit(surface, sprite)
            area = self.cards.area(sprite) if area is None else area.union(self.cards.area(sprite))
        return area

    def _north_face_up(self, surface: pygame.Surface, cards: list[int]) -> pygame.Rect | None:
        """North's hand shown (watch mode): whole cards, as large as fit between the window's top and
        North's plate, in a row clear of the plate (the playtest saw the plate over the cards)."""
        table = self.table
        lay = table.layout
        margin = max(4, int(lay.height * 0.008))
        plate_top = lay.plate_center(Seat.N)[1] - plate_height(table) // 2
        art = table.app.card_art(max(20, int((plate_top - 2 * margin) / CARD_ASPECT)))
        self.north_rect = None
        if not cards:
            return None
        gap = min(art.width * 0.62, (lay.width * 0.5) / max(1, len(cards) - 1))
        left = lay.width / 2 - gap * (len(cards) - 1) / 2 - art.width / 2
        area = pygame.Rect(int(left), margin, 0, 0)
        for i, card in enumerate(cards):  # (the area as drawn: a sum of rounded gaps fell a pixel short of
            # the last card, left on the scratch surface that every widget draws on)
            area.union_ip(surface.blit(art.face(card), (int(left + i * gap), margin)))
        self.north_rect = area
        return self.north_rect


def plate_height(table: TableScene) -> int:
    """A name plate's height: its two lines and room round them, at least 8.5% of the window."""
    from ...core.theme import BODY, PLATE_DETAIL

    fonts = table.app.fonts
    lines = fonts.get(BODY, bold=True).get_linesize() + fonts.get(PLATE_DETAIL).get_linesize()
    return max(int(table.layout.height * 0.085), lines + 12)


class OwnHand(CardsWidget):
    """The person's cards: the mouse lifts the card it points at; the keyboard's cursor is a gold
    frame alone, so the two never look alike (the playtest saw two raised cards and could not tell
    which played)."""

    def shown_cards(self) -> list[ShownCard]:
        table = self.table
        seat = table.ctl.human
        if seat is None:
            return []
        st = table.ctl.state
        lay = table.layout
        legal = table.cards.legal_cards()
        accepting = table.accepting_input()
        playing = accepting and st.phase is Phase.PLAY
        exchanging = st.phase is Phase.EXCHANGE
        shown: list[ShownCard] = []
        for i, card in enumerate(table.view.hands.get(seat, [])):
            sprite = table.view.human_sprites.get(card)
            if sprite is None:
                continue
            hovered = i == table.hover
            lift = 0.0
            if playing and card in legal and hovered:
                lift = lay.card_h * 0.18
            if card in table.exchange_pick:
                lift = lay.card_h * 0.22
            if hovered and exchanging:
                lift = max(lift, lay.card_h * 0.08)
            sprite.lift = lift  # (the card's bounds follow it)
            shown.append(ShownCard(sprite, sprite_key(sprite), playing and card not in legal,
                                   i == table.selected and accepting, received=card in table.view.received))
        # left to right, each card over the one before: a hand not yet seen (the blind nil question)
        # is held in the order dealt, not the order it lies in, and a full redraw laid it crossed
        shown.sort(key=lambda shown_card: shown_card.sprite.x)
        return shown

    def area_of(self, card: ShownCard) -> pygame.Rect:
        return self.cards.area(card.sprite).inflate(2 * FOCUS_BORDER, 2 * FOCUS_BORDER)

    def paint_card(self, surface: pygame.Surface, card: ShownCard) -> None:
        table = self.table
        self.cards.blit(surface, card.sprite, table.art.highlight(ILLEGAL_DIM) if card.dimmed else None)
        if card.received:  # a gold disc in the strip a fanned hand leaves in view, under the index
            lay = table.layout
            radius = max(4, lay.card_w // 13)
            centre = (card.key[1] - lay.card_w // 2 + lay.card_w // 9, card.key[3] - lay.card_h // 12)
            pygame.draw.circle(surface, INK_ON_LIGHT, centre, radius + 2)
            pygame.draw.circle(surface, GOLD, centre, radius)
        if card.framed:
            lay = table.layout
            rect = pygame.Rect(0, 0, lay.card_w, lay.card_h)
            rect.center = (card.key[1], card.key[3])
            pygame.draw.rect(surface, GOLD, rect, width=FOCUS_BORDER, border_radius=CONTROL_RADIUS)
