"""Files a player asks for from a screen: a hand record from the hand summary, a game review as
Markdown.  Written here, not by the screens (a screen asks and shows the sentence it gets back),
and a write that fails (a full disk, a read-only folder, a file where the records folder belongs)
is said in the player's words instead of ending the game."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

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
        write_json(path, record_of(result.to_dict(), state.rules), pretty=True)
    except OSError as exc:
        return Exported(None, write_fault(exc, path).not_saved("The hand record"))
    return Exported(path, f"Saved {shown(path.name)} in {shown(str(records))}")


def export_review(records: Path, state: GameState, lines: list[str]) -> Exported:
    """Write a game's review (its lines, as the review page shows them) as Markdown into ``records``."""
    path = records / f"review-game-{state.seed}-{len(state.hand_history)}-hands.md"
    try:
        records.mkdir(parents=True, exist_ok=True)
        write_atomic(path, ("\n".join(lines) + "\n").encode("utf-8"))
    except OSError as exc:
        return Exported(None, write_fault(exc, path).not_saved("The review"))
    return Exported(path, f"Review written to {shown(str(path))}")
