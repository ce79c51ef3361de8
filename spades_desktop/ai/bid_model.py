"""How many tricks a bidding seat and its side will take: distributions learned from self-play.

``tools/fit_bid_model.py`` plays seeded games of the computer players against themselves (the
normal level and the hard level, every table the model serves), records each bidding seat's
feature row (``bid_features``) and the tricks then taken, and fits the weights that
``data/bid_model.json`` holds, with its training size and its held-out accuracy against the normal
player's count. This module reads that file once and predicts in plain Python (no numpy at run time).

Three predictions, each for the seat whose view is given, in the bidding phase:

* ``own_tricks``: P(the seat takes k tricks), k = 0..13, when it bids a number and plays for tricks;
* ``side_tricks``: P(its side takes k in all): the seat's tricks and its partner's (a nil partner's
  too); a seat without a partner is a side of one, so it is ``own_tricks`` there;
* ``nil_made``: P(it takes no trick) when it bids nil (after the nil exchange, where the rules have one).

Each returns None where the model knows nothing: a table (mode and deck), nil exchange, bidding
style or level that the self-play did not play, or a hand not yet looked at. The caller then
counts as before. What the training saw is what the model answers for: the outcomes follow the
bids the players made (own and side tricks from the seats that bid a number), so a hand its
player would have bid nil with is rarely among those, and for hands far from what a level bids the
figures are extrapolated. ``nil_made`` learns from the players' nils and from nils the self-play
made seats bid with any hand (``tools/bid_selfplay.EXPLORE_NIL``), so it knows bad nils too.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..engine.rule_values import BiddingStyle, Mode
from ..engine.view import SeatView
from .bid_features import FEATURES, features

MODEL_PATH = Path(__file__).resolve().parent / "data" / "bid_model.json"
#: the least probability a count is given (no count is ever impossible: a log-loss stays finite);
#: the fitting script applies the same floor, so both predict alike
FLOOR = 1e-6


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _dot(weights: list[float], row: list[float]) -> float:
    return sum(w * x for w, x in zip(weights, row, strict=True))


def _floored(p: list[float]) -> list[float]:
    p = [max(FLOOR, v) for v in p]
    total = sum(p)
    return [v / total for v in p]


@dataclass(frozen=True)
class CountModel:
    """A distribution over the counts 0..K.

    ``cumulative``: P(T >= k) = sigmoid(weights[k-1] . x + bias[k-1]) for k = 1..K, held
    non-increasing in k (each at most the one before); ``softmax``: P(T = k) proportional to
    exp(weights[k] . x + bias[k]), k = 0..K."""

    kind: str
    weights: list[list[float]]
    bias: list[float]

    def distribution(self, row: list[float]) -> list[float]:
        scores = [_dot(w, row) + b for w, b in zip(self.weights, self.bias, strict=True)]
        if self.kind == "softmax":
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            return _floored([e / total for e in exps])
        at_least = [1.0]
        for s in scores:
            at_least.append(min(at_least[-1], _sigmoid(s)))
        at_least.append(0.0)
        return _floored([at_least[k] - at_least[k + 1] for k in range(len(scores) + 1)])


@dataclass(frozen=True)
class BidModel:
    """The shipped model: the three predictors and what they were trained for."""

    tables: frozenset[tuple[str, str]]  # (mode, deck) pairs the self-play played
    nil_exchanges: frozenset[int]
    levels: frozenset[str]
    hand_size: int
    own: CountModel
    side: CountModel
    nil_weights: list[float]
    nil_bias: float
    info: dict  # the file's training sizes and held-out accuracy, as written

    def row(self, view: SeatView, level: str) -> list[float] | None:
        """The feature row, or None where the model was not trained for this view."""
        rules = view.rules
        if ((str(rules.mode), str(rules.deck_in_force)) not in self.tables or level not in self.levels
                or rules.nil_exchange_in_force not in self.nil_exchanges
                or rules.bidding_in_force != BiddingStyle.STANDARD or view.hand_size != self.hand_size):
            return None
        return features(view, level)


def _count_model(data: dict) -> CountModel:
    return CountModel(data["kind"], [list(map(float, w)) for w in data["weights"]], list(map(float, data["bias"])))


@cache
def load_model(path: Path = MODEL_PATH) -> BidModel:
    """The model in ``path``, read once (a stale file, fitted to other features, is an error)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{path} was fitted to other features: run python -m spades_desktop.tools.fit_bid_model")
    models = data["models"]
    return BidModel(frozenset((m, d) for m, d in data["tables"]), frozenset(data["nil_exchanges"]),
                    frozenset(data["levels"]), int(data["hand_size"]), _count_model(models["own"]),
                    _count_model(models["side"]), list(map(float, models["nil"]["weights"])),
                    float(models["nil"]["bias"]),
                    {key: data[key] for key in ("command", "training", "selection", "held_out")})


def own_tricks(view: SeatView, level: str = "normal") -> list[float] | None:
    """P(this seat takes k tricks), k = 0..hand size, bidding a number (None: not trained for it).
    ``level``: the level of the table's players ("normal" or "hard"), who play the hand out."""
    model = load_model()
    row = model.row(view, level)
    return None if row is None else model.own.distribution(row)


def side_tricks(view: SeatView, level: str = "normal") -> list[float] | None:
    """P(this seat's side takes k tricks in all), the seat bidding a number; with a nil partner the
    nil's tricks count in (None: not trained for it). Without a partner it is ``own_tricks``."""
    if view.rules.mode != Mode.PARTNERSHIP:
        return own_tricks(view, level)
    model = load_model()
    row = model.row(view, level)
    return None if row is None else model.side.distribution(row)


def nil_made(view: SeatView, level: str = "normal") -> float | None:
    """P(this seat takes no trick) when it bids nil, after any nil exchange (None: not trained for it)."""
    model = load_model()
    row = model.row(view, level)
    return None if row is None else _sigmoid(_dot(model.nil_weights, row) + model.nil_bias)


def expected(distribution: list[float]) -> float:
    """The mean count of a distribution over 0..K."""
    return sum(k * p for k, p in enumerate(distribution))


def at_least(distribution: list[float], tricks: int) -> float:
    """P(T >= tricks): the chance a contract of ``tricks`` is made, for a distribution over 0..K."""
    return sum(distribution[max(0, tricks):])
