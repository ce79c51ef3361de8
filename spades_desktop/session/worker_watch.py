"""Signs of life from the worker processes, so a worker that stops answering is noticed.

A worker killed outright breaks the pool at once (the executor says so), but one that is stopped
(SIGSTOP, a debugger, a frozen machine's swap) or hung in a system call never answers and never
fails: the table would wait for its computer player without end.  Each worker therefore runs a
small thread that counts up a slot of shared memory a few times a second; a stopped process stops
every thread, so its count stands still.  The window, while it waits on an answer, compares the
counts: a worker whose count has not moved for ``STALL_SECONDS`` of the window's own watching is
taken for stopped, and the pool fails as for a killed worker (the window thinks instead, with the
usual one-time notice).

The counts are compared, never clock readings across processes (no shared clock is assumed), and a
gap in the window's own watching (a suspended laptop, a long frame) restarts the wait, so only time
the window saw pass counts.  The same thread ends the worker when the game's process is gone.
No pygame here.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from typing import Any

#: how often a worker counts up its slot
BEAT_SECONDS = 0.2
#: a worker whose count has not moved for this long, while the window waits on it, is stopped
STALL_SECONDS = 4.0
#: a worker that has not begun to count this long after the window began to wait on it never started
#: (stopped while it imported the game: starting takes a few seconds on a busy machine, so more)
START_SECONDS = 30.0
#: a gap this long between two looks by the window restarts every wait (the window itself was stopped)
WATCH_GAP_SECONDS = 1.0
#: how often the worker looks for its parent (the game's process)
PARENT_SECONDS = 1.0
#: how much weaker a worker's claim on the processor is than the window's (a nice value): a worker
#: searching on one core and the window drawing on the other left no core for the pool's own threads
#: in the game's process, which then took the window's, now and then a frame of 9-18 ms
WORKER_NICENESS = 10


def make_slots(context: Any, workers: int) -> tuple[Any, Any]:
    """Shared memory for ``workers`` counts and the next free slot (handed to each worker as it
    starts, through the pool's initializer)."""
    return context.Array("Q", max(1, workers), lock=False), context.Value("i", 0)


def start_worker_watch(parent: int, beats: Any, next_slot: Any) -> None:
    """Run in each worker as it starts: ignore Ctrl+C, take a slot and count it up while the process
    runs; end the worker within a second if the game's process goes away without closing the pool (killed,
    crashed), instead of waiting for ever."""
    # Ctrl+C in a terminal reaches the whole process group: the game (or ``spades-desktop review``)
    # decides what it means and ends the workers; a worker printing its own traceback helps nobody
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lower_priority()
    with next_slot.get_lock():
        slot = next_slot.value % len(beats)
        next_slot.value += 1

    def watch() -> None:
        looked = time.monotonic()
        while True:
            beats[slot] += 1
            if time.monotonic() - looked >= PARENT_SECONDS:
                if os.getppid() != parent:
                    os._exit(0)
                looked = time.monotonic()
            time.sleep(BEAT_SECONDS)

    threading.Thread(target=watch, name="spades-watch-parent", daemon=True).start()


def lower_priority() -> None:
    """This process yields the processor to the window (where the system lets a process lower its
    own priority; elsewhere it thinks at the window's)."""
    with contextlib.suppress(AttributeError, OSError):  # (no os.nice on Windows; a sandbox may refuse it)
        os.nice(WORKER_NICENESS)


class StallWatch:
    """The window's side: which workers' counts have stood still for too long."""

    def __init__(self, beats: Any, stall_seconds: float = STALL_SECONDS) -> None:
        self.beats = beats
        self.stall_seconds = stall_seconds
        self._seen: list[tuple[int, float]] = []  # each slot's last count and when it was seen to move
        self._last_look = 0.0

    def stalled(self, now: float | None = None) -> bool:
        """Whether a started worker has shown no sign of life for ``stall_seconds`` of watching."""
        now = time.monotonic() if now is None else now
        counts = list(self.beats)
        if not self._seen or now - self._last_look > WATCH_GAP_SECONDS:
            self._seen = [(count, now) for count in counts]  # (re)start every wait from this look
        self._last_look = now
        stalled = False
        for slot, count in enumerate(counts):
            last, moved = self._seen[slot]
            if count != last:
                self._seen[slot] = (count, now)
            elif now - moved >= (self.stall_seconds if count else max(self.stall_seconds, START_SECONDS)):
                stalled = True
        return stalled

    def all_started(self) -> bool:
        """Every worker has shown a sign of life (its imports done, its count begun)."""
        return all(self.beats)
