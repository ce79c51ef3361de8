"""Why a bid: the normal level's own trick count, item by item, in one line a player reads.

"AS KS: 2 · long spades: 1 · void in clubs with 4 trumps: 1.5 (4.5 in all, each to the half trick);
rounded down, so bid 4": the parts and the total agree (issue 38).  The count is what the
hand takes on its own (``handeval``); the bid itself also weighs the partner's and the opponents'
bids, the bags a low bid leaves unbid and the rules, so the line ends with the bid actually made.

After the hand, "Why these bids" sets each bid beside the bid the count gave in that seat's place
at that moment (``bid_moments``: the game played again up to each bid), so a bid that differs
from the count (the person's own, an easy seat's slip, the hard level's search) is never shown as
if the count had given it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import actions as A
from ..engine.phase import Phase
from ..engine.seats import Seat
from ..engine.state import GameState
from . import normal
from .bid_reasons import Reason, ReasonKind, bid_reasons
from .handeval import nil_risk, trick_parts
from .trick_words import signed


def _halves(value: float) -> float:
    """To the half trick (a quarter goes up: 0.25 is half a trick, never shown as 0)."""
    return math.floor(value * 2 + 0.5) / 2


def _number(value: float) -> str:
    halves = _halves(value)
    return str(int(halves)) if halves == int(halves) else f"{halves:.1f}"


def _shown_parts(hand: int, opponents: int, deck: int | None) -> list[tuple[str, float]]:
    """The count's items to the half trick, those worth half a trick or more: what is shown, and
    what the total adds (so the parts and the total agree)."""
    return [(label, _halves(value)) for label, value in trick_parts(hand, 3, opponents, deck) if _halves(value) >= 0.5]


def count_total(hand: int, opponents: int = 2, deck: int | None = None) -> float:
    """The count's total as shown: the sum of its items to the half trick."""
    return sum(value for _, value in _shown_parts(hand, opponents, deck))


def count_line(hand: int, opponents: int = 2, deck: int | None = None) -> str:
    """The hand's trick count with spades as trump, item by item, and the total they add to
    (``deck``: the mask of the deck in force, so a joker counts as the top trump; by default the
    one the hand's cards imply): 'AS KS: 2 · long spades: 0.5 (2.5 in all, each to the half trick)'."""
    parts = _shown_parts(hand, opponents, deck)
    if not parts:
        return "no sure tricks"
    items = " · ".join(f"{label}: {_number(value)}" for label, value in parts)
    return f"{items} ({_number(sum(v for _, v in parts))} in all, each to the half trick)"


def _rounding(hand: int, bid: int, opponents: int, deck: int | None) -> str:
    """How a bid of ``bid`` comes from the count's total: '; rounded down', '' (the total itself),
    '; moved to 4 by the bids before it and the bags'."""
    total = count_total(hand, opponents, deck)
    if total == bid:
        return ""
    if math.floor(total) == bid:
        return "; rounded down"
    if math.ceil(total) == bid:
        return "; rounded up"
    return f"; {'raised' if bid > total else 'lowered'} to {bid} for the bids before it and the bags"


def about_tricks(hand: int, opponents: int = 2, deck: int | None = None) -> str:
    """'about 1 trick', 'about 1.5 tricks': the count's total in a few words."""
    number = _number(count_total(hand, opponents, deck))
    return f"about {number} {'trick' if number == '1' else 'tricks'}"


def _nil_reason(hand: int, opponents: int, deck: int | None) -> str:
    """The count and the chance that a nil from this hand is forced to take a trick."""
    risk = round(nil_risk(hand, 3, deck) * 100)
    return f"{count_line(hand, opponents, deck)} ({about_tricks(hand, opponents, deck)}; {risk}% risk of" \
           " being forced to take a trick)"


def reasons_line(hand: int, reasons: Sequence[Reason], opponents: int = 2, deck: int | None = None) -> str:
    """The bid's reasons (``bid_reasons``) in the count's shorthand, adding up to the bid: 'KC QC: 1 ·
    AH: 1 · partner's nil covered: +1 · a little under the count: -1 · 3 tricks unbid: +1 (3 in all,
    each to the half trick)'; a nil's, the count and its risk and what chose it."""
    if any(r.kind is ReasonKind.NIL for r in reasons):
        risk = next(r.label for r in reasons if r.kind is ReasonKind.NIL)
        chose = "".join(f"; {r.label}" for r in reasons if r.kind is not ReasonKind.NIL)
        return f"{count_line(hand, opponents, deck)} ({about_tricks(hand, opponents, deck)}; {risk}){chose}"
    said = [f"{r.label}: {_number(r.tricks)}" if r.kind is ReasonKind.ITEM else
            f"{r.label}: {signed(r.tricks)}" if r.tricks else r.label for r in reasons]
    if not said:
        return "no sure tricks"
    return f"{' · '.join(said)} ({_number(sum(r.tricks for r in reasons))} in all, each to the half trick)"


def explain_bid(hand: int, bid_words: str, opponents: int = 2, deck: int | None = None,
                reasons: Sequence[Reason] = ()) -> str:
    """One line: the count that led to ``bid_words`` ("4", "nil", "blind nil"); ``reasons``: the
    bid's reasons where the position is known (``bid_reasons``), else the count and its rounding."""
    if bid_words == "blind nil":
        return "blind nil: bid before looking at the cards"
    if reasons:
        so = "nil" if bid_words == "nil" else f"bid {bid_words}"
        return f"{reasons_line(hand, reasons, opponents, deck)}, so {so}"
    if bid_words == "nil":
        return f"{_nil_reason(hand, opponents, deck)}, so nil"
    rounding = _rounding(hand, int(bid_words), opponents, deck) if bid_words.isdigit() else ""
    return f"{count_line(hand, opponents, deck)}{rounding}, so bid {bid_words}"


def count_gives(hand: int, count_words: str, opponents: int = 2, deck: int | None = None,
                reasons: Sequence[Reason] = ()) -> str:
    """The count behind a bid of ``count_words`` without claiming anybody bid it: the items, their
    total and how the bid comes from it, and for nil the risk ('KD: 0.5 (0.5 in all, ...) (about 0.5
    tricks; 12% risk of being forced to take a trick)'); ``reasons``: as ``explain_bid``."""
    if reasons:
        return reasons_line(hand, reasons, opponents, deck)
    if count_words == "nil":
        return _nil_reason(hand, opponents, deck)
    rounding = _rounding(hand, int(count_words), opponents, deck) if count_words.isdigit() else ""
    return f"{count_line(hand, opponents, deck)}{rounding}"


@dataclass(frozen=True)
class BidMoment:
    """One bid of a hand as it was made."""

    seat: Seat
    action: int  # the bid made (A.NIL, A.BLIND_NIL or a number's action)
    hand: int  # the cards the seat held when it bid (before any exchange; 0 for a blind nil)
    count: int | None  # the normal level's bid in that place at that moment (the bid hint); None for blind nil
    bids_before: tuple[int | None, ...] = (None, None, None, None)  # every seat's bid when it bid (by seat)
    moves: int = 0  # the game's moves before the bid (the judge's position: ``judge.position_seed``)
    reasons: tuple[Reason, ...] = ()  # the count's bid's reasons there (``bid_reasons``; () unknown)


def bid_moments(state: GameState, hand_number: int) -> list[BidMoment]:
    """Every bid of hand ``hand_number`` of ``state``'s game, in the order made, with what the count
    gave there: the game is played again from its start up to the end of that hand's bidding."""
    moments: list[BidMoment] = []
    rng = random.Random(0)  # the normal level bids without chance
    for index, (position, action) in enumerate(state.replayed()):
        if position.hand_number < hand_number:
            continue
        if position.hand_number > hand_number or position.phase is Phase.PLAY:
            break
        seat = position.turn
        if seat is None or position.is_auction:
            continue
        if position.phase is Phase.BLIND_DECISION and action == A.BLIND_NIL:
            moments.append(BidMoment(seat, A.BLIND_NIL, 0, None, tuple(position.bids), index))
        elif position.phase is Phase.BIDDING and A.is_bid(action):
            view = position.view(seat)
            count = normal.decide(view, rng)
            reasons = tuple(bid_reasons(view, 0 if count == A.NIL else A.bid_value(count))) if A.is_bid(count) else ()
            moments.append(BidMoment(seat, action, position.hands[seat], count, tuple(position.bids), index,
                                     reasons))
    return moments
