"""When the game stops on an error nobody caught: keep the game, write a report, say where.

``run_guarded`` runs the app. Should an exception escape the loop (or the app's start), the game in
progress is first saved under a name among the saves (it may be the last good copy of it), then a
crash report is written into the logs folder (``session/crash.py`` does both), the worker processes,
the writer and the window are closed, and one sentence says whether the game was kept and where,
or why it could not be, and where the report is: on stderr, and
in a small system window where one can still be shown (a windowed standalone app has no stderr).
Each step is tried on its own: a step that fails is said, and never hides the error itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..session.crash import rescue_game, write_report
from .text.crash_words import WINDOW_TITLE, crash_sentence, game_line

if TYPE_CHECKING:
    from ..session.files import FileService
    from ..session.game_session import GameSession
    from ..session.thinkers import ThinkerPool

log = logging.getLogger("spades_desktop")
Options = TypeVar("Options")


class App(Protocol):
    """What the guard uses of the app (``ui.app.App``, which imports this module, not the reverse)."""

    @property
    def files(self) -> FileService: ...
    @property
    def session(self) -> GameSession | None: ...
    @property
    def thinkers(self) -> ThinkerPool: ...
    @property
    def pygame(self) -> Any: ...

    def run(self) -> int: ...

#: the exit status after a crash (as Python's own for an uncaught exception)
CRASH_STATUS = 1
#: SDL video drivers that show nothing a person could read
_INVISIBLE_DRIVERS = frozenset(("dummy", "offscreen", "evdev"))


def shut_down(app: App | None) -> None:
    """Close what the app holds, each on its own: no worker process outlives the window."""
    if app is None:
        return
    for close in (app.thinkers.close, app.files.writer.close, app.files.lock.release, app.pygame.quit):
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
    files = app.files if app is not None else None
    rescue = rescue_game(app.session if app is not None else None, files)
    report, problem = write_report(files, error, game_line(rescue), rescue.detail)
    with contextlib.suppress(Exception):
        log.critical("stopped by an uncaught error (report: %s)", report or problem, exc_info=error)
    shut_down(app)
    words = crash_sentence(report, problem, rescue)
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
