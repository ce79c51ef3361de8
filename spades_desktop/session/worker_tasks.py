"""What a worker process is asked and how it answers: each request carries everything a worker
needs and nothing the seat may not know, and each task is a plain function run in the worker
(picklable by name, as ``spawn`` needs).  The pool that sends them is ``thinkers``.  No pygame here.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass

from ..ai import hard, world_search
from ..ai.judge import Judgement, judge, judge_part
from ..ai.players import ComputerPlayer, Level
from ..engine.claim import ClaimOutcome, claim_proof, has_a_choice
from ..engine.seats import Seat
from ..engine.state import GameState
from ..engine.view import SeatView
from .par_play import ParSpec, play_moves


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """One decision to make: everything a worker needs, and nothing the seat may not know."""

    level: Level
    seed: int
    budget: float
    iterations: int | None
    view: SeatView


def decide(request: DecisionRequest) -> int:
    """Run in a worker: the computer player's whole decision."""
    player = ComputerPlayer(request.level, seed=request.seed, budget=request.budget, iterations=request.iterations)
    return player.decide(request.view)


@dataclass(frozen=True, slots=True)
class CardPlan:
    """A hard card decision before its worlds: the cards worth searching, the normal player's card
    (the prior the search must beat) and the seed the worlds are drawn from."""

    legal: tuple[int, ...]
    prior: int
    seed: int


def plan_card(request: DecisionRequest) -> CardPlan:
    """Run in a worker: a hard card decision's plan, drawn as the search in one process draws it
    (``hard.card_plan`` and then the worlds' seed from the same generator).  In a worker, not in the
    window: the prior is the normal player's card, which searches its last five cards."""
    rng = random.Random(request.seed)
    legal, prior = hard.card_plan(request.view, rng)
    return CardPlan(tuple(legal), prior, rng.getrandbits(40))


@dataclass(frozen=True, slots=True)
class WorldsRequest:
    """A share of a hard card decision's sampled worlds (root-parallel search): worlds ``start``,
    ``start + step``, ... below ``count`` if given, else for ``budget`` seconds (and below ``stop``
    if given: a round of the race cut short by time); each world searched on the ``legal`` cards
    (a race's survivors)."""

    view: SeatView
    legal: tuple[int, ...]
    seed: int
    start: int
    step: int
    count: int | None
    budget: float
    stop: int | None = None


def search_worlds(request: WorldsRequest) -> dict[int, dict[int, float]]:
    """Run in a worker: each of its worlds' values per card, by the world's index."""
    search = world_search.WorldSearch(request.view, list(request.legal))
    found: dict[int, dict[int, float]] = {}
    deadline = time.perf_counter() + request.budget
    index = request.start
    while _more_worlds(request, index, deadline, bool(found)):
        found[index] = search.world(request.seed, index)
        index += request.step
    return found


def _more_worlds(request: WorldsRequest, index: int, deadline: float, searched: bool) -> bool:
    """Whether a share searches world ``index``: below its count, or (timed) below its stop while
    its time lasts; a timed share searches at least one world, so every share answers something."""
    if request.count is not None:
        return index < request.count
    if request.stop is not None and index >= request.stop:
        return False
    return time.perf_counter() < deadline or not searched


@dataclass(frozen=True, slots=True)
class AssessRequest:
    """The judge's question for the hint and the play checker: every choice at ``view``'s position,
    over deals ``share``, ``share + shares``, ... below ``samples`` (a worker's part of them)."""

    view: SeatView
    seed: int
    samples: int
    share: int = 0
    shares: int = 1


def assess_part(request: AssessRequest) -> tuple[dict[int, object], float]:
    """Run in a worker: the judge's findings on its part of a position's deals, and the processor
    seconds they took (what the judging costs, whatever else the machine is doing)."""
    start = time.process_time()
    found = judge_part(request.view, request.seed, request.samples, request.share, request.shares)
    return found, time.process_time() - start


@dataclass(frozen=True, slots=True)
class JudgeRequest:
    """The review's question: how good was ``chosen`` from ``view`` (the seat's view then)?"""

    view: SeatView
    chosen: int
    seed: int
    samples: int | None = None  # exactly this many deals (tests, `--samples`), else the position's own number


def judge_decision(request: JudgeRequest) -> Judgement | None:
    """Run in a worker: the review's whole judgement of one decision (the judge's deals)."""
    return judge(request.view, request.chosen, request.seed, samples=request.samples)


@dataclass(frozen=True, slots=True)
class ClaimRequest:
    """Is there a claim at this position, for either side?  The claim is the referee's question,
    not a seat's decision: it is proven over the real hands, so the whole state goes (as the
    engine's own proof in the window would use it).  ``person``: whose time a computer's claim
    would save."""

    state: GameState
    person: Seat | None


@dataclass(frozen=True, slots=True)
class ClaimFindings:
    """Each side's finished proof, and whether the person still has a card to choose on some way
    the hand can go on (asked only when some side has a claim a computer could offer)."""

    outcomes: dict[str, ClaimOutcome]
    person_has_a_choice: bool | None


def prove_claims(request: ClaimRequest) -> ClaimFindings:
    """Run in a worker: every side's claim proof to the end, then the person's choice if needed."""
    state, person = request.state, request.person
    outcomes: dict[str, ClaimOutcome] = {}
    for side, members in state.sides.items():
        search = claim_proof(state, members[0])
        while True:
            try:
                next(search)
            except StopIteration as done:
                outcomes[side] = done.value
                break
    offered = any(outcome.holds for outcome in outcomes.values())  # a computer on turn may claim
    return ClaimFindings(outcomes, has_a_choice(state, person) if offered and person is not None else None)


@dataclass(frozen=True, slots=True)
class ParMovesRequest:
    """The par's next moves (``par_play``): its game as it stands (every hand: the worker plays each
    seat from that seat's view only), played on for ``seconds`` at most, so a game's own decisions
    asked meanwhile wait for no more than that."""

    spec: ParSpec
    state: GameState
    seconds: float


def par_moves(request: ParMovesRequest) -> list[int]:
    """Run in a worker: the par's moves from ``request.state`` on, while its time lasts."""
    return play_moves(request.spec, request.state, request.seconds)


def _ready() -> int:
    """Run in each worker once at start, so the first decision does not wait for its imports."""
    return os.getpid()
