"""The settings' search: a field over the groups that shows, from every group at once, the rows
whose name or help has the words typed.

It is open while ``box`` is; keys reach it first while it is being typed into (``typing``), and once
Enter has taken the keys back to the rows the rows it found stay on screen until Esc closes it (and
only a second Esc leaves the screen).  Kept apart from the screen (``settings.py``), which routes
keys and clicks to it.
"""

from __future__ import annotations

import pygame

from ..core.keymap import Context
from ..core.text_box import KeyPresses, TextBox
from ..core.text_field import TextField
from ..text.settings_words import matches
from .settings_rows import Row

#: a search longer than any setting's words is no search
MAX_QUERY = 40


class SettingsSearch:
    def __init__(self, presses: KeyPresses | None) -> None:
        self.presses = presses
        self.box: TextBox | None = None  # the field, while the search is open
        self.typing = False  # the field has the keys (else the rows it found have them)

    @property
    def open(self) -> bool:
        return self.box is not None

    @property
    def query(self) -> str:
        return self.box.text if self.box is not None else ""

    def contexts(self) -> list[Context]:
        """The keymap's contexts the search puts in force, most specific first (the screen's own after)."""
        if self.box is None:
            return []
        if self.typing:
            return [Context.TEXT_ENTRY, Context.SETTINGS_SEARCH, Context.SETTINGS_FOUND]
        return [Context.SETTINGS_FOUND]

    def start(self) -> None:
        """Open the field (or go back to typing in it, what was typed kept) with the keys in it."""
        if self.box is None:
            self.box = TextBox(TextField("", MAX_QUERY), self.presses)
        self.typing = True
        pygame.key.start_text_input()

    def done_typing(self) -> None:
        """Enter: the keys go back to the rows found, which stay on screen."""
        self.typing = False
        pygame.key.stop_text_input()

    def close(self) -> None:
        if self.typing:
            pygame.key.stop_text_input()
        self.box = None
        self.typing = False

    def found(self, every_row: list[tuple[str, Row]]) -> list[Row]:
        """The rows, of every group, whose label, help or group has each word typed (all, before a word is)."""
        return [row for group, row in every_row if matches(self.query, (row.label, row.explanation, group))]
