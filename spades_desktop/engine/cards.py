"""Cards, suits and hands as small integers and 52-bit masks.

A card is an index ``suit * 13 + rank`` (rank 0 is the two, 12 the ace; suits
clubs, diamonds, hearts, spades).  A hand is an ``int`` with one bit per card.
Masks make the hot paths of the engine and of AI search cheap: following suit is
an AND with a suit mask, counting is ``int.bit_count`` and the highest card of a
suit is ``bit_length``.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
NUM_CARDS = 52
FULL_DECK = (1 << NUM_CARDS) - 1
SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
TWO_OF_CLUBS = 0


def card_suit(card: int) -> int:
    return card // 13


def card_rank(card: int) -> int:
    return card % 13


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def card_id(card: int) -> str:
    """Text id such as ``AS`` or ``TH``."""
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"card index out of range: {card!r}")
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(text: str) -> int:
    """Card index from a text id; accepts ``10H`` and lower case as well."""
    if not isinstance(text, str):
        raise ValueError(f"a card id must be a string like 'AS', not {text!r}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"not a card id: {text!r} (rank from {RANKS}, suit from {SUITS}, e.g. 'AS')")
    return make_card(RANKS.index(t[0]), SUITS.index(t[1]))


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _build_suit_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    # For each suit, a tuple indexed by a 13-bit pattern giving the cards in it,
    # low to high.  32k small tuples: the price of allocation-free legal moves.
    tables = []
    for suit in range(4):
        base = suit * 13
        table = tuple(
            tuple(base + r for r in range(13) if pattern >> r & 1) for pattern in range(1 << 13)
        )
        tables.append(table)
    return tuple(tables)


SUIT_CARD_TABLES = _build_suit_tables()


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a mask, clubs first, each suit low to high."""
    t = SUIT_CARD_TABLES
    return (
        t[0][mask & 0x1FFF]
        + t[1][(mask >> 13) & 0x1FFF]
        + t[2][(mask >> 26) & 0x1FFF]
        + t[3][(mask >> 39) & 0x1FFF]
    )


def cards_in_suit(mask: int, suit: int) -> tuple[int, ...]:
    return SUIT_CARD_TABLES[suit][(mask >> (13 * suit)) & 0x1FFF]


def ids_of(mask: int) -> list[str]:
    return [card_id(c) for c in cards_of(mask)]


def mask_from_ids(ids: Iterable[str]) -> int:
    """Mask from text ids; refuses duplicates so a hand is always distinct cards."""
    mask = 0
    for text in ids:
        bit = 1 << parse_card(text)
        if mask & bit:
            raise ValueError(f"card {text!r} appears twice")
        mask |= bit
    return mask


def highest_in(mask: int) -> int:
    """Index of the highest card of a non-empty mask."""
    return mask.bit_length() - 1


def lowest_in(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def suit_name(suit: int) -> str:
    return SUIT_NAMES[suit]
