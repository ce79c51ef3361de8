"""Reading a per-user file that may hold anything: a sync tool, a disk error or a hand edit can
put a pipe, a folder, a huge file or hostile JSON where a save or settings file should be.

Only regular files are opened, and without blocking, so a named pipe cannot hang the game.
JSON is parsed with its nesting checked first (no recursion error), numbers that Python would
turn into huge integers, NaN or Infinity refused, and every failure becomes a ``FileProblem``
that says in plain words what is wrong and whether the file is damaged (to be set aside) or
merely out of reach (to be left where it is).
"""

from __future__ import annotations

import enum
import errno
import json
import math
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

from .errors import StorageError

#: deeper than any file of ours (a save nests 4 levels); refused before json.loads recurses
MAX_DEPTH = 32
#: digits of the longest whole number any of our formats holds (a 64-bit seed has 20)
MAX_DIGITS = 24
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")


class Trouble(enum.Enum):
    """Why a file could not be used, which decides what happens to it."""

    DAMAGED = "damaged"  # set aside (kept as .corrupt-<time>) and reported
    OUT_OF_REACH = "out_of_reach"  # unreadable or not a regular file: reported, left where it is


class FileProblem(StorageError):
    """A file that cannot be used; the message is a short plain reason, ``trouble`` what to do."""

    def __init__(self, reason: str, trouble: Trouble = Trouble.DAMAGED) -> None:
        super().__init__(reason)
        self.trouble = trouble


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: Path, max_bytes: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``max_bytes``.

    The type is checked with ``os.stat`` before opening; ``O_NONBLOCK`` is a second guard
    should the file be swapped for a pipe between the check and the open.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileProblem(f"it could not be read ({plain_os_error(exc)})", Trouble.OUT_OF_REACH) from exc
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(f"it is {_kind_of(info.st_mode)}, not a file", Trouble.OUT_OF_REACH)
    if info.st_size > max_bytes:
        raise FileProblem(f"it is far too large ({info.st_size // 1024} KB)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileProblem(f"it could not be read ({plain_os_error(exc)})", Trouble.OUT_OF_REACH) from exc
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):
            raise FileProblem(f"it is {_kind_of(opened.st_mode)}, not a file", Trouble.OUT_OF_REACH)
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > max_bytes:
                raise FileProblem("it is far too large")
            chunks.append(chunk)
        return b"".join(chunks)
    except BlockingIOError as exc:
        raise FileProblem("it is not a regular file", Trouble.OUT_OF_REACH) from exc
    except OSError as exc:
        raise FileProblem(f"it could not be read ({plain_os_error(exc)})", Trouble.OUT_OF_REACH) from exc
    finally:
        os.close(fd)


def plain_os_error(exc: OSError) -> str:
    """The system's words for an error, as a sentence goes on: "no space left on device"."""
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    return (exc.strerror or type(exc).__name__).lower()


def _refuse_constant(name: str) -> Any:
    raise FileProblem(f"it holds {name}, which is not a number")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise FileProblem(f"it holds a number far too large ({len(text)} digits)")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 64:
        raise FileProblem("it holds a number far too long")
    value = float(text)
    if not math.isfinite(value):
        raise FileProblem("it holds a number far too large")
    return value


def nesting_depth(raw: bytes) -> int:
    """How deeply arrays and objects nest, counted without recursion (strings skipped)."""
    brackets = _BRACKETS.findall(_STRING.sub(b"", raw))
    if not brackets:
        return 0
    steps = (1 if b in (b"[", b"{") else -1 for b in brackets)
    return max(accumulate(steps))


def parse_json(raw: bytes) -> Any:
    """Parse UTF-8 JSON safely; FileProblem (damaged) with a plain reason if it cannot be."""
    if not raw.strip():
        raise FileProblem("it is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem("it is not text the game wrote (not UTF-8)") from exc
    if nesting_depth(raw) > MAX_DEPTH:
        raise FileProblem("it is nested far too deeply")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int, parse_float=_parse_float)
    except FileProblem:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise FileProblem("it is damaged (not complete JSON)") from exc


def read_json(path: Path, max_bytes: int) -> Any:
    """The parsed JSON of a regular file; FileNotFoundError if it is missing, else FileProblem."""
    return parse_json(read_regular(path, max_bytes))


def short(value: object, limit: int = 40) -> str:
    """A value quoted for a message, cut short so a hostile file cannot flood the screen."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(file_name: str) -> str:
    """A file name fit for a message on screen: a name from the disk may hold bytes that are not
    UTF-8 (surrogates) or control characters, which the font cannot draw."""
    text = file_name.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(c if c.isprintable() else "?" for c in text)
