"""Why a bid: the normal level's own trick count, item by item, in one line a player reads.

"AS KS: 2 · long spades: 1 · void in clubs with 4 trumps: 1.5, so bid 4".  The count is what the
hand takes on its own (``handeval``); the bid itself also weighs the partner's and the opponents'
bids, the bags a low bid leaves unbid and the rules, so the line ends with the bid actually made.
"""

from __future__ import annotations

from .handeval import estimate_tricks, nil_risk, trick_parts


def _number(value: float) -> str:
    halves = round(value * 2) / 2
    return str(int(halves)) if halves == int(halves) else f"{halves:.1f}"


def count_line(hand: int, opponents: int = 2, deck: int | None = None) -> str:
    """The hand's trick count with spades as trump, item by item (``deck``: the mask of the deck
    in force, so a joker counts as the top trump; by default the one the hand's cards imply)."""
    parts = [f"{label}: {_number(value)}" for label, value in trick_parts(hand, 3, opponents, deck)
             if value >= 0.25]
    return " · ".join(parts) if parts else "no sure tricks"


def explain_bid(hand: int, bid_words: str, opponents: int = 2, deck: int | None = None) -> str:
    """One line: the count that led to ``bid_words`` ("4", "nil", "blind nil")."""
    if bid_words == "blind nil":
        return "blind nil: bid before looking at the cards"
    count = count_line(hand, opponents, deck)
    if bid_words == "nil":
        risk = nil_risk(hand, 3, deck)
        return f"{count} (about {_number(estimate_tricks(hand, 3, opponents, deck))} tricks), so nil: little risk" \
               f" of being forced to take one ({round(risk * 100)}%)"
    return f"{count}, so bid {bid_words}"
