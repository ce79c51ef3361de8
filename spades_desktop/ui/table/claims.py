"""Claims at the table (no pygame): the engine's proof for the position on the table, run in a
worker process (or, without one, a slice per frame), the person's claim offered once proven, and a
computer's claim put to the person."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from ...engine.claim import ClaimOutcome, claim_proof, has_a_choice, tricks_left
from ...engine.seats import Seat
from ...engine.state import GameState, Phase
from ...session.thinkers import ClaimFindings, ClaimRequest, ThinkerPool

if TYPE_CHECKING:
    from concurrent.futures import Future

CLAIM_SLICE = 0.003  # seconds of proof search per frame
MAX_TRICKS_LEFT = 6  # earlier than this a proof would search too many positions to be worth it


class ClaimWatch:
    """For the position on the table: is there a proven claim, and for which side?"""

    def __init__(self, pool: Callable[[], ThinkerPool | None] = lambda: None,
                 person: Callable[[], Seat | None] = lambda: None) -> None:
        self.pool = pool  # the worker processes to prove in, if the app has them
        self.person = person  # whose time a computer's claim would save
        self.asked: Future[ClaimFindings] | None = None  # this position's proofs, on their way in a worker
        self._position: tuple[int, int] | None = None  # (hand number, moves) the proofs are for
        self._searches: dict[str, Generator[None, None, ClaimOutcome]] = {}
        self.proven: dict[str, bool] = {}  # side -> proven (missing: still searching)
        self.outcomes: dict[str, ClaimOutcome] = {}  # side -> the finished proof, with its reason
        self._saves_time: bool | None = None  # whether the person still has a choice (asked once per position)
        self.offered_by: Seat | None = None  # a computer claiming, waiting for the person's answer
        self._declined: set[tuple[int, str]] = set()  # (hand, side): the person chose to play on

    def _follow(self, state: GameState) -> None:
        position = (state.hand_number, len(state.log))
        if position != self._position:
            self._position = position
            self.proven = {}
            self.outcomes = {}
            self._searches = {}
            self._saves_time = None
            if self.asked is not None:
                self.asked.cancel()  # not started: never run; running: its findings are for another position
                self.asked = None
            if tricks_left(state) <= MAX_TRICKS_LEFT and state.turn is not None:
                pool = self.pool()
                if pool is not None:
                    self.asked = pool.submit_claims(ClaimRequest(state.clone(), self.person()))
                if self.asked is None:
                    self._search_here(state)

    def _search_here(self, state: GameState) -> None:
        """Prove in slices of the frame: no worker to ask, or it failed."""
        for side in state.sides:
            if side not in self.outcomes:
                self._searches[side] = claim_proof(state, state.sides[side][0])

    def step(self, state: GameState) -> bool:
        """Search a slice; True when a proof has just finished (the table may show a change)."""
        self._follow(state)
        if self.asked is not None:
            return self._take_findings(state)
        if not self._searches:
            return False
        stop = time.perf_counter() + CLAIM_SLICE
        finished = False
        for side, search in list(self._searches.items()):
            while time.perf_counter() < stop:
                try:
                    next(search)
                except StopIteration as done:
                    self.outcomes[side] = done.value
                    self.proven[side] = done.value.holds
                    del self._searches[side]
                    finished = True
                    break
        return finished

    def _take_findings(self, state: GameState) -> bool:
        """The worker's proofs, once they have come (they are for this position: a move cancels them)."""
        pool = self.pool()
        assert self.asked is not None
        if pool is None or not pool.finished(self.asked):
            if pool is None:  # the pool was closed: prove here
                self.asked = None
                self._search_here(state)
            return False
        answered, findings = pool.outcome(self.asked)
        self.asked = None
        if not answered:  # the worker failed: prove here from the next frame
            self._search_here(state)
            return False
        self.outcomes = dict(findings.outcomes)
        self.proven = {side: outcome.holds for side, outcome in self.outcomes.items()}
        if findings.person_has_a_choice is not None:
            self._saves_time = findings.person_has_a_choice
        return True

    def proven_for(self, state: GameState, seat: Seat | None) -> bool:
        self._follow(state)
        return seat is not None and self.proven.get(state.side_of_seat(seat), False)

    def computer_offer(self, state: GameState, human: Seat | None, settled: bool) -> Seat | None:
        """The computer on turn claims when its side's claim is proven and it saves the person
        time: two tricks or more are left and the person still has a card to choose (never on
        the last trick, never over cards that are all forced), as it leads a trick (its side
        takes every trick left, so it leads the next one). Once per hand and side, unless the
        person chose to play on."""
        if not settled or self.offered_by is not None or human is None:
            return None
        seat = state.turn
        if seat is None or seat == human or tricks_left(state) < 2:
            return None
        if state.trick_cards:  # at a trick's start, the table clear: its panel stood over the trick played
            return None
        side = state.side_of_seat(seat)
        if not self.proven_for(state, seat) or (state.hand_number, side) in self._declined:
            return None
        if self._saves_time is None:
            self._saves_time = has_a_choice(state, human)
        return seat if self._saves_time else None

    def why_not(self, state: GameState, seat: Seat) -> ClaimOutcome | None:
        """The finished proof for ``seat``'s side at this position (None: not tried or still running)."""
        self._follow(state)
        return self.outcomes.get(state.side_of_seat(seat)) if state.phase is Phase.PLAY else None

    def declined(self, state: GameState) -> None:
        for side in state.sides:
            if self.proven.get(side):
                self._declined.add((state.hand_number, side))
