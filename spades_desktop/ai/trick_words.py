"""The count's items and a number of tricks in words a player reads ("your ace and king of clubs
should win", "one and a half", "half a trick less"): shared by the bid's reasons (``bid_reasons``)
and the bid hint, so both say an item the same way.  No pygame."""

from __future__ import annotations

import math

from ..engine.cards import SUIT_NAMES
from ..engine.words import card_name
from .handeval import TrickPart

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen")
_SINGULAR = ("club", "diamond", "heart", "spade")


def halves(value: float) -> float:
    """To the half trick (a quarter goes up: 0.25 is half a trick, never shown as 0), as "Why these
    bids" shows the count's items."""
    return math.floor(value * 2 + 0.5) / 2


def number(value: float) -> str:
    """'2', '1.5' (to the half trick)."""
    value = halves(value)
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def tricks_words(value: float) -> str:
    """'half a trick', 'one', 'one and a half', 'two' (to the half trick)."""
    whole, half = int(value), value - int(value) >= 0.5
    if not whole:
        return "half a trick" if half else "nothing"
    return f"{_NUMBER_WORDS[whole]} and a half" if half else _NUMBER_WORDS[whole]


def change_words(tricks: float) -> str:
    """'one more', 'half a trick less' (a change of the bid, to the half trick)."""
    return f"{tricks_words(abs(tricks))} {'more' if tricks > 0 else 'less'}"


def signed(tricks: float) -> str:
    """'+1', '-0.5' (a change in the count's shorthand)."""
    return f"{'+' if tricks > 0 else '-'}{number(abs(tricks))}"


def _cards_words(cards: tuple[int, ...]) -> str:
    """'ace and king of clubs', 'ace of spades', 'ace, king and queen of hearts' (one suit; with
    jokers, each card by its name: 'Big Joker and ace of spades')."""
    names = [card_name(c).removeprefix("the ") for c in cards]
    if len(names) == 1:
        return names[0]
    if any(" of " not in name for name in names):
        return f"{', '.join(names[:-1])} and {names[-1]}"
    ranks = [name.split(" of ")[0] for name in names]
    suit = names[0].split(" of ")[1]
    return f"{', '.join(ranks[:-1])} and {ranks[-1]} of {suit}"


def item_words(part: TrickPart, first: bool) -> str:
    """One item of the count in a sentence: 'your ace and king of clubs should win', 'your four
    spades about one more', 'no clubs to trump in, about one and a half more'."""
    worth = halves(part.value)
    more = "" if first else " more"
    if part.kind == "honours":
        cards = f"your {_cards_words(part.cards)}"
        if worth >= len(part.cards):
            return f"{cards} should win"
        return f"{cards} should take about {tricks_words(worth)}" if first else \
            f"{cards} about {tricks_words(worth)}{more}"
    if part.kind == "length":
        return f"your {_NUMBER_WORDS[part.length]} {SUIT_NAMES[part.suit]} about {tricks_words(worth)}{more}"
    short = "no" if part.length == 0 else "one" if part.length == 1 else "two"
    suit = _SINGULAR[part.suit] if part.length == 1 else SUIT_NAMES[part.suit]
    return f"{short} {suit} to trump in, about {tricks_words(worth)}{more}"
