"""A card on the table as the animations move it: position, lift, face and fade.

Sprites are plain mutable records so tweens can drive any of their fields by name.
"""

from __future__ import annotations

from ...engine.cards import SUIT_OF

SUIT_ORDER = {3: 0, 2: 1, 0: 2, 1: 3}  # spades, hearts, clubs, diamonds: colours alternate
#: for each trump suit (None: no trump) the suits left to right: trump first, colours alternating
TRUMP_FIRST = {3: (3, 2, 0, 1), 2: (2, 3, 1, 0), 1: (1, 3, 2, 0), 0: (0, 2, 3, 1), None: (3, 2, 0, 1)}


class CardSprite:
    __slots__ = ("alpha", "card", "face_up", "lift", "rotated", "squash", "x", "y")

    def __init__(self, card: int, x: float, y: float, face_up: bool, rotated: bool = False) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.face_up = face_up
        self.lift = 0.0
        self.rotated = rotated
        self.alpha = 255.0
        self.squash = 1.0  # its width as a share of a card's: below 1 while it turns over


def hand_order(cards: list[int], trump: int | None = 3) -> list[int]:
    """The person's hand sorted by suit, the trump suit at the left and colours alternating,
    then by rank, high first.  Suits are the rules' (``SUIT_OF``): the jokers and the trump
    deuces sit in the high slots of the spades, so they come first, above the ace."""
    place = {suit: i for i, suit in enumerate(TRUMP_FIRST[trump])}
    return sorted(cards, key=lambda c: (place[SUIT_OF[c]], -c))
