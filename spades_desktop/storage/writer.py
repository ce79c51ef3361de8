"""A background writer for autosaves: the render loop hands over the data and goes on.

JSON encoding, the write and the fsync take a few milliseconds, too long for a
frame.  Only the newest pending payload per file is kept (older ones are
superseded), and ``flush`` waits for everything to be on disk (on quit).  Both outcomes are
reported (``on_error``, ``on_written``, called on the writer's thread), so the game can tell the
player at once when a save fails and again when it works after a failure.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .atomic import write_json

log = logging.getLogger(__name__)


class BackgroundWriter:
    def __init__(self, on_error: Callable[[Path, Exception], None] | None = None,
                 on_written: Callable[[Path], None] | None = None) -> None:
        self._pending: dict[Path, Any] = {}
        self._on_written = on_written
        self._lock = threading.Condition()
        self._busy = False
        self._stop = False
        self._on_error = on_error
        self._thread = threading.Thread(target=self._run, name="spades-writer", daemon=True)
        self._thread.start()

    def submit(self, path: Path, value: Any) -> None:
        with self._lock:
            self._pending[path] = value
            self._lock.notify()

    def discard(self, path: Path) -> None:
        """Drop a pending write and remove the file (a finished game's autosave)."""
        with self._lock:
            self._pending.pop(path, None)
            while self._busy:
                self._lock.wait(0.05)
            path.unlink(missing_ok=True)

    def flush(self, timeout: float = 5.0) -> None:
        with self._lock:
            self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._stop = True
            self._lock.notify()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending or self._stop)
                if self._stop and not self._pending:
                    return
                path, value = self._pending.popitem()
                self._busy = True
            try:
                write_json(path, value)
            except Exception as exc:
                log.error("could not write %s: %s", path, exc)
                if self._on_error is not None:
                    self._on_error(path, exc)
            else:
                if self._on_written is not None:
                    self._on_written(path)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
