"""The judge's answers for a game's positions, one per position, shared by everything that advises
(issue 38): the hint asks for the position the person is in, the play checker for the one they
just left, and both read the same ``Assessment``.  The judge runs in the worker processes (a
position's deals shared out among them, put together in order: the same answer as in one process),
or, without them, a slice per frame.  No pygame.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..ai.checker import judged
from ..ai.judge import Assessment, JudgeJob, assemble, position_seed
from ..ai.judge_worlds import judge_samples
from ..engine.seats import Seat
from ..engine.state import GameState
from ..engine.view import SeatView
from .thinkers import AssessRequest, ThinkerPool

if TYPE_CHECKING:
    from concurrent.futures import Future

ADVICE_SLICE = 0.004  # seconds of judging per frame when no worker process is there
KEPT = 64  # positions whose judgement is kept (a hand has at most about 18 of the person's)


def position_key(state: GameState) -> int:
    """The position ``state`` is in, as the judge seeds its deals: the game's seed and its moves."""
    return position_seed(state.seed, state.log)


@dataclass
class _Asked:
    """A position being judged: its parts on their way in the workers, or a job in the frame's slices."""

    view: SeatView
    seed: int
    samples: int
    futures: list[Future[tuple[dict[int, object], float]]] = field(default_factory=list)
    job: JudgeJob | None = None


class Advisor:
    """Judges positions on request (``ask``), keeps the last ``KEPT`` judgements by position, and
    moves the judging on once a frame (``step``)."""

    def __init__(self, pool: Callable[[], ThinkerPool | None] = lambda: None) -> None:
        self.pool = pool
        self.known: OrderedDict[int, Assessment] = OrderedDict()
        self.asking: OrderedDict[int, _Asked] = OrderedDict()
        self.cpu_seconds: dict[int, float] = {}  # by position: the longest share's processor time in a worker

    def ask(self, state: GameState, seat: Seat) -> int | None:
        """Have the position ``state`` is in judged for ``seat`` (its view only), unless it is known
        or on its way; the position's key, or None where the judge has nothing to weigh."""
        key = position_key(state)
        if key in self.known or key in self.asking:
            return key
        view = state.view(seat)
        if not judged(view):
            return None
        asked = _Asked(view, key, judge_samples(view))
        self._send(asked)
        self.asking[key] = asked
        return key

    def _send(self, asked: _Asked) -> None:
        pool = self.pool()
        if pool is not None:
            shares = max(1, min(pool.workers, asked.samples))
            sent = pool.submit_assess(*(AssessRequest(asked.view, asked.seed, asked.samples, share, shares)
                                        for share in range(shares)))
            if sent is not None:
                asked.futures = sent
                return
        asked.job = JudgeJob(asked.view, None, asked.seed, asked.samples)

    def known_for(self, key: int | None) -> Assessment | None:
        return None if key is None else self.known.get(key)

    def assessment(self, state: GameState) -> Assessment | None:
        """The judgement of the position ``state`` is in, if it is in."""
        return self.known.get(position_key(state))

    def pending(self, key: int | None) -> bool:
        return key is not None and key in self.asking

    @property
    def busy(self) -> bool:
        return bool(self.asking)

    def step(self, seconds: float = ADVICE_SLICE) -> bool:
        """Take the answers that came; judge a slice here if there is no worker.  True if one came."""
        came = False
        sliced = False
        for key, asked in list(self.asking.items()):
            if asked.job is not None:
                if sliced:
                    continue
                sliced = True  # one slice a frame, for the position asked first
                if asked.job.step(seconds):
                    assert asked.job.assessment is not None
                    came = self._keep(key, asked.job.assessment) or came
                continue
            pool = self.pool()  # (gone, or a worker stopped answering: judged here from now on)
            if pool is not None and not all(pool.finished(f) for f in asked.futures):
                continue
            parts: dict[int, object] = {}
            seconds = 0.0
            for future in asked.futures:
                answered, found = (False, None) if pool is None else pool.outcome(future)
                if not answered or not isinstance(found, tuple):
                    parts = {}
                    break
                parts.update(found[0])
                seconds = max(seconds, found[1])
            self.cpu_seconds[key] = seconds
            if len(parts) == asked.samples:
                came = self._keep(key, assemble(asked.view, parts)) or came
            else:  # a worker failed: this position is judged in the frame's slices from now
                asked.futures = []
                asked.job = JudgeJob(asked.view, None, asked.seed, asked.samples)
        return came

    def _keep(self, key: int, assessment: Assessment) -> bool:
        del self.asking[key]
        self.known[key] = assessment
        while len(self.known) > KEPT:
            gone, _ = self.known.popitem(last=False)
            self.cpu_seconds.pop(gone, None)
        return True

    def cancel(self) -> None:
        """Drop what is being judged (the table closes)."""
        for asked in self.asking.values():
            for future in asked.futures:
                future.cancel()
        self.asking.clear()
