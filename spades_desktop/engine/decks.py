"""The deck in force: which cards a hand is dealt from, by the deck option and the mode.

docs/RULES.md section 6 takes cards out and puts jokers in; section 4.5 takes the 2 of
clubs out for three players.  Everything the engine needs to know about that is
here as data, so the state machine asks the deck rather than testing option names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .cards import (
    BIG_JOKER,
    FULL_DECK,
    HIGH_TWO_OF_DIAMONDS,
    HIGH_TWO_OF_SPADES,
    LITTLE_JOKER,
    cards_of,
    make_card,
)
from .rule_values import DECK_MODES, Mode
from .rule_values import Deck as DeckOption

_TWO_C, _TWO_D, _TWO_H, _TWO_S = (make_card(0, suit) for suit in range(4))
_JOKERS = 1 << LITTLE_JOKER | 1 << BIG_JOKER


@dataclass(frozen=True, slots=True)
class Deck:
    """One deck as played: its cards, how many each seat gets, and how its ids map to slots."""

    name: str
    mask: int
    hand_size: int
    #: ids whose slot is not the standard one (the deuces that rank as high trumps)
    aliases: dict[str, int] = field(default_factory=dict)
    #: the cards of ``mask`` low slot first, worked out once (every deal reads them)
    cards: tuple[int, ...] = field(init=False)
    #: the full 52-card deck, dealt by the shuffle's original fast path
    is_standard: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", cards_of(self.mask))
        object.__setattr__(self, "is_standard", self.mask == FULL_DECK)

    @property
    def lowest_club(self) -> int:
        """The club that must open the hand under the two-of-clubs first lead."""
        return (self.mask & -self.mask).bit_length() - 1


@cache
def deck_for(name: DeckOption, mode: Mode) -> Deck:
    """The deck of option ``name`` in ``mode`` (the standard one where the mode excludes it)."""
    if mode not in DECK_MODES.get(name, ()):
        name = DeckOption.STANDARD
    three = mode == Mode.THREE_PLAYER
    hand_size = 17 if three else 13
    if name == DeckOption.STANDARD:
        return Deck(name, FULL_DECK & ~(1 << _TWO_C if three else 0), hand_size)
    if name == DeckOption.JOKERS:
        removed = 1 << _TWO_H | 1 << _TWO_D | (1 << _TWO_C if three else 0)
        return Deck(name, (FULL_DECK & ~removed) | _JOKERS, hand_size)
    # jokers_deuces: out go the 2 of clubs and the 2 of hearts; the 2 of diamonds and the
    # 2 of spades move to the high slots, above the ace of spades and below the jokers
    removed = 1 << _TWO_C | 1 << _TWO_H | 1 << _TWO_D | 1 << _TWO_S
    mask = (FULL_DECK & ~removed) | 1 << HIGH_TWO_OF_SPADES | 1 << HIGH_TWO_OF_DIAMONDS | _JOKERS
    return Deck(name, mask, hand_size, {"2S": HIGH_TWO_OF_SPADES, "2D": HIGH_TWO_OF_DIAMONDS})
