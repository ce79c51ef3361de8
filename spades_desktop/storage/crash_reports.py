"""Crash reports: what a player sends when the game stops on an error it did not expect.

A report is one text file in the logs folder, ``crash-<date>-<time>.txt``: the game's version and
how it runs, the system, what happened (the traceback), where the game in progress was kept, and
the last lines of the log. It is written atomically, never over an earlier report, and the log is
read without trusting it (only a regular file, only its last bytes, whatever its encoding), so a
strange log cannot stop the report from being written.
"""

from __future__ import annotations

import os
import stat
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from .atomic import write_atomic
from .faults import write_fault

#: the log lines a report ends with
LOG_LINES = 40
#: at most this much of the log's end is read for them
LOG_TAIL_BYTES = 64 * 1024


@dataclass(frozen=True)
class CrashFacts:
    """What a report says, gathered before it is written."""

    about: str  # the game, its version, how it runs and the system (``about.about_line``)
    error: BaseException
    kept: str  # where the game in progress was kept, or why it was not, in the player's words
    log_file: Path | None
    when: float  # seconds since the epoch
    kept_detail: str = ""  # why it was not kept in Python's words, for a developer (below the player's)


def log_tail(path: Path | None, lines: int = LOG_LINES, max_bytes: int = LOG_TAIL_BYTES) -> list[str]:
    """The last ``lines`` lines of the log, or one line saying why there are none. Reads only
    the end of a regular file, without blocking (a pipe in the log's place cannot hang a crash)."""
    if path is None:
        return ["(there is no log)"]
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        return [f"(the log could not be read: {exc.strerror or exc})"]
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return ["(the log is not a regular file)"]
        os.lseek(fd, max(0, info.st_size - max_bytes), os.SEEK_SET)
        data = os.read(fd, max_bytes)
    except OSError as exc:
        return [f"(the log could not be read: {exc.strerror or exc})"]
    finally:
        os.close(fd)
    text = data.decode("utf-8", errors="replace").splitlines()
    if len(data) == max_bytes and text:
        text = text[1:]  # the first line read may be cut
    return text[-lines:] if text else ["(the log is empty)"]


def report_text(facts: CrashFacts) -> str:
    """The report's words, for a person to read and a developer to act on."""
    happened = "".join(traceback.format_exception(facts.error)).rstrip()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S %z", time.localtime(facts.when))
    return "\n".join([
        "Spades Desktop crash report",
        "",
        f"Game: {facts.about}",
        f"Time: {stamp}",
        f"Game in progress: {facts.kept}",
        *([f"  (for a developer: {facts.kept_detail})"] if facts.kept_detail else []),
        "",
        "What happened:",
        happened,
        "",
        f"The last lines of the log ({facts.log_file or 'none'}):",
        *log_tail(facts.log_file),
        "",
    ])


def report_path(folder: Path, when: float) -> Path:
    """A new report's name in ``folder``: its time, and a number if one of that second exists."""
    base = time.strftime("crash-%Y%m%d-%H%M%S", time.localtime(when))
    path = folder / f"{base}.txt"
    number = 2
    while os.path.lexists(path):
        path = folder / f"{base}-{number}.txt"
        number += 1
    return path


def write_crash_report(folders: list[Path], facts: CrashFacts) -> tuple[Path | None, str]:
    """Write the report into the first of ``folders`` that takes it (the logs folder, then a
    temporary one); returns its path, or None and why none could be written."""
    text = report_text(facts).encode("utf-8", errors="replace")
    problems: list[str] = []
    for folder in folders:
        try:
            path = report_path(folder, facts.when)
            write_atomic(path, text)
            return path, ""
        except OSError as exc:  # in the player's words: "/x/logs is a file where a folder belongs"
            problems.append(write_fault(exc, report_path(folder, facts.when)).reason)
    return None, "; ".join(problems)
