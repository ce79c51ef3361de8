"""Command line: ``spades-desktop`` plays, ``spades-desktop check-hand FILE...`` checks records,
``spades-desktop review SAVEFILE`` prints a saved game's review, ``spades-desktop deal CODE --print``
a deal code's hands and ``spades-desktop daily [--date YYYY-MM-DD] --print`` the day's codes.

This module imports almost nothing at its top: until ``main`` runs, a Ctrl+C can only be
Python's own KeyboardInterrupt with its traceback, so the time before it is kept short (the
review's imports, 30 ms of ``typing`` and ``json`` among them, come after its stop is set up;
see ``command_stop``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

#: a hand record is a few kilobytes
MAX_RECORD_BYTES = 1 << 20
#: what ``spades-desktop review`` says when Ctrl+C (or a ``kill``) stops it
REVIEW_STOPPED = "spades-desktop review: stopped; the save was not changed"


def check_hand_file(path: str) -> dict[str, object]:
    """Check one record file; never raises (a player's file may be anything: a pipe, a folder,
    huge numbers, deep nesting)."""
    from pathlib import Path

    from .engine.record import check_record
    from .storage.reading import read_json

    try:
        data = read_json(Path(path), MAX_RECORD_BYTES)
    except FileNotFoundError:
        return {"legal": False, "error_at": "record", "reason": f"cannot read {path}: it does not exist"}
    except Exception as exc:  # FileProblem, or anything a strange path gives
        return {"legal": False, "error_at": "record", "reason": f"cannot read {path}: {exc}"}
    try:
        return check_record(data)
    except Exception as exc:
        return {"legal": False, "error_at": "record", "reason": f"could not check the record: {exc!r}"[:300]}


def check_hand_main(paths: Sequence[str]) -> int:
    import json

    if not paths:
        print("usage: spades-desktop check-hand FILE...", file=sys.stderr)
        return 2
    for path in paths:
        print(json.dumps(check_hand_file(path)), flush=True)
    return 0


def review_command(args: Sequence[str]) -> int:
    """``spades-desktop review``, stopped quietly by Ctrl+C or a ``kill`` at any moment: one line,
    status 130 (143), the workers ended (before: a press in its first second and a half printed
    a KeyboardInterrupt from the middle of an import, or the workers' "Fatal Python error")."""
    try:
        from .command_stop import finished, stop_on_signals

        stop_on_signals()
        try:
            from .review_cli import review_main

            return review_main(args)
        finally:
            finished()
    except KeyboardInterrupt as stop:  # Ctrl+C: the file was only read, so nothing is lost
        from .command_stop import stopped_status
        from .console import say

        say(REVIEW_STOPPED)
        return stopped_status(stop)


def main(argv: Sequence[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # (elsewhere freeze_support does nothing: no need to import it first)
        import multiprocessing

        multiprocessing.freeze_support()  # a frozen app's worker process runs its task here and never gets past
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "review":
        return review_command(args[1:])
    if args and args[0] == "check-hand":
        return check_hand_main(args[1:])
    if args and args[0] in ("deal", "daily"):
        from .deal_cli import daily_main, deal_main

        return (deal_main if args[0] == "deal" else daily_main)(args[1:])
    from .app_entry import run_app

    return run_app(args)


if __name__ == "__main__":
    raise SystemExit(main())
