"""A quiet stop for a command that runs a while (``spades-desktop review``): Ctrl+C, or a
``kill``, at any moment ends it with one line and the status a shell gives a command stopped by
that signal (130 for Ctrl+C, 143 for ``kill``), its worker processes ended first.

Python answers Ctrl+C with a KeyboardInterrupt wherever the program stands.  In the first second of
``review`` that was the middle of an import, and a press while the workers were being ended, or
while Python itself was closing down, printed a traceback instead of the command's line.  So:

- the command installs ``stop_on_signals`` as its first act, inside the ``try`` that says the line
  (a press before then, during the command's first import, is Python's own KeyboardInterrupt, and
  the same ``except`` catches it);
- the first press stops the command; later ones change nothing (it is already stopping);
- ``held`` keeps a stop from cutting a block in two (the workers being ended): it comes as the
  block ends;
- ``finished`` ignores presses once the command's work is done (Python's own clean-up at exit
  is never interrupted).

Worker processes never see Ctrl+C at all: ``session/thinkers.py`` starts them with it blocked, so a
worker still starting cannot die with "Fatal Python error: init_import_site"; the command ends them.
What no code of the game can cover is the Python interpreter's own start, before any of the
game's modules runs (a few milliseconds): ``cli`` imports nothing it can leave for later, to
keep that moment short.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

#: the signals that stop a command: Ctrl+C, and the ``kill`` a user or a system sends
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class StopAsked(KeyboardInterrupt):
    """Ctrl+C or a ``kill`` reached the command: it stops; ``status`` is the exit status a shell
    expects of a command that signal stopped (128 + the signal's number)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + signum


class _Stop:
    """The one stop of this process: how deep in ``held`` blocks it is, and a stop that waits."""

    held = 0
    waiting: int | None = None


def stopped_status(stop: KeyboardInterrupt) -> int:
    """The exit status for a stop: the signal's (130 for Python's own KeyboardInterrupt)."""
    return stop.status if isinstance(stop, StopAsked) else 128 + signal.SIGINT


def stop_on_signals() -> None:
    """From now on the first Ctrl+C or ``kill`` stops the command (a ``StopAsked`` in the main
    thread), and later ones change nothing."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, _asked)


def finished() -> None:
    """The command's work is done: a press now changes nothing (the command ends anyway)."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)


def _asked(signum: int, frame: FrameType | None) -> None:
    finished()  # one stop: a second press while the command stops changes nothing
    if _Stop.held:
        _Stop.waiting = signum
        return
    raise StopAsked(signum)


@contextlib.contextmanager
def held() -> Iterator[None]:
    """A block a stop does not cut in two: one asked for during it comes as the block ends."""
    _Stop.held += 1
    try:
        yield
    finally:
        _Stop.held -= 1
        if not _Stop.held and _Stop.waiting is not None:
            waiting, _Stop.waiting = _Stop.waiting, None
            raise StopAsked(waiting)
