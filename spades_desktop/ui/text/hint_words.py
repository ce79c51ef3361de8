"""The bid hint in a sentence a player reads (issues 38 and 55): "Bid 5: your king and queen of
clubs should take about one, your king and queen of diamonds about one more, and your ace of
hearts should win; your partner's nil: you cover it, about one more; a seat takes a little under
its count in play: one less; 3 tricks nobody bid: one more".  The reasons are the bid's
(``ai.bid_reasons``): the count's items, to the half trick, then each step that moved the number,
and they add up to the bid; a nil says its risk, and the game where the score chose it.  The bid
is the judge's: where the normal level's steps give another number, the deals said last decided.
No pygame.
"""

from __future__ import annotations

from ...ai.bid_reasons import Reason, ReasonKind, bid_reasons
from ...engine import actions as A
from ...engine.view import SeatView


def hint_reasons(reasons: list[Reason]) -> str:
    """The reasons in one sentence: the count's items as a list ('a, b, and c'), then each other
    reason after a semicolon."""
    items = [r.words for r in reasons if r.kind is ReasonKind.ITEM]
    rest = [r.words for r in reasons if r.kind is not ReasonKind.ITEM]
    said = []
    if items:
        said.append(items[0] if len(items) == 1 else f"{', '.join(items[:-1])}, and {items[-1]}")
    elif not any(r.kind is ReasonKind.NIL for r in reasons):
        said.append("no card of yours is a sure trick")
    return "; ".join(said + rest)


def bid_hint(view: SeatView, action: int, deals: int | None = None) -> str:
    """The bid hint's sentence for ``action`` bid from ``view`` (the person's seat at its bid):
    'Bid 3: your ace and king of clubs should win, and your four spades about one more'.
    ``deals``: how many deals the judge weighed the bids over (said where they chose the bid)."""
    bid = 0 if action == A.NIL else A.bid_value(action)
    words = "nil" if bid == 0 else str(bid)
    return f"Bid {words}: {hint_reasons(bid_reasons(view, bid, deals))}"
