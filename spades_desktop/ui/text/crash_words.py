"""What the game says when it stops on an error: one sentence on stderr and in the window that
replaces the game's, and the line of the report about the game in progress (no pygame here)."""

from __future__ import annotations

from pathlib import Path

WINDOW_TITLE = "Spades Desktop stopped"


def kept_as(name: str, path: Path) -> str:
    """The game in progress was saved under a name before the report was written."""
    return f'saved as "{name}" ({path}); Load on the title screen opens it'


def crash_sentence(report: Path | None, report_problem: str, game_kept: str | None) -> str:
    """The one sentence: that the game stopped, where the report is (or why there is none), and
    the saved game's name when the game in progress could be kept."""
    where = (f"a report of what happened is in {report}" if report is not None
             else f"no report could be written ({report_problem})")
    kept = f', and your game was saved as "{game_kept}"' if game_kept else ""
    return f"Spades Desktop stopped because of an error: {where}{kept}."
