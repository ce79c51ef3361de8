"""Issue 39: helper processes, the lock, the command line and the smoke test never cost a game.

Each case is made to happen: a worker killed or stopped, a symbolic link or a named pipe where
the lock belongs, a read-only or full disk (a small tmpfs, mounted where the test can), the
command-line values, a hostile cached review, a closed or full standard output.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.options import Options, parse_options
from spades_desktop.session.review import GameReview, Reviewer, decisions_of
from spades_desktop.session.thinkers import (
    FALLBACK_NOTICE,
    WORKER_SILENT,
    WORKER_STOPPED,
    DecisionRequest,
    ThinkerPool,
)
from spades_desktop.storage.instance_lock import InstanceLock, LockProblem
from spades_desktop.storage.saves import write_save
from spades_desktop.storage.statistics import read_statistics_file
from spades_desktop.ui.app import App
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.text.startup_words import NOT_KEPT_QUIT_QUESTION, lock_notice
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parents[2]
#: a guard against a test that would otherwise wait for ever; never an assertion on speed
PATIENCE = 120.0


def _played(seed: int, hands: int = 1) -> GameState:
    state, _ = GameState.new_game(preset("standard"), seed)
    players = {s: ComputerPlayer(Level.NORMAL, seed=seed) for s in state.seats}
    while not state.is_terminal() and state.hand_number <= hands:
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


def _until(condition, what: str, step=lambda: time.sleep(0.01)) -> None:
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < PATIENCE, f"never: {what}"
        step()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


# ---------------------------------------------------------------- 1. a worker dies during a review
def _review_in(pool: ThinkerPool, state: GameState) -> Reviewer:
    return Reviewer(state, lambda: pool if pool.available or pool.failed else None,
                    seats=[Seat.S], samples=16)


@pytest.mark.slow
def test_a_worker_killed_during_a_review_leaves_the_review_going():
    """Before: KeyError in _give_back (the asked decision was deleted twice), the window closed."""
    state = _played(5)
    told: list[str] = []
    pool = ThinkerPool(1, on_failure=told.append)
    pool.start()
    assert pool.ready(60)
    reviewer = _review_in(pool, state)
    try:
        _until(lambda: reviewer.step() or bool(reviewer.asked), "a decision asked of the worker")
        os.kill(pool.pids()[0], signal.SIGKILL)
        _until(lambda: reviewer.done, "the review done", step=lambda: reviewer.step(0.05))
    finally:
        pool.close()
    assert told == [FALLBACK_NOTICE.format(why=WORKER_STOPPED)]
    assert {d.index for d in reviewer.decisions} == set(reviewer.review.judged), "every decision judged"
    assert all(j is not None for j in reviewer.review.judged.values())


@pytest.mark.slow
@pytest.mark.parametrize("workers", [0, 1])
def test_a_judgement_that_raises_counts_neither_way_and_the_review_goes_on(workers):
    state = _played(5)
    pool = ThinkerPool(workers)
    pool.start()
    pool.ready(60)
    reviewer = Reviewer(state, lambda: pool if pool.available else None, seats=[Seat.S], samples=16)
    at = next(i for i, d in enumerate(reviewer.waiting) if d.trick > 0)
    broken = reviewer.waiting[at]
    illegal = next(a for a in range(52) if a not in broken.view.legal_actions)  # a card not in the hand
    reviewer.waiting[at] = type(broken)(broken.index, broken.hand, broken.trick, broken.seat, illegal, broken.view)
    try:
        _until(lambda: reviewer.done, "the review done", step=lambda: reviewer.step(0.05))
    finally:
        pool.close()
    assert reviewer.review.judged[broken.index] is None, "not judged: neither agreed with nor a mistake"
    assert not pool.failed, "a search that raised is not a dead worker"
    others = [i for i in reviewer.review.judged if i != broken.index]
    assert others and all(reviewer.review.judged[i] is not None for i in others)


def test_the_review_command_says_a_stopped_helper_in_its_own_words(capsys):
    """There is no window: 'the computer players think in this window' is not what happens."""
    from spades_desktop.review_cli import _cli_fallback

    _cli_fallback(FALLBACK_NOTICE.format(why=WORKER_STOPPED))
    said = capsys.readouterr().err
    assert "a helper process stopped; the review goes on in this process" in said
    assert "window" not in said


# ---------------------------------------------------------------- 4. a stopped worker
def test_a_stopped_worker_is_given_up_after_its_deadline_and_killed():
    told: list[str] = []
    pool = ThinkerPool(1, on_failure=told.append, stall_seconds=1.0)
    pool.start()
    assert pool.ready(60)
    state = _played(7, hands=0)
    pid = pool.pids()[0]
    try:
        os.kill(pid, signal.SIGSTOP)
        future = pool.submit(DecisionRequest(Level.NORMAL, 1, 0.05, None, state.view(state.turn)))
        assert future is not None
        _until(lambda: pool.finished(future), "the pool gives the stopped worker up")
        assert pool.outcome(future) == (False, None)
        assert pool.failed.startswith(WORKER_SILENT)
        assert told == [FALLBACK_NOTICE.format(why=WORKER_SILENT)], "said once"
        assert not pool.available, "the window thinks from now on"
        _until(lambda: not _alive(pid), "the stopped worker ended")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        pool.close()


@pytest.mark.slow
def test_a_busy_worker_is_not_taken_for_a_stopped_one():
    """Signs of life come while a worker searches: a long search is waited for."""
    pool = ThinkerPool(1)  # (the game's own limit)
    pool.start()
    assert pool.ready(60)
    state = _played(7, hands=0)
    bidder = ComputerPlayer(Level.NORMAL, seed=7)
    while state.phase is not Phase.PLAY:
        state.apply(bidder.decide(state.view(state.turn)))
    try:
        # hard's card search with a budget longer than the limit: it searches, and shows it
        future = pool.submit(DecisionRequest(Level.HARD, 1, 1.5 * pool.stall_seconds, None, state.view(state.turn)))
        assert future is not None
        _until(lambda: pool.finished(future), "the answer")
        answered, action = pool.outcome(future)
    finally:
        pool.close()
    assert answered and action in state.legal_actions() and not pool.failed


@pytest.mark.slow
def test_the_game_goes_on_when_a_computers_worker_is_stopped(tmp_path):
    d = Driver(str(tmp_path), seed=11, workers=1)
    pool = d.app.thinkers
    pool.stall_seconds = 1.0
    d.step()
    assert pool.ready(60)
    table = d.table
    assert table is not None
    pid = pool.pids()[0]
    os.kill(pid, signal.SIGSTOP)
    try:
        moves = len(table.ctl.state.log)
        _until(lambda: len(table.ctl.state.log) > moves + 8, "computer moves after the stop",
               step=lambda: d.play_until(lambda t: len(t.ctl.state.log) > moves + 8, max_frames=30))
        assert pool.failed.startswith(WORKER_SILENT)
        assert FALLBACK_NOTICE.format(why=WORKER_SILENT) in d.app.toast.text or d.app.toast.time <= 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        d.app.close()


# ---------------------------------------------------------------- 3. the lock
def test_a_lock_that_is_a_link_to_a_save_leaves_the_save_whole(tmp_path):
    save = tmp_path / "data" / "saves" / "mine.json"
    save.parent.mkdir(parents=True)
    write_save(save, _played(3, hands=0), "Mine")
    before = save.read_bytes()
    lock = tmp_path / "data" / "spades-desktop.lock"
    lock.symlink_to(save)
    d = Driver(str(tmp_path), seed=2)
    try:
        assert d.app.read_only
        assert lock_notice(LockProblem.NOT_A_FILE, str(lock), str(tmp_path / "data")) in d.app.notices
    finally:
        d.app.close()
    assert save.read_bytes() == before, "the save the link points to is untouched"
    assert lock.is_symlink()


@pytest.mark.slow
def test_a_lock_that_is_a_named_pipe_neither_hangs_nor_is_written(tmp_path):
    lock = tmp_path / "data" / "spades-desktop.lock"
    lock.parent.mkdir(parents=True)
    os.mkfifo(lock)
    env = {**os.environ, "SPADES_DESKTOP_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "spades_desktop", "--new-game", "--frames", "5"],
                          env=env, capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "This copy will not save" in done.stderr
    assert stat.S_ISFIFO(os.lstat(lock).st_mode)
    assert not (tmp_path / "data" / "autosave.json").exists()
    holder = InstanceLock(lock)
    assert holder.holder() == "" and not holder.acquire() and holder.kind is LockProblem.NOT_A_FILE


@contextlib.contextmanager
def _tmpfs(where: Path, options: str) -> Iterator[None]:
    """A small file system of its own at ``where`` (read-only, or a few kilobytes: a full disk)."""
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a file system here: {mounted.stderr.decode().strip()}")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.mark.slow
def test_a_read_only_folder_is_said_as_read_only_and_quitting_asks(tmp_path):
    data = tmp_path / "data"
    with _tmpfs(data, "ro,size=64k"):
        d = Driver(str(tmp_path), seed=4)
        try:
            assert d.app.read_only
            assert d.app.lock.kind is LockProblem.READ_ONLY
            said = lock_notice(LockProblem.READ_ONLY, str(data / "spades-desktop.lock"), str(data))
            assert said in d.app.notices and "is read-only" in said
            assert d.play_until(lambda t: len(t.ctl.state.log) >= 6)
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            d.step()
            top = d.app.stack.top
            assert d.app.running, "not quit without asking"
            assert getattr(top, "question", None) == NOT_KEPT_QUIT_QUESTION
        finally:
            d.app.close()


# ---------------------------------------------------------------- 2. the smoke test and --new-game
def _unfinished_game(home: Path) -> tuple[bytes, bytes]:
    d = Driver(str(home), seed=21)
    assert d.play_until(lambda t: t.ctl.state.hand_number >= 2 and len(t.ctl.state.log) > 70)
    d.app.close()
    return (home / "data" / "autosave.json").read_bytes(), (home / "data" / "statistics.json").read_bytes()


@pytest.mark.slow
def test_the_smoke_test_touches_neither_the_game_in_progress_nor_the_statistics(tmp_path, monkeypatch):
    autosave, statistics = _unfinished_game(tmp_path)
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    assert App(Options(smoke_test=True, workers=0)).run() == 0
    assert (tmp_path / "data" / "autosave.json").read_bytes() == autosave
    assert (tmp_path / "data" / "statistics.json").read_bytes() == statistics
    assert not list((tmp_path / "data" / "saves").glob("*.json"))


@pytest.mark.slow
def test_new_game_keeps_an_unfinished_game_as_a_named_save(tmp_path, monkeypatch):
    autosave, _ = _unfinished_game(tmp_path)
    before = json.loads(autosave)
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    app = App(Options(new_game=True, seed=8, workers=0))
    app.start()
    app.frame(1 / 60)
    try:
        kept = list((tmp_path / "data" / "saves").glob("unfinished-game-*.json"))
        assert len(kept) == 1
        document = json.loads(kept[0].read_text())
        assert document["name"].startswith("Unfinished game, ")
        assert document["game"]["actions"] == before["game"]["actions"], "the whole game, every move"
        assert any(document["name"] in n for n in app.notices)
        assert app.session is not None and app.session.state.seed == 8, "and the new game started"
    finally:
        app.close()


# ---------------------------------------------------------------- 5. the command line
@pytest.mark.parametrize(("argv", "said"), [
    (["--size", "100000000000000000000x720"], "--size must look like 1280x720"),
    (["--size", "16384x16384"], "--size must be from 960x540 to 7680x4320"),
    (["--size", "100x100"], "--size must be from 960x540 to 7680x4320"),
    (["--size=-1280x720"], "--size must look like 1280x720"),
    (["--quit-after", "nan"], "--quit-after must be a number of seconds from 0 to 86400"),
    (["--quit-after", "inf"], "--quit-after must be a number of seconds from 0 to 86400"),
    (["--quit-after", "-1"], "--quit-after must be a number of seconds from 0 to 86400"),
    (["--frames", "0"], "--frames must be from 1 to"),
    (["--autoplay-hands", "-3"], "--autoplay-hands must be from 1 to"),
    (["--screenshot", "shot.txt"], "--screenshot must name a .png"),
    (["--screenshot", "shot"], "--screenshot must name a .png"),
    (["--screenshot", "/proc/self/status"], "--screenshot must name a .png"),
])
def test_command_line_numbers_and_paths_out_of_range_are_usage_errors(argv, said, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_options(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_command_line_values_in_range_are_taken():
    options = parse_options(["--size", "7680x4320", "--quit-after", "2.5", "--frames", "9",
                             "--screenshot", "~/Shot.PNG"])
    assert options.size == (7680, 4320) and options.quit_after == 2.5 and options.frames == 9
    assert options.screenshot == str(Path.home() / "Shot.PNG"), "the path checked is the path written"


def test_a_screenshot_that_cannot_be_written_says_so_with_its_path_as_typed(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path / "home"))
    from spades_desktop.ui.app import main

    assert main(["--screenshot", "/proc/self/Shot.png", "--frames", "2"]) == 1
    err = [line for line in capsys.readouterr().err.splitlines() if line.startswith("spades-desktop:")]
    assert len(err) == 1 and "could not be written to /proc/self/Shot.png" in err[0]


# ---------------------------------------------------------------- review on the command line
def _finished_save(folder: Path) -> Path:
    path = folder / "game.json"
    write_save(path, _played(5), "Game")
    return path


def _review_command(save: Path, *extra: str, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "spades_desktop", "review", str(save), *extra],
                            env=env, stderr=subprocess.PIPE, text=True, **kwargs)


@pytest.mark.slow
def test_review_command_stopped_with_ctrl_c_says_so_without_a_traceback(tmp_path):
    save = _finished_save(tmp_path)
    before = save.read_bytes()
    command = _review_command(save, "--samples", "100000", stdout=subprocess.DEVNULL)
    assert command.stderr is not None
    seen = ""
    while "Reviewing" not in seen:
        seen += command.stderr.read(1)
        assert command.poll() is None or seen, "it started"
    command.send_signal(signal.SIGINT)
    _, err = command.communicate(timeout=PATIENCE)
    err = seen + err
    assert command.returncode == 130
    assert "stopped; the save was not changed" in err and "Traceback" not in err
    assert save.read_bytes() == before


@pytest.mark.slow
def test_review_command_into_a_closed_pipe_or_a_full_disk_is_quiet(tmp_path):
    save = _finished_save(tmp_path)
    closed = _review_command(save, "--samples", "16", stdout=subprocess.PIPE)
    assert closed.stdout is not None
    closed.stdout.close()  # as `| head -1` does once it has its line
    _, err = closed.communicate(timeout=PATIENCE)
    assert closed.returncode == 0 and "Traceback" not in err and "Exception" not in err
    with open("/dev/full", "w") as full:
        command = _review_command(save, "--samples", "16", stdout=full)
        _, err = command.communicate(timeout=PATIENCE)
    assert command.returncode == 1
    assert "the review could not be written: no space left on device" in err and "Traceback" not in err


# ---------------------------------------------------------------- 6. a cached review is checked
def test_a_hostile_cached_review_is_dropped_and_judged_again():
    state = _played(5)
    reviewer = Reviewer(state, lambda: None, seats=[Seat.S], samples=16)
    while not reviewer.done:
        reviewer.step(1.0)
    saved = reviewer.review.to_dict(state)
    assert GameReview.from_dict(saved, state).judged.keys() == reviewer.review.judged.keys(), "a true one is kept"
    decisions = {d.index: d for d in decisions_of(state, [Seat.S])}
    bid = next(d for d in decisions.values() if d.trick == 0)
    card = next(d for d in decisions.values() if d.trick > 0)
    rows = {row[0]: row[1] for row in saved["judged"]}
    other_card = next(a for a in card.view.legal_actions if a != card.chosen)
    rows[card.index] = {**rows[card.index], "chosen": other_card}  # not the move the log holds
    rows[bid.index] = {**rows[bid.index], "best": card.chosen}  # a card as the better bid: not legal there
    hostile = {**saved, "judged": [[i, j] for i, j in sorted(rows.items())]}
    review = GameReview.from_dict(hostile, state)
    assert card.index not in review.judged and bid.index not in review.judged, "dropped"
    assert len(review.judged) == len(reviewer.review.judged) - 2, "the others kept"
    again = Reviewer(state, lambda: None, review, seats=[Seat.S], samples=16)
    assert {d.index for d in again.waiting} == {card.index, bid.index}, "judged again"


# ---------------------------------------------------------------- 7. words
def test_save_under_a_name_says_what_is_wrong_in_words(tmp_path):
    d = Driver(str(tmp_path), seed=6)
    try:
        assert d.play_until(lambda t: len(t.ctl.state.log) >= 4)
        saves = tmp_path / "data" / "saves"
        for old in saves.iterdir():
            old.unlink()
        saves.rmdir()
        saves.write_text("in the way")  # a file where the saves folder belongs
        d.press(Intent.MENU)
        d.click_button("save")
        d.type_text("mine")
        d.press(Intent.SUBMIT, Context.TEXT_FORM)
        message = d.app.stack.top.message  # type: ignore[union-attr]
        assert message == (f"The game could not be saved: {saves} is a file where a folder belongs;"
                           " move that file away and it will save again")
        assert "Errno" not in message
    finally:
        d.app.close()


def test_a_failed_statistics_write_is_said_at_the_table(tmp_path):
    data = tmp_path / "data"
    with _tmpfs(data, "size=256k"):
        d = Driver(str(tmp_path), seed=6)
        try:
            assert d.play_until(lambda t: len(t.ctl.state.log) >= 4)
            d.app.writer.flush()
            filler = data / "filler"
            with contextlib.suppress(OSError), open(filler, "wb") as handle:
                handle.write(b"\0" * (1 << 20))  # the disk is full
            d.app.files.save_statistics()
            words = "Statistics could not be saved: the disk is full; free space and it will save again"
            assert words in d.app.notices
            assert d.app.toast.text == words, "said at the table, at once"
        finally:
            d.app.close()


@pytest.mark.slow
def test_a_full_disk_under_the_log_is_one_line_not_a_traceback_per_line(tmp_path):
    logs = tmp_path / "logs"
    with _tmpfs(logs, "size=16k"):
        (logs / "filler").write_bytes(b"\0" * 8192)
        with contextlib.suppress(OSError), open(logs / "more", "wb") as handle:
            handle.write(b"\0" * 65536)
        settings = tmp_path / "config" / "settings.json"
        settings.parent.mkdir()
        settings.write_text('{"volume": "loud", "mute": "no", "card_back": 7}')  # three lines to log
        env = {**os.environ, "SPADES_DESKTOP_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-m", "spades_desktop", "--new-game", "--seed", "3", "--frames", "30"],
                              env=env, capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "--- Logging error ---" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("could not be written (no space left on device); the game goes on without it") == 1


@pytest.mark.slow
def test_statistics_entries_the_game_does_not_know_are_kept_aside_and_said(tmp_path):
    d = Driver(str(tmp_path), seed=6)
    assert d.play_until(lambda t: t.ctl.state.hand_number >= 2)
    d.app.close()
    path = tmp_path / "data" / "statistics.json"
    data = json.loads(path.read_text())
    data["modes"]["partnership"]["streak"] = 4
    data["mood"] = "happy"
    path.write_text(json.dumps(data))
    loaded = read_statistics_file(path)
    assert loaded.statistics.per_mode["partnership"].hands == data["modes"]["partnership"]["hands"], "the rest kept"
    assert len(loaded.problems) == 1 and "mood" in loaded.problems[0] and "partnership.streak" in loaded.problems[0]
    assert list(tmp_path.glob("data/statistics.json.corrupt-*")), "the file as it was, kept aside"
