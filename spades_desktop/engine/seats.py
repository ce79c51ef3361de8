"""Seats around the table, clockwise: North, East, South, West.

The person sits South; in partnership play North is the partner.
"""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def letter(self) -> str:
        return self.name

    def left(self) -> Seat:
        """The next seat clockwise (the player on this seat's left)."""
        return Seat((self + 1) % 4)

    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @classmethod
    def parse(cls, text: object) -> Seat:
        if isinstance(text, str) and text.strip().upper() in cls.__members__:
            return cls[text.strip().upper()]
        raise ValueError(f"not a seat: {text!r} (one of N, E, S, W)")


SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
