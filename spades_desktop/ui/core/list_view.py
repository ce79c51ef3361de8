"""Which rows of a list are in view and which one is selected, moved by the keymap's intents and the
wheel (no pygame: the list scene draws what this says).

One rule for every list (the score sheet, the saves, Hand history, a page of text): a key or the
wheel moves the view, and the selected row moves with it, keeping its place on screen; where the
view is at an end, the selected row moves alone.  So the selected row is always in view, the arrows
step through every row, and a list that fits the window moves its selection only.  A list that
selects nothing (a page of text) only scrolls.
"""

from __future__ import annotations

from .intents import Intent

#: how far each intent moves the view and the selection: rows, or pages of ``fit`` rows
_ROWS = {Intent.SCROLL_UP: -1, Intent.SCROLL_DOWN: 1}
_PAGES = {Intent.PAGE_UP: -1, Intent.PAGE_DOWN: 1}


class ListView:
    """``count`` rows, ``fit`` of them in view from ``first``; ``selected`` is None where the list
    selects nothing (or has no row).  ``at_end``: it opens on its last row (the latest hand) and
    stays there while rows are added, until a key moves it away."""

    def __init__(self, count: int = 0, fit: int = 1, selects: bool = True, at_end: bool = False) -> None:
        self.count = count
        self.fit = max(1, fit)
        self.selects = selects
        self.following_end = at_end
        self.first = 0
        self.selected: int | None = None
        self._settle()

    # ------------------------------------------------------------ what is shown
    @property
    def end(self) -> int:
        """One past the last row in view."""
        return min(self.count, self.first + self.fit)

    def shown(self) -> range:
        return range(self.first, self.end)

    @property
    def scrolls(self) -> bool:
        """Whether some rows are out of view."""
        return self.count > self.fit

    @property
    def last_first(self) -> int:
        return max(0, self.count - self.fit)

    # ------------------------------------------------------------ changes from outside
    def set_count(self, count: int) -> None:
        """The list has ``count`` rows now (a save deleted, a hand added)."""
        if count != self.count:
            self.count = count
            self._settle()

    def set_fit(self, fit: int) -> None:
        """``fit`` rows fit in view now (the window's size, the text's)."""
        fit = max(1, fit)
        if fit != self.fit:
            self.fit = fit
            self._settle()

    def select(self, index: int) -> None:
        """Select row ``index`` (a click), the view moved to show it."""
        if self.selects and 0 <= index < self.count:
            self.selected = index
            self.following_end = False
            self._settle()

    # ------------------------------------------------------------ keys and the wheel
    def on_intent(self, intent: Intent | None) -> bool:
        """Move as ``intent`` says (up, down, page up, page down, first, last); False if it is not one of them."""
        if intent in _ROWS:
            self.scroll(_ROWS[intent])
        elif intent in _PAGES:
            self.scroll(_PAGES[intent] * self.fit)
        elif intent is Intent.FIRST:
            self.scroll(-self.count)
        elif intent is Intent.LAST:
            self.scroll(self.count)
        else:
            return False
        return True

    def wheel(self, notches: int) -> None:
        """The wheel turned ``notches`` away from the person (up): the view moves toward the first row."""
        self.scroll(-notches)

    def scroll(self, rows: int) -> None:
        """Move the view ``rows`` rows (down if positive), the selected row with it; what the view
        cannot move (at an end) the selected row moves alone."""
        self.first = min(self.last_first, max(0, self.first + rows))
        if self.selected is not None:
            self.selected = min(self.count - 1, max(0, self.selected + rows))
        # moved down to the last row: it stays on the last as rows are added
        self.following_end = rows > 0 and self.first == self.last_first and self.selected in (None, self.count - 1)
        self._settle()

    # ------------------------------------------------------------
    def _settle(self) -> None:
        """Keep the view within the rows and the selected row within the view."""
        if not self.selects or not self.count:
            self.selected = None
        elif self.selected is None or self.following_end:
            self.selected = self.count - 1 if self.following_end else 0
        self.selected = None if self.selected is None else min(self.selected, self.count - 1)
        if self.following_end:
            self.first = self.last_first
        if self.selected is not None:
            if self.selected < self.first:
                self.first = self.selected
            elif self.selected >= self.first + self.fit:
                self.first = self.selected - self.fit + 1
        self.first = min(self.last_first, max(0, self.first))
