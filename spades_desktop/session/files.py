"""The files service: every read and write of the player's files that a screen needs.

The app holds one; screens ask it (write the settings, save the statistics, list, open, save and
delete saves, export a hand or a review) and show the sentence they get back, so no screen opens
a file itself and nothing under ``ui/`` imports ``storage``.  A write that fails is said in the
player's words through the ``Listener`` (the app's notices and toast), never as Python's.

The storage types a screen reads (``Settings``, ``SaveInfo``, ``ModeStats``...) are re-exported
here, so the ui sees them as the session's.
"""

from __future__ import annotations

import logging
from dataclasses import fields
from pathlib import Path
from typing import Any, Protocol

from ..engine.state import GameState
from ..storage.atomic import keep_aside, write_atomic
from ..storage.faults import write_fault
from ..storage.game_keeper import GameKeeper
from ..storage.instance_lock import LockProblem
from ..storage.reading import shown
from ..storage.save_status import SaveStatus
from ..storage.saves import SaveError, SaveFolder, SaveInfo, SaveListing, cards_seen_of, game_id_of
from ..storage.settings import (
    BACKS,
    BLIND_PROMPTS,
    CARD_SIZES,
    CLAIM_ANSWERS,
    DECK_STYLES,
    LEVELS,
    SPEEDS,
    TABLES,
    TEXT_SIZES,
    WINDOW_SIZES,
    Settings,
    save_settings,
)
from ..storage.stat_lines import HandLine
from ..storage.statistics import ModeStats, Statistics, save_statistics
from ..storage.writer import BackgroundWriter
from .exports import Exported, export_hand, export_review
from .startup import UserFiles

#: the storage's names the ui may use, as the session's (nothing under ui/ imports storage)
__all__ = [
    "BACKS", "BLIND_PROMPTS", "CARD_SIZES", "CLAIM_ANSWERS", "DECK_STYLES", "LEVELS", "SPEEDS", "TABLES",
    "TEXT_SIZES", "WINDOW_SIZES", "Exported", "FileService", "HandLine", "Listener", "LockProblem", "ModeStats",
    "SaveError",
    "SaveInfo", "SaveListing", "Settings", "Statistics", "cards_seen_of", "default_settings", "game_id_of", "shown",
    "write_file",
]

log = logging.getLogger("spades_desktop")


class Listener(Protocol):
    """Who hears of a file problem: listed for later (``notice``) and said at once (``flash``)."""

    def notice(self, text: str) -> None: ...
    def flash(self, text: str, seconds: float = 3.0) -> None: ...


def default_settings(keeping: Settings) -> dict[str, Any]:
    """Every setting's default, as changes for ``update_settings``, but the window's (its size, and
    full screen or not) as in ``keeping``: Restore defaults leaves the window as it is."""
    defaults = Settings(window_size=keeping.window_size, fullscreen=keeping.fullscreen)
    return {field.name: getattr(defaults, field.name) for field in fields(defaults)}


def write_file(path: Path, data: bytes) -> None:
    """``data`` written atomically (a screenshot the command line asked for): raises OSError."""
    write_atomic(path, data)


class FileService:
    """The player's files as start-up found them, and every write a screen asks for."""

    def __init__(self, files: UserFiles, listener: Listener) -> None:
        self.listener = listener
        self.paths = files.paths
        self.lock = files.lock
        self.read_only = files.read_only  # a second copy (or a lock it could not use) writes nothing
        self.settings = files.settings
        self.settings_writable = files.settings_writable  # not over a file that could not be read
        self.settings_had_bad_values = files.settings_had_bad_values  # kept aside before the first rewrite
        self.stats = files.statistics
        self.stats_writable = files.statistics_writable
        self.saves = SaveFolder(self.paths.saves)
        self.save_status = SaveStatus()  # told by the writer's thread, read once a frame
        self.writer = BackgroundWriter(self.save_status.failed, self.save_status.written)
        self.keeper = GameKeeper(self.paths.autosave_file, self.writer, self.stats, self.save_statistics,
                                 self.paths.saves)

    def _fault(self, words: str) -> None:
        """A write that failed: listed on the title screen and said at once, over any screen."""
        self.listener.notice(words)
        self.listener.flash(words, seconds=8.0)

    # ------------------------------------------------------------ settings and statistics
    def update_settings(self, **changes: object) -> Settings:
        """The settings with ``changes``, written at once (where this copy may write them)."""
        self.settings = self.settings.with_changes(**changes)
        self.write_settings()
        return self.settings

    def write_settings(self) -> None:
        """Write the settings; a file that held values the game could not use is kept aside first,
        as saves are (the player may want it back)."""
        if not self.settings_writable:  # not for a second copy, nor over a file we could not read
            return
        path = self.paths.settings_file
        if self.settings_had_bad_values:
            self.settings_had_bad_values = False
            kept = keep_aside(path, "corrupt")
            if kept:
                self.listener.notice(f"{path.name} held values the game could not use{kept}")
        try:
            save_settings(path, self.settings)
        except OSError as exc:
            self._fault(write_fault(exc, path).not_saved("Settings"))

    def save_statistics(self) -> None:
        if not self.stats_writable:
            return
        try:
            save_statistics(self.paths.statistics_file, self.stats)
        except OSError as exc:  # said at the table at once, and listed on the title screen
            self._fault(write_fault(exc, self.paths.statistics_file).not_saved("Statistics"))

    def reset_statistics(self) -> None:
        """Every mode's statistics cleared (the statistics screen asks first), and written."""
        self.stats.reset()
        self.save_statistics()

    # ------------------------------------------------------------ the background writer
    def say_disk_news(self) -> None:
        """Say at once when a save fails (and list it) and when one works again after failing."""
        for news in self.save_status.news():
            self.listener.notice(news) if news.startswith("Could not") else log.info("%s", news)
            self.listener.flash(news, seconds=8.0)

    def autosave_fault(self) -> str:
        """Why the last autosave did not reach the disk, or "" (written, or never tried)."""
        fault = self.save_status.fault(self.paths.autosave_file)
        return fault.reason if fault is not None else ""

    # ------------------------------------------------------------ saves
    def autosave_exists(self) -> bool:
        return self.paths.autosave_file.exists()

    def list_saves(self) -> SaveListing:
        return self.saves.listing()  # damaged saves are listed too, with their reason

    def open_save(self, path: Path) -> tuple[GameState, dict[str, Any]]:
        """The saved game and its document; raises ``SaveError`` with the player's words."""
        return self.saves.open(path)

    def save_exists(self, name: str) -> bool:
        return self.saves.path_for(name).exists()

    def save_game(self, name: str, state: GameState, game_id: str, cards_seen: list[str] | None = None,
                  review: dict | None = None) -> str:
        """Save ``state`` under ``name``: "" when written, else why not in the player's words."""
        try:
            self.saves.save(name, state, game_id, cards_seen, review)
        except OSError as exc:  # the player's words for it, never Python's ("[Errno 17] ...")
            return write_fault(exc, self.saves.path_for(name)).not_saved("The game")
        return ""

    def delete_save(self, path: Path) -> str:
        """Remove a save: "" when done, else why not."""
        try:
            self.saves.delete(path)
        except OSError as exc:
            return f"{shown(path.name)} could not be deleted: {exc.strerror or exc}"
        return ""

    def keep_review(self, save: Path, document: dict, review: dict) -> None:
        """A save's game review as it comes in, written into that save in the background."""
        self.writer.submit(save, {**document, "review": review})

    # ------------------------------------------------------------ exports
    def export_hand(self, state: GameState, hand_number: int) -> Exported | None:
        return export_hand(self.paths.records, state, hand_number)

    def export_review(self, state: GameState, lines: list[str]) -> Exported:
        return export_review(self.paths.records, state, lines)

    def close(self) -> None:
        """The last writes reach the disk, then the lock goes (another copy may save again)."""
        self.writer.close()
        self.lock.release()
