"""What the game says when it stops on an error: one sentence on stderr and in the window that
replaces the game's, and the report's line about the game in progress (no pygame here).

The sentence says what became of the game in progress, in the player's words: kept, under which
name and in which folder, or not kept and why ("the disk is full", "... is a file where a folder
belongs"), and where the report is.  Before, a game that could not be kept went unmentioned, and
the report gave only Python's words for it; those now stand below the player's, for a developer."""

from __future__ import annotations

from pathlib import Path

from ...session.crash import Outcome, Rescue

WINDOW_TITLE = "Spades Desktop stopped"
#: how to open a kept game, said in the report and the sentence
OPENS_IT = "Load on the title screen opens it"


def game_line(rescue: Rescue) -> str:
    """The report's words for the game in progress (after "Game in progress: ")."""
    if rescue.outcome is Outcome.KEPT:
        return f'kept as "{rescue.name}" in {rescue.folder}; {OPENS_IT}'
    if rescue.outcome is Outcome.NOT_KEPT:
        return f"not kept: {rescue.why}" + (f"; {_again(rescue)}" if rescue.remedy else "")
    if rescue.outcome is Outcome.ENDED:
        return "none: the game had ended and is among the saves"
    return "there was none"


def crash_sentence(report: Path | None, report_problem: str, rescue: Rescue) -> str:
    """The one sentence: that the game stopped, what became of the game in progress (when there
    was one to keep), and where the report is (or why there is none)."""
    where = (f"a report of what happened is in {report}" if report is not None
             else f"no report could be written ({report_problem})")
    if rescue.outcome is Outcome.KEPT:
        game = f'your game was kept as "{rescue.name}" in {rescue.folder} ({OPENS_IT}), and '
    elif rescue.outcome is Outcome.NOT_KEPT:
        remedy = f" ({_again(rescue)})" if rescue.remedy else ""
        game = f"your game could not be kept, because {rescue.why}{remedy}, and "
    else:
        game = ""
    return f"Spades Desktop stopped because of an error: {game}{where}."


def _again(rescue: Rescue) -> str:
    return f"{rescue.remedy} so that games save again"
