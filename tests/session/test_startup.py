"""Start-up opens the player's files before any window (``session/startup.py``): what it finds is one
record, tested here without pygame."""

from __future__ import annotations

import json
import os
import time

from spades_desktop.session.startup import open_user_files
from spades_desktop.storage.paths import HOME_ENV, user_paths
from spades_desktop.storage.settings import Settings


def _paths(tmp_path):
    return user_paths({HOME_ENV: str(tmp_path / "user")})


def test_a_first_start_makes_the_folders_takes_the_lock_and_uses_the_defaults(tmp_path):
    started: list = []
    files = open_user_files(_paths(tmp_path), started.append)
    try:
        assert started == [files.paths]  # the log starts once the folders exist
        assert all(folder.is_dir() for folder in files.paths.folders)
        assert not files.read_only and files.settings_writable and files.statistics_writable
        assert files.settings == Settings()
        assert files.folder_faults == [] and files.settings_problems == [] and files.statistics_problems == []
    finally:
        files.lock.release()


def _leftover(folder):
    """What an interrupted atomic write leaves: a temporary file, untouched for an hour."""
    leftover = folder / ".autosave.json.abc12345.tmp"
    leftover.write_text("half a write")
    an_hour_ago = time.time() - 3600
    os.utime(leftover, (an_hour_ago, an_hour_ago))
    return leftover


def test_the_copy_that_holds_the_lock_clears_leftovers_and_a_second_copy_writes_nothing(tmp_path):
    before = _leftover(_paths(tmp_path).ensure().data)
    first = open_user_files(_paths(tmp_path), lambda paths: None)
    try:
        assert not before.exists()
        leftover = _leftover(first.paths.data)
        second = open_user_files(_paths(tmp_path), lambda paths: None)
        assert second.read_only and not second.settings_writable and not second.statistics_writable
        assert leftover.exists()  # the first copy's files are left alone
    finally:
        first.lock.release()


def test_damaged_settings_and_statistics_are_said_and_kept_aside(tmp_path):
    paths = _paths(tmp_path).ensure()
    paths.settings_file.write_text("{not json")
    paths.statistics_file.write_text(json.dumps({"format": "something else"}))
    files = open_user_files(paths, lambda paths: None)
    try:
        assert len(files.settings_problems) == 1 and files.settings_problems[0].startswith(paths.settings_file.name)
        assert "could not be read" in files.settings_problems[0]
        assert len(files.statistics_problems) == 1 and paths.statistics_file.name in files.statistics_problems[0]
        assert files.settings == Settings() and files.settings_writable
        kept = [p.name for p in paths.config.iterdir()] + [p.name for p in paths.data.iterdir()]
        assert sum(".corrupt" in name for name in kept) == 2
    finally:
        files.lock.release()
