"""Atomic file writes and safe reads: a good file is never replaced by a half-written one."""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from .reading import shown


def write_atomic(path: Path, data: bytes, retries: int = 5) -> None:
    """Write to a temporary file in the same folder, flush and fsync it, then ``os.replace``.

    The replace is retried briefly because some platforms lock a file for a moment
    (virus scanners, indexers on Windows).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        for attempt in range(retries):
            try:
                os.replace(tmp, path)
                break
            except PermissionError:
                if attempt == retries - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        _fsync_dir(path.parent)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_json(path: Path, value: Any, pretty: bool = False) -> None:
    """Write JSON atomically.  Compact by default: with ``indent`` Python falls back to its
    pure-Python encoder, many times slower, and holds the GIL while it runs."""
    text = json.dumps(value, indent=1, sort_keys=True) if pretty else json.dumps(value, separators=(",", ":"))
    write_atomic(path, text.encode("utf-8"))


def set_aside(path: Path, why: str = "corrupt") -> Path:
    """Move a file out of the way (``name.<why>-<time>``) so it is kept, not overwritten:
    ``corrupt`` for a damaged file, ``unreadable`` for one the game could not read at all."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
    os.replace(path, target)
    return target


def keep_aside(path: Path, why: str = "corrupt") -> str:
    """Set a file aside and say where it went ("; it was kept as ..."), or nothing
    if even that failed: reporting a bad file must never crash the game."""
    try:
        return f"; it was kept as {shown(set_aside(path, why).name)}"
    except OSError:
        return ""


#: ``write_atomic``'s temporary names: ``.NAME.`` + mkstemp's eight random characters + ``.tmp``
_TEMPORARY = re.compile(r"\..+\.[A-Za-z0-9_]{8}\.tmp")


def remove_leftover_temporaries(folder: Path, older_than: float = 60.0) -> int:
    """Remove temporary files an interrupted write left behind (a kill, a power cut); returns how many.

    Only regular files with ``write_atomic``'s naming and untouched for ``older_than`` seconds
    are removed, so a write in progress (another copy of the game) is left alone.
    """
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                os.unlink(entry.path)
                removed += 1
    return removed
