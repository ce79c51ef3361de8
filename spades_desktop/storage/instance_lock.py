"""One running copy per user folder: the second copy opens read-only instead of overwriting
the first one's autosave, settings and statistics.

The lock is the operating system's own (``flock`` on POSIX, ``msvcrt.locking`` on Windows) on a
small file in the data folder, so it is released the moment its process ends, however it ends:
a lock file left behind by a crash or a kill is stale by construction and is simply taken over.
The file also names the holder's process id, for the log and for the person.

The lock fails closed: when its file cannot be opened at all (a folder in its place, a file
owned by another user, a data folder that is not a folder or cannot be written), this copy cannot
know whether another one runs, so it does not count as the owner and saves nothing.  Only a
regular file is a lock: it is opened without following a symbolic link (writing the pid through a
link to a save would destroy the save) and without blocking (a named pipe would wait for a writer
for ever), and anything else in its place is refused and left as it is.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from enum import Enum
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class LockProblem(Enum):
    """Why the lock could not even be tried: each is told to the person in its own words, since
    each has its own remedy."""

    NONE = "none"
    NOT_A_FILE = "not_a_file"  # a link, a named pipe, a folder or a device where the file belongs
    READ_ONLY = "read_only"  # the data folder may not be written (permissions, a read-only disk)
    UNUSABLE = "unusable"  # anything else the operating system refused


#: open flags: no link followed, no wait on a pipe; O_NOFOLLOW does not exist on Windows, which
#: has no symbolic links a player makes by accident (and stat refuses what is not a file there too)
_OPEN_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_READ_ONLY_ERRORS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})


def _regular_file(fd: int) -> bool:
    return stat.S_ISREG(os.fstat(fd).st_mode)


class InstanceLock:
    """Held by the copy of the game that may write to the user folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self.problem = ""  # why the lock could not even be tried (its file cannot be opened), or ""
        self.kind = LockProblem.NONE  # the same, as the kind of remedy the person is told

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
        if os.path.islink(self.path):  # (O_NOFOLLOW says ELOOP; this says it in any system's words)
            return self._refuse(LockProblem.NOT_A_FILE, "it is a symbolic link")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, _OPEN_FLAGS, 0o644)
        except OSError as exc:
            kind = (LockProblem.NOT_A_FILE if exc.errno in (errno.EISDIR, errno.ELOOP, errno.ENXIO)
                    else LockProblem.READ_ONLY if exc.errno in _READ_ONLY_ERRORS else LockProblem.UNUSABLE)
            return self._refuse(kind, exc.strerror or type(exc).__name__)
        try:
            regular = _regular_file(fd)
        except OSError as exc:
            os.close(fd)
            return self._refuse(LockProblem.UNUSABLE, exc.strerror or type(exc).__name__)
        if not regular:  # a named pipe or a device: opened (without waiting), never written
            os.close(fd)
            return self._refuse(LockProblem.NOT_A_FILE, "it is not a regular file")
        if not _try_lock(fd):
            os.close(fd)
            return False
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return True

    def _refuse(self, kind: LockProblem, why: str) -> bool:
        self.kind, self.problem = kind, why
        return False

    def holder(self) -> str:
        """The process id written by the copy holding the lock ('' if unknown: never read through
        a link, and never waiting on a pipe)."""
        try:
            fd = os.open(self.path, _READ_FLAGS)
        except OSError:
            return ""
        try:
            text = os.read(fd, 32).decode("utf-8", "replace").strip() if _regular_file(fd) else ""
        except OSError:
            return ""
        finally:
            os.close(fd)
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
