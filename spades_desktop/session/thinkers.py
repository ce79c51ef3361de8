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
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..ai import hard
from ..ai.judge import Judgement
from .worker_tasks import (
    AssessRequest,
    CardPlan,
    ClaimFindings,
    ClaimRequest,
    DecisionRequest,
    JudgeRequest,
    ParMovesRequest,
    WorldsRequest,
    _ready,
    assess_part,
    decide,
    judge_decision,
    par_moves,
    plan_card,
    prove_claims,
    search_worlds,
)
from .worker_watch import STALL_SECONDS, StallWatch, make_slots, start_worker_watch

if TYPE_CHECKING:  # the process machinery is imported when the pool starts, after the first frame
    from concurrent.futures import Future, ProcessPoolExecutor

log = logging.getLogger("spades_desktop")

__all__ = ["AssessRequest", "CardPlan", "ClaimFindings", "ClaimRequest", "DecisionRequest", "JudgeRequest",
           "ParMovesRequest", "SharedCard", "ThinkerPool", "WorldsRequest", "all_cores", "default_workers"]

#: what a failure to think beside the table tells the person, once: what happened and what it means
#: for the game, in the person's words (the exception's own text goes to the log, not the table)
FALLBACK_NOTICE = "{why}, so the computer players think in this window; the game goes on"
#: the failures ``FALLBACK_NOTICE`` names
START_FAILED = "The helper processes could not start"
WORKER_STOPPED = "A helper process stopped"
WORKER_SILENT = "A helper process stopped answering"


def all_cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def default_workers() -> int:
    """All cores but one (the render loop's), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


#: a timed round of the race before the last takes at most this share of the time left (its
#: worlds are usually done sooner; the last round has all that is left)
ROUND_TIME_SHARE = 0.5


class SharedCard:
    """A hard card decision shared out among the workers, raced in rounds (``hard.race_rounds``):
    each round's worlds are shared out on the cards still in the race; when they are all back the
    clearly worse cards are dropped (``hard.Race``) and the next round is sent.  ``done`` is polled
    each frame and sends the next round itself, so the game needs no thread for it.  With a fixed
    number of worlds the rounds are the in-process search's (same worlds, same drops, same card
    whatever the number of workers); with a time budget each round has a share of the time left
    to the decision's deadline, so the rounds never stretch the budget."""

    def __init__(self, pool: ThinkerPool, request: DecisionRequest, plan: CardPlan | Future[CardPlan]) -> None:
        """``plan``: the decision's plan, or a worker's answer to come with it (``plan_card``: its
        prior is a search of its own, kept out of the window); the rounds start once it is here."""
        self.pool = pool
        self.request = request
        self.deadline = time.perf_counter() + request.budget
        self.futures: list[Future[dict[int, dict[int, float]]]] = []
        self.failed = False  # a worker failed (or the pool): no answer, the window thinks instead
        self.cancelled = False
        self.planning: Future[CardPlan] | None = None
        self.legal: list[int] = []
        self.prior = -1  # (the plan's, once here)
        self.seed = 0
        self.race: hard.Race | None = None
        self.rounds: list[tuple[int, int | None]] = []
        if isinstance(plan, CardPlan):
            self._begin(plan)
        else:
            self.planning = plan

    def _begin(self, plan: CardPlan) -> None:
        self.legal = list(plan.legal)
        self.prior = plan.prior
        self.seed = plan.seed
        self.race = hard.Race(self.legal, plan.prior)
        self.rounds = hard.race_rounds(self.request.iterations) if len(self.legal) > 1 else []
        self._next_round()

    def _next_round(self) -> None:
        """Send the next round's worlds to the workers (none when the rounds are over or, timed,
        the deadline has passed)."""
        left = self.deadline - time.perf_counter()
        timed = self.request.iterations is None
        if not self.rounds or (timed and left <= 0):
            self.rounds, self.futures = [], []
            return
        assert self.race is not None
        start, stop = self.rounds.pop(0)
        start = max(start, self.race.last + 1)  # past the worlds of a timed round that stopped short
        shares = self.pool.workers if stop is None else max(1, min(self.pool.workers, stop - start))
        budget = left if not self.rounds else left * ROUND_TIME_SHARE
        alive = tuple(self.race.alive)
        futures = self.pool._send(search_worlds, *(
            WorldsRequest(self.request.view, alive, self.seed, start + share, shares,
                          stop if not timed else None, budget, stop) for share in range(shares)))
        self.failed = futures is None
        self.futures = futures or []

    def done(self) -> bool:
        """Every round back (or a worker failed, or the decision was cancelled)."""
        if self.failed or self.cancelled:
            return True
        if self.planning is not None:
            if not self.pool.finished(self.planning):
                return False
            answered, plan = self.pool.outcome(self.planning)
            self.planning = None
            if not answered:
                self.failed = True
                return True
            self._begin(plan)
            return not self.futures
        if not all(self.pool.finished(f) for f in self.futures):
            return False
        if not self.futures:
            return True
        assert self.race is not None  # planned: the rounds are on their way
        per_world: dict[int, dict[int, float]] = {}
        for future in self.futures:
            answered, worlds = self.pool.outcome(future)
            if not answered:
                self.failed = True
                return True
            per_world.update(worlds)
        for index in sorted(per_world):
            self.race.add(index, per_world[index])
        if self.rounds:  # (after the last round a drop would not change the card: leader and prior stay)
            self.race.prune()
        if self.race.settled:
            self.rounds = []
        self._next_round()
        return not self.futures

    def answer(self) -> int | None:
        """The card the race chose, None if a worker failed or the race is not over."""
        if self.failed or self.cancelled or self.futures or self.race is None:
            return None
        return self.race.choice()

    def cancel(self) -> None:
        self.cancelled = True
        if self.planning is not None:
            self.planning.cancel()
        for future in self.futures:
            future.cancel()


class ThinkerPool:
    """Worker processes for the computer players' searches."""

    def __init__(self, workers: int | None = None, on_failure: Callable[[str], None] | None = None,
                 stall_seconds: float = STALL_SECONDS) -> None:
        self.workers = default_workers() if workers is None else workers
        self.stall_seconds = stall_seconds  # a worker silent this long while asked is taken for stopped
        self.on_failure = on_failure  # told once when thinking falls back to the window
        self.failed = ""
        self._pool: ProcessPoolExecutor | None = None
        self._starting: threading.Thread | None = None  # the workers are started beside the window
        self._lock = threading.Lock()
        self._closed = False
        self._unsaid = ""  # a failure found while starting, said by the window's thread
        self._watch: StallWatch | None = None  # the workers' signs of life

    @property
    def available(self) -> bool:
        """Workers are there to ask (until then, and after a failure, the window thinks)."""
        if self._unsaid:
            words, self._unsaid = self._unsaid, ""
            if self.on_failure is not None:
                self.on_failure(words)
        return self._pool is not None and not self.failed

    @property
    def started(self) -> bool:
        return self._starting is not None or self._pool is not None or bool(self.failed)

    def start(self) -> None:
        """Start the workers beside the window (after its first frame: starting processes takes
        tens of milliseconds, which no frame waits for); a pool of none is never started."""
        if self.started or self.workers <= 0:
            return
        self._starting = threading.Thread(target=self._start_pool, name="spades-start-workers", daemon=True)
        self._starting.start()

    def ready(self, timeout: float) -> bool:
        """Wait until the workers are started and each has shown a sign of life (tests, tools);
        True if they are."""
        deadline = time.monotonic() + timeout
        if self._starting is not None:
            self._starting.join(timeout)
        while self._watch is not None and not self._watch.all_started() and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.available

    def _start_pool(self) -> None:
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            _start_without_ctrl_c()
            context = multiprocessing.get_context("spawn")
            beats, next_slot = make_slots(context, self.workers)
            pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                       initializer=start_worker_watch, initargs=(os.getpid(), beats, next_slot))
            # Every worker is started here, in this thread.  Left to the pool, a worker is started by
            # the request that finds none idle: on a busy machine a first worker answered before the
            # second was asked for, and the second was started later by a request from the main
            # thread, where a Ctrl+C cut its start in two (the half-started worker printed
            # "EOFError: Ran out of input" under the command's one line).
            launch = getattr(pool, "_launch_processes", None)
            if launch is not None:
                launch()
            for _ in range(self.workers):
                pool.submit(_ready)
        except (OSError, RuntimeError, ValueError) as exc:
            self._unsaid = self._record_failure(START_FAILED, exc)  # said by the window's thread
            return
        with self._lock:
            if not self._closed:
                self._watch = StallWatch(beats, self.stall_seconds)
                self._pool = pool
                return
        _stop(pool)  # closed while it started: nothing is wanted of it

    def _send(self, task: Callable[[Any], Any], *requests: Any) -> list[Future[Any]] | None:
        """Each request on its way to a worker, or None when there is no pool to think in (or it
        broke: a broken pool's error is a RuntimeError)."""
        if not self.available:
            return None
        assert self._pool is not None
        try:
            return [self._pool.submit(task, request) for request in requests]
        except (RuntimeError, OSError) as exc:
            self._fail(WORKER_STOPPED, exc)
            return None

    def finished(self, future: Future[Any]) -> bool:
        """Whether ``future`` has its answer, or never will: the pool failed, or a worker stopped
        answering (then the pool fails now, and ``outcome`` says there is no answer).  Asked once a
        frame while the window waits, instead of ``future.done()``."""
        if future.done() or self.failed:
            return True
        watch = self._watch
        if watch is not None and watch.stalled():
            self._fail(WORKER_SILENT, TimeoutError(f"no sign of life for {watch.stall_seconds:g} s"))
            return True
        return False

    def outcome(self, future: Future[Any]) -> tuple[bool, Any]:
        """(True, what the worker returned) once it came back; (False, None) if the worker failed
        (the caller thinks in the window instead).  ``failed`` tells the two failures apart: set
        for a worker gone or stopped (the pool failed), empty for a search that raised."""
        from concurrent.futures.process import BrokenProcessPool

        if not future.done():  # the pool failed while this was on its way: no answer will come
            return False, None
        try:
            return True, future.result(timeout=0)
        except BrokenProcessPool as exc:
            self._fail(WORKER_STOPPED, exc)
        except Exception as exc:  # a search that raised in the worker
            log.exception("a search failed in a worker: %s", exc)
        return False, None

    def submit(self, request: DecisionRequest) -> Future[int] | None:
        """The decision on its way to a worker, or None when there is no pool to think in."""
        sent = self._send(decide, request)
        return sent[0] if sent else None

    def answer(self, future: Future[int]) -> int | None:
        """A finished request's action, or None if its worker failed."""
        return self.outcome(future)[1]

    def share_card(self, request: DecisionRequest) -> SharedCard | None:
        """A hard card decision's worlds shared out among the workers, raced in rounds (each
        worker searches its part of a round's worlds, as many as its share of the time allows, or
        its part of a fixed number), or None when there is no pool; a decision with one candidate
        is not searched at all."""
        if not self.available:
            return None
        sent = self._send(plan_card, request)  # the plan as one process draws it: the same worlds
        if not sent:
            return None
        return SharedCard(self, request, sent[0])

    def shared_answer(self, shared: SharedCard) -> int | None:
        """The card the shared worlds choose, or None if a worker failed (call once ``done``)."""
        return shared.answer()

    def submit_assess(self, *requests: AssessRequest) -> list[Future[tuple[dict[int, object], float]]] | None:
        """A position's deals on their way to the workers, a part each, or None when there is no pool."""
        return self._send(assess_part, *requests)

    def submit_judge(self, request: JudgeRequest) -> Future[Judgement | None] | None:
        """A decision of the review on its way to a worker, or None when there is no pool."""
        sent = self._send(judge_decision, request)
        return sent[0] if sent else None

    def submit_par(self, request: ParMovesRequest) -> Future[list[int]] | None:
        """A par's next moves on their way to a worker, or None when there is no pool."""
        sent = self._send(par_moves, request)
        return sent[0] if sent else None

    def submit_claims(self, request: ClaimRequest) -> Future[ClaimFindings] | None:
        """The claim proofs for a position on their way to a worker, or None when there is no pool."""
        sent = self._send(prove_claims, request)
        return sent[0] if sent else None

    def pids(self) -> list[int]:
        """The workers' process ids (for the test that quitting leaves none behind)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def close(self, at_once: bool = False) -> None:
        """Stop the workers now: nothing they are doing is wanted any more (``at_once``: killed
        without a chance to end, as for a worker that stopped answering, which a request to end
        would not reach while it is stopped)."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if self._starting is not None and self._starting is not threading.current_thread():
            self._starting.join(10.0)  # a pool still starting stops itself once started
        if pool is not None:
            _stop(pool, at_once)

    def _fail(self, why: str, error: BaseException) -> None:  # (the window's thread)
        if self.failed:
            return
        notice = self._record_failure(why, error)
        if self.on_failure is not None:
            self.on_failure(notice)
        self.close(at_once=True)

    def _record_failure(self, why: str, error: BaseException) -> str:
        """Keep and log the failure with Python's words for it; the person's notice (without them)."""
        self.failed = f"{why} ({error})"
        log.warning("computer players think in the window: %s", self.failed)
        return FALLBACK_NOTICE.format(why=why)


def _start_without_ctrl_c() -> None:
    """The workers this thread starts from now on never see Ctrl+C: a terminal's Ctrl+C reaches the
    whole process group, and a worker it reached while Python was still starting died printing
    "Fatal Python error: init_import_site".  The game's process decides what Ctrl+C means and
    ends the workers.  A process keeps the signal mask of the thread that started it, so the
    signal is blocked in this thread (the pool's own, which ends once the pool is started), after
    multiprocessing's resource tracker is running: starting it unblocks the signal again."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks (nor this Ctrl+C)
        return
    from multiprocessing import resource_tracker

    # The tracker frees what a process stopped by Ctrl+C left behind (a starting pool's semaphores)
    # and then warns of it on standard error, under the one line a stopped command says: its own
    # interpreter is started with that warning silenced (its flags are read from sys.warnoptions).
    kept = list(sys.warnoptions)
    sys.warnoptions.append("ignore::UserWarning:multiprocessing.resource_tracker")
    try:
        resource_tracker.ensure_running()
    finally:
        sys.warnoptions[:] = kept
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


#: how long a worker asked to end may take before it is killed
END_SECONDS = 2.0


def _stop(pool: ProcessPoolExecutor, at_once: bool = False) -> None:
    """End the pool's processes: asked to end, then killed if they have not within ``END_SECONDS``
    (a stopped process does not act on the request until it runs again); killed at once with
    ``at_once`` (the window waits for none of them)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill() if at_once else process.terminate()
    deadline = time.monotonic() + END_SECONDS
    for process in processes:
        process.join(timeout=max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(timeout=1.0)
