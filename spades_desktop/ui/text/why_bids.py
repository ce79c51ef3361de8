"""The hand summary's "Why these bids": each bid beside what the count gave (no pygame).

The count is the normal level's trick count and the bid it leads to in that seat's place at that
moment: what the bid hint said.  A bid is never explained as if the count had given it when it did
not: "You bid 6; the count gives 7: KS QS: 2 · ...".  A computer seat whose bid is the count's is
explained as the hint would be ("North bid 3: AH KH: 1.5 · ..., so bid 3").  Where the bidding
style left one bid (mirror, whiz without spades, suicide after the partner's number) nobody chose,
so the style is the whole reason.
"""

from __future__ import annotations

from ...ai.explain import BidMoment, count_gives, count_line, explain_bid
from ...ai.judge import Judgement
from ...engine.rule_values import BiddingStyle
from ...engine.words import plural
from .variants import style_words, suicide_words
from .words import action_bid_text


def judge_words(judgement: Judgement) -> str:
    """What the judge behind the hint said of a bid (the same judgement as the hint and the checker):
    'the hint's bid too' or 'the hint's bid was 4, about 6 points better over 64 deals'."""
    if judgement.best == judgement.chosen or judgement.loss <= 0:
        return "the hint's bid too"
    points = plural(max(1, round(judgement.loss)), "point")
    return f"the hint's bid was {action_bid_text(judgement.best)}, about {points} better over {judgement.samples} deals"


def why_line(name: str, moment: BidMoment, *, person: bool, style: str, opponents: int = 2,
             deck: int | None = None, judged: Judgement | None = None) -> str:
    """One seat's line: ``name`` bid ``moment.action``, and why.  ``person``: the seat is the
    person's (their bid is theirs, the count only a comparison); ``judged``: the judge's verdict on
    the bid, where it was judged (the hint's or the checker's judgement), said after the bid."""
    line = _why_line(name, moment, person=person, style=style, opponents=opponents, deck=deck)
    said = f"{name} bid {action_bid_text(moment.action)}"
    if judged is None or not line.startswith(said):
        return line
    return f"{said} ({judge_words(judged)}){line[len(said):]}"


def _why_line(name: str, moment: BidMoment, *, person: bool, style: str, opponents: int = 2,
              deck: int | None = None) -> str:
    bid = action_bid_text(moment.action)
    if bid == "blind nil":
        return f"{name} bid blind nil, before looking at the cards"
    hand = moment.hand
    forced = style_words(style, hand)  # whiz and mirror: the spades held decide the choices
    if style == BiddingStyle.SUICIDE:
        forced = suicide_words(moment.bids_before[moment.seat.partner()])
    if style == BiddingStyle.MIRROR or forced.endswith("so nil"):  # the style left one bid: nobody chose
        return f"{name} bid {bid}: {forced}"
    if moment.count is None:
        return f"{name} bid {bid}; the count: {count_line(hand, opponents, deck)}"
    count = action_bid_text(moment.count)
    if count == bid and not person:
        why = explain_bid(hand, bid, opponents, deck, moment.reasons)
        return f"{name} bid {bid}: " + (f"{forced}; {why}" if forced else why)
    reasons = count_gives(hand, count, opponents, deck, moment.reasons)
    gives = f"the count gives {count}{' too' if count == bid else ''}: {reasons}"
    return f"{name} bid {bid}; " + (f"{forced}; " if forced else "") + gives
