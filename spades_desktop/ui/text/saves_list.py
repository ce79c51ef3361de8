"""The words of saving and loading (no pygame): the load list as a page of the list scene (a row
per save: its name, when it was saved, the game and its variants, how far it went and the scores;
a damaged save's row says why it cannot be loaded), the name the save box suggests, and the
question Delete asks."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING

from ...engine.rule_table import MODE_WORDS
from ...engine.words import plural
from ..core.keymap import Context, Intent, label_of
from .list_page import Align, Column, ListPage, Row
from .variants import mode_title
from .words import person_first, scores_line

if TYPE_CHECKING:
    from ...session.files import SaveInfo

SAVES_TITLE = "Load a saved game"
#: in place of the rows while there are none (the footer says where saves come from)
NO_SAVES = "Nothing saved yet: each game you save appears here, with a picture of its table."

#: words, each from the left; a narrow window cuts the name and the game's words before the rest
SAVE_COLUMNS = tuple(Column(title, align=Align.LEFT, cut=title in ("Saved game", "Game"))
                     for title in ("Saved game", "Saved", "Game", "Hand", "Score"))

#: how long a suggested name may be (the save box's own limit)
NAME_LENGTH = 40


def day_month(moment: time.struct_time) -> str:
    """'2 Dec' (no leading zero, on every platform: strftime's '%-d' is not Windows')."""
    return f"{moment.tm_mday} {time.strftime('%b', moment)}"


def suggested_name(mode: str, scores: Mapping[str, int], moment: time.struct_time) -> str:
    """The name the save box offers, selected so that typing replaces it: the mode, the scores in
    the order every list shows them (the person's side first) and the day: 'Partnership 240-180,
    2 Dec', 'Cutthroat 32-22-10-30, 2 Dec'."""
    figures = "-".join(str(score) for _, score in person_first(scores))
    name = f"{MODE_WORDS.get(mode, mode)} {figures}, {day_month(moment)}"
    return name if len(name) <= NAME_LENGTH else f"{MODE_WORDS.get(mode, mode)}, {day_month(moment)}"


def saved_when(saved_at: float, now: float) -> str:
    """When a save was made, as a person says it: 'today 21:04', 'yesterday 09:15', '2 Dec 21:04'
    this year, '2 Dec 2025' before it (the list is sorted by it, newest first)."""
    then, today = time.localtime(saved_at), time.localtime(now)
    clock = time.strftime("%H:%M", then)
    days = (date.fromtimestamp(now) - date.fromtimestamp(saved_at)).days
    if days == 0:
        return f"today {clock}"
    if days == 1:
        return f"yesterday {clock}"
    if then.tm_year == today.tm_year:
        return f"{day_month(then)} {clock}"
    return f"{day_month(then)} {then.tm_year}"


def save_hint() -> str:
    """Under the save box: 'Type a name of your own, or press Enter to save it as it is'."""
    return f"Type a name of your own, or press {label_of(Intent.SUBMIT, Context.TEXT_FORM)} to save it as it is"


def delete_question(name: str) -> str:
    """What Delete asks before anything is removed: "Delete 'Evening game'?"."""
    return f"Delete {name!r}?"


def save_cells(info: SaveInfo, names: dict[str, str], now: float) -> tuple[str, ...]:
    """'Evening game', 'today 21:04', 'Partnership · Whiz to 500', 'hand 3' (or '12 hands' for a
    finished game), 'North & You 120, East & West 80' (the sides by name, the person's first, as
    the title's Continue line says them)."""
    hands = plural(info.hand_number, "hand") if info.finished else f"hand {info.hand_number}"
    # the variants too: a whiz or suicide game was listed as "Partnership"
    game = mode_title(info.rules) if info.rules is not None else MODE_WORDS.get(info.mode, info.mode)
    if info.rules is not None:
        game = f"{game} to {info.rules.target_score}"
    return (info.name, saved_when(info.saved_at, now), game, hands, scores_line(info.scores, names))


def damaged_note(problem: str) -> str:
    return f"damaged: {problem}"


def saves_page(infos: Sequence[SaveInfo], names: dict[str, str], now: float | None = None) -> ListPage:
    """Every save, in the order listed (the newest first, the damaged ones last)."""
    now = time.time() if now is None else now
    rows = tuple(Row.of(info.name, *[""] * (len(SAVE_COLUMNS) - 1), note=damaged_note(info.problem)) if info.problem
                 else Row.of(*save_cells(info, names, now)) for info in infos)
    return ListPage(SAVES_TITLE, SAVE_COLUMNS, rows, empty=NO_SAVES)
