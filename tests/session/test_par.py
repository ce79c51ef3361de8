"""Issue 56: the par, the same hands played with the hard player in the person's seat, in the worker
processes or in the window's slices, the same either way, and a worker killed mid-par survived."""

from __future__ import annotations

import os
import signal
import time
from datetime import date

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine.daily import DAILY_RULES, daily_seed
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.session.duplicate import hand_scores
from spades_desktop.session.par import ParJob, ParSpec, start_par
from spades_desktop.session.thinkers import ThinkerPool

WORLDS = 6  # small searches: the tests look at where the moves come from, not how good they are
LEVELS = {Seat.N: "normal", Seat.E: "easy", Seat.W: "normal"}


def _by_hand(rules, seed: int, hands: int, levels, first: int = 1, dealer: Seat | None = None):
    """The same deals played move by move with the hard player at South, each player seeded as the
    game's controller seeds its own (its seat's seed, then the move), written out here apart from
    the par's code: the hands the par must give."""
    if dealer is None:
        state, _ = GameState.new_game(rules, seed)
    else:
        state, _ = GameState.new_game(rules, seed, first, dealer)
    while len(state.hand_history) < hands and not state.is_terminal():
        seat = state.turn
        level = Level.HARD if seat == Seat.S else Level(levels.get(seat, "normal"))
        player = ComputerPlayer(level, seed=(seed * 10 + int(seat)) * 100_003 + len(state.log), iterations=WORLDS)
        state.apply(player.decide(state.view(seat)), seat=seat)
    return state


def _dealt(state: GameState) -> list[tuple[int, ...]]:
    return [result.hands for result in state.hand_history]


def test_the_par_is_the_same_deals_played_with_hard_at_south_and_the_same_every_time():
    seed = daily_seed(date(2026, 3, 14))
    spec = ParSpec.of(DAILY_RULES, seed, 2, LEVELS, worlds=WORLDS)
    first, second = ParJob(spec).run(), ParJob(spec).run()
    expected = _by_hand(DAILY_RULES, seed, 2, LEVELS)
    assert first == second == hand_scores(expected, Seat.S)
    assert [s.hand for s in first] == [1, 2]
    job = ParJob(spec)
    job.run()
    assert _dealt(job.state) == _dealt(expected), "the person's very deals"
    assert job.state.log == expected.log
    assert job.state.scores == expected.scores and job.state.bags == expected.bags, "carried as a game does"


def test_the_par_of_a_game_opened_by_code_starts_at_its_hand_and_dealer():
    rules = preset("standard")
    played = _by_hand(rules, 4321, 1, LEVELS, first=5, dealer=Seat.E)
    job = start_par(None, played, LEVELS, worlds=WORLDS)
    assert job is not None and job.spec.first_hand == 5 and job.spec.dealer is Seat.E
    result = job.run()
    assert result is not None and [s.hand for s in result] == [5]
    assert _dealt(job.state) == _dealt(played) and job.state.log == played.log


def test_the_par_over_the_worker_pool_is_the_one_played_in_the_window():
    seed = daily_seed(date(2026, 3, 15))
    spec = ParSpec.of(DAILY_RULES, seed, 2, LEVELS, worlds=WORLDS)
    here = ParJob(spec)
    expected = here.run()
    pool = ThinkerPool(1)
    pool.start()
    try:
        assert pool.ready(60)
        job = ParJob(spec, lambda: pool, task_seconds=0.01)
        deadline = time.monotonic() + 120
        seen = set()
        while not job.done and time.monotonic() < deadline:
            job.step()
            seen.add(job.progress)
            time.sleep(0.005)
        assert job.result() == expected
        assert job.worker_moves == len(job.state.log) and job.window_moves == 0, "every move from a worker"
        assert (1, 2) in seen and job.progress == (2, 2), "progress by hands"
        assert job.fraction == 1.0
    finally:
        pool.close()


def test_a_worker_killed_mid_par_is_survived_and_the_par_is_the_same():
    seed = daily_seed(date(2026, 3, 16))
    spec = ParSpec.of(DAILY_RULES, seed, 2, LEVELS, worlds=WORLDS)
    expected = ParJob(spec).run()
    said: list[str] = []
    pool = ThinkerPool(1, on_failure=said.append)
    pool.start()
    try:
        assert pool.ready(60)
        job = ParJob(spec, pool, task_seconds=0.01)
        deadline = time.monotonic() + 120
        while job.worker_moves < 20 and time.monotonic() < deadline:
            job.step()
            time.sleep(0.005)
        assert job.worker_moves > 0 and not job.done
        for pid in pool.pids():
            os.kill(pid, signal.SIGKILL)
        while not job.done and time.monotonic() < deadline:
            job.step()
            time.sleep(0.005)
        assert not job.failed and job.result() == expected, "the rest played in the window, the same moves"
        assert job.window_moves > 0 and pool.failed and len(said) == 1
    finally:
        pool.close()


def test_a_cancelled_par_has_no_result_and_stops():
    spec = ParSpec.of(DAILY_RULES, 77, 1, LEVELS, worlds=WORLDS)
    job = ParJob(spec)
    job.step(0.001)
    job.cancel()
    assert job.done and job.result() is None
    moves = len(job.state.log)
    assert not job.step() and len(job.state.log) == moves


def test_a_game_from_a_hand_record_or_without_a_finished_hand_has_no_par():
    fresh, _ = GameState.new_game(preset("standard"), 9)
    assert start_par(None, fresh, LEVELS) is None, "no hand played to the end"
    recorded = GameState.from_deal(preset("standard"), Seat.N, {s: fresh.hands[s] for s in fresh.seats},
                                   stop_after_hand=False)
    player = ComputerPlayer(Level.NORMAL, seed=1)
    while not recorded.hand_history:
        recorded.apply(player.decide(recorded.view(recorded.turn)), seat=recorded.turn)
    assert recorded.start is not None and "hands" in recorded.start
    assert ParSpec.of_game(recorded, LEVELS) is None, "its cards are not its seed's: no par can deal them"
