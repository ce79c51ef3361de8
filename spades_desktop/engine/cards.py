"""Cards, suits and hands as small integers and bit masks.

A card is an index ``suit * 13 + rank`` (rank 0 is the two, 12 the ace; suits
clubs, diamonds, hearts, spades).  A hand is an ``int`` with one bit per card.
Masks make the hot paths of the engine and of AI search cheap: following suit is
an AND with a suit mask, counting is ``int.bit_count`` and the highest card of a
suit is ``bit_length``.

The jokers decks of docs/RULES.md section 6 add trumps that rank above the ace of
spades.  They get the four slots above it, 52 to 55, so the trump suit is one
contiguous field of 17 bits and "highest trump" stays ``bit_length``: 52 is the
2 of spades and 53 the 2 of diamonds when they rank as high trumps
(``jokers_deuces``), 54 the Little Joker and 55 the Big Joker.  Which slot a text
id such as ``2S`` names depends on the deck in force (see ``decks.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
NUM_CARDS = 56  # card slots: the 52 standard cards and four high trumps
STANDARD_CARDS = 52
FULL_DECK = (1 << STANDARD_CARDS) - 1  # the standard deck
HIGH_TWO_OF_SPADES, HIGH_TWO_OF_DIAMONDS, LITTLE_JOKER, BIG_JOKER = 52, 53, 54, 55
#: bits of each suit: the trump field (spades) also holds the four high slots
SUIT_FIELDS = (0x1FFF, 0x1FFF, 0x1FFF, 0x1FFFF)
SUIT_MASKS = tuple(SUIT_FIELDS[suit] << (13 * suit) for suit in range(4))
#: SUIT_OF[card]: the suit a card belongs to for every rule (the high slots are spades)
SUIT_OF = tuple(c // 13 for c in range(STANDARD_CARDS)) + (SPADES,) * 4
TWO_OF_CLUBS = 0
_HIGH_IDS = ("2S", "2D", "LJ", "BJ")


def card_rank(card: int) -> int:
    """Rank within the suit: 0 (two) to 12 (ace); the high trump slots go on to 16."""
    return card - 13 * SUIT_OF[card]


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def card_id(card: int) -> str:
    """Text id such as ``AS``, ``TH`` or ``BJ``."""
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"card index out of range: {card!r}")
    if card >= STANDARD_CARDS:
        return _HIGH_IDS[card - STANDARD_CARDS]
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(text: str, aliases: Mapping[str, int] | None = None) -> int:
    """Card index from a text id; accepts ``10H`` and lower case as well.

    ``aliases`` maps the ids whose slot depends on the deck (``2S`` and ``2D`` in
    jokers_deuces) to their slot; a deck's ``aliases`` is the one to pass.
    """
    if not isinstance(text, str):
        raise ValueError(f"a card id must be a string like 'AS', not {text!r}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if aliases and t in aliases:
        return aliases[t]
    if t == "LJ":
        return LITTLE_JOKER
    if t == "BJ":
        return BIG_JOKER
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"not a card id: {text!r} (rank from {RANKS}, suit from {SUITS}, e.g. 'AS', or BJ, LJ)")
    return make_card(RANKS.index(t[0]), SUITS.index(t[1]))


def _build_suit_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    # For each suit, a tuple indexed by a 13-bit pattern giving the cards in it,
    # low to high.  32k small tuples: the price of allocation-free legal moves.
    # Built by doubling: the patterns that hold a card are those below it, each with the card
    # added (one short tuple per pattern, in C-speed list building: ~2 ms at start).
    tables = []
    for suit in range(4):
        table: list[tuple[int, ...]] = [()]
        for card in range(suit * 13, suit * 13 + 13):
            one = (card,)
            table += [below + one for below in table]
        tables.append(tuple(table))
    return tuple(tables)


SUIT_CARD_TABLES = _build_suit_tables()
#: HIGH_CARD_TABLE[mask >> 52]: the high trump slots of a mask, low to high
HIGH_CARD_TABLE = tuple(
    tuple(STANDARD_CARDS + r for r in range(4) if pattern >> r & 1) for pattern in range(16)
)


# one name per suit's table: cards_of runs on every lead of every simulated hand, and a module
# global is one lookup where ``SUIT_CARD_TABLES[suit]`` is two (a fifth of its time)
_CLUB_CARDS, _DIAMOND_CARDS, _HEART_CARDS, _SPADE_CARDS = SUIT_CARD_TABLES


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a mask, clubs first, each suit low to high (jokers last)."""
    cards = (
        _CLUB_CARDS[mask & 0x1FFF]
        + _DIAMOND_CARDS[mask >> 13 & 0x1FFF]
        + _HEART_CARDS[mask >> 26 & 0x1FFF]
        + _SPADE_CARDS[mask >> 39 & 0x1FFF]
    )
    if mask >> STANDARD_CARDS:
        return cards + HIGH_CARD_TABLE[mask >> STANDARD_CARDS]
    return cards


def ids_of(mask: int) -> list[str]:
    return [card_id(c) for c in cards_of(mask)]


def mask_from_ids(ids: Iterable[str], aliases: Mapping[str, int] | None = None) -> int:
    """Mask from text ids; refuses duplicates so a hand is always distinct cards."""
    mask = 0
    for text in ids:
        bit = 1 << parse_card(text, aliases)
        if mask & bit:
            raise ValueError(f"card {text!r} appears twice")
        mask |= bit
    return mask

