"""Storage faults a player must hear about (issue 28): the one-copy lock fails closed, a file
where a folder belongs leaves the game playable, a save that fails during play is said at the
table at once (and again when it works), and --screenshot keeps out of the game's files.

Each builds the situation in a temporary user folder. The tests run as root in CI, where
permissions do not stop a write, so an unusable place is made with a file or a folder in its
place, and a full disk with a small RLIMIT_FSIZE in a child process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import errno

import pygame
import pytest

from spades_desktop.storage.faults import SAVED_AGAIN, make_folders, write_fault
from spades_desktop.storage.instance_lock import InstanceLock, LockProblem
from spades_desktop.storage.save_status import SaveStatus
from spades_desktop.storage.settings import read_settings_file
from spades_desktop.storage.statistics import read_statistics_file
from spades_desktop.ui.app import Options, main, parse_options
from spades_desktop.ui.core.keymap import Intent
from spades_desktop.ui.screens.files import ConfirmScene
from spades_desktop.ui.text.startup_words import lock_notice
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parents[2]


def _play(d: Driver, actions: int) -> None:
    for _ in range(actions):
        outcome = d.wait_for_person()
        if outcome == "modal":
            d.close_modal()
            continue
        assert outcome == "act"
        d.act_once()


# ---------------------------------------------------------------- the lock fails closed
@pytest.mark.slow
def test_a_lock_that_cannot_be_opened_makes_the_copy_read_only_and_says_why(tmp_path):
    lock = tmp_path / "data" / "spades-desktop.lock"
    lock.mkdir(parents=True)  # a folder where the lock file belongs (as a root-owned file would be)
    d = Driver(str(tmp_path), seed=101)
    assert d.app.read_only
    said = lock_notice(LockProblem.NOT_A_FILE, str(lock), str(tmp_path / "data"))
    assert said in d.app.notices
    assert said.startswith(f"{lock} is not a plain file (a link, a folder or a pipe)")
    _play(d, 4)
    d.app.writer.flush()
    assert not d.app.paths.autosave_file.exists()  # it never played as the owner
    assert lock.is_dir()  # nothing deleted
    d.app.close()


def test_the_lock_reports_why_it_could_not_be_tried(tmp_path):
    (tmp_path / "spades-desktop.lock").mkdir()
    lock = InstanceLock(tmp_path / "spades-desktop.lock")
    assert not lock.acquire() and not lock.held
    assert lock.problem  # the operating system's reason, for the log
    assert lock.kind is LockProblem.NOT_A_FILE


@pytest.mark.slow
def test_two_copies_on_a_folder_whose_lock_cannot_be_opened_both_keep_out_of_the_saves(tmp_path):
    """The issue's repro: before, both copies played as owners and the second one's autosave won."""
    (tmp_path / "data" / "spades-desktop.lock").mkdir(parents=True)
    env = {**os.environ, "SPADES_DESKTOP_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = [sys.executable, "-m", "spades_desktop", "--new-game", "--frames", "90"]
    first = subprocess.Popen([*run, "--seed", "101"], env=env, stderr=subprocess.PIPE, text=True)
    second = subprocess.run([*run, "--seed", "202"], env=env, capture_output=True, text=True, timeout=60)
    first.communicate(timeout=60)
    assert first.returncode == 0 and second.returncode == 0
    assert not (tmp_path / "data" / "autosave.json").exists()
    assert "This copy will not save" in second.stderr


# ---------------------------------------------------------------- a file where a folder belongs
@pytest.mark.slow
@pytest.mark.parametrize("blocked", ["data/saves", "data", "config", "logs"])
def test_a_file_where_a_folder_belongs_leaves_the_game_playable_and_is_named(tmp_path, blocked):
    place = tmp_path / blocked
    place.parent.mkdir(parents=True, exist_ok=True)
    place.write_text("x")
    d = Driver(str(tmp_path), seed=3)
    assert any(f"{place} is a file where a folder belongs" in n for n in d.app.notices), d.app.notices
    _play(d, 3)
    d.app.update_settings(volume=0.3)  # a setting changed where it cannot be saved: no crash
    d.app.writer.flush()
    assert place.read_text() == "x"  # nothing deleted or overwritten
    if blocked == "data/saves":  # the data folder itself is fine: the game in progress is kept
        assert not d.app.read_only and d.app.paths.autosave_file.exists()
    if blocked == "data":
        assert d.app.read_only
    d.app.close()


@pytest.mark.slow
def test_the_smoke_test_starts_with_a_file_where_the_saves_folder_belongs(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "saves").write_text("x")
    env = {**os.environ, "SPADES_DESKTOP_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "spades_desktop", "--smoke-test"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "saves is a file where a folder belongs" in (tmp_path / "logs" / "spades-desktop.log").read_text()


def test_folders_that_cannot_be_made_are_reported_once_each():
    root = Path("/proc/self/nope")  # cannot be made, whoever runs the tests
    faults = make_folders((root / "a", root / "b"))
    assert faults and all(f.remedy for f in faults)


# ---------------------------------------------------------------- a save that fails during play
def test_words_for_a_failed_write():
    full = write_fault(OSError(errno.ENOSPC, "No space left on device"), Path("/x/autosave.json"))
    assert full.save_failed() == ("Could not save: the disk is full. Your game is kept in memory;"
                                  " free space and it will save again")
    too_big = write_fault(OSError(errno.EFBIG, "File too large"), Path("/x/autosave.json"))
    assert too_big.reason == "the disk is full"
    denied = write_fault(PermissionError(errno.EACCES, "Permission denied"), Path("/x/y/autosave.json"))
    assert denied.reason == "this user may not write in /x/y"
    read_only = write_fault(OSError(errno.EROFS, "Read-only file system"), Path("/x/y/autosave.json"))
    assert read_only.folder_unusable() == ("/x/y is on a read-only disk; the game will not save there"
                                           " until you make it writable")


def test_save_status_tells_only_changes():
    status = SaveStatus()
    path = Path("/x/autosave.json")
    status.written(path)
    assert status.news() == []
    status.failed(path, OSError(errno.ENOSPC, "No space left on device"))
    status.failed(path, OSError(errno.ENOSPC, "No space left on device"))
    assert len(status.news()) == 1 and status.fault(path) is not None
    status.written(path)
    assert status.news() == [SAVED_AGAIN] and status.fault(path) is None


@pytest.mark.slow
def test_an_autosave_that_fails_in_play_is_said_at_the_table_and_again_when_it_works(tmp_path):
    d = Driver(str(tmp_path), seed=7)
    _play(d, 2)
    d.app.writer.flush()
    autosave = d.app.paths.autosave_file
    assert autosave.is_file()
    autosave.unlink()
    autosave.mkdir()  # a folder where the autosave belongs: every write fails until it goes
    _play(d, 1)
    d.app.writer.flush()
    d.step()
    assert d.app.toast.text.startswith("Could not save: "), d.app.toast.text
    assert "is a folder where a file belongs" in d.app.toast.text
    assert "Your game is kept in memory" in d.app.toast.text
    # quitting now would lose the game: the window's close button asks first
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step()
    assert d.app.running and isinstance(d.app.stack.top, ConfirmScene)
    assert "could not be saved" in d.app.stack.top.question
    d.click_button("no")
    autosave.rmdir()  # the player moves the folder away: the next autosave point saves again
    _play(d, 1)
    d.app.writer.flush()
    d.step()
    assert d.app.toast.text == SAVED_AGAIN
    assert autosave.is_file()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step()
    assert not d.app.running  # saved: no question
    d.app.close()


@pytest.mark.slow
def test_quit_to_title_asks_while_the_last_save_failed(tmp_path):
    d = Driver(str(tmp_path), seed=9)
    _play(d, 1)
    d.app.writer.flush()
    autosave = d.app.paths.autosave_file
    autosave.unlink()
    autosave.mkdir()
    _play(d, 1)
    d.app.writer.flush()
    d.press(Intent.MENU)  # the pause menu
    d.click_button("quit_to_title")
    assert isinstance(d.app.stack.top, ConfirmScene) and d.table is not None
    d.click_button("yes")
    assert d.table is None
    d.app.close()


FULL_DISK_CHILD = r"""
import os, resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
import pygame
from tests.ui_driver import Driver
from tests.storage.test_storage_faults import _play
d = Driver(sys.argv[1], seed=11)
_play(d, 2)
d.app.writer.flush()
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (64, hard))  # smaller than any save: the disk is "full"
_play(d, 1)
d.app.writer.flush()
d.step()
print("TOAST", d.app.toast.text, flush=True)
pygame.event.post(pygame.event.Event(pygame.QUIT))
d.step()
print("ASKED", type(d.app.stack.top).__name__, d.app.running, flush=True)
d.click_button("no")
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # space again
_play(d, 1)
d.app.writer.flush()
d.step()
print("TOAST", d.app.toast.text, flush=True)
d.app.close()
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_during_play_is_said_and_the_game_saves_again_when_there_is_room(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", FULL_DISK_CHILD, str(tmp_path)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith(("TOAST", "ASKED"))]
    assert lines[0] == ("TOAST Could not save: the disk is full. Your game is kept in memory;"
                        " free space and it will save again")
    assert lines[1] == "ASKED ConfirmScene True"
    assert lines[2] == f"TOAST {SAVED_AGAIN}"
    json.loads((tmp_path / "data" / "autosave.json").read_text())  # whole, not cut at the limit


# ---------------------------------------------------------------- --screenshot
def test_screenshot_refuses_a_path_in_the_games_folders(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    autosave = tmp_path / "data" / "autosave.json"
    autosave.parent.mkdir(parents=True)
    autosave.write_text("{\"a game\": true}")
    assert main(["--screenshot", str(tmp_path / "data" / "saves" / "shot.png"), "--frames", "3"]) == 2
    assert autosave.read_text() == "{\"a game\": true}"
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "inside the game's own folders" in err[0]


@pytest.mark.slow
def test_an_unwritable_screenshot_path_is_one_line_after_the_game_is_saved(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    status = main(["--screenshot", str(blocker / "shot.png"), "--new-game", "--seed", "4", "--frames", "40"])
    assert status == 1
    err = [line for line in capsys.readouterr().err.splitlines() if line.startswith("spades-desktop:")]
    assert len(err) == 1 and "the screenshot could not be written to" in err[0]
    assert (tmp_path / "data" / "autosave.json").is_file()  # written before the screenshot was tried
    assert parse_options(["--screenshot", "x.png"]) == Options(screenshot="x.png")


# ---------------------------------------------------------------- the two small checks
def test_statistics_with_hands_in_a_mode_that_started_no_game_are_set_aside(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 2, "tracked": {},
                                "modes": {"partnership": {"hands": 5, "started": 0}}}))
    loaded = read_statistics_file(path)
    assert loaded.problems and "no game was started" in loaded.problems[0]
    assert not path.exists() and list(tmp_path.glob("statistics.json.corrupt-*"))


def test_settings_with_bad_values_are_kept_aside_before_the_first_rewrite(tmp_path):
    d = Driver(str(tmp_path), seed=2)
    d.app.close()
    path = tmp_path / "config" / "settings.json"
    data = json.loads(path.read_text())
    data["volume"] = "very loud"
    path.write_text(json.dumps(data))
    assert read_settings_file(path).had_bad_values
    again = Driver(str(tmp_path), seed=2)  # its first change rewrites the file
    kept = list(path.parent.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["volume"] == "very loud"
    assert any("held values the game could not use" in n for n in again.app.notices)
    again.app.update_settings(volume=0.2)
    assert len(list(path.parent.glob("settings.json.corrupt-*"))) == 1  # once, not at every change
    again.app.close()
