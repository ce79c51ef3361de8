"""The score sheet: a row per hand and a group of columns per side; a hand opens its replay."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from ...engine.deal_codes import hand_codes
from ...engine.state import GameState
from ..core.keymap import Context, Intent
from ..core.keys import intent_for
from ..core.scene import AppContext
from ..text.list_page import ListPage
from ..text.review_words import review_title
from ..text.score_sheet import FEWER, columns_for, initial, sheet_footer, sheet_page, sheet_rows
from .list_layout import Fit
from .list_scene import ListScene


class ScoreSheetScene(ListScene):
    """Every hand of the game, one line per hand; the latest hands first in view, the rest a scroll away."""

    def __init__(self, app: AppContext, state: GameState, marks: list | None = None) -> None:
        super().__init__(app, selects=True, at_end=True)
        self.state = state
        self.marks = marks or []  # the play checker's marks, shown in the replays
        self.view.set_count(len(state.hand_history))

    def content_key(self) -> object:
        return len(self.state.hand_history)

    def fits(self, room: int) -> Iterator[Fit]:
        """Every column of the game's sides if it can: the largest font first, then short headers;
        then, at the smallest font, narrower gutters, the players' initials in the nil words, and
        last the nil words cut to the room left; only then fewer columns."""
        names = self.app.settings.names
        for columns in dict.fromkeys((columns_for(len(self.state.sides)), *FEWER)):
            page = sheet_page(self.state, sheet_rows(self.state, self.name, columns), columns, names)
            yield Fit(page)
            yield Fit(page, tight=True)
            initials = sheet_rows(self.state, lambda seat: initial(self.name(seat)), columns)
            page = sheet_page(self.state, initials, columns, names)
            yield Fit(page, tight=True)
            yield Fit(page, tight=True, cut=True)

    def footer(self, page: ListPage) -> str:
        start, end = self.shown_range()
        return sheet_footer(len(self.state.hand_history), start + 1, end, self.view.scrolls)

    def activate(self, index: int) -> bool:
        """Open the replay of hand number ``index`` (0-based) of the game."""
        history = self.state.hand_history
        if not 0 <= index < len(history):
            return False
        self.app.stack.push(self.app.scenes.hand_replay(history[index], self.name, self.marks, history, 0,
                                                        hand_codes(self.state)))
        return True

    def key_contexts(self) -> list[Context]:
        return [Context.SCORE_SHEET, *super().key_contexts()]

    def handle_event(self, event: pygame.event.Event) -> None:
        intent = intent_for(self.key_contexts(), event) if event.type == pygame.KEYDOWN else None
        if intent in (Intent.REPLAY_HAND, Intent.REVIEW) and not self.state.hand_history:
            self.close()  # nothing to replay or review yet: the key closes the sheet, as its footer says
        elif intent is Intent.REPLAY_HAND and self.view.selected is not None:
            self.activate(self.view.selected)  # the selected row: the latest hand at first
        elif intent is Intent.REVIEW:
            self.app.open_review(self.state, review_title(self.state))
        else:
            super().handle_event(event)
