"""The play checker: the hard level's judgement of a decision the person has just made.

It sees exactly what the person's seat saw (a ``SeatView`` taken before the decision), weighs
the person's choice and the search's best over the same sampled deals, and gives a verdict only
when enough deals agree: the expected points the choice gave away.  It runs in slices
(``step``), like the computer players, so it never holds up a frame.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator
from dataclasses import dataclass

from ..engine import actions as A
from ..engine.rule_values import Mode
from ..engine.state import Phase
from ..engine.view import SeatView
from . import hard, normal

CHECK_BUDGET = 0.35  # seconds of search per checked decision
MIN_SAMPLES = 16  # deals before a verdict is trusted
WORTH_SAYING = 3.0  # expected points a choice must give away before the checker says so


@dataclass(frozen=True)
class Verdict:
    chosen: int
    best: int
    loss: float  # expected points the chosen action gives away against the best one

    @property
    def worth_saying(self) -> bool:
        return self.best != self.chosen and self.loss >= WORTH_SAYING


def checkable(view: SeatView, action: int) -> bool:
    """Cards with a choice and the bids of a game with bids (not the auction's calls)."""
    if len(view.legal_actions) < 2 or action not in view.legal_actions:
        return False
    if view.phase is Phase.PLAY:
        return A.is_card(action)
    return view.phase is Phase.BIDDING and view.rules.mode != Mode.AUCTION and A.is_bid(action)


def _card_verdicts(view: SeatView, chosen: int, rng: random.Random) -> Generator[Verdict, None, None]:
    legal = list(view.legal_actions)
    for totals, worlds in hard.card_values(view, rng, legal):
        best = max(legal, key=lambda c: (totals[c], -c))
        yield Verdict(chosen, best, (totals[best] - totals[chosen]) / worlds)


def _bid_verdicts(view: SeatView, chosen: int, rng: random.Random) -> Generator[Verdict | None, None, None]:
    """Yields after each sampled deal; the candidates are weighed again only when the samples have
    grown by a quarter (as the hard search reviews its bids), so one slice stays short."""
    legal = [a for a in view.legal_actions if A.is_bid(a)]
    members = view.sides[view.my_side]
    partner = next((s for s in members if s != view.seat), None)
    guess = A.bid_value(normal.choose_bid(view))
    # the person's bid, and what the search would consider: normal's bid give or take one, and nil
    nil_ok = normal.nil_risk_for(view, view.hand or 0) <= hard.NIL_SEARCH_RISK  # the search's own rule for a nil
    near = {a for a in legal if A.bid_value(a) and abs(A.bid_value(a) - guess) <= 1}
    candidates = {chosen} | near | ({A.NIL} & set(legal) if nil_ok else set())
    verdict: Verdict | None = None
    next_review = hard.REVIEW_FIRST
    for plain, as_nil in hard.bid_samples(view, rng, A.NIL in legal):
        if len(plain) >= next_review:
            partner_bid = view.bids[partner] if partner is not None else None
            if partner is not None and partner_bid is None:  # about what the partner takes in these deals
                partner_bid = max(1, round(sum(t[partner] for t in plain) / len(plain)))
            values = {a: v for a in candidates
                      if (v := hard.bid_value(view, a, plain, as_nil, partner, partner_bid)) is not None}
            if chosen in values:
                best = max(values, key=lambda a: (values[a], -a))
                verdict = Verdict(chosen, best, values[best] - values[chosen])
            next_review = int(len(plain) * hard.REVIEW_GROWTH) + 1
        yield verdict


class CheckJob:
    """One decision being checked, a slice at a time; ``verdict`` once ``done``."""

    def __init__(self, view: SeatView, chosen: int, seed: int, budget: float = CHECK_BUDGET) -> None:
        self.view = view
        self.chosen = chosen
        self.seed = seed
        rng = random.Random(seed)
        self._search = (_card_verdicts if view.phase is Phase.PLAY else _bid_verdicts)(view, chosen, rng)
        self.budget = budget
        self.spent = 0.0
        self.samples = 0
        self.verdict: Verdict | None = None  # the latest; None until the search has one
        self.done = False

    def step(self, seconds: float) -> bool:
        """Search for up to ``seconds``; True once the verdict is in."""
        if self.done:
            return True
        start = time.perf_counter()
        stop = start + min(seconds, self.budget - self.spent)
        while True:
            self.verdict = next(self._search)
            self.samples += 1
            if time.perf_counter() >= stop:
                break
        self.spent += time.perf_counter() - start
        if self.spent >= self.budget:
            self.done = True
            if self.samples < MIN_SAMPLES:
                self.verdict = None  # too few deals on a busy machine: no verdict rather than a guess
        return self.done
