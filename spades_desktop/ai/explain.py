"""Why a bid: the normal level's own trick count, item by item, in one line a player reads.

"AS KS: 2 · long spades: 1 · void in clubs with 4 trumps: 1.5, so bid 4".  The count is what the
hand takes on its own (``handeval``); the bid itself also weighs the partner's and the opponents'
bids, the bags a low bid leaves unbid and the rules, so the line ends with the bid actually made.

After the hand, "Why these bids" sets each bid beside the bid the count gave in that seat's place
at that moment (``bid_moments``: the game played again up to each bid), so a bid that differs
from the count (the person's own, an easy seat's slip, the hard level's search) is never shown as
if the count had given it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import actions as A
from ..engine.phase import Phase
from ..engine.seats import Seat
from ..engine.state import GameState
from . import normal
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


def about_tricks(hand: int, opponents: int = 2, deck: int | None = None) -> str:
    """'about 1 trick', 'about 1.5 tricks': the whole count in a few words."""
    number = _number(estimate_tricks(hand, 3, opponents, deck))
    return f"about {number} {'trick' if number == '1' else 'tricks'}"


def _nil_reason(hand: int, opponents: int, deck: int | None) -> str:
    """The count and the chance that a nil from this hand is forced to take a trick."""
    risk = round(nil_risk(hand, 3, deck) * 100)
    return f"{count_line(hand, opponents, deck)} ({about_tricks(hand, opponents, deck)}; {risk}% risk of" \
           " being forced to take a trick)"


def explain_bid(hand: int, bid_words: str, opponents: int = 2, deck: int | None = None) -> str:
    """One line: the count that led to ``bid_words`` ("4", "nil", "blind nil")."""
    if bid_words == "blind nil":
        return "blind nil: bid before looking at the cards"
    if bid_words == "nil":
        return f"{_nil_reason(hand, opponents, deck)}, so nil"
    return f"{count_line(hand, opponents, deck)}, so bid {bid_words}"


def count_gives(hand: int, count_words: str, opponents: int = 2, deck: int | None = None) -> str:
    """The count behind a bid of ``count_words`` without claiming anybody bid it: the items, and
    for nil the risk ('KD: 0.5 (about 0.5 tricks; 12% risk of being forced to take a trick)')."""
    if count_words == "nil":
        return _nil_reason(hand, opponents, deck)
    return count_line(hand, opponents, deck)


@dataclass(frozen=True)
class BidMoment:
    """One bid of a hand as it was made."""

    seat: Seat
    action: int  # the bid made (A.NIL, A.BLIND_NIL or a number's action)
    hand: int  # the cards the seat held when it bid (before any exchange; 0 for a blind nil)
    count: int | None  # the normal level's bid in that place at that moment (the bid hint); None for blind nil
    bids_before: tuple[int | None, ...] = (None, None, None, None)  # every seat's bid when it bid (by seat)


def bid_moments(state: GameState, hand_number: int) -> list[BidMoment]:
    """Every bid of hand ``hand_number`` of ``state``'s game, in the order made, with what the count
    gave there: the game is played again from its start up to the end of that hand's bidding."""
    moments: list[BidMoment] = []
    rng = random.Random(0)  # the normal level bids without chance
    for position, action in state.replayed():
        if position.hand_number < hand_number:
            continue
        if position.hand_number > hand_number or position.phase is Phase.PLAY:
            break
        seat = position.turn
        if seat is None or position.is_auction:
            continue
        if position.phase is Phase.BLIND_DECISION and action == A.BLIND_NIL:
            moments.append(BidMoment(seat, A.BLIND_NIL, 0, None, tuple(position.bids)))
        elif position.phase is Phase.BIDDING and A.is_bid(action):
            count = normal.decide(position.view(seat), rng)
            moments.append(BidMoment(seat, action, position.hands[seat], count, tuple(position.bids)))
    return moments
