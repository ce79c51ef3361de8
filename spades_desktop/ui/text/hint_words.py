"""The bid hint in a sentence a player reads (issue 38): "Bid 3: your ace and king of clubs should
win, and your four spades about one more".  The items are the count's (``handeval.trick_items``),
to the half trick; the count itself, item by item, stays in "Why these bids".  The bid is the
judge's: where the items add up to another number (the bids so far, the bags a low bid leaves
unbid), the sentence says the deals decided.  No pygame.
"""

from __future__ import annotations

from ...ai.handeval import TrickPart, nil_risk, trick_items
from ...engine import actions as A
from ...engine.cards import SUIT_NAMES
from ...engine.words import card_name

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen")
_SINGULAR = ("club", "diamond", "heart", "spade")


def halves(value: float) -> float:
    """A count to the half trick (as "Why these bids" shows it)."""
    return round(value * 2) / 2


def tricks_words(value: float) -> str:
    """'half a trick', 'one', 'one and a half', 'two' (to the half trick)."""
    whole, half = int(value), value - int(value) >= 0.5
    if not whole:
        return "half a trick" if half else "nothing"
    return f"{_NUMBER_WORDS[whole]} and a half" if half else _NUMBER_WORDS[whole]


def _cards_words(cards: tuple[int, ...]) -> str:
    """'ace and king of clubs', 'ace of spades', 'ace, king and queen of hearts' (one suit)."""
    names = [card_name(c).removeprefix("the ") for c in cards]
    if len(names) == 1:
        return names[0]
    ranks = [name.split(" of ")[0] for name in names]
    suit = names[0].split(" of ")[1]
    return f"{', '.join(ranks[:-1])} and {ranks[-1]} of {suit}"


def _item_words(part: TrickPart, first: bool) -> str:
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


def bid_hint(hand: int, action: int, opponents: int = 2, deck: int | None = None,
             deals: int | None = None) -> str:
    """The bid hint's sentence: 'Bid 3: your ace and king of clubs should win, and your four spades
    about one more'.  ``deals``: how many deals the judge weighed the bids over (said when the
    items add up to another number than the bid)."""
    if action == A.NIL:
        risk = round(nil_risk(hand, 3, deck) * 100)
        return f"Bid nil: no card of yours should have to win a trick ({risk}% risk of being forced to take one)"
    bid = A.bid_value(action)
    items = [p for p in trick_items(hand, 3, opponents, deck) if halves(p.value) >= 0.5]
    if not items:
        reason = "no card of yours is a sure trick"
    else:
        said = [_item_words(p, i == 0) for i, p in enumerate(items)]
        reason = said[0] if len(said) == 1 else f"{', '.join(said[:-1])}, and {said[-1]}"
    total = sum(halves(p.value) for p in items)
    if deals is not None and abs(total - bid) >= 1:
        reason += f"; with the bids so far, {bid} scores best over {deals} deals like this one"
    return f"Bid {bid}: {reason}"
