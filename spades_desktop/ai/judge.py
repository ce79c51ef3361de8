"""The review's judge: one decision weighed against the hard level's search, with what a reader
needs to trust the verdict (issue 27).

Like the play checker it sees only what the seat saw (a ``SeatView`` taken before the decision)
and weighs every choice over the same sampled deals.  It also keeps, per deal, each choice's value
and what it led to, so that a verdict carries its own noise (the standard error of the points the
choice gave away, from the deal-by-deal differences) and its reason (how often the side made its
contract, kept its nil or set the rivals, and its tricks, with each choice).  A choice is a mistake
only when it gave away at least ``WORTH_SAYING`` points and more than three times its noise: a decision
within the checker's noise is never called a mistake.  Points are the hand's score: the side's points
less the best rival's, bag penalties to come included, with no bonus for winning the game (the
computer players weigh one; the review says points).  No pygame, no files.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Iterable
from dataclasses import asdict, dataclass

from ..engine import actions as A
from ..engine.state import Phase
from ..engine.view import SeatView
from . import hard, normal
from .checker import CHECK_BUDGET, MIN_SAMPLES, WORTH_SAYING
from .evaluation import HandEvaluator
from .playout import World, play_card, playout

NOISE_SIGMAS = 3.0  # a loss must exceed this many standard errors to be called a mistake (a game has
# hundreds of decisions: at two, one equal choice in forty would be called a mistake by chance)


@dataclass(frozen=True)
class Prospect:
    """What one choice gave the seat's side over the sampled deals: the reason behind a verdict.
    Shares are of the deals (0 to 1); None where they mean nothing (no contract, no nil, rivals
    without a contract)."""

    points: float  # the search's value: the side's points against the best rival's
    tricks: float  # the side's tricks
    contract: float | None  # the side made its contract
    nils: float | None  # every nil of the side was kept
    set_rivals: float | None  # some rival side was set

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Prospect:
        def share(name: str) -> float | None:
            value = data.get(name)
            return None if value is None else _number(value, 0.0, 1.0)

        return cls(_number(data["points"], -10_000.0, 10_000.0), _number(data["tricks"], 0.0, 17.0),
                   share("contract"), share("nils"), share("set_rivals"))


@dataclass(frozen=True)
class Judgement:
    """The verdict on one decision: ``loss`` points given away against ``best`` (the mean of the
    deal-by-deal differences), ``noise`` its standard error, over ``samples`` deals."""

    chosen: int
    best: int
    loss: float
    noise: float
    samples: int
    chosen_prospect: Prospect
    best_prospect: Prospect

    @property
    def mistake(self) -> bool:
        return self.best != self.chosen and self.loss >= WORTH_SAYING and self.loss > NOISE_SIGMAS * self.noise

    @property
    def cost(self) -> float:
        """The points this decision is charged with: its loss if a mistake, else nothing."""
        return self.loss if self.mistake else 0.0

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Judgement:
        """From a saved review; raises ValueError (or KeyError, TypeError) on anything malformed."""
        chosen, best, samples = data["chosen"], data["best"], data["samples"]
        if not all(type(v) is int for v in (chosen, best, samples)):
            raise ValueError("a judgement's actions and samples are whole numbers")
        if not (0 <= chosen < A.NUM_ACTIONS and 0 <= best < A.NUM_ACTIONS and 0 < samples < 10**7):  # type: ignore[operator]
            raise ValueError("a judgement's action or sample count is out of range")
        prospects = data["chosen_prospect"], data["best_prospect"]
        if not all(isinstance(p, dict) for p in prospects):
            raise ValueError("a judgement's prospects are tables")
        return cls(chosen, best, _number(data["loss"], -10_000.0, 10_000.0),  # type: ignore[arg-type]
                   _number(data["noise"], 0.0, 10_000.0), samples,  # type: ignore[arg-type]
                   Prospect.from_dict(prospects[0]), Prospect.from_dict(prospects[1]))  # type: ignore[arg-type]


def _number(value: object, low: float, high: float) -> float:
    if type(value) not in (int, float) or not (low <= value <= high):  # type: ignore[operator]
        raise ValueError(f"{value!r} is not a number from {low} to {high}")
    return float(value)  # type: ignore[arg-type]


class _Tally:
    """Per choice, deal by deal: its value and what the side's hand came to."""

    def __init__(self, view: SeatView, choices: Iterable[int]) -> None:
        self.view = view
        self.values: dict[int, list[float]] = {c: [] for c in choices}
        self.outcomes: dict[int, list[tuple[int, bool | None, bool | None, bool | None]]] = {c: [] for c in self.values}

    def add(self, choice: int, value: float, tricks: list[int], evaluator: HandEvaluator) -> None:
        view = self.view
        mine = evaluator._breakdown(view.my_side, view.sides[view.my_side], tricks)
        rivals = [evaluator._breakdown(side, members, tricks).made
                  for side, members in view.sides.items() if side != view.my_side]
        rival_set = None if all(m is None for m in rivals) else any(m is False for m in rivals)
        nils = all(n.made for n in mine.nils) if mine.nils else None
        self.values[choice].append(value)
        self.outcomes[choice].append((mine.tricks, mine.made, nils, rival_set))

    def judgement(self, chosen: int) -> Judgement | None:
        samples = len(self.values[chosen])
        if samples < MIN_SAMPLES:
            return None
        best = max(self.values, key=lambda c: (sum(self.values[c]), -c))
        diffs = [b - c for b, c in zip(self.values[best], self.values[chosen], strict=True)]
        loss = sum(diffs) / samples
        spread = math.sqrt(sum((d - loss) ** 2 for d in diffs) / (samples - 1)) if samples > 1 else 0.0
        return Judgement(chosen, best, loss, spread / math.sqrt(samples), samples,
                         self.prospect(chosen), self.prospect(best))

    def prospect(self, choice: int) -> Prospect:
        values, outcomes = self.values[choice], self.outcomes[choice]
        n = len(values)

        def share(index: int) -> float | None:
            known = [o[index] for o in outcomes if o[index] is not None]
            return None if not known else sum(1 for k in known if k) / len(known)

        return Prospect(sum(values) / n, sum(o[0] for o in outcomes) / n, share(1), share(2), share(3))


def _card_tallies(view: SeatView, rng: random.Random) -> Generator[_Tally, None, None]:
    """Every legal card in the same sampled worlds as hard searches them, a world at a time, each
    card's playout drawing the same random numbers (so equal cards score alike); where hard solves
    a world exactly the value is the exact one and the side's tricks come from a playout."""
    legal = list(view.legal_actions)
    # points only: the search's bonus for winning the game is no point a player scores, and with it
    # a card near the end of a game was said to lose "about 270 points" of a ~90-point hand
    search = hard.WorldSearch(view, legal, game_bonus=False)
    seed = rng.getrandbits(40)
    tally = _Tally(view, legal)
    index = 0
    while True:
        outcomes = search.outcomes(seed, index, paired=True)
        base: World | None = None
        for card, (value, tricks) in outcomes.items():
            if tricks is None:  # solved exactly: a playout for what the side's hand came to
                base = base or search.sample(seed, index)[0]
                w = base.copy()
                play_card(w, search.me, card)
                tricks = playout(w, random.Random(hard.world_seed(seed, index) ^ hard.PAIRED_PLAYOUTS).random)
            tally.add(card, value, tricks, search.evaluator)
        index += 1
        yield tally


def _bid_candidates(view: SeatView, chosen: int) -> list[int]:
    """The bid made and those the hard bid search would weigh: normal's bid give or take one, and
    nil where the search would try it."""
    legal = [a for a in view.legal_actions if A.is_bid(a)]
    guess = A.bid_value(normal.choose_bid(view))
    nil_ok = normal.nil_risk_for(view, view.hand or 0) <= hard.NIL_SEARCH_RISK
    near = {a for a in legal if A.bid_value(a) and abs(A.bid_value(a) - guess) <= 1}
    return sorted({chosen} | near | ({A.NIL} & set(legal) if nil_ok else set()))


def _bid_tally(view: SeatView, candidates: list[int], plain: list[list[int]], as_nil: list[list[int]],
              chunk: int = 100) -> Generator[None, None, _Tally]:
    """Each candidate bid over the sampled deals (a nil over the same deals played ducking), each
    deal's points as the hard bid search counts them; the bids not yet made are guessed from the
    deals, as that search guesses them.  Yields every ``chunk`` deals, so a frame's slice stays short."""
    deals = min(len(plain), len(as_nil)) if as_nil else len(plain)
    plain = plain[:deals]
    as_nil = as_nil[:deals]
    tally = _Tally(view, candidates)
    guessed = [max(1, round(sum(t[s] for t in plain) / len(plain))) for s in range(len(plain[0]))]
    members = view.sides[view.my_side]
    for bid in candidates:
        bids = list(view.bids)
        bids[view.seat] = A.bid_value(bid)
        for s in view.seats:
            if bids[s] is None:
                bids[s] = guessed[s]
        evaluator = HandEvaluator(view, bids)
        for count, tricks in enumerate(as_nil if A.bid_value(bid) == 0 else plain, start=1):
            tally.add(bid, evaluator.side_points(view.my_side, members, tricks), tricks, evaluator)
            if count % chunk == 0:
                yield
    return tally


class JudgeJob:
    """One decision being judged a slice at a time (``step``), as the play checker's jobs are:
    in a worker process it runs to the end at once; without one, a slice per frame.  Stops after
    ``budget`` seconds of search, or exactly ``samples`` deals if given (tests, reproducible runs);
    ``judgement`` is None if fewer deals than the checker trusts were seen."""

    def __init__(self, view: SeatView, chosen: int, seed: int, budget: float = CHECK_BUDGET,
                 samples: int | None = None) -> None:
        self.view = view
        self.chosen = chosen
        self.budget = budget
        self.samples = samples
        self.spent = 0.0  # seconds searched in the slices before this one
        self._slice_start = 0.0
        self.seen = 0
        self.done = False
        self.judgement: Judgement | None = None
        self._steps = self._run(random.Random(seed))

    def _enough(self) -> bool:
        if self.samples is not None:
            return self.seen >= self.samples
        return self.spent + (time.perf_counter() - self._slice_start) >= self.budget

    def _run(self, rng: random.Random) -> Generator[None, None, Judgement | None]:
        view = self.view
        if view.phase is Phase.PLAY:
            latest: _Tally | None = None
            for tally in _card_tallies(view, rng):
                latest, self.seen = tally, self.seen + 1
                if self._enough():
                    break
                yield
            return None if latest is None else latest.judgement(self.chosen)
        candidates = _bid_candidates(view, self.chosen)
        deals: tuple[list[list[int]], list[list[int]]] = ([], [])
        for grown in hard.bid_samples(view, rng, A.NIL in candidates):
            deals, self.seen = grown, self.seen + 1
            if self._enough():
                break
            yield
        if not deals[0]:
            return None
        tally = yield from _bid_tally(view, candidates, *deals)
        return tally.judgement(self.chosen)

    def step(self, seconds: float) -> bool:
        """Judge for up to ``seconds`` (the budget counts the time spent drawing deals); True once done."""
        if self.done:
            return True
        self._slice_start = start = time.perf_counter()
        try:
            while time.perf_counter() - start < seconds:
                next(self._steps)
        except StopIteration as finished:
            self.judgement, self.done = finished.value, True
        self.spent += time.perf_counter() - start
        return self.done


def judge(view: SeatView, chosen: int, seed: int, budget: float = CHECK_BUDGET,
          samples: int | None = None) -> Judgement | None:
    """The whole judgement of one decision at once (in a worker process, and tests)."""
    job = JudgeJob(view, chosen, seed, budget, samples)
    while not job.step(3600.0):
        pass
    return job.judgement
