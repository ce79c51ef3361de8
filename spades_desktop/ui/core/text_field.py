"""A one-line text field's editing rules (no pygame: tested on its own).

What a person expects of any text box: the default text starts selected so typing replaces
it, a caret that moves with Left/Right/Home/End, Backspace and Delete on either side of it,
Ctrl+A to select everything, and paste.  Only "select all" is kept as a selection; any move
or edit collapses it, as in most desktop fields.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TextField:
    text: str = ""
    max_length: int = 32
    caret: int = 0
    all_selected: bool = False

    @classmethod
    def with_default(cls, text: str, max_length: int = 32) -> TextField:
        text = text[:max_length]
        return cls(text, max_length, len(text), bool(text))

    def _take_selection(self) -> None:
        if self.all_selected:
            self.text, self.caret, self.all_selected = "", 0, False

    def insert(self, typed: str) -> None:
        """Typed or pasted text: printable characters only, cut to the room left."""
        typed = "".join(ch for ch in typed if ch.isprintable() and ch not in "\r\n\t")
        if not typed:
            return
        self._take_selection()
        room = self.max_length - len(self.text)
        typed = typed[:max(0, room)]
        self.text = self.text[:self.caret] + typed + self.text[self.caret:]
        self.caret += len(typed)

    def backspace(self) -> None:
        if self.all_selected:
            return self._take_selection()
        if self.caret > 0:
            self.text = self.text[:self.caret - 1] + self.text[self.caret:]
            self.caret -= 1

    def delete(self) -> None:
        if self.all_selected:
            return self._take_selection()
        self.text = self.text[:self.caret] + self.text[self.caret + 1:]

    def move(self, step: int) -> None:
        """Left (-1) or Right (+1); from a selection the caret lands at that end of it."""
        if self.all_selected:
            self.caret = 0 if step < 0 else len(self.text)
            self.all_selected = False
            return
        self.caret = max(0, min(len(self.text), self.caret + step))

    def home(self) -> None:
        self.caret, self.all_selected = 0, False

    def end(self) -> None:
        self.caret, self.all_selected = len(self.text), False

    def select_all(self) -> None:
        self.all_selected = bool(self.text)
        self.caret = len(self.text)
