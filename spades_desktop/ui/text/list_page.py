"""What a list shows, as data (no pygame): its title, its columns, in groups (a side each), and its
rows.  The one list scene (``ui/screens/list_scene.py``) lays any such page across the window,
scrolls it and selects its rows; the score sheet, the saves, Hand history and a page of text are
pages of it, made by pure functions here in ``ui/text/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum


class Align(Enum):
    LEFT = "left"  # words
    RIGHT = "right"  # numbers: their digits line up


@dataclass(frozen=True)
class Column:
    """One column of a page (of each group, where the page has groups): its header and how its
    texts are drawn."""

    title: str
    short: str = ""  # the header where the full ones leave too little room
    meaning: str = ""  # what the short header stands for, said under the list
    align: Align = Align.RIGHT
    strong: bool = False  # in bold (a running score)
    losses: bool = False  # a text with a minus in it is drawn as a warning (a nil lost, a penalty)
    cut: bool = False  # words that may be cut to the room left, the last thing tried in a narrow window

    def header(self, short: bool) -> str:
        return self.short if short and self.short else self.title


#: the key of the one group of a page without groups
ONE_GROUP = ""


@dataclass(frozen=True)
class Row:
    """One row: the text in the lead column (a hand's number), one text per column of each group,
    by the group's key, and a note in their place where the row cannot be read (a damaged save)."""

    lead: str
    cells: Mapping[str, tuple[str, ...]]
    note: str = ""

    @classmethod
    def of(cls, *texts: str, note: str = "") -> Row:
        """A row of a page without a lead column or groups."""
        return cls("", {ONE_GROUP: texts}, note)


@dataclass(frozen=True)
class ListPage:
    """A page of rows.  ``groups``: each group's key and heading ('NS', 'North & South'), its
    columns those of ``columns``; ``lead``: the column before the groups, if any (the hand numbers)."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    groups: tuple[tuple[str, str], ...] = ((ONE_GROUP, ""),)
    lead: Column | None = None
    empty: str = ""  # said in place of the rows while there are none
    selects: bool = True  # a row is selected (highlighted); a page of text selects none
    striped: bool = True  # every other row on a stripe, to read across (not a page of text)
    at_end: bool = False  # opens on its last row (the latest hand)
    counted: str = "Rows"  # what the footer counts in a list too long for the window ('Hands 16-40 of 40')

    @property
    def group_headed(self) -> bool:
        return any(heading for _, heading in self.groups)

    @property
    def column_headed(self) -> bool:
        return any(column.title for column in self.columns)

    def legend(self, short: bool) -> str:
        """What the short headers stand for ('Pts = the contract's points · ...'), where they are shown."""
        if not short:
            return ""
        return " · ".join(f"{c.short} = {c.meaning}" for c in self.columns if c.short and c.meaning)


def text_page(title: str, lines: list[str]) -> ListPage:
    """A page of text: one line a row, nothing selected (the lines are wrapped to the window first)."""
    return ListPage(title, (Column("", align=Align.LEFT),), tuple(Row.of(line) for line in lines), selects=False,
                    striped=False, counted="Lines")
