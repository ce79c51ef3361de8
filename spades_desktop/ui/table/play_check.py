"""The play checker at the table: the person's decisions queued for the hard level's judgement,
checked in a worker process (or, without one, a slice per frame), and the marks it leaves (no
pygame)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...ai.checker import CheckJob, Verdict, checkable
from ...engine import actions as A
from ...engine.cards import card_id
from ...engine.view import SeatView
from ...engine.words import plural
from ...session.thinkers import CheckRequest, ThinkerPool

if TYPE_CHECKING:
    from concurrent.futures import Future
from ..text.words import action_bid_text

CHECK_SLICE = 0.004  # seconds of checking per frame, beside the computers' own thinking


@dataclass(frozen=True)
class CheckMark:
    hand: int
    trick: int  # 0 for a bid
    verdict: Verdict

    @property
    def text(self) -> str:
        v = self.verdict
        points = max(1, round(v.loss))
        if A.is_card(v.best):
            return f"Checker: {card_id(v.best)} was better than {card_id(v.chosen)}, about {plural(points, 'point')}"
        better, chosen = action_bid_text(v.best), action_bid_text(v.chosen)
        return f"Checker: bidding {better} was better than {chosen}, about {plural(points, 'point')}"


class PlayChecker:
    """Checks the person's decisions one after another; ``step`` returns a new mark when one is due."""

    def __init__(self, pool: Callable[[], ThinkerPool | None] = lambda: None) -> None:
        self.jobs: deque[tuple[CheckJob, int, int]] = deque()
        self.marks: list[CheckMark] = []
        self.pool = pool  # the worker processes to check in, if the app has them
        self.asked: Future | None = None  # the first job's question, on its way in a worker

    def submit(self, view: SeatView, action: int, hand: int, trick: int, seed: int) -> None:
        """Queue the decision ``action`` taken from ``view`` (the seat's view before it acted)."""
        if checkable(view, action):
            self.jobs.append((CheckJob(view, action, seed), hand, trick))

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    def step(self, seconds: float = CHECK_SLICE) -> CheckMark | None:
        if not self.jobs:
            return None
        job, hand, trick = self.jobs[0]
        pool = self.pool()
        if self.asked is None and pool is not None:
            self.asked = pool.submit_check(CheckRequest(job.view, job.chosen, job.seed))
        if self.asked is not None and pool is not None:
            if not pool.finished(self.asked):
                return None
            answered, verdict = pool.outcome(self.asked)
            self.asked = None
            if not answered and pool.failed:  # the worker failed: this job is checked in slices from now
                return None
            job.verdict, job.done = verdict, True  # (a check that raised in the worker: nothing to say)
        elif not job.step(seconds):
            return None
        self.asked = None
        self.jobs.popleft()
        if job.verdict is None or not job.verdict.worth_saying:
            return None
        mark = CheckMark(hand, trick, job.verdict)
        self.marks.append(mark)
        return mark

    def marks_of(self, hand: int) -> list[CheckMark]:
        return [m for m in self.marks if m.hand == hand]
