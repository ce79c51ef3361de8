"""Files a player asks for from a screen: a hand record from the hand summary, a game review as
Markdown.  Written here, not by the screens (a screen asks and shows the sentence it gets back),
and a write that fails (a full disk, a read-only folder, a file where the records folder belongs)
is said in the player's words instead of ending the game."""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine.deal_codes import code_of_result
from ..engine.record import record_of
from ..engine.state import GameState
from ..storage.atomic import write_atomic, write_json
from ..storage.faults import write_fault
from ..storage.reading import shown


@dataclass(frozen=True)
class Exported:
    """What an export did: ``path`` written (None when it failed) and the sentence to show."""

    path: Path | None
    message: str


def export_hand(records: Path, state: GameState, hand_number: int) -> Exported | None:
    """Write the record of scored hand ``hand_number`` into ``records``; None when no such hand."""
    result = next((h for h in state.hand_history if h.hand_number == hand_number), None)
    if result is None:
        return None
    path = records / f"hand-{hand_number}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    try:
        records.mkdir(parents=True, exist_ok=True)
        record = record_of(result.to_dict(), state.rules)
        code = code_of_result(state, result)
        if code is not None:  # (check-hand reads past it: a record's other fields are what it checks)
            record["deal_code"] = code.text()
        write_json(path, record, pretty=True)
    except OSError as exc:
        return Exported(None, write_fault(exc, path).not_saved("The hand record"))
    return Exported(path, f"Saved {shown(path.name)} in {shown(str(records))}")


#: How many reviews of games with the same seed and number of hands may sit side by side
#: (``-2`` .. ``-999``) before an export says the folder is full of them.
MOST_REVIEWS_OF_A_NAME = 999


def export_review(records: Path, state: GameState, lines: list[str]) -> Exported:
    """Write a game's review (its lines, as the review page shows them) as Markdown into ``records``.

    Two games started with the same seed and played to the same number of hands share the base
    name, so the name is only a start: a file there already with other words is another game's
    review (or an earlier one) and is never replaced; this one takes the next free name
    (``-2``, ``-3`` ...).  A file with exactly these words is this review, written before, and
    is kept as it is."""
    text = ("\n".join(lines) + "\n").encode("utf-8")
    stem = f"review-game-{state.seed}-{len(state.hand_history)}-hands"
    path = records / f"{stem}.md"
    try:
        records.mkdir(parents=True, exist_ok=True)
        claimed = _claim_name(records, stem, text)
        if claimed is None:
            return Exported(None, f"The review could not be saved: {shown(str(records))} holds"
                                  f" {MOST_REVIEWS_OF_A_NAME} reviews named {shown(stem)};"
                                  " move some away and it will save again")
        path, new = claimed
        if new:
            try:
                write_atomic(path, text)
            except OSError:
                with contextlib.suppress(OSError):
                    path.unlink()  # the claim goes: no empty review left behind
                raise
    except OSError as exc:
        return Exported(None, write_fault(exc, path).not_saved("The review"))
    return Exported(path, f"Review written to {shown(str(path))}")


def _claim_name(records: Path, stem: str, text: bytes) -> tuple[Path, bool] | None:
    """The file this review goes in and whether it is new: one holding exactly ``text`` already,
    or a new name made (empty) here so nothing else takes it between the look and the write;
    None when every name is taken by other reviews."""
    for n in range(1, MOST_REVIEWS_OF_A_NAME + 1):
        path = records / (f"{stem}.md" if n == 1 else f"{stem}-{n}.md")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            return path, True
        except FileExistsError:
            if _holds(path, text):
                return path, False
    return None


def _holds(path: Path, text: bytes) -> bool:
    """Whether ``path`` is a file holding exactly ``text`` (a folder or an unreadable file does not)."""
    try:
        return path.is_file() and path.stat().st_size == len(text) and path.read_bytes() == text
    except OSError:
        return False
