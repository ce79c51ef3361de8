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
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ..about import about_line
from ..storage.crash_reports import CrashFacts, write_crash_report
from ..storage.faults import write_fault
from ..storage.paths import UserPaths, user_paths
from .files import FileService
from .game_session import GameSession


class Outcome(Enum):
    """What became of the game in progress at a crash."""

    NO_GAME = "none"  # there was none the person plays (the title screen, a watched game)
    ENDED = "ended"  # it had ended: it is among the saves already
    KEPT = "kept"  # saved under a new name
    NOT_KEPT = "not kept"  # it could not be saved: ``why`` says why


@dataclass(frozen=True)
class Rescue:
    """What became of the game in progress: where it was kept, or why it could not be, in the
    player's words (``why``, ``remedy``), with Python's words apart for the report's developer
    (``detail``: before, Python's were all the player was told, and only in the report)."""

    outcome: Outcome = Outcome.NO_GAME
    name: str = ""  # the save's name, when kept
    folder: Path | None = None  # the saves folder it went into, when kept
    why: str = ""  # why it could not be kept: "the disk is full", "/x/saves is a file where a folder belongs"
    remedy: str = ""  # what would let games save again: "free space", "move that file away" ("": nothing to do)
    detail: str = ""  # Python's words for what failed ("FileExistsError: [Errno 17] File exists: ...")


def rescue_game(session: GameSession | None, files: FileService | None) -> Rescue:
    """Save the person's unfinished game under a new name (never over another save)."""
    if files is None or session is None or not session.traits.person_plays:
        return Rescue()
    if not session.traits.offers_save or files.read_only:
        return Rescue(Outcome.NOT_KEPT, why="another copy of the game is running (this copy saves nothing)")
    base = f"Before the crash {time.strftime('%Y-%m-%d %H.%M')}"
    name, number, path = base, 2, files.saves.path_for(base)
    try:
        state = session.state
        if state.is_terminal():
            return Rescue(Outcome.ENDED)
        while path.exists():
            name, number = f"{base} {number}", number + 1
            path = files.saves.path_for(name)
        files.saves.save(name, state, session.game_id, session.controller.seen_seats(), session.review_document())
    except OSError as exc:  # the saves folder or the disk: the storage knows the player's words for it
        fault = write_fault(exc, path)
        return Rescue(Outcome.NOT_KEPT, why=fault.reason, remedy=fault.remedy, detail=_python_words(exc))
    except Exception as exc:  # the game may be what broke: the report says so and goes on
        return Rescue(Outcome.NOT_KEPT, why="the game itself could not be written down (it may be what broke)",
                      detail=_python_words(exc))
    return Rescue(Outcome.KEPT, name, path.parent)


def _python_words(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


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


def write_report(files: FileService | None, error: BaseException, kept: str,
                 kept_detail: str = "") -> tuple[Path | None, str]:
    """The report's path, or None and why none could be written.  ``kept`` says what became of the
    game in progress in the player's words, ``kept_detail`` in Python's (for a developer)."""
    facts = CrashFacts(about_line(), error, kept, log_file_of(files), time.time(), kept_detail)
    return write_crash_report(report_folders(files), facts)
