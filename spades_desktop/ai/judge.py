"""The judge: one position weighed for one seat, every choice with its value and its noise
(issues 27 and 38).  The hint, the play checker, the game review and "Why these bids" all ask it.

It sees only what the seat saw (a ``SeatView``) and weighs every legal choice over the same sampled
deals (``judge_worlds``): a fixed number for the position, on a seed made of the game's seed and
the moves so far (``position_seed``), so asking twice, in any process, gives the same answer to the
last bit.  The hint shows the judge's best choice; the checker and the review compare the choice
made with the same judgement, so following the hint is never called a mistake.

Per deal it keeps each choice's value and what it led to, so that a verdict carries its own noise
(the standard error of the points the choice gave away, from the deal-by-deal differences) and its
reason (how often the side made its contract, kept its nil or set the rivals, and its tricks, with
each choice).  A choice is a mistake only when it gave away at least ``WORTH_SAYING`` points and more
than three times its noise: a close call is never called a mistake.  A card's points are the
hand's score: the side's points less the best rival's, bag penalties to come included, with no bonus
for winning the game.  A bid is valued as the players value one (issue 55, ``judge_bids``): the
seats still to bid answer it as the normal player would with each deal's cards, and the hand is
worth the side's chance of winning the game after it, in points of a game's start (7 points are one
point of a hundred in the chance), where a win-chance table serves the rules; the hand's score
elsewhere.  No pygame, no files.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from ..engine import actions as A
from ..engine.digests import sha256
from ..engine.state import Phase
from ..engine.view import SeatView
from .judge_bids import BidDeals
from .judge_worlds import CardWorlds, Outcome, card_choices, judge_samples

WORTH_SAYING = 3.0  # expected points a choice must give away before it is called a mistake
BIG_MISTAKE = 10.0  # a mistake the checker's default setting names: at least this many points
MIN_SAMPLES = 16  # deals before a verdict is trusted (``--samples`` may ask for fewer: no verdict)


class CheckerLevel(StrEnum):
    """Which mistakes the play checker names at the table (a setting): none, the big ones (the
    default: a hand with no big mistake shows no note at all), or every one the judge is sure of."""

    OFF = "off"
    BIG = "big"
    EVERY = "every"

    def names(self, judgement: Judgement | None) -> bool:
        """Whether the checker says something of this verdict at this level."""
        if judgement is None or self is CheckerLevel.OFF:
            return False
        return judgement.big if self is CheckerLevel.BIG else judgement.mistake


NOISE_SIGMAS = 3.0  # a loss must exceed this many standard errors to be called a mistake (a game has
# hundreds of decisions: at two, one equal choice in forty would be called a mistake by chance)


@dataclass(frozen=True)
class Prospect:
    """What one choice gave the seat's side over the sampled deals: the reason behind a verdict.
    Shares are of the deals (0 to 1); None where they mean nothing (no contract, no nil, rivals
    without a contract)."""

    points: float  # the judge's value: a card's the side's points against the best rival's, a bid's
    # the game's (the win chance in points of a game's start, where a table serves the rules)
    tricks: float  # the side's tricks
    contract: float | None  # the side made its contract
    nils: float | None  # every nil of the side was kept
    set_rivals: float | None  # some rival side was set
    won: float | None = None  # the side's mean chance of winning the game after the hand (no table: None)
    margin: float | None = None  # the hand's points, the side's less the best rival's (older reviews: None)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Prospect:
        def share(name: str) -> float | None:
            value = data.get(name)
            return None if value is None else _number(value, 0.0, 1.0)

        margin = data.get("margin")
        return cls(_number(data["points"], -10_000.0, 10_000.0), _number(data["tricks"], 0.0, 17.0),
                   share("contract"), share("nils"), share("set_rivals"), share("won"),
                   None if margin is None else _number(margin, -10_000.0, 10_000.0))


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
    def big(self) -> bool:
        """A mistake of at least ``BIG_MISTAKE`` points (what the checker names by default)."""
        return self.mistake and self.loss >= BIG_MISTAKE

    @property
    def cost(self) -> float:
        """The points this decision is charged with: its loss if a mistake, else nothing."""
        return self.loss if self.mistake else 0.0

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Judgement:
        """From a saved review; raises ValueError (or KeyError, TypeError) on anything malformed."""
        return cls(_whole(data["chosen"], 0, A.NUM_ACTIONS - 1), _whole(data["best"], 0, A.NUM_ACTIONS - 1),
                   _number(data["loss"], -10_000.0, 10_000.0), _number(data["noise"], 0.0, 10_000.0),
                   _whole(data["samples"], 1, 10**7 - 1),
                   Prospect.from_dict(_table(data["chosen_prospect"])),
                   Prospect.from_dict(_table(data["best_prospect"])))


def _whole(value: object, low: int, high: int) -> int:
    """A whole number from a saved review, in range (True and False are not numbers here)."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value


def _number(value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(f"{value!r} is not a number from {low} to {high}")
    return float(value)


def _table(value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        raise ValueError("a judgement's prospects are tables")
    return value


def position_seed(game_seed: int, moves: Sequence[int]) -> int:
    """The seed of a position's deals: the game's seed and the moves that led to it (a position
    reached again after an undo by the same moves is judged on the same deals; by other moves, on
    others)."""
    digest = sha256(str(game_seed).encode())
    digest.update(b"".join(move.to_bytes(2, "big") for move in moves))
    return int.from_bytes(digest.digest()[:5], "big")


@dataclass(frozen=True)
class Assessment:
    """Every legal choice of one position, deal by deal: ``values[c]`` and ``outcomes[c]`` for each
    choice ``c`` that stands for itself; an equal card (``stands_for``) shares its stand-in's."""

    samples: int
    stands_for: dict[int, int]
    values: dict[int, tuple[float, ...]]
    outcomes: dict[int, tuple[Outcome, ...]]

    @property
    def choices(self) -> list[int]:
        return sorted(self.stands_for)

    @property
    def best(self) -> int:
        """The choice worth the most over the deals (the lowest of equals): what the hint shows."""
        return max(self.values, key=lambda c: (sum(self.values[c]), -c))

    def mean(self, choice: int) -> float:
        values = self.values[self.stands_for[choice]]
        return sum(values) / len(values)

    def noise(self, choice: int) -> float:
        """The standard error of the mean of ``choice``'s value (its own deals' spread)."""
        values = self.values[self.stands_for[choice]]
        n = len(values)
        if n < 2:
            return 0.0
        mean = sum(values) / n
        return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)

    def prospect(self, choice: int) -> Prospect:
        key = self.stands_for[choice]
        values, outcomes = self.values[key], self.outcomes[key]
        n = len(values)

        def share(index: int) -> float | None:
            known = [o[index] for o in outcomes if o[index] is not None]
            return None if not known else sum(1 for k in known if k) / len(known)

        chances = [o[4] for o in outcomes if o[4] is not None]
        return Prospect(sum(values) / n, sum(o[0] for o in outcomes) / n, share(1), share(2), share(3),
                        sum(chances) / len(chances) if chances else None, sum(o[5] for o in outcomes) / n)

    def judgement(self, chosen: int) -> Judgement | None:
        """The verdict on ``chosen`` against the best choice, over the same deals (None: a choice the
        judge did not weigh, or fewer deals than a verdict is trusted on)."""
        if chosen not in self.stands_for or self.samples < MIN_SAMPLES:
            return None
        best = self.best
        if self.stands_for[chosen] == best:
            best = chosen  # the best card, or one that takes the same tricks
        mine, theirs = self.values[self.stands_for[chosen]], self.values[self.stands_for[best]]
        diffs = [b - c for b, c in zip(theirs, mine, strict=True)]
        n = len(diffs)
        loss = sum(diffs) / n
        spread = math.sqrt(sum((d - loss) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        return Judgement(chosen, best, loss, spread / math.sqrt(n), n, self.prospect(chosen), self.prospect(best))


def assemble(view: SeatView, per_world: Mapping[int, Any]) -> Assessment:
    """The assessment from the deals' findings (``worlds_of``: a share from each worker), added in
    the deals' order, so the sums are the same however the deals were shared out.  A finding is
    what a deal gave each standing choice, its value and outcome, passed between processes, hence
    ``Any``."""
    order = sorted(per_world)
    bids = {b: b for b in view.legal_actions if A.is_bid(b)}
    stands = card_choices(view) if view.phase is Phase.PLAY else bids
    kept = sorted(set(stands.values()))
    found = [per_world[i] for i in order]
    return Assessment(len(order), stands,
                      {c: tuple(w[c][0] for w in found) for c in kept},
                      {c: tuple(w[c][1] for w in found) for c in kept})


def worlds_of(view: SeatView, seed: int) -> CardWorlds | BidDeals:
    """The deals a card or a bid position is judged over."""
    return CardWorlds(view, seed) if view.phase is Phase.PLAY else BidDeals(view, seed)


def judge_part(view: SeatView, seed: int, samples: int, share: int = 0, shares: int = 1) -> dict[int, object]:
    """The findings of deals ``share``, ``share + shares``, ... below ``samples`` (a worker's part)."""
    worlds = worlds_of(view, seed)
    return {i: worlds.world(i) for i in range(share, samples, shares)}


class JudgeJob:
    """One position being judged a slice at a time (``step``): in a worker process it runs to the
    end at once; without one, a slice per frame.  ``samples``: exactly this many deals (the
    position's own number by default); ``assessment`` once ``done``, and ``judgement`` of
    ``chosen`` if one was given (the review's question)."""

    def __init__(self, view: SeatView, chosen: int | None, seed: int, samples: int | None = None) -> None:
        self.view = view
        self.chosen = chosen
        self.samples = judge_samples(view) if samples is None else samples
        self.seen = 0
        self.done = False
        self.assessment: Assessment | None = None
        self._worlds = worlds_of(view, seed)
        self._found: dict[int, object] = {}
        self._part: Generator[None, None, Any] | None = None  # the deal being judged, a step at a time

    @property
    def judgement(self) -> Judgement | None:
        if self.assessment is None or self.chosen is None:
            return None
        return self.assessment.judgement(self.chosen)

    def step(self, seconds: float) -> bool:
        """Judge for up to ``seconds`` (at least one step: a card world, or one candidate of a bid
        deal); True once done."""
        if self.done:
            return True
        stop = time.perf_counter() + seconds
        while self.seen < self.samples:
            if self._part is None:
                self._part = self._worlds.world_steps(self.seen)
            try:
                next(self._part)
            except StopIteration as done:
                self._found[self.seen] = done.value
                self.seen += 1
                self._part = None
            if time.perf_counter() >= stop:
                break
        if self.seen >= self.samples:
            self.assessment, self.done = assemble(self.view, self._found), True
        return self.done


def assess(view: SeatView, seed: int, samples: int | None = None) -> Assessment:
    """The whole judgement of one position at once (in a worker process, and tests)."""
    job = JudgeJob(view, None, seed, samples)
    while not job.step(3600.0):
        pass
    assert job.assessment is not None
    return job.assessment


def judge(view: SeatView, chosen: int, seed: int, samples: int | None = None) -> Judgement | None:
    """The verdict on one decision (the review's question): ``assess`` and compare."""
    return assess(view, seed, samples).judgement(chosen)

