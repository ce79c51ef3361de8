"""The normal level's auction (a side calls the tricks it will take with the trump it names) and
its choice of trump: calls by the hand's own count with what the partner's first call showed."""

from __future__ import annotations

from ..engine import actions as A
from ..engine.view import SeatView
from .handeval import estimate_tricks


def best_trump(hand: int) -> tuple[int | None, float]:
    options = [(estimate_tricks(hand, suit), suit) for suit in range(4)]
    est, suit = max(options)
    nt = estimate_tricks(hand, None)
    if nt > est + 0.5:
        return None, nt
    return suit, est


# Tricks an auction caller counts on from a partner who has not called (or whose calls say little more).
PARTNER_SHARE = 3.0


def _credit(call: int | None) -> float:
    """Tricks a call shows in the caller's own hand, by this player's convention: it counts
    PARTNER_SHARE from its partner, a little more when the partner called high."""
    return PARTNER_SHARE if call is None else max(PARTNER_SHARE, call - 7 + 3.5)


def partner_shown_tricks(view: SeatView) -> float:
    """Tricks the partner's hand has shown in the auction.

    Only the partner's first call is read, less what it already counted on from this seat's
    earlier call: later calls in a bidding war are pressure, not news, and a raise over this
    seat's call leans on the very tricks this seat would count again (that is how the side
    climbed 8, 9, 10, 11, 12, 13 and went down).
    """
    partner = view.seat.partner()
    my_call: int | None = None
    for seat, call in view.auction_calls:
        if seat == view.seat and call is not None:
            my_call = call
        elif seat == partner and call is not None:
            # as before this reading, half a trick below the call's count: callers round up
            return max(PARTNER_SHARE, call - 0.5 - _credit(my_call))
    return PARTNER_SHARE


def choose_auction_call(view: SeatView) -> int:
    """Call the lowest winning bid while the side can make it by this player's own count.

    The side's count is this hand's tricks plus what the partner's first call showed, so a call
    over the partner's own bid needs a hand worth more than the PARTNER_SHARE the partner
    already counted on from it, and a bidding war never lifts the count.
    """
    hand = view.hand or 0
    _, est = best_trump(hand)
    side_est = est + partner_shown_tricks(view)
    low = max(7, view.high_bid + 1)
    if low > 13 or low > int(side_est):
        return A.PASS
    return A.bid_action(low)


def choose_trump(view: SeatView) -> int:
    suit, _ = best_trump(view.hand or 0)
    return A.NO_TRUMP if suit is None else A.TRUMP_BASE + suit
