"""A crash made to happen: the headless game's loop raises, and the player gets a report in the
logs folder, the game in progress kept as a named save, and one sentence saying where."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from spades_desktop import __version__
from spades_desktop.about import about_line
from spades_desktop.session.crash import Rescue
from spades_desktop.storage.crash_reports import CrashFacts, log_tail, report_text, write_crash_report
from spades_desktop.storage.saves import SaveFolder, read_save
from spades_desktop.ui import app as app_module
from spades_desktop.ui.crash_guard import CRASH_STATUS, window_can_show
from spades_desktop.ui.screens.title import TitleScene
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.text.crash_words import crash_sentence

BOOM = "the loop broke on purpose"


def raise_after(monkeypatch: pytest.MonkeyPatch, scene: type, frames: int,
                ready: Callable[[Any], bool] = lambda scene: True) -> None:
    """The scene's update raises on its ``frames``-th call once ``ready(scene)`` holds: an error in
    the render loop (frames are counted, not seconds, so a fast machine plays no fewer moves first)."""
    real = scene.update
    calls = {"n": 0}

    def update(self, dt: float) -> bool:
        calls["n"] += ready(self)
        if calls["n"] >= frames:
            raise RuntimeError(BOOM)
        return real(self, dt)

    monkeypatch.setattr(scene, "update", update)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path / "user"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    return tmp_path / "user"


def stderr_sentence(captured: str) -> str:
    lines = [line for line in captured.splitlines() if line.startswith("Spades Desktop stopped")]
    assert len(lines) == 1, captured
    return lines[0]


@pytest.mark.slow
def test_a_crash_at_the_table_keeps_the_game_writes_a_report_and_says_where(home, monkeypatch, capsys):
    raise_after(monkeypatch, TableScene, 5, lambda table: bool(table.session.state.log))  # moves to keep
    status = app_module.main(["--new-game", "--seed", "11", "--size", "960x540", "--frames", "400"])
    assert status == CRASH_STATUS
    reports = list((home / "logs").glob("crash-*.txt"))
    assert len(reports) == 1
    report = reports[0].read_text(encoding="utf-8")
    assert f"Spades Desktop {__version__}" in report and "Python" in report
    assert f"RuntimeError: {BOOM}" in report and "Traceback (most recent call last)" in report
    log_part = report.split("The last lines of the log", 1)[1]
    assert about_line().split(" (")[0] in log_part  # the log's first line, which names the version
    saves, problems = SaveFolder(home / "data" / "saves").list()
    assert not problems and len(saves) == 1
    kept = saves[0]
    assert kept.name.startswith("Before the crash ")
    kept_state, _ = read_save(kept.path)
    autosaved, _ = read_save(home / "data" / "autosave.json")
    assert kept_state.log == autosaved.log and kept_state.log  # the game as it stood, with its moves
    assert f'Game in progress: kept as "{kept.name}" in {home / "data" / "saves"}' in report
    sentence = stderr_sentence(capsys.readouterr().err)
    assert str(reports[0]) in sentence
    assert f'your game was kept as "{kept.name}" in {home / "data" / "saves"}' in sentence
    assert sentence.endswith(".") and sentence.count(". ") == 0


def test_a_crash_on_the_title_screen_reports_that_no_game_was_in_progress(home, monkeypatch, capsys):
    raise_after(monkeypatch, TitleScene, 3)
    assert app_module.main(["--frames", "50"]) == CRASH_STATUS
    (report,) = (home / "logs").glob("crash-*.txt")
    assert "Game in progress: there was none" in report.read_text(encoding="utf-8")
    assert not (home / "data" / "saves").exists() or not list((home / "data" / "saves").iterdir())
    sentence = stderr_sentence(capsys.readouterr().err)
    assert str(report) in sentence and "your game" not in sentence


def test_with_the_logs_folder_unusable_the_report_goes_to_the_temporary_folder(home, monkeypatch, capsys):
    home.mkdir(parents=True)
    (home / "logs").write_text("a file where the logs folder should be", encoding="utf-8")
    raise_after(monkeypatch, TitleScene, 3)
    assert app_module.main(["--frames", "50"]) == CRASH_STATUS
    (report,) = Path(tempfile.gettempdir()).glob("crash-*.txt")
    assert BOOM in report.read_text(encoding="utf-8")
    assert (home / "logs").read_text(encoding="utf-8") == "a file where the logs folder should be"
    assert str(report) in stderr_sentence(capsys.readouterr().err)


def test_when_no_report_can_be_written_the_sentence_says_why(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    facts = CrashFacts("Spades Desktop 0", RuntimeError(BOOM), "there was none", None, time.time())
    path, problem = write_crash_report([blocked], facts)
    assert path is None and str(blocked) in problem
    assert problem == f"{blocked} is a file where a folder belongs", "in the player's words"
    sentence = crash_sentence(path, problem, Rescue())
    assert sentence == f"Spades Desktop stopped because of an error: no report could be written ({problem})."


def test_reports_of_the_same_second_do_not_overwrite_each_other(tmp_path):
    when = time.time()
    facts = CrashFacts("Spades Desktop 0", RuntimeError(BOOM), "there was none", None, when)
    first, _ = write_crash_report([tmp_path], facts)
    second, _ = write_crash_report([tmp_path], facts)
    assert first is not None and second is not None and first != second
    assert first.exists() and second.exists()


def test_the_log_tail_is_bounded_and_a_pipe_in_its_place_does_not_hang(tmp_path):
    log = tmp_path / "big.log"
    log.write_text("".join(f"line {i}\n" for i in range(100_000)), encoding="utf-8")
    tail = log_tail(log, lines=5, max_bytes=4096)
    assert tail == [f"line {i}" for i in range(99_995, 100_000)]
    pipe = tmp_path / "pipe.log"
    os.mkfifo(pipe)
    assert log_tail(pipe) == ["(the log is not a regular file)"]
    assert log_tail(tmp_path / "missing.log")[0].startswith("(the log could not be read")
    text = report_text(CrashFacts("x", ValueError("v"), "there was none", pipe, time.time()))
    assert "ValueError: v" in text


def test_the_window_is_only_tried_where_it_could_be_seen():
    assert not window_can_show({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, "linux")
    assert not window_can_show({}, "linux")
    assert window_can_show({"DISPLAY": ":0"}, "linux")
    assert window_can_show({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert window_can_show({}, "win32") and window_can_show({}, "darwin")


# ---------------------------------------------------------------- issue 57: a game that could not be kept
# is said in the player's words, in the sentence and first in the report; Python's words below them

class _Closed:
    """What the guard closes and does not need here (the worker pool, pygame)."""

    def close(self) -> None: ...

    def quit(self) -> None: ...


@pytest.fixture
def table(home):
    """A game at the table with its files, as the guard finds them after an uncaught error."""
    import random
    from types import SimpleNamespace

    from spades_desktop.engine.rules import HouseRules
    from spades_desktop.engine.seats import Seat
    from spades_desktop.session.files import FileService
    from spades_desktop.session.game_session import GameSession, SessionMode
    from spades_desktop.session.startup import open_user_files
    from spades_desktop.storage.paths import user_paths

    class Unheard:
        def notice(self, text: str) -> None: ...

        def flash(self, text: str, seconds: float = 3.0) -> None: ...

    files = FileService(open_user_files(user_paths(), lambda paths: None), Unheard())
    session, _ = GameSession.new(HouseRules(), 11, {s: "easy" for s in (Seat.N, Seat.E, Seat.W)}, SessionMode.PLAY,
                                 files.keeper)
    rng = random.Random(11)
    for _ in range(6):
        session.state.apply(rng.choice(session.state.legal_actions()))
    app = SimpleNamespace(files=files, session=session, thinkers=_Closed(), pygame=_Closed())
    yield app
    files.close()


def _crash(app, capsys) -> tuple[str, str]:
    """The guard after an uncaught error: (the sentence on stderr, the report's text)."""
    from spades_desktop.ui.crash_guard import crashed

    assert crashed(app, RuntimeError(BOOM)) == CRASH_STATUS
    sentence = stderr_sentence(capsys.readouterr().err)
    (report,) = app.files.paths.log.glob("crash-*.txt")
    assert f"a report of what happened is in {report}." in sentence
    return sentence, report.read_text(encoding="utf-8")


def test_a_kept_game_is_named_with_its_folder(table, capsys):
    sentence, report = _crash(table, capsys)
    saves = table.files.saves.folder
    (kept,) = saves.glob("*.json")
    name = read_save(kept)[1]["name"]
    assert name.startswith("Before the crash ")
    assert sentence == (f'Spades Desktop stopped because of an error: your game was kept as "{name}" in {saves}'
                        f" (Load on the title screen opens it), and a report of what happened is in"
                        f" {next(table.files.paths.log.glob('crash-*.txt'))}.")
    assert f'Game in progress: kept as "{name}" in {saves}; Load on the title screen opens it\n' in report
    assert "for a developer" not in report


def test_a_saves_folder_that_is_a_file_is_said_to_the_player(table, capsys):
    """Before: the sentence named only the report, and the report said "FileExistsError: [Errno 17] ..."."""
    saves = table.files.saves.folder
    for leftover in saves.iterdir():
        leftover.unlink()
    saves.rmdir()
    saves.write_text("a file where the saves folder should be", encoding="utf-8")
    sentence, report = _crash(table, capsys)
    why = f"{saves} is a file where a folder belongs"
    assert (f"your game could not be kept, because {why} (move that file away so that games save again),"
            " and a report") in sentence
    assert f"Game in progress: not kept: {why}; move that file away so that games save again\n" in report
    developer = report.split("Game in progress: ", 1)[1].splitlines()[1]
    assert developer.startswith("  (for a developer: ") and "Error" in developer, "Python's words, below"
    assert "Errno" not in sentence and "Error:" not in sentence
    assert saves.read_text(encoding="utf-8") == "a file where the saves folder should be"


def test_a_full_disk_is_said_to_the_player(table, monkeypatch, capsys):
    """The save's write meets ENOSPC (as the storage fault tests simulate it); the report, written
    elsewhere, still says so."""
    import errno

    from spades_desktop.storage import saves

    def full(path, value, pretty=False):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(saves, "write_json", full)
    sentence, report = _crash(table, capsys)
    assert "your game could not be kept, because the disk is full (free space so that games save again)" in sentence
    assert "Game in progress: not kept: the disk is full; free space so that games save again\n" in report
    assert "(for a developer: OSError: [Errno 28] No space left on device" in report
    assert list(table.files.saves.folder.glob("*.json")) == []


def test_a_game_that_cannot_be_written_down_is_said_too(table, monkeypatch, capsys):
    from spades_desktop.storage import saves

    def broken(*args, **kwargs):
        raise ValueError("the state is not what it should be")

    monkeypatch.setattr(saves, "save_document", broken)
    sentence, report = _crash(table, capsys)
    assert "your game could not be kept, because the game itself could not be written down (it may be what broke)," \
        in sentence
    assert "(for a developer: ValueError: the state is not what it should be)" in report


def test_a_second_copy_says_it_keeps_nothing(table, capsys):
    from spades_desktop.session.game_session import SessionMode

    table.session.mode = SessionMode.READ_ONLY
    sentence, report = _crash(table, capsys)
    assert ("your game could not be kept, because another copy of the game is running (this copy saves nothing),"
            " and a report") in sentence
    assert "for a developer" not in report
