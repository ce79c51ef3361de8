"""What went wrong when a per-user folder or file could not be written, in the player's words.

A failed write is told to the player (a toast at the table, a line on the title screen), so
the operating system's error is turned into what is wrong ("the disk is full"), where, and what
would make it work again ("free space"). The words are here, beside the storage, because the
storage is what knows the causes; the screens only show them.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from .reading import plain_os_error, shown

_FULL = frozenset(e for e in (errno.ENOSPC, getattr(errno, "EDQUOT", None), errno.EFBIG) if e is not None)
_DENIED = frozenset((errno.EACCES, errno.EPERM, errno.EROFS))


@dataclass(frozen=True)
class WriteFault:
    """Why a write failed (``reason``) and what the player can do about it (``remedy``)."""

    reason: str
    remedy: str

    def save_failed(self) -> str:
        """The table's toast when the autosave fails."""
        return (f"Could not save: {self.reason}. Your game is kept in memory; {self.remedy}"
                " and it will save again")

    def not_saved(self, what: str) -> str:
        """A failed write of ``what`` ("Statistics", "The save"), said at once where it happened."""
        return f"{what} could not be saved: {self.reason}; {self.remedy} and it will save again"

    def folder_unusable(self) -> str:
        """The start's notice when a per-user folder cannot be made or used."""
        return f"{self.reason[0].upper()}{self.reason[1:]}; the game will not save there until you {self.remedy}"


SAVED_AGAIN = "Saved again: your game is safe on disk"


def _place(path: Path) -> str:
    return shown(str(path))


def _file_in_the_way(path: Path) -> Path | None:
    """The first part of ``path`` that exists but is not a folder (a file where a folder belongs)."""
    for part in reversed((path, *path.parents)):
        try:
            info = os.stat(part)
        except OSError:
            return None
        if not stat.S_ISDIR(info.st_mode):
            return part
    return None


def write_fault(exc: OSError, path: Path) -> WriteFault:
    """The player's words for ``exc``, raised while writing ``path`` (a file or a folder)."""
    if exc.errno in _FULL:
        return WriteFault("the disk is full", "free space")
    if exc.errno == errno.EROFS:
        return WriteFault(f"{_place(path.parent)} is on a read-only disk", "make it writable")
    if exc.errno in _DENIED:
        return WriteFault(f"this user may not write in {_place(path.parent)}", "allow writing there")
    if exc.errno == errno.EISDIR or (isinstance(exc, IsADirectoryError)):
        return WriteFault(f"{_place(path)} is a folder where a file belongs", "move that folder away")
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        blocker = _file_in_the_way(path)
        if blocker is not None:
            return WriteFault(f"{_place(blocker)} is a file where a folder belongs", "move that file away")
    return WriteFault(f"{_place(path)} could not be written ({plain_os_error(exc)})", "fix that")


def make_folders(folders: tuple[Path, ...]) -> list[WriteFault]:
    """Make each folder (and its parents) if missing; what could not be made, once per cause.

    Nothing is deleted or moved: a file where a folder belongs stays where it is, and the game
    runs without saving there.
    """
    faults: list[WriteFault] = []
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fault = write_fault(exc, folder)
            if fault not in faults:
                faults.append(fault)
    return faults


def folder_usable(folder: Path) -> bool:
    """Whether ``folder`` is a folder this user can write in (checked without writing)."""
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
