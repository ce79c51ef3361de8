"""Issue 26 item 1: the computer players think in worker processes beside the table."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import Future

import pytest

from spades_desktop.ai import world_search
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.session import thinkers
from spades_desktop.session.controller import GameController
from spades_desktop.session.thinkers import FALLBACK_NOTICE, START_FAILED, WORKER_STOPPED, ThinkerPool


def _computer_to_act(seed: int = 4) -> GameController:
    """A new game in which a computer seat is to act first (the person is South)."""
    for s in range(seed, seed + 50):
        ctl, _ = GameController.new(preset("standard"), s, {}, human=Seat.S)
        if ctl.thinking_seat is not None:
            return ctl
    raise AssertionError("no deal with a computer to act first")


class _HandFed:
    """A pool whose answers the test gives by hand."""

    def __init__(self) -> None:
        self.asked: list[Future[int]] = []
        self.requests: list[thinkers.DecisionRequest] = []

    def submit(self, request):
        self.requests.append(request)
        future: Future[int] = Future()
        self.asked.append(future)
        return future

    def answer(self, future):
        return future.result(timeout=0)

    def finished(self, future):
        return future.done()


def test_the_request_carries_only_the_seats_view_and_the_answer_is_played():
    ctl = _computer_to_act()
    pool = _HandFed()
    ctl.thinkers = pool  # type: ignore[assignment]
    seat = ctl.thinking_seat
    assert ctl.think(0.01, True) == [] and len(pool.requests) == 1
    request = pool.requests[0]
    assert request.view.seat == seat and request.view == ctl.state.view(seat), "the seat's view, nothing more"
    action = request.view.legal_actions[0]
    log = len(ctl.state.log)
    pool.asked[0].set_result(action)
    assert ctl.think(0.01, False) == [] and len(ctl.state.log) == log, "not before the table is ready"
    assert ctl.think(0.01, True) and ctl.state.log[log:] != [], "the answer is played"


def test_an_answer_to_a_position_the_game_has_left_is_dropped():
    ctl = _computer_to_act()
    pool = _HandFed()
    ctl.thinkers = pool  # type: ignore[assignment]
    ctl.think(0.01, True)
    stale = pool.requests[0]
    ctl._changed([])  # the game moved on meanwhile (as undo, a load or a new game does)
    log = len(ctl.state.log)
    pool.asked[0].set_result(stale.view.legal_actions[0])
    assert ctl.think(0.01, True) == [] and len(ctl.state.log) == log
    assert ctl.stale_answers == 1
    ctl.think(0.01, True)
    assert len(pool.requests) == 2, "the position as it stands is asked again"


def test_a_pool_that_cannot_start_says_so_once_and_the_game_thinks_in_the_window(monkeypatch, caplog):
    import concurrent.futures

    def refuse(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refuse)
    said: list[str] = []
    pool = ThinkerPool(2, on_failure=said.append)
    pool.start()
    pool.start()
    assert not pool.ready(10) and said == [FALLBACK_NOTICE.format(why=START_FAILED)]
    assert "no processes here" not in said[0], "the person reads what it means, not Python's words"
    assert "no processes here" in caplog.text and "no processes here" in pool.failed, "the log keeps them"
    ctl = _computer_to_act()
    ctl.thinkers = pool
    log = len(ctl.state.log)
    for _ in range(100):
        ctl.think(0.01, True)
        if len(ctl.state.log) > log:
            break
    assert len(ctl.state.log) > log, "the computer decided in slices instead"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_real_workers_decide_a_worker_killed_is_said_once_and_quitting_leaves_no_process():
    said: list[str] = []
    pool = ThinkerPool(1, on_failure=said.append)
    pool.start()
    assert pool.ready(30)
    ctl = _computer_to_act()
    ctl.thinkers = pool
    log = len(ctl.state.log)
    deadline = time.monotonic() + 60
    while len(ctl.state.log) == log and time.monotonic() < deadline:
        ctl.think(0.0, True)
        time.sleep(0.01)
    assert len(ctl.state.log) > log and not said, "a worker made the decision"
    pids = pool.pids()
    assert pids and all(_alive(pid) for pid in pids)
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    while ctl.thinking_seat is None:
        ctl.state.apply(ctl.state.legal_actions()[0], seat=ctl.state.turn)
    log = len(ctl.state.log)
    deadline = time.monotonic() + 60
    while len(ctl.state.log) == log and time.monotonic() < deadline:
        ctl.think(0.01, True)
        time.sleep(0.005)
    assert len(ctl.state.log) > log, "the game went on: the computer thought in the window"
    assert said == [FALLBACK_NOTICE.format(why=WORKER_STOPPED)]
    pool.close()
    time.sleep(0.2)
    assert not any(_alive(pid) for pid in pids)


def test_quitting_the_app_leaves_no_worker_process(tmp_path):
    from tests.ui_driver import Driver

    d = Driver(str(tmp_path), rules="standard", seed=2, workers=1)
    d.step(2)  # the first frame drawn: the workers start
    pool = d.app.thinkers
    assert pool.ready(30)
    deadline = time.monotonic() + 60
    while not pool.pids() and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = pool.pids()
    assert pids
    assert d.app.session.controller.thinkers is pool, "the game's computer players ask the app's workers"
    d.app.close()
    assert not any(_alive(pid) for pid in pids)


def _hard_positions(count: int):
    """Card decisions in real games, with more than one card worth searching."""
    from spades_desktop.ai import ComputerPlayer, Level
    from spades_desktop.engine.state import GameState, Phase

    found = []
    game = 0
    while len(found) < count:
        state, _ = GameState.new_game(preset("standard"), 500 + game)
        players = {s: ComputerPlayer(Level.NORMAL, seed=game) for s in state.seats}
        while not state.is_terminal() and state.hand_number == 1 and len(found) < count:
            if state.phase is Phase.PLAY and len(state.legal_actions()) > 2 and len(found) < count:
                found.append(state.view(state.turn))
                for _ in range(5):  # the next decision a few cards on
                    state.apply(players[state.turn].decide(state.view(state.turn)))
                continue
            state.apply(players[state.turn].decide(state.view(state.turn)))
        game += 1
    return found


@pytest.mark.slow
def test_hard_shares_its_worlds_and_decides_the_same_whatever_the_number_of_workers():
    """Root-parallel: each world has its own seed, so the same position, seed and number of worlds
    give the card one process would choose, whether one, two or three workers share the worlds."""
    import random

    from spades_desktop.ai import ComputerPlayer, Level, hard, world_search
    from spades_desktop.session.thinkers import WorldsRequest, search_worlds

    worlds = 24
    for number, view in enumerate(_hard_positions(6)):
        seed = 77 + number
        alone = ComputerPlayer(Level.HARD, seed=seed, iterations=worlds).decide(view)
        for workers in (1, 2, 3):
            rng = random.Random(seed)
            legal, prior = hard.card_plan(view, rng)
            world_seed = rng.getrandbits(40)
            per_world: dict[int, dict[int, float]] = {}
            for start in range(workers):
                per_world.update(search_worlds(WorldsRequest(view, tuple(legal), world_seed, start, workers,
                                                             worlds, 0.0)))
            assert sorted(per_world) == list(range(worlds))
            totals = world_search.combine_worlds(legal, per_world)
            assert hard.choose_card(legal, prior, totals, worlds) == alone, (number, workers)


@pytest.mark.slow
def test_a_pool_of_two_shares_a_hard_card_and_answers_as_one_process_would():
    from spades_desktop.ai import ComputerPlayer, Level
    from spades_desktop.session.thinkers import DecisionRequest

    view = _hard_positions(1)[0]
    pool = ThinkerPool(2)
    pool.start()
    assert pool.ready(30)
    try:
        shared = pool.share_card(DecisionRequest(Level.HARD, 5, 0.3, 16, view))
        assert shared is not None and shared.planning is not None, "planned in a worker, not in the window"
        deadline = time.monotonic() + 60
        while shared.planning is not None and time.monotonic() < deadline:
            shared.done()
            time.sleep(0.01)
        assert len(shared.futures) == 2
        deadline = time.monotonic() + 60
        while not shared.done() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert pool.shared_answer(shared) == ComputerPlayer(Level.HARD, seed=5, iterations=16).decide(view)
    finally:
        pool.close()


@pytest.mark.slow
def test_the_cores_setting_sizes_the_pool_at_once_and_is_kept(tmp_path):
    from spades_desktop.storage.settings import load_settings
    from tests.ui_driver import Driver

    d = Driver(str(tmp_path), rules="standard", seed=2, workers=None)  # the settings decide
    d.step(2)
    assert d.app.thinkers.workers == thinkers.default_workers()
    old = d.app.thinkers
    d.app.update_settings(computer_cores=2)
    assert d.app.thinkers is not old and d.app.thinkers.workers == 2 and d.app.thinkers.ready(30)
    assert d.app.session.controller.thinkers is d.app.thinkers, "the game asks the new pool"
    assert load_settings(d.app.paths.settings_file)[0].computer_cores == 2
    d.app.close()


@pytest.mark.parametrize("bad", [0, -1, 1000, "four", True, 2.5])
def test_a_cores_setting_no_game_wrote_is_reported_and_the_default_kept(tmp_path, bad):
    import json

    from spades_desktop.storage.settings import load_settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "spades-desktop/settings", "version": 1, "computer_cores": bad}))
    settings, problems = load_settings(path)
    assert settings.computer_cores is None and any("computer_cores" in p for p in problems)


@pytest.mark.slow
def test_the_play_checker_judges_in_a_worker_and_the_mark_comes_back():
    """A clear mistake judged in a worker process gives the mark the judge gives here."""
    from spades_desktop.ai.judge import CheckerLevel, assess
    from spades_desktop.ai.judge_worlds import judge_samples
    from spades_desktop.engine.state import GameState
    from spades_desktop.session.advice import Advisor, position_key
    from spades_desktop.ui.table.play_check import PlayChecker
    from tests.ai.test_play_checker import _play_to

    for seed in range(40):
        state = GameState.new_game(preset("standard"), seed)[0]
        _play_to(state, Seat.S, 3)
        view = state.view(Seat.S)
        here = assess(view, position_key(state), judge_samples(view))
        worse = min(here.choices, key=here.mean)
        last = here.judgement(worse)
        if last is not None and last.big:
            break
    pool = ThinkerPool(1)
    pool.start()
    assert pool.ready(30)
    try:
        advisor = Advisor(lambda: pool)
        checker = PlayChecker(advisor, lambda: CheckerLevel.BIG)
        checker.submit(advisor.ask(state, Seat.S), worse, hand=1, trick=4)
        mark = None
        deadline = time.monotonic() + 60
        while mark is None and checker.busy and time.monotonic() < deadline:
            advisor.step(0.0)  # no slice: a worker does all of it
            mark = checker.step()
            time.sleep(0.02)
        assert mark is not None and mark.judgement == last and (mark.hand, mark.trick) == (1, 4)
    finally:
        pool.close()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_worker_ends_itself_when_the_game_is_killed(tmp_path):
    """A game killed outright cannot close its pool: its workers notice and end within seconds."""
    import subprocess
    import sys

    script = tmp_path / "game.py"
    script.write_text(
        "from spades_desktop.session.thinkers import ThinkerPool\n"
        "import time\n"
        "if __name__ == '__main__':\n"
        "    pool = ThinkerPool(1)\n"
        "    pool.start()\n"
        "    pool.ready(30)\n"
        "    while not pool.pids():\n"
        "        time.sleep(0.05)\n"
        "    print(*pool.pids(), flush=True)\n"
        "    time.sleep(60)\n")
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert game.stdout is not None
    pids = [int(p) for p in game.stdout.readline().split()]
    assert pids and all(_alive(pid) for pid in pids)
    game.kill()
    game.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(pid) for pid in pids), "a worker outlived its game"


@pytest.mark.slow
def test_claims_are_proven_in_a_worker_as_in_the_window_and_a_failed_worker_falls_back():
    """The table's claim proofs come from a worker process with the outcomes (and the person's
    choice) the slices in the window find; a worker that fails leaves the window to prove them."""
    from spades_desktop.engine.claim import has_a_choice
    from spades_desktop.ui.table.claims import ClaimWatch
    from tests.ui.test_claim_table import _positions

    def settle(watch: ClaimWatch, state, *, slice_: bool) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            watch.step(state)
            if watch.asked is None and not watch._searches and len(watch.proven) == len(state.sides):
                return
            time.sleep(0 if slice_ else 0.005)
        raise AssertionError("no proof came")

    pool = ThinkerPool(1)
    pool.start()
    assert pool.ready(30)
    try:
        proven = 0
        for state in _positions(25):
            in_window, in_worker = ClaimWatch(), ClaimWatch(lambda: pool, lambda: Seat.S)
            settle(in_window, state, slice_=True)
            settle(in_worker, state, slice_=False)
            assert in_worker.outcomes == in_window.outcomes
            if any(in_worker.proven.values()):
                proven += 1
                assert in_worker._saves_time == has_a_choice(state, Seat.S), "the person's choice came with it"
        assert proven >= 3, "some positions had a claim"
    finally:
        pool.close()

    class Broken:
        def submit_claims(self, request):
            future: Future = Future()
            future.set_exception(RuntimeError("worker gone"))
            return future

        def finished(self, future):
            return future.done()

        def outcome(self, future):
            return False, None

    state = next(iter(_positions(1, seed=5)))
    broken = ClaimWatch(lambda: Broken(), lambda: Seat.S)  # type: ignore[arg-type, return-value]
    settle(broken, state, slice_=True)
    expected = ClaimWatch()
    settle(expected, state, slice_=True)
    assert broken.outcomes == expected.outcomes


def test_neither_the_workers_nor_the_sounds_start_before_the_first_frame_is_shown(tmp_path):
    """Issue 26 item 5: the audio device and the sounds' synthesis, like the worker processes, start
    once the first frame is on screen (in the background), so the first frame never waits for them."""
    from tests.ui_driver import Driver

    d = Driver(str(tmp_path), rules="standard", seed=2, workers=1)
    app = d.app
    assert not app.thinkers.started and app.sounds._loader is None and not app.sounds.enabled
    d.step(1)
    assert app.thinkers.started and app.sounds._loader is not None
    app.sounds._loader.join(30)
    assert app.sounds.enabled and set(app.sounds._sounds) >= {"play", "trick", "deal"}
    app.close()


class _Synchronous:
    """A pool whose workers answer at once in this process: the rounds of a shared race without
    processes, for any number of workers."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.sent: list[thinkers.WorldsRequest] = []

    def _send(self, task, *requests):
        self.sent.extend(requests)
        futures = []
        for request in requests:
            future: Future = Future()
            future.set_result(task(request))
            futures.append(future)
        return futures

    def outcome(self, future):
        return True, future.result(timeout=0)

    def finished(self, future):
        return future.done()


def _shared(pool, request: thinkers.DecisionRequest) -> thinkers.SharedCard:
    from spades_desktop.session.worker_tasks import plan_card

    shared = thinkers.SharedCard(pool, request, plan_card(request))
    deadline = time.monotonic() + 120
    while not shared.done() and time.monotonic() < deadline:
        time.sleep(0.005)
    assert shared.done()
    return shared


@pytest.mark.slow
def test_a_raced_wide_decision_is_the_same_for_one_two_and_three_workers():
    """Issue 26 item 6: the rounds of the race are by world index, so a fixed number of worlds
    gives the in-process decision however many workers share each round, and later rounds go to
    the survivors only."""
    from spades_desktop.ai import ComputerPlayer, Level
    from spades_desktop.session.thinkers import DecisionRequest
    from tests.ai.test_card_race import wide_decision

    view = wide_decision()
    alone = ComputerPlayer(Level.HARD, seed=3, iterations=300).decide(view)
    for workers in (1, 2, 3):
        pool = _Synchronous(workers)
        shared = _shared(pool, DecisionRequest(Level.HARD, 3, 0.3, 300, view))
        assert shared.answer() == alone, workers
        assert sorted(shared.race.per_world) == list(range(300))
        assert len(shared.race.alive) < len(shared.legal), "the race dropped cards"
        assert len(pool.sent[-1].legal) < len(shared.legal), "the last round searched the survivors only"


@pytest.mark.slow
def test_a_pool_of_two_races_a_wide_decision_as_one_process_would():
    from spades_desktop.ai import ComputerPlayer, Level
    from spades_desktop.session.thinkers import DecisionRequest
    from tests.ai.test_card_race import wide_decision

    view = wide_decision()
    pool = ThinkerPool(2)
    pool.start()
    assert pool.ready(30)
    try:
        shared = _shared(pool, DecisionRequest(Level.HARD, 3, 0.3, 300, view))
        assert len(shared.race.alive) < len(shared.legal)
        assert pool.shared_answer(shared) == ComputerPlayer(Level.HARD, seed=3, iterations=300).decide(view)
    finally:
        pool.close()


@pytest.mark.slow
def test_a_timed_shared_race_answers_a_legal_card():
    """With a time budget each round takes a share of the time left to the decision's deadline;
    the race answers a legal card, in the endgame too, where the workers search thousands of
    worlds in the budget.  How soon it answers is measured by benchmarks/time_limits.py (no test
    asserts a wall-clock time)."""
    from spades_desktop.ai import Level
    from spades_desktop.session.thinkers import DecisionRequest
    from tests.ai.test_card_race import card_decisions, wide_decision

    endgame = next(v for v in card_decisions(range(530, 540), 2) if (v.hand or 0).bit_count() <= 3)
    pool = ThinkerPool(2)
    pool.start()
    assert pool.ready(30)
    try:
        for view in (wide_decision(), endgame):
            shared = _shared(pool, DecisionRequest(Level.HARD, 3, 0.3, None, view))
            assert shared.answer() in view.legal_actions and not shared.failed
            assert not shared.futures  # no round left in flight once it answers
    finally:
        pool.close()


def test_a_cancelled_shared_race_sends_no_more_rounds():
    from spades_desktop.ai import Level
    from spades_desktop.session.thinkers import DecisionRequest
    from spades_desktop.session.worker_tasks import plan_card
    from tests.ai.test_card_race import wide_decision

    pool = _Synchronous(2)
    request = DecisionRequest(Level.HARD, 3, 0.3, 300, wide_decision())
    shared = thinkers.SharedCard(pool, request, plan_card(request))
    sent = len(pool.sent)
    shared.cancel()
    assert shared.done() and shared.answer() is None and len(pool.sent) == sent


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="the system has no process priorities to read")
def test_the_workers_yield_the_processor_to_the_window():
    """A worker searching on one core and the window on the other left the pool's own threads no
    core but the window's: now and then a frame of 9-18 ms while the computers thought."""
    from spades_desktop.session.worker_watch import WORKER_NICENESS

    pool = ThinkerPool(1)
    pool.start()
    try:
        assert pool.ready(30)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        pids = pool.pids()
        assert pids
        for pid in pids:
            assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, own + WORKER_NICENESS)
    finally:
        pool.close()


def test_every_worker_is_started_by_the_pool_s_own_thread_before_any_request(monkeypatch):
    """A worker left to be started by a later request was started by whichever thread asked: the
    command's main thread, where a Ctrl+C cut the start in two and the half-started worker printed
    "EOFError: Ran out of input" under ``review``'s one line.  Made to happen: the first worker
    answers before the second is asked for (the pool's thread held up after its first request, as
    on a busy machine); every worker is still started, by the pool's own thread, before any request."""
    import threading
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

    started_by: list[str] = []
    real_start, real_submit = BaseProcess.start, ProcessPoolExecutor.submit

    def start(self):
        started_by.append(threading.current_thread().name)
        return real_start(self)

    def submit(self, fn, *args, **kwargs):
        future = real_submit(self, fn, *args, **kwargs)
        if threading.current_thread().name == "spades-start-workers" and len(started_by) == 1:
            future.result(timeout=60)  # the first worker is up and idle before the next request
        return future

    monkeypatch.setattr(BaseProcess, "start", start)
    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    pool = ThinkerPool(2)
    try:
        pool.start()
        assert pool.ready(60)
        assert started_by == ["spades-start-workers"] * 2
        assert len(pool.pids()) == 2
    finally:
        pool.close()


class _Deferred(_Synchronous):
    """A pool whose workers answer only when told (``run``): what the window does before then."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.available = True
        self.waiting: list[tuple[Future, Callable, object]] = []
        self.failing = False

    def _send(self, task, *requests):
        self.sent.extend(requests)
        futures = []
        for request in requests:
            future: Future = Future()
            self.waiting.append((future, task, request))
            futures.append(future)
        return futures

    def run(self) -> None:
        waiting, self.waiting = self.waiting, []
        for future, task, request in waiting:
            future.set_result(task(request))

    def outcome(self, future):
        return (False, None) if self.failing else (True, future.result(timeout=0))


def _last_cards_position():
    """A hard seat's card with five cards in hand and a choice: the normal player's card (the
    search's prior) is a search of its own there."""
    from spades_desktop.ai import ComputerPlayer, Level
    from spades_desktop.engine.phase import Phase
    from spades_desktop.engine.rules import preset
    from spades_desktop.engine.state import GameState

    state = GameState.new_game(preset("standard"), 8)[0]
    players = {s: ComputerPlayer(Level.NORMAL, seed=int(s)) for s in state.seats}
    while True:
        view = state.view(state.turn)
        if (state.phase is Phase.PLAY and (view.hand or 0).bit_count() == 5
                and len(world_search.distinct_cards(view, list(view.legal_actions))) > 1):
            return view
        state.apply(players[state.turn].decide(view))


def test_a_shared_hard_card_is_planned_in_a_worker_and_answers_as_one_process_would(monkeypatch):
    """The hard search's prior is the normal player's card, which searches the last five cards: the
    window only sends the plan (``plan_card``) and the rounds start when it comes back, the same
    worlds and the same card as the search in one process."""
    from spades_desktop.ai import ComputerPlayer, Level, hard
    from spades_desktop.session.thinkers import DecisionRequest

    view = _last_cards_position()
    request = DecisionRequest(Level.HARD, 7, 0.3, 24, view)
    pool = _Deferred(2)
    planned_here = []
    real_plan = hard.card_plan
    monkeypatch.setattr(hard, "card_plan", lambda *a: planned_here.append(1) or real_plan(*a))
    shared = ThinkerPool.share_card(pool, request)  # type: ignore[arg-type]
    assert shared is not None and shared.planning is not None and not planned_here, "nothing searched in the window"
    assert not shared.done() and shared.answer() is None
    for _ in range(20):
        pool.run()
        if shared.done():
            break
    assert planned_here == [1], "planned once, by the worker"
    assert shared.answer() == ComputerPlayer(Level.HARD, seed=7, iterations=24).decide(view)


def test_a_shared_hard_card_whose_plan_failed_falls_back_to_the_window():
    from spades_desktop.ai import Level
    from spades_desktop.session.thinkers import DecisionRequest

    pool = _Deferred(2)
    request = DecisionRequest(Level.HARD, 7, 0.3, 24, _last_cards_position())
    shared = ThinkerPool.share_card(pool, request)  # type: ignore[arg-type]
    assert shared is not None
    pool.failing = True
    pool.run()
    assert shared.done() and shared.failed and shared.answer() is None
    shared.cancel()  # nothing left to cancel, and no error
