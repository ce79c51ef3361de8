"""Counting likely tricks in a hand, and judging whether it can go nil.

The estimates follow how strong players bid: sure winners (aces, protected
kings), length in trumps, and ruffing tricks from voids and short suits.

Trumps are judged by their place from the top of the trump order of the deck in
force, not by their printed rank: with jokers the Big Joker is the boss trump and
the ace of spades only the third, so the ace counts as a queen would in the
standard deck.  Side suits keep their ranks (the jokers decks only take deuces
out of them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import FULL_DECK, SUIT_FIELDS, SUIT_MASKS, SUIT_OF, card_rank
from ..engine.decks import deck_for
from ..engine.rule_values import Deck, Mode
from ..engine.words import card_short, plural

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8
_DECK_JOKERS = deck_for(Deck.JOKERS, Mode.PARTNERSHIP).mask
_DECK_DEUCES = deck_for(Deck.JOKERS_DEUCES, Mode.PARTNERSHIP).mask
_HIGH_DEUCES = 0b11 << 52  # the 2 of spades and 2 of diamonds as high trumps


def deck_of_hand(hand: int, deck: int | None) -> int:
    """The deck to judge ``hand`` in: ``deck`` when the caller knows it (``view.deck_mask``),
    else the one the hand's cards imply (a high deuce: jokers_deuces; a joker: jokers)."""
    if deck is not None:
        return deck
    if not hand >> 52:
        return FULL_DECK
    return _DECK_DEUCES if hand & _HIGH_DEUCES else _DECK_JOKERS


def suit_ranks(hand: int, suit: int) -> list[int]:
    """Ranks (0 = two .. 12 = ace, 13..16 the high trump slots) held in a suit, high to low."""
    bits = (hand >> (13 * suit)) & SUIT_FIELDS[suit]
    return [r for r in range(bits.bit_length() - 1, -1, -1) if bits >> r & 1]


def trump_ranks(hand: int, trump: int, deck: int | None = None) -> list[tuple[int, int]]:
    """(card, rank as it plays) of the trumps held, high to low: the top trump of the deck
    counts as an ace, the next as a king and so on (never below a two)."""
    field = (deck_of_hand(hand, deck) | hand) & SUIT_MASKS[trump]
    out = []
    place = 0
    while field:
        card = field.bit_length() - 1
        if hand >> card & 1:
            out.append((card, max(0, ACE - place)))
        place += 1
        field ^= 1 << card
    return out


def estimate_tricks(hand: int, trump: int | None = 3, opponents: int = 2, deck: int | None = None) -> float:
    """Expected tricks this hand takes on its own with ``trump`` (None: no trump).

    ``opponents`` is 2 in four-handed play and 1 in two-player, where high cards
    are safer (half the deck is out of play).  ``deck``: the mask of the deck in
    force (``view.deck_mask``); by default the one the hand implies.
    """
    return _count(hand, trump, opponents, None, deck)


@dataclass(frozen=True)
class TrickPart:
    """One item of the count: ``kind`` "honours" (``cards``, of ``suit``, ``length`` held), "length"
    (``length`` trumps of ``suit``) or "ruff" (``length`` cards of side suit ``suit``, with
    ``trumps`` trumps), worth ``value`` tricks; ``label`` is its short form ("KC QC with 4")."""

    kind: str
    suit: int
    value: float
    label: str
    cards: tuple[int, ...] = ()
    length: int = 0
    trumps: int = 0


def trick_items(hand: int, trump: int | None = 3, opponents: int = 2, deck: int | None = None) -> list[TrickPart]:
    """The count item by item (what the bid hint puts in a sentence)."""
    parts: list[TrickPart] = []
    _count(hand, trump, opponents, parts, deck)
    return parts


def trick_parts(hand: int, trump: int | None = 3, opponents: int = 2,
                deck: int | None = None) -> list[tuple[str, float]]:
    """The same count, item by item, in short words (what "Why these bids" shows):
    [("AS KS", 1.95), ("long spades", 0.85), ("void in clubs with 4 trumps", 1.4), ...]."""
    return [(part.label, part.value) for part in trick_items(hand, trump, opponents, deck)]


SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def _count(hand: int, trump: int | None, opponents: int, parts: list[TrickPart] | None,
           deck: int | None) -> float:
    tricks = 0.0
    trump_len = 0
    trump_high = 0.0
    if trump is not None:
        held = trump_ranks(hand, trump, deck)
        ranks = [r for _, r in held]
        trump_len = len(ranks)
        for i, r in enumerate(ranks):
            # the i-th highest trump wins if it is high enough to survive i rounds of leads
            if r == ACE:
                trump_high += 1.0
            elif r == KING:
                trump_high += 0.95 if trump_len >= 2 else 0.5
            elif r == QUEEN:
                trump_high += 0.8 if trump_len >= 3 else 0.3
            elif r == JACK and trump_len >= 4:
                trump_high += 0.5
            elif i >= 3:
                trump_high += 0.0
        length_tricks = max(0.0, trump_len - 3) * 0.85
        tricks += max(trump_high, 0.0) + length_tricks
        if parts is not None:
            honours = tuple(c for c, r in held if r >= JACK)
            if trump_high:
                parts.append(TrickPart("honours", trump, trump_high, " ".join(map(card_short, honours)), honours,
                                       trump_len))
            if length_tricks:
                parts.append(TrickPart("length", trump, length_tricks, f"long {SUIT_WORDS[trump]}", length=trump_len))
    spare_trumps = max(0, trump_len - 2) if trump is not None else 0
    for suit in range(4):
        if suit == trump:
            continue
        ranks = suit_ranks(hand, suit)
        n = len(ranks)
        suit_tricks = 0.0
        if ACE in ranks:
            suit_tricks += 0.95 if n <= 5 else 0.75
        if KING in ranks:
            suit_tricks += (0.75 if ACE in ranks else 0.55) if n >= 2 else 0.15
        if QUEEN in ranks and n >= 3:
            suit_tricks += 0.35 if (ACE in ranks or KING in ranks) else 0.2
        if opponents == 1:
            suit_tricks *= 1.1
        tricks += suit_tricks
        if parts is not None and suit_tricks:
            side_cards = tuple(13 * suit + r for r in ranks if r >= QUEEN)
            side_honours = " ".join(map(card_short, side_cards))
            parts.append(TrickPart("honours", suit, suit_tricks, side_honours if n <= 3 else f"{side_honours} with {n}",
                                   side_cards, n))
        if trump is not None and spare_trumps > 0:
            if n == 0:
                ruff = min(spare_trumps, 2) * 0.7
            elif n == 1:
                ruff = min(spare_trumps, 1) * 0.45
            elif n == 2:
                ruff = min(spare_trumps, 1) * 0.2
            else:
                ruff = 0.0
            tricks += ruff
            if parts is not None and ruff:
                short = ("void in", "singleton", "doubleton")[n]
                label = f"{short} {SUIT_WORDS[suit]} with {plural(trump_len, 'trump')}"
                parts.append(TrickPart("ruff", suit, ruff, label, length=n, trumps=trump_len))
            spare_trumps -= round(ruff / 0.7) if ruff else 0
    return min(tricks, float(max(13, hand.bit_count())))  # 17 cards a hand with three players


def nil_risk(hand: int, trump: int | None = 3, deck: int | None = None) -> float:
    """A rough chance (0..1) that this hand is forced to take a trick if it bids nil
    (trumps by their place in the deck's trump order: holding the Big Joker is certain)."""
    risk = 0.0
    for suit in range(4):
        ranks = [r for _, r in trump_ranks(hand, suit, deck)] if suit == trump else suit_ranks(hand, suit)
        n = len(ranks)
        if not n:
            continue
        low_cover = sum(1 for r in ranks if r <= 5)  # sevens and below help duck
        if suit == trump:
            if ACE in ranks:
                return 1.0
            if KING in ranks:
                risk += 0.6
            if QUEEN in ranks:
                risk += 0.35 if n <= 3 else 0.5
            if n >= 4:
                risk += 0.12 * (n - 3)
            for r in ranks:
                if TEN >= r >= 7:
                    risk += 0.06
            continue
        top = ranks[0]
        if top >= JACK:
            danger = {ACE: 0.55, KING: 0.4, QUEEN: 0.28, JACK: 0.18}[top]
            danger *= max(0.25, 1.0 - 0.25 * (low_cover))
            risk += danger
        elif top >= 8:
            risk += 0.05 if low_cover else 0.1
    return min(1.0, risk)


def card_strength(card: int, trump: int | None = 3) -> float:
    """A card's rough value for keeping in two-player draws (higher is better)."""
    rank = card_rank(card)
    value = max(0, rank - 7) * 0.25  # nine and up count
    if rank == ACE:
        value += 0.5
    if trump is not None and SUIT_OF[card] == trump:
        value += 0.6 + rank * 0.03
    return value

