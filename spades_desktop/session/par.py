"""The par of a run of hands, played beside the window (issue 56): the daily deal's par, played while
the person plays, and the duplicate score of any finished game's review.  No pygame.

A ``ParJob`` is moved on once a frame (``step``), as the game review's ``Reviewer`` is: it sends
the par's game to a worker process, which plays its next moves for a fraction of a second
(``PAR_TASK_SECONDS``: the game at the table, asking the same workers, waits no longer than that)
and sends them back; the window only applies them.  Without a worker (none started yet, none on
the machine, or one stopped mid-par) the next move is searched in a slice of each frame instead,
the same move: every move's player and its seed are ``par_play``'s, and the hard player searches a
fixed number of worlds, so a worker killed mid-par changes nothing but where the rest is played.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..ai.players import Decision
from ..engine.errors import IllegalAction
from ..engine.seats import Seat
from ..engine.state import GameState
from .duplicate import HandScore, hand_scores
from .par_play import PAR_WORLDS, ParSpec, par_player
from .thinkers import ParMovesRequest, ThinkerPool

if TYPE_CHECKING:
    from concurrent.futures import Future

log = logging.getLogger("spades_desktop")

__all__ = ["PAR_WORLDS", "ParJob", "ParSpec", "start_par"]

#: seconds of the par's search per frame in the window, when no worker process is there
PAR_SLICE = 0.004
#: seconds a worker plays the par on before it sends back its moves (a move at least)
PAR_TASK_SECONDS = 0.25
#: what the par's page says when the par could not be played
PAR_FAILED = "The computer's game could not be played"

#: what a ParJob is given to find the worker pool: the pool, a function that returns the app's
#: pool of the moment (it is replaced when the settings change the cores), or None (no workers)
PoolSource = ThinkerPool | Callable[[], ThinkerPool | None] | None


class ParJob:
    """The par of ``spec`` under way: ``step`` once a frame until ``done``; ``progress`` is
    (hands done, hands), ``fraction`` the share of its moves made, ``result`` the par's hands from
    the person's seat once it is finished (None before, and if it failed or was cancelled)."""

    def __init__(self, spec: ParSpec, pool: PoolSource = None, task_seconds: float = PAR_TASK_SECONDS) -> None:
        self.spec = spec
        self._pool: Callable[[], ThinkerPool | None] = pool if callable(pool) else (lambda: pool)
        self.task_seconds = task_seconds
        self.state: GameState = spec.start_state()
        self.asked: Future[list[int]] | None = None  # the par's next moves, on their way from a worker
        self.decision: tuple[Seat, Decision] | None = None  # a move searched in the window's slices
        self.cancelled = False
        self.failed = ""  # why the par could not be played (then ``result`` is None)
        self.worker_moves = 0  # moves a worker played (the rest were played in the window)
        self.window_moves = 0

    # ------------------------------------------------------------ what the page asks
    @property
    def hands_done(self) -> int:
        return len(self.state.hand_history)

    @property
    def progress(self) -> tuple[int, int]:
        """(hands played, hands): 'The computer is playing hand 3 of 4'."""
        return self.hands_done, self.spec.hands

    @property
    def fraction(self) -> float:
        """How far the par has gone, 0 to 1: its hands played, and within the hand being played its
        moves (a bid a seat and a card a seat a trick), for a bar that moves within a hand too."""
        if self.finished:
            return 1.0
        state, hands = self.state, max(1, self.spec.hands)
        per_hand = len(state.seats) * (state.hand_size + 1)
        by_moves = len(state.log) / (hands * per_hand)
        return min((self.hands_done + 0.99) / hands, max(self.hands_done / hands, by_moves))

    @property
    def finished(self) -> bool:
        """Every hand of the par played."""
        return self.spec.finished(self.state)

    @property
    def done(self) -> bool:
        """Nothing more will happen: finished, failed or cancelled."""
        return self.cancelled or bool(self.failed) or self.finished

    def result(self) -> list[HandScore] | None:
        """The par's hands as the person's seat played them, once every hand is played."""
        if self.cancelled or self.failed or not self.finished:
            return None
        return hand_scores(self.state, self.spec.person, self.spec.first_hand)

    # ------------------------------------------------------------ playing
    def step(self, seconds: float = PAR_SLICE) -> bool:
        """Move the par on; True if moves were made (the page may show more)."""
        if self.done:
            return False
        pool = self._pool()
        moved = False
        if self.asked is not None:
            if pool is None:  # the pool went away: the moves are played here from now on
                self.asked = None
            elif not pool.finished(self.asked):
                return False
            else:
                moved = self._take_answer(pool)
                if self.done:
                    return moved
        if self.asked is None and self.decision is None and pool is not None and pool.available:
            self.asked = pool.submit_par(ParMovesRequest(self.spec, self.state, self.task_seconds))
            if self.asked is not None:
                return moved
        return self._play_here(seconds) or moved

    def _take_answer(self, pool: ThinkerPool) -> bool:
        """The worker's moves played on the par's game.  A worker gone or stopped (the pool failed)
        leaves them to the window; a search that raised in a healthy worker would raise here too,
        so the par is given up and says so."""
        assert self.asked is not None
        answered, moves = pool.outcome(self.asked)
        self.asked = None
        if not answered:
            if not pool.failed:
                self.failed = PAR_FAILED
            return False
        try:
            for action in moves:
                self.state.apply(action, seat=self.state.turn)
        except IllegalAction as exc:  # (a worker of another version of the game)
            log.error("a worker's par move was refused: %s", exc)
            self.failed = PAR_FAILED
            return False
        self.worker_moves += len(moves)
        return bool(moves)

    def _play_here(self, seconds: float) -> bool:
        """The par's next move searched in this frame's slice (a few moves when they are quick)."""
        import time

        stop = time.perf_counter() + seconds
        moved = False
        try:
            while not self.finished:
                if self.decision is None:
                    seat = self.state.turn
                    assert seat is not None
                    player = par_player(self.spec, seat, len(self.state.log))
                    self.decision = (seat, player.start(self.state.view(seat)))
                seat, decision = self.decision
                if not decision.step(max(0.0, stop - time.perf_counter())):
                    return moved
                self.decision = None
                self.state.apply(decision.result, seat=seat)
                self.window_moves += 1
                moved = True
                if time.perf_counter() >= stop:
                    return moved
        except Exception:  # a move that cannot be chosen: the par is not available, the game goes on
            log.exception("the par could not be played")
            self.failed = PAR_FAILED
            self.decision = None
        return moved

    def run(self) -> list[HandScore] | None:
        """The whole par at once, in this thread (tools and tests)."""
        while not self.done:
            self.step(1.0)
        return self.result()

    def cancel(self) -> None:
        """Nothing of the par is wanted any more (the page or the game was left)."""
        self.cancelled = True
        if self.asked is not None:
            self.asked.cancel()  # not started: never run; running: its moves are dropped
            self.asked = None
        if self.decision is not None:
            self.decision[1].cancel()
            self.decision = None


def start_par(thinkers: PoolSource, what: GameState | ParSpec, levels: Mapping[Seat, str] | None = None,
              person: Seat = Seat.S, worlds: int = PAR_WORLDS) -> ParJob | None:
    """The par of a finished game's hands (``what`` a GameState: the hands it played, from its start,
    the other seats at ``levels``) or of ``what``'s spec (the daily deal's: ``ParSpec.of``), started
    on ``thinkers``; None when the game has no hand the par could deal."""
    spec = what if isinstance(what, ParSpec) else ParSpec.of_game(what, levels, person, worlds)
    return None if spec is None else ParJob(spec, thinkers)
