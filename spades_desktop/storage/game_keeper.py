"""Keeps a game the person plays: the autosave (written in the background) and the statistics.

The game session decides when (after every action, when the engine scores a hand or ends the
game); this class decides how and where, so the session stays free of file I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine.seats import Seat
from ..engine.state import GameState
from .saves import save_document
from .statistics import Statistics
from .writer import BackgroundWriter


class GameKeeper:
    def __init__(self, autosave_file: Path, writer: BackgroundWriter, stats: Statistics,
                 save_statistics: Callable[[], None]) -> None:
        self.autosave_file = autosave_file
        self.writer = writer
        self.stats = stats
        self.save_statistics = save_statistics

    def autosave(self, state: GameState, game_id: str, cards_seen: list[str],
                 review: dict[str, Any] | None = None) -> None:
        # the dict is built here (the state changes on this thread); encoding and the write go to
        # the background writer so no frame waits for the disk
        self.writer.submit(self.autosave_file, save_document(state, "Autosave", game_id, cards_seen, review))

    def discard_autosave(self) -> None:
        self.writer.discard(self.autosave_file)

    def game_started(self, game_id: str, mode: str) -> None:
        self.stats.start_game(game_id, mode)
        self.save_statistics()

    def hands_scored(self, game_id: str, state: GameState, seat: Seat) -> None:
        if self.stats.record_hands(game_id, state, seat):
            self.save_statistics()  # counted now, even if the game is never finished

    def game_over(self, game_id: str, state: GameState, seat: Seat) -> None:
        self.stats.record_game(state, seat, game_id)
        self.save_statistics()

    def game_reviewed(self, game_id: str, state: GameState, accuracy: float) -> None:
        """A finished game's review is done: the person's accuracy joins the game's statistics."""
        if self.stats.record_review(game_id, state.rules.mode, accuracy):
            self.save_statistics()
