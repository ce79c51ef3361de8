"""The bid that gives the side the best chance of winning the game (issue 55 item 2).

A bid is chosen by the largest expected value of the game after the hand (``HandEvaluator``: the
win chance where a table serves, the hand's points elsewhere) over the outcomes the seat predicts:
the tricks its side takes bidding a number, its nil made or broken with the partner's tricks
beside it.  So a side far behind late in the game takes the nil or the bold bid a points count
would pass, a side far ahead bids safe, and a side near the bag limit bids its overtricks.

The predictions (``Forecast``) come from the seat's own count (``handeval``; the normal player's
fits, measured over its own play: a seat takes about 0.7 + 0.89 x its count, the second bidder's
side ``normal.SIDE_FIT``), or from the learned bid model where it ships.  Only what the seat's view
shows is read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.rule_values import Mode
from ..engine.view import SeatView
from .evaluation import HandEvaluator

#: below this a predicted outcome is left out of the sums (the rest are scaled up to one)
SMALLEST = 0.004


@dataclass(frozen=True, slots=True)
class Forecast:
    """What a seat expects of the hand, by its bid."""

    side_tricks: tuple[float, ...]  # P(the side takes k tricks), k = 0 .., bidding a number
    nil_made: float  # P(this seat's nil makes)
    cover_tricks: tuple[float, ...]  # P(the partner takes k tricks) while this seat plays nil
    partner_bid: int | None  # the partner's bid, as bid or as expected (None: no partner)
    partner_nil_made: float = 0.75  # P(a partner's nil makes), when the partner bid nil
    opponent_bids: tuple[int, ...] = ()  # the opponents' bids, as bid or as expected, by seat order


def normal_spread(mean: float, sd: float, most: int) -> tuple[float, ...]:
    """P(k) for k = 0 .. most of a rounded normal count (the fits' spread about their mean)."""
    cdf = [0.5 * (1 + math.erf((k + 0.5 - mean) / (sd * math.sqrt(2)))) for k in range(most + 1)]
    probs = [cdf[0]] + [cdf[k] - cdf[k - 1] for k in range(1, most)] + [1 - cdf[most - 1]]
    return tuple(max(0.0, p) for p in probs)


def _outcomes(probs: Sequence[float]) -> list[tuple[int, float]]:
    kept = [(k, p) for k, p in enumerate(probs) if p >= SMALLEST]
    total = sum(p for _, p in kept) or 1.0
    return [(k, p / total) for k, p in kept]


def bid_values(view: SeatView, candidates: Sequence[int], forecast: Forecast,
               by_game: bool = True) -> dict[int, float]:
    """Each candidate bid's (0: nil) expected game value over the forecast outcomes (``by_game``
    False: the hand's points, the bags' outlook charged, as the count's bids were tuned by)."""
    me = view.seat
    partner = next((s for s in view.sides[view.my_side] if s != me), None)
    opponents = [s for s in view.seats if s not in view.sides[view.my_side]]
    most = view.hand_size
    values: dict[int, float] = {}
    for bid in candidates:
        bids: list[int | None] = list(view.bids)
        bids[me] = bid
        if partner is not None and bids[partner] is None:
            bids[partner] = forecast.partner_bid
        for seat, expected in zip(opponents, forecast.opponent_bids, strict=False):
            if bids[seat] is None:
                bids[seat] = expected
        evaluator = HandEvaluator(view, bids, game_bonus=by_game)
        total = 0.0
        if bid == 0:
            for k, p in _outcomes(forecast.cover_tricks):
                made = _tricks(view, me, partner, opponents, bids, mine=0, partners=k)
                broke = _tricks(view, me, partner, opponents, bids, mine=1, partners=min(k, most - 1))
                chance = forecast.nil_made
                total += p * (chance * evaluator.value(made) + (1 - chance) * evaluator.value(broke))
        else:
            partner_nil = partner is not None and bids[partner] == 0
            for k, p in _outcomes(forecast.side_tricks):
                if partner_nil:
                    clean = _tricks(view, me, partner, opponents, bids, mine=k, partners=0)
                    bust = _tricks(view, me, partner, opponents, bids, mine=max(0, k - 1), partners=1)
                    chance = forecast.partner_nil_made
                    total += p * (chance * evaluator.value(clean) + (1 - chance) * evaluator.value(bust))
                else:
                    total += p * evaluator.value(_tricks(view, me, partner, opponents, bids, mine=k, partners=0))
        values[bid] = total
    return values


def _tricks(view: SeatView, me, partner, opponents, bids: Sequence[int | None], mine: int, partners: int) -> list[int]:
    """Tricks per seat for an outcome: this side's as given, the rest to the opponents' bidders
    (a nil among them kept clean: what the seat cannot foresee it does not score)."""
    tricks = [0, 0, 0, 0]
    tricks[me] = mine
    if partner is not None:
        tricks[partner] = partners
    left = max(0, view.hand_size - mine - partners)
    takers = [s for s in opponents if bids[s] != 0] or opponents
    for i, seat in enumerate(takers):
        share = left // len(takers) + (1 if i < left % len(takers) else 0)
        tricks[seat] = share
    return tricks


def plays_by_game_value(view: SeatView) -> bool:
    """The bids are chosen by the game's value in the standard bidding of two-side tables (whiz,
    suicide and mirror bids follow their own rules; cutthroat and three players keep hand points)."""
    return view.rules.mode in (Mode.PARTNERSHIP, Mode.TWO_PLAYER) and len(view.sides) == 2
