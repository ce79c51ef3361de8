"""One running copy per user folder: the second copy opens read-only instead of overwriting
the first one's autosave, settings and statistics.

The lock is the operating system's own (``flock`` on POSIX, ``msvcrt.locking`` on Windows) on a
small file in the data folder, so it is released the moment its process ends, however it ends:
a lock file left behind by a crash or a kill is stale by construction and is simply taken over.
The file also names the holder's process id, for the log and for the person.

The lock fails closed: when its file cannot be opened at all (a folder in its place, a file
owned by another user, a data folder that is not a folder), this copy cannot know whether
another one runs, so it does not count as the owner and saves nothing.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class InstanceLock:
    """Held by the copy of the game that may write to the user folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self.problem = ""  # why the lock could not even be tried (its file cannot be opened), or ""

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if no other live copy holds it; True only if this copy now holds it.

        False when another copy holds it, and also when its file cannot be opened (``problem``
        then says why): a copy that cannot check the lock must not act as its owner.
        """
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            self.problem = exc.strerror or type(exc).__name__
            return False
        if not _try_lock(fd):
            os.close(fd)
            return False
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return True

    def holder(self) -> str:
        """The process id written by the copy holding the lock ('' if unknown)."""
        try:
            with open(self.path, encoding="utf-8", errors="replace") as handle:
                text = handle.read(32).strip()
        except OSError:
            return ""
        return text if text.isdigit() else ""

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(self._fd)
        with contextlib.suppress(OSError):
            os.close(self._fd)
        self._fd = None


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
