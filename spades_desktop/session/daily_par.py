"""The daily deal's par, behind one small door: ``start_par`` hands back a job the result screen
polls (``progress``, ``done``, ``result()``, ``cancel()``).

The real par (the hard player in the person's seat, the same partner and opponents, played on
the worker processes: ``session/par.py``) is built beside this; until it is wired here,
``start_par`` falls back on ``StandInPar``: the same hands played in a background thread of
this process by the *normal* player in the person's seat.  The stand-in is for tests and for
looking at the screens, never a par to publish: it is not the hard player and it shares the
window's process.  Wiring the real one is the one import in ``start_par``.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Protocol

from ..ai.players import ComputerPlayer
from ..engine.seats import Seat
from ..engine.state import GameState
from .duplicate import HandScore, hand_scores

if TYPE_CHECKING:
    from .thinkers import ThinkerPool

#: the stand-in's player in the person's seat (the real par's is the hard one)
STAND_IN_LEVEL = "normal"


class ParJob(Protocol):
    """The par of a run of hands, being worked out."""

    @property
    def progress(self) -> tuple[int, int]: ...  # (hands done, hands in all)

    @property
    def done(self) -> bool: ...

    def result(self) -> list[HandScore] | None: ...  # each hand from the person's seat; None until done

    def cancel(self) -> None: ...


def start_par(opening: GameState, levels: dict[Seat, str], hands: int,
              thinkers: ThinkerPool | None = None) -> ParJob:
    """The par of ``hands`` hands from ``opening`` (the state the person's playing began in),
    with ``levels`` at the other seats.  (Wire the real par here: ``from .par import start_par``.)"""
    return StandInPar(opening, levels, hands)


class StandInPar:
    """A stand-in par for tests: the normal player in seat South, in a thread of this process."""

    def __init__(self, opening: GameState, levels: dict[Seat, str], hands: int, level: str = STAND_IN_LEVEL) -> None:
        self.total = hands
        self._first = opening.hand_number
        self._state = opening.clone()
        self._players = {seat: ComputerPlayer(level if seat == Seat.S else levels.get(seat, "normal"),
                                              seed=opening.seed * 10 + int(seat))
                         for seat in opening.seats}
        self._stop = threading.Event()
        self._scores: list[HandScore] | None = None
        self._done_hands = 0
        self._thread = threading.Thread(target=self._run, name="stand-in par", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        state = self._state
        while not state.is_terminal() and not self._stop.is_set():
            seat = state.turn
            assert seat is not None
            state.apply(self._players[seat].decide(state.view(seat)))
            self._done_hands = sum(1 for r in state.hand_history if r.hand_number >= self._first)
            if self._done_hands >= self.total:
                break
        if not self._stop.is_set():
            self._scores = hand_scores(state, Seat.S, self._first, self.total)

    @property
    def progress(self) -> tuple[int, int]:
        return min(self._done_hands, self.total), self.total

    @property
    def done(self) -> bool:
        return self._scores is not None

    def result(self) -> list[HandScore] | None:
        return self._scores

    def cancel(self) -> None:
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """(Tests) Block until the par is worked out; True if it is."""
        self._thread.join(timeout)
        return self.done
