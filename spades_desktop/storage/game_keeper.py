"""Keeps a game the person plays: the autosave (written in the background) and the statistics.

The game session decides when (after every action, when the engine scores a hand or ends the
game); this class decides how and where, so the session stays free of file I/O.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from ..engine.seats import Seat
from ..engine.state import GameState
from .daily_stats import DailyLine
from .saves import save_document, slug
from .statistics import Statistics
from .writer import BackgroundWriter

log = logging.getLogger(__name__)

#: finished games kept in the saves folder (for the load screen's review), the newest first
KEPT_FINISHED_GAMES = 10
FINISHED_PREFIX = "finished-"


class GameKeeper:
    def __init__(self, autosave_file: Path, writer: BackgroundWriter, stats: Statistics,
                 save_statistics: Callable[[], None], saves_folder: Path | None = None) -> None:
        self.autosave_file = autosave_file
        self.writer = writer
        self.stats = stats
        self.save_statistics = save_statistics
        self.saves_folder = saves_folder  # where finished games are kept (None: they are not)
        self.finished_kept: set[Path] = set()

    def keep_finished(self, state: GameState, game_id: str, cards_seen: list[str],
                      review: dict[str, Any] | None = None) -> None:
        """A finished game stays in the saves folder as 'Finished game', so it can be reviewed from
        the load screen after the game-over screen is gone (its review is kept in it as it comes);
        only the newest ``KEPT_FINISHED_GAMES`` are kept."""
        if self.saves_folder is None:
            return
        path = self.saves_folder / f"{FINISHED_PREFIX}{slug(game_id)[:24]}.json"
        self.writer.submit(path, save_document(state, "Finished game", game_id, cards_seen, review))
        if path in self.finished_kept:
            return  # (written again as its review comes in: the older ones were pruned the first time)
        self.finished_kept.add(path)
        try:  # only our own plain files are pruned: a folder or a link of that name is left alone
            kept = sorted((p for p in self.saves_folder.glob(f"{FINISHED_PREFIX}*.json")
                           if p != path and p.is_file() and not p.is_symlink()),
                          key=lambda p: p.lstat().st_mtime, reverse=True)
        except OSError:
            return  # the folder cannot be read now: nothing is removed
        for old in kept[KEPT_FINISHED_GAMES - 1:]:
            try:
                self.writer.discard(old)
            except OSError as exc:  # (gone meanwhile, or not ours to remove: it stays, the game goes on)
                log.warning("an old finished game could not be removed: %s", exc)

    def autosave(self, state: GameState, game_id: str, cards_seen: list[str],
                 review: dict[str, Any] | None = None, daily: dict[str, Any] | None = None) -> None:
        """``daily``: the daily deal's playing this game is (its day, levels, practice), kept with it."""
        # the dict is built here (the state changes on this thread); encoding and the write go to
        # the background writer so no frame waits for the disk
        self.writer.submit(self.autosave_file, save_document(state, "Autosave", game_id, cards_seen, review, daily))

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

    def daily_begun(self, day: date, game_id: str) -> None:
        """A playing of the day's deal for the record has begun (kept at once: a deal seen and left
        is not played again for the record)."""
        self.stats.begin_daily(day, game_id)
        self.save_statistics()

    def daily_over(self, line: DailyLine) -> None:
        """A daily deal played to its end: its result kept (once; the record once a day)."""
        self.stats.record_daily(line)
        self.save_statistics()

    def daily_par(self, game_id: str, par: int) -> None:
        self.stats.daily_par(game_id, par)
        self.save_statistics()

    def game_reviewed(self, game_id: str, state: GameState, accuracy: float) -> None:
        """A finished game's review is done: the person's accuracy joins the game's statistics."""
        if self.stats.record_review(game_id, state.rules.mode, accuracy):
            self.save_statistics()


#: the name an unfinished game is kept under when ``--new-game`` starts over it
UNFINISHED_NAME = "Unfinished game, {when}"


def keep_unfinished(autosave_file: Path, saves_folder: Path, when: str) -> str:
    """Keep the unfinished game in ``autosave_file`` as a named save before a new game replaces it
    (``--new-game``); its name ("Unfinished game, 2026-11-27 14:05"), or "" when there is none to
    keep (no autosave, a finished or damaged one: a damaged one is kept aside when the new game
    is saved).  Raises OSError if it could not be written: the caller must not start over it."""
    from .saves import SaveFolder, cards_seen_of, game_id_of, read_save_only

    try:
        state, document = read_save_only(autosave_file)
    except Exception:  # missing, damaged or out of reach: nothing here to keep by name
        return ""
    if state.is_terminal():
        return ""
    folder = SaveFolder(saves_folder)
    name = UNFINISHED_NAME.format(when=when)
    number = 1
    while folder.path_for(name).exists():  # two in the same minute: the earlier one stays
        number += 1
        name = f"{UNFINISHED_NAME.format(when=when)} ({number})"
    review = document.get("review")
    folder.save(name, state, game_id_of(document, state), sorted(cards_seen_of(document)),
                review if isinstance(review, dict) else None)
    return name
