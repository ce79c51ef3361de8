"""A card on the table as the animations move it: position, lift, face and fade.

Sprites are plain mutable records so tweens can drive any of their fields by name.
"""

from __future__ import annotations

SUIT_ORDER = {3: 0, 2: 1, 0: 2, 1: 3}  # spades, hearts, clubs, diamonds: colours alternate


class CardSprite:
    __slots__ = ("alpha", "card", "face_up", "lift", "rotated", "x", "y")

    def __init__(self, card: int, x: float, y: float, face_up: bool, rotated: bool = False) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.face_up = face_up
        self.lift = 0.0
        self.rotated = rotated
        self.alpha = 255.0


def hand_order(cards: list[int]) -> list[int]:
    """The person's hand sorted by suit (colours alternating) and then by rank, high first."""
    return sorted(cards, key=lambda c: (SUIT_ORDER[c // 13], -(c % 13)))

