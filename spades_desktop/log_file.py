"""The game's log file, which never gets in the way of the game.

Python's logging prints a "--- Logging error ---" traceback on standard error for every line it
fails to write, so a full disk would fill the terminal with one traceback per log line.  This
handler says once, in one line, that the log stopped and why, and writes nothing more to the file.
"""

from __future__ import annotations

import contextlib
import logging
import sys

LOG_STOPPED = "spades-desktop: the log {path} could not be written ({why}); the game goes on without it"


class LogFile(logging.FileHandler):
    """A log file that stops quietly, after one line on standard error, the first time a write fails."""

    def __init__(self, path: str) -> None:
        super().__init__(path, encoding="utf-8")
        self.stopped = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.stopped:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        if self.stopped:
            return
        self.stopped = True
        error = sys.exc_info()[1]
        why = (getattr(error, "strerror", None) or str(error) or type(error).__name__).rstrip(".")
        if sys.stderr is not None:  # a windowed build has no console
            with contextlib.suppress(OSError, ValueError):
                print(LOG_STOPPED.format(path=self.baseFilename, why=why[:1].lower() + why[1:]),
                      file=sys.stderr, flush=True)
        with contextlib.suppress(OSError):
            self.close()
