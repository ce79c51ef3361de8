"""When the game stops on an error nobody caught: keep the game, write a report, say where.

``run_guarded`` runs the app. Should an exception escape the loop (or the app's start), the game in
progress is first saved under a name among the saves (it may be the last good copy of it), then a
crash report is written into the logs folder (``storage.crash_reports``), the worker processes,
the writer and the window are closed, and one sentence says where the report is: on stderr, and
in a small system window where one can still be shown (a windowed standalone app has no stderr).
Each step is tried on its own: a step that fails is said, and never hides the error itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..about import about_line
from ..storage.crash_reports import CrashFacts, write_crash_report
from ..storage.paths import UserPaths, user_paths
from .text.crash_words import WINDOW_TITLE, crash_sentence, kept_as

if TYPE_CHECKING:
    from ..session.game_session import GameSession
    from ..session.thinkers import ThinkerPool
    from ..storage.instance_lock import InstanceLock
    from ..storage.saves import SaveFolder
    from ..storage.writer import BackgroundWriter

log = logging.getLogger("spades_desktop")
Options = TypeVar("Options")


class App(Protocol):
    """What the guard uses of the app (``ui.app.App``, which imports this module, not the reverse)."""

    @property
    def paths(self) -> UserPaths: ...
    @property
    def saves(self) -> SaveFolder: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def session(self) -> GameSession | None: ...
    @property
    def thinkers(self) -> ThinkerPool: ...
    @property
    def writer(self) -> BackgroundWriter: ...
    @property
    def lock(self) -> InstanceLock: ...
    @property
    def pygame(self) -> Any: ...

    def run(self) -> int: ...

#: the exit status after a crash (as Python's own for an uncaught exception)
CRASH_STATUS = 1
#: SDL video drivers that show nothing a person could read
_INVISIBLE_DRIVERS = frozenset(("dummy", "offscreen", "evdev"))


@dataclass(frozen=True)
class Rescue:
    """What became of the game in progress: the save's name, or why there is none."""

    name: str = ""
    words: str = "there was none"


def rescue_game(app: App | None) -> Rescue:
    """Save the person's unfinished game under a new name (never over another save)."""
    session = app.session if app is not None else None
    if app is None or session is None or not session.traits.person_plays:
        return Rescue()
    if not session.traits.offers_save or app.read_only:
        return Rescue(words="not saved: this copy saves nothing (another copy of the game is running)")
    try:
        state = session.state
        if state.is_terminal():
            return Rescue(words="none: the game had ended and is among the saves")
        base = f"Before the crash {time.strftime('%Y-%m-%d %H.%M')}"
        name, number = base, 2
        while app.saves.path_for(name).exists():
            name, number = f"{base} {number}", number + 1
        path = app.saves.save(name, state, session.game_id, session.controller.seen_seats(),
                              session.review_document())
    except Exception as exc:  # the game may be what broke: the report says so and goes on
        return Rescue(words=f"it could not be saved ({type(exc).__name__}: {exc})")
    return Rescue(name, kept_as(name, path))


def report_folders(app: App | None) -> list[Path]:
    """Where a report may go: the logs folder, else the system's temporary folder."""
    folders: list[Path] = []
    with contextlib.suppress(Exception):
        paths: UserPaths = app.paths if app is not None else user_paths()
        folders.append(paths.log)
    with contextlib.suppress(Exception):
        folders.append(Path(tempfile.gettempdir()))
    return folders


def log_file_of(app: App | None) -> Path | None:
    with contextlib.suppress(Exception):
        return (app.paths if app is not None else user_paths()).log_file
    return None


def shut_down(app: App | None) -> None:
    """Close what the app holds, each on its own: no worker process outlives the window."""
    if app is None:
        return
    for close in (app.thinkers.close, app.writer.close, app.lock.release, app.pygame.quit):
        with contextlib.suppress(Exception):
            close()


def window_can_show(environ: dict[str, str] | os._Environ[str], platform: str) -> bool:
    """Whether a window could be seen: not under SDL's invisible drivers, and on Linux and the
    like only with a display to show it on."""
    if environ.get("SDL_VIDEODRIVER", "").lower() in _INVISIBLE_DRIVERS:
        return False
    if platform in ("win32", "darwin"):
        return True
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def show_window(words: str) -> None:
    """The sentence in a system message box, where one can be shown (else nothing)."""
    if not window_can_show(os.environ, sys.platform):
        return
    with contextlib.suppress(Exception):
        import pygame

        pygame.display.message_box(WINDOW_TITLE, words, "error")


def crashed(app: App | None, error: BaseException) -> int:
    """Everything after an uncaught error: keep the game, report, close, say where."""
    rescue = rescue_game(app)
    facts = CrashFacts(about_line(), error, rescue.words, log_file_of(app), time.time())
    report, problem = write_crash_report(report_folders(app), facts)
    with contextlib.suppress(Exception):
        log.critical("stopped by an uncaught error (report: %s)", report or problem, exc_info=error)
    shut_down(app)
    words = crash_sentence(report, problem, rescue.name or None)
    if sys.stderr is not None:
        with contextlib.suppress(Exception):
            print(words, file=sys.stderr, flush=True)
    show_window(words)
    return CRASH_STATUS


def run_guarded(make_app: Callable[[Options], App], options: Options) -> int:
    """Make the app and run it; an exception that escapes is a crash (see the module's words).
    Ctrl+C and ``SystemExit`` are not errors and pass on as they are."""
    app: App | None = None
    try:
        app = make_app(options)
        return app.run()
    except Exception as error:
        return crashed(app, error)
