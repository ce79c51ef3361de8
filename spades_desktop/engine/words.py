"""Words the game writes in more than one place, said once (no pygame): counts with their nouns,
and cards named as the table prints them (every piece of advice names cards with these)."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import STANDARD_CARDS, SUIT_NAMES, card_id


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 trick', '2 tricks', '0 tricks'; ``words`` for a plural that is not the word and an s."""
    return f"{n} {word if n == 1 else words or word + 's'}"


_RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
_HIGH_NAMES = ("2 of spades", "2 of diamonds", "Little Joker", "Big Joker")  # the four high trump slots


def card_short(card: int) -> str:
    """A card as the table prints it, for compact places: '10D', 'QH', 'BJ' (never 'TD')."""
    text = card_id(card)
    return "10" + text[1:] if text.startswith("T") else text


def card_name(card: int) -> str:
    """A card in words, as a sentence names it: 'the 10 of diamonds', 'the queen of hearts',
    'the Big Joker'."""
    if card >= STANDARD_CARDS:
        return f"the {_HIGH_NAMES[card - STANDARD_CARDS]}"
    card_id(card)  # (a card out of range is refused as the ids refuse it)
    return f"the {_RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def cards_short(cards: Iterable[int]) -> str:
    """Several cards as the table prints them, high to low as given: 'AS KS 10S'."""
    return " ".join(card_short(c) for c in cards)
