"""What a bidding seat expects of the hand, from its own count (the ``game_bids`` forecast).

The fits are the normal player's, measured over its own play: a seat takes about
0.7 + 0.89 x its count (``handeval.estimate_tricks``, 1,600 normal-level hands) with a spread of
about 1.2 tricks, and the second bidder of a side, once an opponent has bid, sees its side take
``SIDE_FIT`` (below) with a spread of 1.0.  The learned bid model (``bid_model``) replaces the
side's tricks and the nil's chance where it serves.
"""

from __future__ import annotations

from ..engine.rule_values import Deck, Mode
from ..engine.view import SeatView
from . import bid_model
from .game_bids import Forecast, normal_spread
from .handeval import estimate_tricks, nil_risk

# The second bidder of a side sets the side's contract, and by then it has seen its partner's bid
# and one or both of the opponents'. Fitted by least squares over 500 normal-level games (seed 77,
# 4,317 third-seat and 4,347 fourth-seat bids, neither partner nil), the side's tricks are
#     a + b * (this hand's count) + c * (partner's bid) + d * (the opponents' bids so far),
# keyed by how many opponents have bid. Their bids matter: with both known the side's tricks fall
# half a trick for every trick they bid, and the spread about the fit is 1.00 trick against 1.13
# for the count and the partner's bid alone.
SIDE_FIT = {1: (2.248, 0.781, 0.838, -0.127), 2: (6.555, 0.453, 0.492, -0.492)}
#: a seat's tricks in play for its count, and the spread about it
OWN_FIT = (0.7, 0.89)
OWN_SPREAD = 1.2
#: a partner who has not bid yet: its tricks, and the spread of the side's (an average hand)
UNBID_PARTNER_TRICKS = 3.1
UNBID_SIDE_SPREAD = 1.7
#: a partner who bid a number takes about that, a little over, covering a nil more
PARTNER_OVER_BID = 0.3
COVER_OVER_BID = 0.6
#: how much likelier a nil fails than ``nil_risk`` says (normal-level nils made 57% of the time
#: against a risk of at most 0.42 when bid)
NIL_FAIL_OVER_RISK = 0.15
#: tricks a partner who covers a nil takes of its own beyond its count (``normal.NIL_COVER_TRICKS``)
NIL_COVER_TRICKS = 1.2


def side_fit_mean(view: SeatView, count: float) -> float | None:
    """The second bidder's side's expected tricks by ``SIDE_FIT`` (None where it does not apply:
    no opponent bid yet or a nil among them, another deck or table, the partner not a number)."""
    if view.rules.mode != Mode.PARTNERSHIP or view.hand_size != 13 or view.rules.deck_in_force != Deck.STANDARD:
        return None
    partner_bid = view.bids[view.seat.partner()]
    if not partner_bid:
        return None
    known = [bid for s in view.seats if s not in (view.seat, view.seat.partner()) and (bid := view.bids[s]) is not None]
    if not known or 0 in known:
        return None
    a, b, c, d = SIDE_FIT[len(known)]
    return a + b * count + c * partner_bid + d * sum(known)


def forecast(view: SeatView, kept_hand: int, exchanged: int, use_model: bool = True) -> Forecast:
    """The seat's forecast: the side's tricks and the nil's chance from the learned bid model where
    it serves (``bid_model``), else from the count; ``kept_hand``: the hand a nil would keep after
    the nil exchange (``exchanged`` cards passed)."""
    hand = view.hand or 0
    opponents = 1 if view.rules.mode == Mode.TWO_PLAYER else 2
    count = estimate_tricks(hand, 3, opponents, view.deck_mask)
    most = view.hand_size
    mine = OWN_FIT[0] + OWN_FIT[1] * count
    partner = next((s for s in view.sides[view.my_side] if s != view.seat), None)
    partner_bid = view.bids[partner] if partner is not None else None
    if partner is None:
        side_mean, spread, expected_partner = mine, OWN_SPREAD, None
        cover_mean = 0.0
    elif partner_bid is None:
        side_mean, spread = mine + UNBID_PARTNER_TRICKS, UNBID_SIDE_SPREAD
        expected_partner = max(1, round(UNBID_PARTNER_TRICKS))
        cover_mean = UNBID_PARTNER_TRICKS + NIL_COVER_TRICKS
    elif partner_bid == 0:
        side_mean, spread, expected_partner = mine + OWN_FIT[1] * NIL_COVER_TRICKS, OWN_SPREAD, 0
        cover_mean = 0.0
    else:
        fitted = side_fit_mean(view, count)
        side_mean = fitted if fitted is not None else mine + partner_bid + PARTNER_OVER_BID
        spread = 1.0 if fitted is not None else 1.3
        expected_partner = partner_bid
        cover_mean = partner_bid + COVER_OVER_BID
    risk = nil_risk(kept_hand, 3, view.deck_mask) + 0.03 * exchanged
    opponent_seats = [s for s in view.seats if s not in view.sides[view.my_side]]
    known = sum(view.bids[s] or 0 for s in opponent_seats if view.bids[s] is not None)
    unknown = [s for s in opponent_seats if view.bids[s] is None]
    expected: list[int] = []
    if unknown:
        # the opponents bid about what is left, a little under (as the players do)
        left = max(len(unknown), round(most - side_mean - 0.5) - known)
        expected = [max(1, left // len(unknown) + (1 if i < left % len(unknown) else 0)) for i in range(len(unknown))]
    by_seat = {s: b for s, b in zip(unknown, expected, strict=True)}
    side = normal_spread(side_mean, spread, most)
    nil = min(0.97, max(0.0, 1.0 - risk - NIL_FAIL_OVER_RISK))
    if use_model:
        learned_side = bid_model.side_tricks(view)
        learned_nil = bid_model.nil_made(view)
        if learned_side is not None and learned_nil is not None and len(learned_side) == most + 1:
            side, nil = tuple(learned_side), learned_nil
    return Forecast(
        side_tricks=side,
        nil_made=nil,
        cover_tricks=normal_spread(cover_mean, 1.3, most),
        partner_bid=expected_partner,
        opponent_bids=tuple(by_seat.get(s, view.bids[s] or 0) for s in opponent_seats),
    )
