"""One interface for a computer seat at every level, with an anytime, sliceable decision.

``ComputerPlayer.start(view)`` returns a ``Decision``; ``step(seconds)`` works on it
for at most that long (the desktop game calls it with a couple of milliseconds per
frame, so thinking never freezes the window) and ``cancel()`` drops it (the game was
closed, or a hand undone).  ``decide(view)`` runs a whole decision in one call for
tools and tests.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator
from enum import StrEnum

from ..engine.view import SeatView
from . import easy, hard, normal


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    RANDOM = "random"  # uniform legal play: a baseline for measuring the others


#: Default thinking budget per decision, seconds (the hard level is anytime).
BUDGETS = {Level.EASY: 0.0, Level.NORMAL: 0.0, Level.HARD: 0.3, Level.RANDOM: 0.0}


class Decision:
    """A decision in progress; ``result`` is the best action found so far."""

    def __init__(self, search: Generator[int, None, None], budget: float, iterations: int | None = None) -> None:
        self._search = search
        self.budget = budget
        self.iterations = iterations
        self.count = 0
        self.spent = 0.0
        self.result: int = next(search)  # every search yields a sound answer at once
        self.done = budget <= 0.0 and iterations is None
        self.cancelled = False

    def step(self, seconds: float) -> bool:
        """Search for up to ``seconds`` (never beyond the budget); True when finished."""
        if self.done or self.cancelled:
            return True
        start = time.perf_counter()
        if self.iterations is not None:
            # a fixed amount of search (reproducible under a seed), still in slices
            stop = start + seconds
            try:
                while self.count < self.iterations and time.perf_counter() < stop:
                    self.result = next(self._search)
                    self.count += 1
            except StopIteration:
                self.done = True
            self.done = self.done or self.count >= self.iterations
            self.spent += time.perf_counter() - start
            return self.done
        stop = start + min(seconds, self.budget - self.spent)
        try:
            while time.perf_counter() < stop:
                self.result = next(self._search)
        except StopIteration:
            self.done = True
        self.spent += time.perf_counter() - start
        if self.spent >= self.budget:
            self.done = True
        return self.done

    def cancel(self) -> None:
        self.cancelled = True
        self._search.close()


class ComputerPlayer:
    """A computer seat.  It is handed views only, so it cannot see hidden cards."""

    def __init__(self, level: Level | str = Level.NORMAL, seed: int = 0, budget: float | None = None,
                 iterations: int | None = None, halving: bool = True) -> None:
        """``budget``: seconds of search per decision (hard level).  ``iterations``: search a
        fixed number of sampled worlds instead, so decisions repeat exactly under a seed.
        ``halving``: the hard level races its candidate cards (``hard.card_race``); False searches
        every candidate in every world, as before issue 26 item 6 (to measure one against the other)."""
        self.level = Level(level)
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = BUDGETS[self.level] if budget is None else budget
        self.iterations = iterations if self.level is Level.HARD else None
        self.halving = halving

    def _search(self, view: SeatView) -> Generator[int, None, None]:
        if self.level is Level.HARD:
            return hard.search(view, self.rng, self.halving)
        return self._single(view)

    def _single(self, view: SeatView) -> Generator[int, None, None]:
        if self.level is Level.RANDOM:
            yield self.rng.choice(view.legal_actions)
        elif self.level is Level.EASY:
            yield easy.decide(view, self.rng)
        else:
            yield normal.decide(view, self.rng)

    def start(self, view: SeatView) -> Decision:
        if not view.legal_actions:
            raise ValueError(f"{view.seat.name} has no decision to make now")
        return Decision(self._search(view), self.budget, self.iterations)

    def decide(self, view: SeatView) -> int:
        decision = self.start(view)
        while not decision.step(self.budget + 1.0):
            pass
        return decision.result
