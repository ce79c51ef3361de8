"""After an error nobody caught: the game in progress kept under a new name, and the crash report
written (``storage.crash_reports``).

The window's guard (``ui/crash_guard.py``) calls these and words the outcome; they live here so
that the ui writes no file.  Each step is tried on its own: one that fails says why in its result,
and never hides the error itself.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..about import about_line
from ..storage.crash_reports import CrashFacts, write_crash_report
from ..storage.paths import UserPaths, user_paths
from .files import FileService
from .game_session import GameSession


@dataclass(frozen=True)
class Rescue:
    """What became of the game in progress: the save's name, or why there is none."""

    name: str = ""
    words: str = "there was none"


def rescue_game(session: GameSession | None, files: FileService | None,
                kept_as: Callable[[str, Path], str]) -> Rescue:
    """Save the person's unfinished game under a new name (never over another save); ``kept_as``
    words where it went."""
    if files is None or session is None or not session.traits.person_plays:
        return Rescue()
    if not session.traits.offers_save or files.read_only:
        return Rescue(words="not saved: this copy saves nothing (another copy of the game is running)")
    try:
        state = session.state
        if state.is_terminal():
            return Rescue(words="none: the game had ended and is among the saves")
        base = f"Before the crash {time.strftime('%Y-%m-%d %H.%M')}"
        name, number = base, 2
        while files.saves.path_for(name).exists():
            name, number = f"{base} {number}", number + 1
        path = files.saves.save(name, state, session.game_id, session.controller.seen_seats(),
                                session.review_document())
    except Exception as exc:  # the game may be what broke: the report says so and goes on
        return Rescue(words=f"it could not be saved ({type(exc).__name__}: {exc})")
    return Rescue(name, kept_as(name, path))


def _paths(files: FileService | None) -> UserPaths:
    return files.paths if files is not None else user_paths()


def report_folders(files: FileService | None) -> list[Path]:
    """Where a report may go: the logs folder, else the system's temporary folder."""
    folders: list[Path] = []
    with contextlib.suppress(Exception):
        folders.append(_paths(files).log)
    with contextlib.suppress(Exception):
        folders.append(Path(tempfile.gettempdir()))
    return folders


def log_file_of(files: FileService | None) -> Path | None:
    with contextlib.suppress(Exception):
        return _paths(files).log_file
    return None


def write_report(files: FileService | None, error: BaseException, kept: str) -> tuple[Path | None, str]:
    """The report's path, or None and why none could be written."""
    facts = CrashFacts(about_line(), error, kept, log_file_of(files), time.time())
    return write_crash_report(report_folders(files), facts)
