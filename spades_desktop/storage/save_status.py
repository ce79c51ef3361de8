"""Whether the game's own saves reach the disk, told to the player when that changes.

The background writer reports every write from its own thread; the render loop asks ``news``
once a frame and shows what it gets. Only changes are news: the first failure ("Could not
save: the disk is full ...") and the first success after failures ("Saved again ..."), so a
player is told once, not after every card, and the retry is simply the next autosave.
"""

from __future__ import annotations

import threading
from pathlib import Path

from .faults import SAVED_AGAIN, WriteFault, write_fault


class SaveStatus:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failing: dict[Path, WriteFault] = {}
        self._news: list[str] = []

    def failed(self, path: Path, exc: Exception) -> None:
        """A write of ``path`` failed (any thread)."""
        fault = write_fault(exc, path) if isinstance(exc, OSError) else WriteFault(
            f"{path.name} could not be written ({exc})", "fix that")
        with self._lock:
            if path not in self._failing:
                self._news.append(fault.save_failed())
            self._failing[path] = fault

    def written(self, path: Path) -> None:
        """A write of ``path`` reached the disk (any thread)."""
        with self._lock:
            if self._failing.pop(path, None) is not None:
                self._news.append(SAVED_AGAIN)

    def news(self) -> list[str]:
        """What changed since the last call, oldest first (render thread)."""
        with self._lock:
            news, self._news = self._news, []
        return news

    def fault(self, path: Path) -> WriteFault | None:
        """Why the last write of ``path`` failed, or None if it was written (or never tried)."""
        with self._lock:
            return self._failing.get(path)
