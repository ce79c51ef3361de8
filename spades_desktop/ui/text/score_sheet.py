"""The score sheet's content, one row per hand and a group of columns per side (no pygame).

Every number a player wants from a hand is in its own column, with words where a code would
puzzle: a nil is "North nil +100" (never "N-100", which reads as North minus a hundred).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ...engine.scoring import SideBreakdown
from ...engine.seats import Seat
from ...engine.state import GameState
from ..core.keymap import Context, Intent, label_of
from .list_page import Align, Column, ListPage, Row
from .words import side_name

#: the columns of each side's group, left to right: a nil's words from the left (cut last of all
#: in a narrow window), numbers from the right; a lost nil and a penalty are warnings
SHEET_COLUMNS = {column.title: column for column in (
    Column("Bid"),
    Column("Won"),
    Column("Contract", "Pts", "the contract's points"),
    Column("Nil", align=Align.LEFT, losses=True, cut=True),
    Column("Bags"),
    Column("Penalty", "Pen.", "bag penalty", losses=True),
    Column("Hand"),
    Column("Score", strong=True),
    Column("Bags held", "Held", "bags held after the hand"),
)}
COLUMNS = tuple(SHEET_COLUMNS)

#: the headers of the columns when the full ones leave too little room (the legend says them whole)
SHORT_HEADERS = {column.title: column.short for column in SHEET_COLUMNS.values() if column.short}

#: the header over the hand numbers: as narrow as the numbers under it
NUMBER_HEADER = "#"

#: the score sheet's title
SHEET_TITLE = "Score sheet"


#: in place of the rows before the first hand is scored
NO_HAND_SCORED = "No hand scored yet"


def sheet_footer(hands: int, first: int, last: int, scrolls: bool) -> str:
    """What a click and the keys do on the score sheet of ``hands`` hands (``first``-``last`` in
    view, ``scrolls`` when not all fit), the keys named from the keymap.  Before a hand is scored
    there is nothing to replay or review: it says only how to close the sheet."""
    if not hands:
        return "Each hand is written here once it is scored. Any key closes."
    key = partial(label_of, context=Context.SCORE_SHEET)
    review = f" {key(Intent.REVIEW)} reviews the game."
    if scrolls:
        up, down = label_of(Intent.SCROLL_UP, Context.LIST), label_of(Intent.SCROLL_DOWN, Context.LIST)
        return (f"Hands {first}-{last} of {hands}: {up}/{down} or the wheel"
                f" to scroll; {key(Intent.REPLAY_HAND)} replays.{review} Any other key closes.")
    return f"{key(Intent.REPLAY_HAND)} or a click replays a hand trick by trick.{review} Any other key closes."


def headers(columns: tuple[str, ...], short: bool = False) -> tuple[str, ...]:
    """The header of each column, shortened where ``short``."""
    return tuple(SHEET_COLUMNS[c].header(short) for c in columns)


def header_legend(columns: tuple[str, ...]) -> str:
    """What the short headers of ``columns`` stand for, or "" if none of them is shortened."""
    return " · ".join(f"{c.short} = {c.meaning}" for c in (SHEET_COLUMNS[name] for name in columns) if c.short)


#: with four sides only the columns that matter most fit across the window
COMPACT = ("Bid", "Won", "Nil", "Penalty", "Hand", "Score")


#: the last resort of a narrow window with three or four sides (the hand summary has the rest)
NARROW = ("Bid", "Won", "Hand", "Score")


#: where every column does not fit: the contract, the bags and the bags held still (the cutthroat
#: sheet left them out at every size), the nils and the penalty left to the hand summary
SCORING = ("Bid", "Won", "Contract", "Bags", "Hand", "Score", "Bags held")


def columns_for(sides: int) -> tuple[str, ...]:
    """The columns to try first: all of them, for any number of sides (the layout falls back to
    fewer, ``FEWER``, where they do not fit across)."""
    return COLUMNS


#: the columns tried after all of them, in order, where a window is too narrow
FEWER = (SCORING, COMPACT, NARROW)


@dataclass(frozen=True)
class SheetRow:
    hand: int
    cells: dict[str, tuple[str, ...]]  # side -> one text per column of COLUMNS


def initial(name: str) -> str:
    """A player's name shortened for a narrow window: 'North' is 'N.', 'You' stays 'You'."""
    return name if len(name) <= 3 else name[0] + "."


def _nil_words(breakdown: SideBreakdown, name: Callable[[Seat], str]) -> str:
    """'North nil +100, You blind nil -200'; a side of one seat is named over its column already:
    'nil +100'."""
    return ", ".join(f"{name(n.seat) + ' ' if len(breakdown.side) > 1 else ''}{'blind nil' if n.blind else 'nil'}"
                     f" {n.points:+d}" for n in breakdown.nils)


def side_cells(b: SideBreakdown, name: Callable[[Seat], str]) -> tuple[str, ...]:
    contract = "-" if b.made is None else str(b.contract)
    points = b.contract_points + b.bonus + b.defence_points
    return (
        contract,
        str(b.tricks),
        f"{points:+d}" if (b.made is not None or b.defence_points) else "",
        _nil_words(b, name),
        str(b.bags) if b.bags else "",
        f"{b.penalty:+d}" if b.penalty else "",
        f"{b.total:+d}",
        str(b.score_after),
        str(b.bags_after),
    )


def sheet_rows(state: GameState, name: Callable[[Seat], str],
               columns: tuple[str, ...] | None = None) -> list[SheetRow]:
    """Every scored hand of the game, oldest first, with ``columns`` (by default those that fit
    its number of sides)."""
    keep = [COLUMNS.index(c) for c in (columns or columns_for(len(state.sides)))]
    rows = []
    for result in state.hand_history:
        cells = {}
        for side in state.sides:
            full = side_cells(result.breakdown[side], name)
            cells[side] = tuple(full[i] for i in keep)
        rows.append(SheetRow(result.hand_number, cells))
    return rows


def sheet_page(state: GameState, rows: list[SheetRow], columns: tuple[str, ...], names: dict[str, str]) -> ListPage:
    """The score sheet as a list: the hand numbers, then a group of ``columns`` per side (headed by
    the side's name), the latest hand selected."""
    return ListPage(SHEET_TITLE, tuple(SHEET_COLUMNS[c] for c in columns),
                    tuple(Row(str(row.hand), row.cells) for row in rows),
                    groups=tuple((side, side_name(side, names)) for side in state.sides),
                    lead=Column(NUMBER_HEADER), empty=NO_HAND_SCORED, at_end=True)
