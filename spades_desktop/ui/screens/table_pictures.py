"""Small pictures of saved games' tables, for the load list: the felt, each seat's hand as a pile
of backs, the trick on the table face up, a gold edge round the hand whose turn it is (or round
the winners' hands, in a finished game).

Drawn from the game each save holds (the list reads it anyway), not stored beside the save: there
is no picture file to be missing, damaged or hostile, to keep through a rename or to leave behind
after a delete, and every save has one, the finished games and the kept unfinished ones too.  A
save whose game cannot be read gets a plain placeholder.  Each picture is drawn once per save and
size and kept, so no frame draws one twice.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import pygame

from ...engine.cards import SUIT_OF
from ...engine.phase import Phase
from ...engine.seats import Seat
from ...engine.state import GameState
from ..cards.suit_glyphs import suit_glyph
from ..core.theme import (
    CARD_ASPECT,
    GOLD,
    PICTURE_BACK,
    PICTURE_BLACK,
    PICTURE_CARD_EDGE,
    PICTURE_CARD_RADIUS,
    PICTURE_EDGE,
    PICTURE_FACE,
    PICTURE_NONE,
    PICTURE_RED,
    PICTURE_RING,
    QUIET_BORDER,
)

#: where each seat's hand lies, as (x, y) shares of the picture, and whether its pile runs down
SEAT_PLACES = {Seat.N: (0.5, 0.0, False), Seat.S: (0.5, 1.0, False), Seat.W: (0.0, 0.5, True),
               Seat.E: (1.0, 0.5, True)}
#: how far a trick's card lies from the middle toward its player, in cards
TRICK_REACH = {Seat.N: (0.0, -0.5), Seat.S: (0.0, 0.5), Seat.W: (-0.85, 0.0), Seat.E: (0.85, 0.0)}


class TablePictures:
    """The pictures drawn so far, by save and size: a save written again (a new time of saving)
    or a new window size draws anew; the rest is kept."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, pygame.Surface] = {}

    def picture(self, path: Path, saved_at: float, state: GameState | None, size: tuple[int, int],
                felt: tuple[int, int, int]) -> pygame.Surface:
        key = (path, saved_at, size, felt)
        image = self._kept.get(key)
        if image is None:
            if len(self._kept) > 256:  # (a long session of resizes: start again rather than grow)
                self._kept.clear()
            image = self._kept[key] = draw_table(state, size, felt) if state is not None else placeholder(size)
        return image

    def forget(self) -> None:
        self._kept.clear()


def placeholder(size: tuple[int, int]) -> pygame.Surface:
    """A plain dark card-table shape, for a save whose game cannot be read."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    radius = max(2, rect.h // 8)
    pygame.draw.rect(image, PICTURE_NONE, rect, border_radius=radius)
    pygame.draw.rect(image, QUIET_BORDER, rect, width=PICTURE_EDGE, border_radius=radius)
    return image


def draw_table(state: GameState, size: tuple[int, int], felt: tuple[int, int, int]) -> pygame.Surface:
    """The table of ``state`` in a picture ``size`` large."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    radius = max(2, rect.h // 8)
    pygame.draw.rect(image, felt, rect, border_radius=radius)
    card_w = max(4, round(rect.h * 0.14))
    card_h = round(card_w * CARD_ASPECT)
    for seat in state.seats:
        _draw_hand(image, state.hands[seat].bit_count(), SEAT_PLACES[seat], (card_w, card_h), _ringed(state, seat))
    trick = tuple(zip(state.play_order[state.leader], state.trick_cards, strict=False))
    if state.phase is Phase.PLAY and trick:
        face = (round(card_w * 1.3), round(card_w * 1.3 * CARD_ASPECT))
        for seat, card in trick:
            dx, dy = TRICK_REACH[seat]
            card_rect = pygame.Rect(0, 0, *face)
            card_rect.center = (rect.centerx + round(dx * face[0]), rect.centery + round(dy * face[1]))
            _draw_face(image, card_rect, card)
    pygame.draw.rect(image, QUIET_BORDER, rect, width=PICTURE_EDGE, border_radius=radius)
    return image


def _ringed(state: GameState, seat: Seat) -> bool:
    """Whose hand has a gold edge: the seat to play, or the winners once the game is over."""
    if state.phase is Phase.GAME_OVER:
        return state.winner is not None and state.side_of_seat(seat) == state.winner
    return state.turn == seat


def _draw_hand(image: pygame.Surface, count: int, place: tuple[float, float, bool], card: tuple[int, int],
               ringed: bool) -> None:
    """A seat's ``count`` cards as an overlapping row (or column) of backs at its edge."""
    if not count:
        return
    width, height = image.get_size()
    fx, fy, down = place
    w, h = (card[1], card[0]) if down else card  # the side seats' cards lie across
    edge = 3
    room = (height - 2 * (card[1] + 2 * edge)) if down else int(width * 0.5)
    step = min(w * 0.45 if not down else h * 0.45, max(1.0, (room - (h if down else w)) / max(1, count - 1)))
    span = round((h if down else w) + step * (count - 1))
    box = pygame.Rect(0, 0, w if down else span, span if down else h)
    box.center = (round(fx * width), round(fy * height))
    box.clamp_ip(image.get_rect().inflate(-2 * edge, -2 * edge))
    # the pile as one back, with a line where each card's edge lies: a stack at any size (a back
    # drawn per card is all edge where the cards lie a pixel apart)
    pygame.draw.rect(image, PICTURE_BACK, box, border_radius=PICTURE_EDGE)
    if step >= 2:
        for i in range(1, count):
            at = round(step * i)
            start, end = ((box.left, box.top + at), (box.right - 1, box.top + at)) if down else (
                (box.left + at, box.top), (box.left + at, box.bottom - 1))
            pygame.draw.line(image, PICTURE_CARD_EDGE, start, end)
    pygame.draw.rect(image, PICTURE_CARD_EDGE, box, width=PICTURE_EDGE, border_radius=PICTURE_EDGE)
    if ringed:
        pygame.draw.rect(image, GOLD, box.inflate(2 * PICTURE_RING, 2 * PICTURE_RING), width=PICTURE_RING,
                         border_radius=PICTURE_CARD_RADIUS)


def _draw_face(image: pygame.Surface, rect: pygame.Rect, card: int) -> None:
    """A card face up: its suit's symbol in its colour (the rank is too small to read at this size)."""
    pygame.draw.rect(image, PICTURE_FACE, rect, border_radius=PICTURE_CARD_RADIUS)
    pygame.draw.rect(image, PICTURE_BLACK, rect, width=PICTURE_EDGE, border_radius=PICTURE_CARD_RADIUS)
    suit = SUIT_OF[card]
    glyph = suit_glyph(suit, rect.w * 0.7, PICTURE_RED if suit in (1, 2) else PICTURE_BLACK)
    image.blit(glyph, glyph.get_rect(center=rect.center))
