"""The load screen's list of saves, as a page of the list scene (no pygame): a row per save, its
name, when it was saved, the game (its variants too), how far it went and the scores; a damaged
save's row says why it cannot be loaded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...engine.rule_table import MODE_WORDS
from ...engine.words import plural
from .list_page import Align, Column, ListPage, Row
from .variants import mode_title
from .words import side_name

if TYPE_CHECKING:
    from ...session.files import SaveInfo

SAVES_TITLE = "Load a saved game"

#: words, each from the left
SAVE_COLUMNS = tuple(Column(title, align=Align.LEFT) for title in ("Saved game", "Saved", "Game", "Hand", "Score"))


def save_cells(info: SaveInfo, names: dict[str, str]) -> tuple[str, ...]:
    """'Evening game', '2026-11-30 21:04', 'Partnership · Whiz to 500', 'hand 3' (or '12 hands' for a
    finished game), 'North & You 120, East & West 80' (the sides by name, never 'NS 120')."""
    scores = ", ".join(f"{side_name(side, names)} {score}" for side, score in info.scores.items())
    hands = plural(info.hand_number, "hand") if info.finished else f"hand {info.hand_number}"
    # the variants too: a whiz or suicide game was listed as "Partnership"
    game = mode_title(info.rules) if info.rules is not None else MODE_WORDS.get(info.mode, info.mode)
    return (info.name, info.when, game, hands, scores)


def damaged_note(problem: str) -> str:
    return f"damaged: {problem}"


def saves_page(infos: Sequence[SaveInfo], names: dict[str, str]) -> ListPage:
    """Every save, in the order listed (the newest first, the damaged ones last)."""
    rows = tuple(Row.of(info.name, *[""] * (len(SAVE_COLUMNS) - 1), note=damaged_note(info.problem)) if info.problem
                 else Row.of(*save_cells(info, names)) for info in infos)
    return ListPage(SAVES_TITLE, SAVE_COLUMNS, rows)
