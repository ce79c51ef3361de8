"""What a command says on a terminal when standard output or error may be broken: a full disk
(``> /dev/full``), a reader gone (``| head -1``), or none at all (a windowed standalone app).

Python writes standard output through a buffer: an answer that did not fit came out as nothing,
with exit status 0 (``--version > /dev/full``), or as "Exception ignored" at exit.  The commands
flush what they print and say a failure in one line on standard error instead."""

from __future__ import annotations

import contextlib
import os
import sys


def say(line: str) -> None:
    """One line on standard error, if it can be written at all."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # (no stderr: a windowed app)
        print(line, file=sys.stderr, flush=True)


def answer(words: str) -> str:
    """Print ``words`` on standard output and flush them; "" when they were written (or there is
    no standard output to write to, or its reader went away), else why not in a few plain words ("no space left on
    device"), standard output then pointed at nothing so the exit adds no second error."""
    if sys.stdout is None:
        return ""
    try:
        print(words, flush=True)
    except BrokenPipeError:  # the reader went away (``| head -c0``): what it wanted it has
        quiet_stdout()
    except OSError as exc:
        quiet_stdout()
        return plain(exc)
    return ""


def plain(exc: OSError) -> str:
    """The system's words for an error, as a sentence goes on (the storage's own: one home)."""
    from .storage.reading import plain_os_error  # (when a failure is said: ``cli`` starts without it)

    return plain_os_error(exc)


def quiet_stdout() -> None:
    """Standard output is broken: point it at nothing, so Python's own flush at exit does not
    print a second error about it."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
