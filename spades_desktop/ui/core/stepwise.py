"""Drawing done a part at a time, over several frames.

Some pictures cost more than a frame can spare at 4K (a portrait 3-7 ms, a face-down hand 2-3 ms),
yet are wanted only later: they are written as generators that ``yield`` between parts and
``return`` the picture, so a frame with time to spare draws a part or two and the next goes on
where it stopped, each frame paying at most about one part.  The same generator run to its end
draws the same picture at once, for whoever needs it now.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Generic, TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]


def run_out(steps: Steps[T]) -> T:
    """Every part now; the result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


class Stepwise(Generic[T]):
    """One piece of work under way, a part at a time."""

    def __init__(self, steps: Steps[T]) -> None:
        self._steps = steps
        self.result: T | None = None
        self.done = False

    def advance(self, seconds: float) -> bool:
        """Parts until ``seconds`` have passed (always at least one); True once the work is done
        (``result`` holds what it returned)."""
        if self.done:
            return True
        end = time.perf_counter() + seconds
        while True:
            try:
                next(self._steps)
            except StopIteration as stop:
                self.result, self.done = stop.value, True
                return True
            if time.perf_counter() >= end:
                return False

    def finish(self) -> T:
        """The rest now; the result."""
        if not self.done:
            self.result, self.done = run_out(self._steps), True
        return self.result  # type: ignore[return-value]
