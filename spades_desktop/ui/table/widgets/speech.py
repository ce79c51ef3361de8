"""A computer's word at a hand's end (table talk), in a speech bubble by its plate.

The bubble goes on the first side of the plate where it is clear of everything: the trick's place
and the person's hand's (by the layout, cards or not), any hand holding cards, and every other
picture on the table (plates, piles, the scoreboard, the corner, bubbles, notes, messages, chips);
where no side is clear, the word is not shown at all: table talk is never in the way.  Its tail
points at the speaker's plate, and its edge is the speaker's seat colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from ....engine.seats import Seat
from ...core.theme import (
    BODY,
    BORDER,
    INK_ON_LIGHT,
    SEAT_COLOURS,
    SPEECH_FILL,
    SPEECH_RADIUS,
    SPEECH_TAIL,
)
from ...core.widgets import draw_panel, draw_text, panel_area, text_width
from .base import Box, Scratch, TableWidget, box

if TYPE_CHECKING:
    from ..scene import TableScene
    from .notes import PlateOf

#: the sides of its plate a seat's bubble tries, in order: toward the middle of the table first
SIDES: dict[Seat, tuple[str, ...]] = {
    Seat.N: ("left", "right", "above", "below"),  # (above: North's hand, empty at a hand's end)
    Seat.S: ("above", "left", "right"),
    Seat.W: ("right", "above", "below"),
    Seat.E: ("left", "above", "below"),
}
#: how far from the window's edge a bubble stays
EDGE = 6


def bubble_size(font: pygame.font.Font, text: str) -> tuple[int, int]:
    """A bubble round one line of ``text``: half a line's room either side of it."""
    return text_width(font, text) + font.get_linesize() + 12, font.get_linesize() + 14


def speech_place(seat: Seat, plate: pygame.Rect, size: tuple[int, int], window: pygame.Rect,
                 taken: Sequence[pygame.Rect], gap: int) -> pygame.Rect | None:
    """Where ``seat``'s bubble of ``size`` goes by its ``plate``: the first place beside it (``SIDES``,
    centred on that side or flush with either end of it) inside the window and clear of ``taken``."""
    room = window.inflate(-2 * EDGE, -2 * EDGE)
    for side in SIDES[seat]:
        for rect in _beside(plate, size, side, gap):
            if room.contains(rect) and rect.collidelist(list(taken)) < 0:
                return rect
    return None


def _beside(plate: pygame.Rect, size: tuple[int, int], side: str, gap: int) -> list[pygame.Rect]:
    rect = pygame.Rect((0, 0), size)
    places: list[pygame.Rect] = []
    if side in ("left", "right"):
        x = plate.left - gap - rect.w if side == "left" else plate.right + gap
        for y in (plate.centery - rect.h // 2, plate.top, plate.bottom - rect.h):
            places.append(rect.move(x, y))
    else:
        y = plate.top - gap - rect.h if side == "above" else plate.bottom + gap
        for x in (plate.centerx - rect.w // 2, plate.left, plate.right - rect.w):
            places.append(rect.move(x, y))
    return places


class SpeechLook(NamedTuple):
    text: str
    seat: Seat
    place: Box  # the bubble
    plate: Box  # its speaker's plate: the tail points at it


class Speech(TableWidget[SpeechLook]):
    """The reaction of the moment (``view.reaction``), by its speaker's plate while it lasts."""

    def __init__(self, table: TableScene, scratch: Scratch, plate: PlateOf,
                 taken: Callable[[], list[pygame.Rect]]) -> None:
        super().__init__(table, scratch)
        self.plate = plate
        self.taken = taken
        self.bubble: pygame.Rect | None = None  # where the bubble lies now (tests)

    def inputs(self) -> SpeechLook | None:
        reaction = self.table.view.reaction
        plate = None if reaction is None else self.plate(reaction.seat)
        if reaction is None or plate is None:
            self.bubble = None
            return None
        taken = self.taken()
        key = (reaction, box(plate), tuple(box(rect) for rect in taken), self.table.layout)
        look = self.remembered(key, lambda: self._placed(reaction.seat, reaction.line, plate, taken))
        self.bubble = None if look is None else pygame.Rect(look.place)
        return look

    def gap(self) -> int:
        """Between the plate and the bubble: the tail's length, and clear of the plate's shadow."""
        return max(12, int(self.table.layout.height * SPEECH_TAIL) + 6)

    def _placed(self, seat: Seat, text: str, plate: pygame.Rect, taken: list[pygame.Rect]) -> SpeechLook | None:
        lay = self.table.layout
        size = bubble_size(self.table.app.fonts.get(BODY), text)
        rect = speech_place(seat, plate, size, pygame.Rect(0, 0, lay.width, lay.height), taken, self.gap())
        return None if rect is None else SpeechLook(text, seat, box(rect), box(plate))

    def paint(self, surface: pygame.Surface, inputs: SpeechLook) -> pygame.Rect | None:
        rect, plate = pygame.Rect(inputs.place), pygame.Rect(inputs.plate)
        edge = tuple(min(255, c + 50) for c in SEAT_COLOURS[inputs.seat])
        draw_panel(surface, rect, SPEECH_FILL, edge, SPEECH_RADIUS)  # type: ignore[arg-type]
        tail = _tail(rect, plate, self.gap() - 4)
        pygame.draw.polygon(surface, SPEECH_FILL[:3], tail)
        pygame.draw.lines(surface, edge, False, tail, BORDER)
        draw_text(surface, self.table.app.fonts.get(BODY), inputs.text, INK_ON_LIGHT, center=rect.center)
        area = panel_area(rect)
        for x, y in tail:
            area.union_ip(pygame.Rect(x - BORDER, y - BORDER, 2 * BORDER, 2 * BORDER))
        return area


def _tail(rect: pygame.Rect, plate: pygame.Rect, length: int) -> list[tuple[int, int]]:
    """A small triangle from the bubble's edge facing the plate toward it: the base's two corners (just
    inside the bubble, covering its border there) and the tip between them."""
    half = max(5, length // 2)
    if rect.right <= plate.left or rect.left >= plate.right:  # beside the plate
        side = 1 if rect.left >= plate.right else -1
        x = rect.left + 1 if side > 0 else rect.right - 2
        y = min(max(plate.centery, rect.top + SPEECH_RADIUS), rect.bottom - SPEECH_RADIUS)
        return [(x, y - half), (x - side * length, y + half // 2), (x, y + half)]
    side = 1 if rect.top >= plate.bottom else -1  # below (1) or above the plate
    y = rect.top + 1 if side > 0 else rect.bottom - 2
    x = min(max(plate.centerx, rect.left + SPEECH_RADIUS + half), rect.right - SPEECH_RADIUS - half)
    return [(x - half, y), (x - half // 2, y - side * length), (x + half, y)]
