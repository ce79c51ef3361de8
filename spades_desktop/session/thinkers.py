"""Computer players think in worker processes beside the table (issue 26).

The render loop never searches: the game controller sends a request (the level, a seed and the
seat's view, which holds no hidden card) to a pool of worker processes and polls for the answer
each frame.  Workers are started with ``spawn`` so the game behaves the same on Linux, Windows and
macOS and in the frozen app (the entry point calls ``multiprocessing.freeze_support``), after the
first frame is drawn, so they cost the start nothing.  If the pool cannot start, or a worker
dies, ``failed`` says why once and callers think in slices of the frame as before: the game never
hangs and never loses a decision.  No pygame here.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ai.players import ComputerPlayer, Level
from ..engine.view import SeatView

if TYPE_CHECKING:  # the process machinery is imported when the pool starts, after the first frame
    from concurrent.futures import Future, ProcessPoolExecutor

log = logging.getLogger("spades_desktop")

#: what a failure to think beside the table tells the person, once
FALLBACK_NOTICE = "Computer players think in this window for now: {why}"


def default_workers() -> int:
    """All cores but one (the render loop's), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


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


def _ready() -> int:
    """Run in each worker once at start, so the first decision does not wait for its imports."""
    return os.getpid()


class ThinkerPool:
    """Worker processes for the computer players' searches."""

    def __init__(self, workers: int | None = None, on_failure: Callable[[str], None] | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.on_failure = on_failure  # told once when thinking falls back to the window
        self.failed = ""
        self._pool: ProcessPoolExecutor | None = None

    @property
    def available(self) -> bool:
        return self._pool is not None and not self.failed

    @property
    def started(self) -> bool:
        return self._pool is not None or bool(self.failed)

    def start(self) -> None:
        """Start the workers (after the first frame); a pool of none is never started."""
        if self.started or self.workers <= 0:
            return
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        try:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
            for _ in range(self.workers):
                self._pool.submit(_ready)
        except (OSError, RuntimeError, ValueError) as exc:
            self._fail(f"the helper processes could not start ({exc})")

    def submit(self, request: DecisionRequest) -> Future[int] | None:
        """The decision on its way to a worker, or None when there is no pool to think in."""
        if not self.available:
            return None
        assert self._pool is not None
        try:
            return self._pool.submit(decide, request)
        except (RuntimeError, OSError) as exc:  # a broken pool's error is a RuntimeError
            self._fail(f"a helper process stopped ({exc})")
            return None

    def answer(self, future: Future[int]) -> int | None:
        """A finished request's action, or None if its worker failed (the caller thinks itself)."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            return future.result(timeout=0)
        except BrokenProcessPool as exc:
            self._fail(f"a helper process stopped ({exc})")
        except Exception as exc:  # a search that raised in the worker: think here instead
            log.exception("a computer player's search failed in a worker: %s", exc)
        return None

    def pids(self) -> list[int]:
        """The workers' process ids (for the test that quitting leaves none behind)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def close(self) -> None:
        """Stop the workers now: nothing they are doing is wanted any more."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=2.0)

    def _fail(self, why: str) -> None:
        if self.failed:
            return
        self.failed = why
        log.warning("computer players think in the window: %s", why)
        if self.on_failure is not None:
            self.on_failure(FALLBACK_NOTICE.format(why=why))
        self.close()
        self.failed = why
