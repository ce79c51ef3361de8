"""One way to read a per-user JSON file the game keeps (settings, statistics) that may be missing,
damaged or out of reach, so that each file says what happened in the same words and is treated
the same: a damaged file is kept aside (and may then be replaced), one out of reach is left where
it is and must not be overwritten, a missing one is simply a fresh start."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .atomic import keep_aside
from .reading import FileProblem, Trouble, read_json


@dataclass(frozen=True)
class WithoutFile:
    """What the game does without the file, as the end of the sentence that says it could not be used."""

    out_of_reach: str  # '; it was left as it is and the defaults are used for now'
    damaged: str  # ' and the defaults are used' (after the words on where the file was kept)


class Unusable(Exception):
    """The file could not be used: ``problem`` is the sentence for the player; ``writable`` False
    when the file is out of reach and must be left as it is."""

    def __init__(self, problem: str, writable: bool) -> None:
        super().__init__(problem)
        self.problem = problem
        self.writable = writable


def read_user_json(path: Path, max_bytes: int, without: WithoutFile) -> Any:
    """The file's JSON, None when there is no file; ``Unusable`` when it cannot be used (a damaged
    file is kept aside first)."""
    try:
        return read_json(path, max_bytes)
    except FileNotFoundError:
        return None
    except FileProblem as exc:
        if exc.trouble is Trouble.OUT_OF_REACH:
            raise Unusable(f"{path.name} could not be used: {exc}{without.out_of_reach}", writable=False) from exc
        raise damaged(path, str(exc), without) from exc


def damaged(path: Path, reason: str, without: WithoutFile) -> Unusable:
    """A file that holds something the game cannot read as its own: kept aside, and said so."""
    return Unusable(f"{path.name} could not be read: {reason}{keep_aside(path)}{without.damaged}", writable=True)
