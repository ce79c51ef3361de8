"""What a par is and how its moves are chosen: the same hands as a person's game, dealt from the same
seed, with the hard player in the person's seat and the person's partner and opponents at their
levels (issue 56).  No pygame, no processes: the worker's task (``worker_tasks.par_moves``) and the
window's slices (``par.ParJob``) both choose each move here, so the par is the same wherever it
is played.

Every decision's player is seeded from the game's seed as the game's controller seeds its
computer players (``seed * 10 + seat``), and that seed from the move's place in the game, and the
hard player searches a fixed number of worlds (``PAR_WORLDS``) instead of a time budget: the par
of a seed is the same on every machine, however busy, and in a worker or in the window alike.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from ..ai.players import BUDGETS, ComputerPlayer, Level
from ..engine.rules import HouseRules
from ..engine.seats import Seat
from ..engine.state import GameState

#: the worlds (a bid: the sampled deals) the hard player searches for each of the par's decisions:
#: about what it searches in its 0.3 s budget at the table on a slow machine, fixed so that the par
#: of a deal is the same for everyone (the time budget gives more worlds on a faster machine)
PAR_WORLDS = 400
#: what plays in the person's seat
PAR_LEVEL = Level.HARD
#: the factor the controller makes a decision's seed with (its player's seed times this, plus the move)
DECISION_SEED_FACTOR = 100_003


@dataclass(frozen=True)
class ParSpec:
    """The par of a run of hands: dealt from ``seed`` under ``rules``, opening with hand
    ``first_hand`` dealt by ``dealer`` (None: a game's own start, its dealer drawn), ``hands``
    of them, scores and bags carried from hand to hand as in a game; ``levels`` the other seats'
    (a seat left out plays at normal), ``person`` the seat the hard player takes."""

    rules: HouseRules
    seed: int
    hands: int
    first_hand: int = 1
    dealer: Seat | None = None
    levels: tuple[tuple[Seat, str], ...] = ()
    person: Seat = Seat.S
    worlds: int = PAR_WORLDS

    @classmethod
    def of(cls, rules: HouseRules, seed: int, hands: int, levels: Mapping[Seat, str] | None = None,
           first_hand: int = 1, dealer: Seat | None = None, person: Seat = Seat.S,
           worlds: int = PAR_WORLDS) -> ParSpec:
        kept = tuple(sorted((Seat(s), str(v)) for s, v in (levels or {}).items() if Seat(s) != person))
        return cls(rules, seed, hands, first_hand, dealer, kept, person, worlds)

    @classmethod
    def of_game(cls, state: GameState, levels: Mapping[Seat, str] | None = None, person: Seat = Seat.S,
                worlds: int = PAR_WORLDS) -> ParSpec | None:
        """The par of the hands ``state``'s game played to the end, from its start; None when it has
        none, or when it opened on hands of a record rather than its seed's (no par can deal them)."""
        played = len(state.hand_history)
        start = state.start
        if not played or person not in state.seats:
            return None
        if start is None:
            return cls.of(state.rules, state.seed, played, levels, person=person, worlds=worlds)
        if "hands" in start:  # (a hand from a record: its cards are not its seed's)
            return None
        first, dealer = start.get("first_hand"), start.get("dealer")
        if not isinstance(first, int) or not isinstance(dealer, str) or dealer not in Seat.__members__:
            return None
        return cls.of(state.rules, state.seed, played, levels, first, Seat[dealer], person, worlds)

    def level_of(self, seat: Seat) -> Level:
        if seat == self.person:
            return PAR_LEVEL
        return Level(dict(self.levels).get(seat, Level.NORMAL))

    def start_state(self) -> GameState:
        """The par's game at its first decision: the person's game's very first deal."""
        if self.first_hand == 1 and self.dealer is None:
            return GameState.new_game(self.rules, self.seed)[0]
        return GameState.new_game(self.rules, self.seed, self.first_hand, self.dealer)[0]

    def finished(self, state: GameState) -> bool:
        """Every hand of the par played (or its game over first: the hands after it are not played)."""
        return state.is_terminal() or len(state.hand_history) >= self.hands or state.turn is None


def par_player(spec: ParSpec, seat: Seat, move: int) -> ComputerPlayer:
    """The player of the par's move number ``move`` (its place in the game's log), in ``seat``."""
    level = spec.level_of(seat)
    seed = (spec.seed * 10 + int(seat)) * DECISION_SEED_FACTOR + move
    return ComputerPlayer(level, seed=seed, budget=BUDGETS[level], iterations=spec.worlds)


def play_moves(spec: ParSpec, state: GameState, seconds: float) -> list[int]:
    """Play the par on from ``state`` (changed in place) while ``seconds`` last, a move at least,
    to its end at most; the moves played."""
    moves: list[int] = []
    deadline = time.perf_counter() + seconds
    while not spec.finished(state):
        seat = state.turn
        assert seat is not None
        action = par_player(spec, seat, len(state.log)).decide(state.view(seat))
        state.apply(action, seat=seat)
        moves.append(action)
        if time.perf_counter() >= deadline:
            break
    return moves


def play_par(spec: ParSpec) -> GameState:
    """The whole par in one call (tests, tools): its game once every hand is played."""
    state = spec.start_state()
    while not spec.finished(state):
        play_moves(spec, state, 60.0)
    return state
