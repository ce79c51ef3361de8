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
from ...ai.trick_words import number, tricks_words
from ...engine import actions as A
from ...engine.cards import SUIT_NAMES
from ...engine.view import SeatView
from .messages import LONGEST


def _by_suit(items: list[Reason]) -> list[str]:
    """The count's items a suit at a time ('your spades should take about three', 'your clubs about
    one more'): the shorter form where each item in words does not fit the table's message."""
    suits: dict[int | None, float] = {}
    for item in items:
        suits[item.suit] = suits.get(item.suit, 0.0) + item.tricks
    said = []
    for i, (suit, tricks) in enumerate(suits.items()):
        cards = f"your {SUIT_NAMES[suit]}" if suit is not None else "your cards"
        take, more = ("should take ", "") if i == 0 else ("", " more")
        said.append(f"{cards} {take}about {tricks_words(tricks)}{more}")
    return said


#: what the shortest form says in one number: the count's items and the steps that only round it
COUNTED = (ReasonKind.ITEM, ReasonKind.IN_PLAY, ReasonKind.WITHIN_HAND, ReasonKind.PARTNER_ROOM,
              ReasonKind.THREE_PLAYER, ReasonKind.STYLE)


def hint_reasons(reasons: list[Reason], short: int = 0) -> str:
    """The reasons in one sentence: the count's items as a list ('a, b, and c'), then each other
    reason after a semicolon.  Shorter (``short``), where the sentence would not fit: 1 the items a
    suit at a time, 2 their total, 3 the count's number as a seat takes in play, the bids, the score
    and the deals after it."""
    items = [r for r in reasons if r.kind is ReasonKind.ITEM]
    if short == 3:
        counted = [r for r in reasons if r.kind in COUNTED]
        rest = [r.words for r in reasons if r.kind not in COUNTED]
        listed = [f"your cards count {number(sum(r.tricks for r in counted))} in play"] if counted else []
    else:
        rest = [r.words for r in reasons if r.kind is not ReasonKind.ITEM]
        listed = [r.words for r in items] if not short else _by_suit(items) if short == 1 else \
            [f"your cards count about {tricks_words(sum(r.tricks for r in items))}"] if items else []
    said = []
    if listed:
        said.append(listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])}, and {listed[-1]}")
    elif not any(r.kind is ReasonKind.NIL for r in reasons):
        said.append("no card of yours is a sure trick")
    return "; ".join(said + rest)


def bid_hint(view: SeatView, action: int, deals: int | None = None) -> str:
    """The bid hint's sentence for ``action`` bid from ``view`` (the person's seat at its bid):
    'Bid 3: your ace and king of clubs should win, and your four spades about one more'; where that
    is longer than the table's message keeps (``messages.LONGEST``), the items a suit at a time, or
    their total.
    ``deals``: how many deals the judge weighed the bids over (said where they chose the bid)."""
    bid = 0 if action == A.NIL else A.bid_value(action)
    reasons = bid_reasons(view, bid, deals)
    for short in (0, 1, 2, 3):
        said = f"Bid {'nil' if bid == 0 else bid}: {hint_reasons(reasons, short)}"
        if len(said) <= LONGEST:
            break
    return said
