"""What the title screen says about the game Continue would resume (no pygame)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.state import GameState
from .variants import mode_title
from .words import scores_line


def continue_line(state: GameState, names: dict[str, str]) -> str:
    """'Partnership to 500 · hand 6 · North & You 240, East & West 180': the person's side first."""
    scores = scores_line(state.scores, names)  # (in the load list's order: one function for both)
    game = f"{mode_title(state.rules)} to {state.rules.target_score}"  # (the variants named: 'Partnership · Whiz')
    return SEPARATOR.join((game, f"hand {state.hand_number}", scores))


SEPARATOR = " · "


def lines_of(parts_line: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """A line of parts (``SEPARATOR`` between them) on as few lines as ``width`` allows, broken
    between parts, never inside one ('North & You 42, East & West 70' stays whole where it fits)."""
    lines: list[str] = []
    for part in parts_line.split(SEPARATOR):
        joined = f"{lines[-1]}{SEPARATOR}{part}" if lines else part
        if lines and measure(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines
