"""Why a bid, reason by reason, and the reasons add up to the bid (issue 55 item 6).

A bid is explained as the normal level's own steps (``normal.bid_steps``): the count's items, each
to the half trick, then each step that moved the number, named for what moved it ("your partner's
nil: you cover it, about one more", "3 tricks nobody bid: one more", "460 to 150: a made 4 ends the
game won: one less, the safe bid").  Each reason carries the tricks it adds, the difference between
the number before its step and after it, so the reasons' tricks sum to the bid exactly; a bid the
steps did not give (the judge's, the hard level's search) ends with the deals that chose it.  A nil
adds up to nothing: its reasons are the nil's risk and, where the game chose it, the game.  No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..engine.rule_values import BiddingStyle
from ..engine.view import SeatView
from . import normal
from .handeval import trick_items
from .normal import BidStep
from .trick_words import change_words, halves, item_words, number

#: within this many bags of the limit, a bid the score raised is said to bid the overtricks
NEAR_BAG_LIMIT = 3


class ReasonKind(Enum):
    """What a reason is: an item of the count, or the step that moved the bid."""

    ITEM = "item"  # an item of the count (an honour, trump length, a short suit to trump in)
    NIL_COVER = "nil cover"  # the tricks that cover the partner's nil
    IN_PLAY = "in play"  # a seat takes a little under (or over) its count in play: the rounding
    PARTNER_ROOM = "partner room"  # the partner's bid leaves no more of the hand
    WITHIN_HAND = "within hand"  # a number bid is at least one and at most the cards held
    THREE_PLAYER = "three players"  # the three-player count (seventeen cards)
    STYLE = "style"  # whiz or suicide bids by its own rules
    SIDE_FIT = "side fit"  # the side's expected tricks from the bids so far
    UNBID = "unbid"  # three tricks or more nobody bid
    GAME = "game"  # the score: the bid with the best chance to win the game
    TABLE = "table"  # the nearest bid the table allows
    NIL = "nil"  # the nil's risk of being forced to take a trick
    DEALS = "deals"  # the sampled deals (the judge, the hard level's search) chose it


@dataclass(frozen=True)
class Reason:
    """One reason of a bid: ``words`` for the hint's sentence (to the seat: "your ..."), ``label``
    in the count's shorthand for Why these bids ("AS KS", "partner's nil covered"), and the
    ``tricks`` it adds to the bid (the reasons' tricks sum to the bid)."""

    kind: ReasonKind
    words: str
    tricks: float
    label: str
    suit: int | None = None  # an item's suit (a short suit's for a trick trumped in it)


def _opponents(view: SeatView) -> int:
    return 1 if view.rules.mode.value == "two_player" else 2


def _items(view: SeatView) -> list[Reason]:
    """The count's items worth half a trick or more, to the half trick (as Why these bids shows)."""
    parts = [p for p in trick_items(view.hand or 0, 3, _opponents(view), view.deck_mask) if halves(p.value) >= 0.5]
    return [Reason(ReasonKind.ITEM, item_words(p, i == 0), halves(p.value), p.label, p.suit)
            for i, p in enumerate(parts)]


def _partner_bid(view: SeatView) -> int | None:
    partner = next((s for s in view.sides[view.my_side] if s != view.seat), None)
    return None if partner is None else view.bids[partner]


def _step_reason(view: SeatView, kind: BidStep, before: float, after: float) -> Reason | None:
    """The reason of one of normal's steps, which took the number named from ``before`` to ``after``."""
    change = after - before
    more = change_words(change)
    partner_bid = _partner_bid(view)
    if kind is BidStep.NIL_COVER:
        passed = normal._exchange_count(view, view.seat.partner())
        with_cards = " and its passed cards" if passed else ""
        return Reason(ReasonKind.NIL_COVER, f"covering your partner's nil{with_cards}: about {more}", change,
                      "partner's nil covered")
    if kind is BidStep.ROUNDED:
        side = "under" if change < 0 else "over"
        return Reason(ReasonKind.IN_PLAY, f"a seat takes a little {side} its count in play: {more}", change,
                      f"a little {side} the count")
    if kind is BidStep.PARTNER_ROOM:
        room = view.hand_size - (partner_bid or 0)
        return Reason(ReasonKind.PARTNER_ROOM, f"your partner's {partner_bid} leaves room for {room}: {more}", change,
                      f"partner's {partner_bid}")
    if kind is BidStep.WITHIN_HAND:
        why = "a number bid is at least one" if change > 0 else f"no more than the {view.hand_size} cards held"
        return Reason(ReasonKind.WITHIN_HAND, f"{why}: {more}", change, why)
    if kind is BidStep.THREE_PLAYER:
        return Reason(ReasonKind.THREE_PLAYER, f"with three players, the count of the hand gives {int(after)}: {more}",
                      change, "three players")
    if kind is BidStep.STYLE:
        style = view.rules.bidding_in_force
        why = "one of a side nil, the other at least four" if style == BiddingStyle.SUICIDE else "the spades held"
        return Reason(ReasonKind.STYLE, f"{style.value} bidding, {why}: {more}", change, f"{style.value} bidding")
    if kind is BidStep.SIDE_FIT:
        return _side_reason(view, change, more)
    if kind is BidStep.UNBID:
        unbid = normal._unbid_tricks(view, int(before))
        return Reason(ReasonKind.UNBID, f"{unbid} tricks nobody bid: {more}", change, f"{unbid} tricks unbid")
    if kind is BidStep.LEGAL:
        return Reason(ReasonKind.TABLE, f"the table allows {int(after)}: {more}", change, "the table's bids")
    return None


def _side_reason(view: SeatView, change: float, more: str) -> Reason:
    partner_bid = _partner_bid(view)
    theirs = sum(b for s in view.seats if s not in view.sides[view.my_side] and (b := view.bids[s]) is not None)
    takes = normal.side_takes(view)
    about = f"about {number(takes)}" if takes is not None else "its bid"
    return Reason(ReasonKind.SIDE_FIT, f"with your partner's {partner_bid} and their {theirs}, your side takes"
                  f" {about}: {more}", change, f"the side takes {about}")


def _bid_words(bid: int) -> str:
    return "nil" if bid == 0 else str(bid)


def game_reason(view: SeatView, before: int, after: int, tricks: float) -> Reason:
    """Why the score moved the bid from ``before`` to ``after`` (0 nil), adding ``tricks``."""
    rules = view.rules
    ours = view.scores[view.my_side]
    theirs = max(v for side, v in view.scores.items() if side != view.my_side)
    score = f"{ours} to {theirs}"
    partner_bid = _partner_bid(view) or 0
    change = f": {change_words(tricks)}" if tricks else ""
    if after == 0:
        why = f"at {score}, the nil's {rules.nil_value} wins most often"
    elif before == 0:
        why = f"at {score}, a made {after} is worth more than the nil's risk"
    elif after < before and ours + 10 * (after + partner_bid) >= rules.target_score:
        why = f"{score}: a made {after + partner_bid} ends the game won{change}, the safe bid"
        change = ""
    elif after > before and view.bags[view.my_side] >= rules.bag_limit - NEAR_BAG_LIMIT:
        why = f"{view.bags[view.my_side]} bags of {rules.bag_limit}: bid the overtricks"
    elif after > before and theirs > ours:
        why = f"the opponents need {rules.target_score - theirs} to win: you need the points"
    else:
        why = f"at {score}, {_bid_words(after)} wins most often"
    return Reason(ReasonKind.GAME, why + change, tricks, f"the score {score}")


def nil_reason(view: SeatView) -> Reason:
    """The nil's chance: the risk that the hand as it is played (after any exchange) takes a trick."""
    risk = round(normal.nil_risk_for(view, view.hand or 0) * 100)
    chance = f"{risk}% risk of being forced to take a trick"
    words = f"no card of yours should have to win a trick ({chance})" if risk < 50 else chance
    return Reason(ReasonKind.NIL, words, 0.0, chance)


def _deals_reason(bid: int, normal_bid: int, tricks: float, deals: int | None) -> Reason:
    """The deals chose ``bid`` (0 nil) where normal bids ``normal_bid``, adding ``tricks``."""
    over = f"over {deals} deals" if deals is not None else "over the deals"
    change = f": {change_words(tricks)}" if tricks else f", not {_bid_words(normal_bid)}"
    return Reason(ReasonKind.DEALS, f"{over}, {_bid_words(bid)} scores best{change}", tricks,
                  f"{_bid_words(bid)} scores best {over}")


_NIL_STEPS = (BidStep.NIL, BidStep.THREE_PLAYER, BidStep.STYLE, BidStep.GAME, BidStep.LEGAL)


def bid_reasons(view: SeatView, bid_value: int, deals: int | None = None) -> list[Reason]:
    """The reasons of bidding ``bid_value`` (0 nil) from ``view`` (the seat's view at its bid): the
    count's items and each of normal's steps that moved the number, their tricks summing to
    ``bid_value`` (a nil's to 0: the nil's risk, and what chose it over a number); where normal bids
    otherwise, the deals that chose it last (``deals``: how many the judge weighed)."""
    steps = normal.bid_steps(view)
    reasons = [nil_reason(view)] if bid_value == 0 else _items(view)
    named = sum(r.tricks for r in reasons)  # the number the reasons so far add up to
    value = 0  # normal's bid after the steps so far (0: nil)
    for kind, step in steps:
        if kind is BidStep.COUNT:
            continue
        if kind is BidStep.GAME and int(step) != value and (bid_value == 0) == (step == 0):
            tricks = 0.0 if bid_value == 0 else step - named  # the game chose this bid, or its nil
            reasons.append(game_reason(view, value, int(step), tricks))
            named += tricks
        elif step == 0 and kind in _NIL_STEPS:
            pass  # a nil: the number named so far stays for a number bid
        elif bid_value and kind is BidStep.NIL_COVER:
            cover = halves(step - steps[0][1])
            covered = _step_reason(view, kind, named, named + cover)
            if covered is not None:
                reasons.append(covered)
                named += cover
            continue
        elif bid_value and step != named and kind is not BidStep.GAME:
            found = _step_reason(view, kind, named, step)
            if found is not None:
                reasons.append(found)
                named = step
        if kind is not BidStep.NIL_COVER:
            value = int(step)
    if value != bid_value:
        reasons.append(_deals_reason(bid_value, value, bid_value - named if bid_value else 0.0, deals))
    return reasons
