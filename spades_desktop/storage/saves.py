"""Saved games: the one format (JSON with a schema version), named saves and the autosave.

Every save file goes through this module.  Reading never crashes and never
overwrites: a file that is empty, truncated, not JSON, not ours, from a newer
version or inconsistent with the rules is moved aside (``.corrupt-<time>``) and
reported in plain words, and the rest of the saves are still listed.  Older
versions are brought up to date by ordered upgrade steps.
"""

from __future__ import annotations

import glob
import math
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.errors import StateError
from ..engine.phase import Phase
from ..engine.rules import HouseRules
from ..engine.serialize import from_dict, longest_legal_prefix, to_dict
from ..engine.state import GameState
from ..engine.words import plural
from .atomic import keep_aside, write_json
from .errors import StorageError
from .reading import FileProblem, Trouble, read_json, short, shown

FORMAT = "spades-desktop/save"
VERSION = 3
#: a save of the longest game the engine replays is well under a megabyte
MAX_SAVE_BYTES = 4 << 20
#: 1970 to the year 3000: a time of saving a clock can give
SAVED_AT_RANGE = (0.0, 32_503_680_000.0)
SEAT_LETTERS = ("N", "E", "S", "W")
_GAME_ID = re.compile(r"[A-Za-z0-9:_-]{1,64}")


class SaveError(StorageError):
    """A save that cannot be used; the message says which file and why, in plain words."""


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 was the bare engine game dict; version 2 wraps it with a name and a summary."""
    game = {k: v for k, v in data.items() if k not in ("save_format", "save_version")}
    game["format"] = "spades-desktop/game"
    return {"format": FORMAT, "version": 2, "name": data.get("name", ""), "saved_at": data.get("saved_at", 0.0),
            "game": game}


#: The section-6 options as every game before version 3 played them.
_VARIANTS_BEFORE_V3 = {"deck": "standard", "bidding": "standard", "nil_exchange": 0}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 came with the variants (jokers decks, bidding styles, nil exchange, three
    players): its rules spell out the three new options, and an older copy of the game
    refuses a version-3 file as newer instead of misreading a jokers game.  A version-2
    game played the standard deck and bidding, so that is what the upgrade writes down."""
    upgraded = dict(data, version=3)
    game = data.get("game")
    if isinstance(game, dict) and isinstance(game.get("rules"), dict):
        upgraded["game"] = dict(game, version=2, rules={**_VARIANTS_BEFORE_V3, **game["rules"]})
    return upgraded


#: UPGRADES[n] turns a version-n save into version n + 1; applied in order.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the load screen: a good save (summary from the replayed game) or a damaged one."""

    path: Path
    name: str
    saved_at: float
    mode: str
    scores: dict[str, int]
    hand_number: int
    problem: str = ""  # why the file cannot be loaded; empty for a good save
    finished: bool = False  # a game that is over (kept to be reviewed; loading it opens its review)
    rules: HouseRules | None = None  # the game's house rules (the list names its variants); None if damaged
    #: the game as saved (the load list draws its table from it); None if damaged
    state: GameState | None = field(default=None, compare=False, repr=False)

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))


@dataclass(frozen=True)
class Recovered:
    """A damaged save of which the legal beginning could be used."""

    state: GameState
    actions_kept: int
    actions_in_file: int
    kept_as: str  # "; it was kept as ..." or nothing

    def sentence(self, file_name: str, say_where_kept: bool = True) -> str:
        """One plain sentence for the person: how far the game was recovered (and where the
        damaged file went, unless the sentence must be short enough for the table)."""
        state = self.state
        where = f"hand {state.hand_number}"
        if state.phase.value == "play":
            where += f", trick {state.trick_count + 1}"
        elif state.phase.value == "draw":
            where += ", during the draw"
        elif state.phase.value != "game_over":
            where += ", during the bidding"
        kept = self.kept_as if say_where_kept else ""
        lost = self.actions_in_file - self.actions_kept
        if not lost:  # every move was legal; only what was saved beside them did not match
            return f"{file_name} was damaged; the game was recovered from its moves up to {where}{kept}."
        return (f"{file_name} was damaged; the game was recovered up to {where}"
                f" ({plural(lost, 'later move')} lost){kept}.")


def save_document(state: GameState, name: str = "", game_id: str | None = None,
                  cards_seen: list[str] | None = None, review: dict[str, Any] | None = None,
                  daily: dict[str, Any] | None = None) -> dict[str, Any]:
    """The save of ``state``; ``cards_seen`` names the seats whose cards the person has seen in the
    current hand (blind nil is over for them, after a resume too); ``review``, the game's review so
    far (a cache: a save whose review is damaged or for other moves loads, and is reviewed again);
    ``daily``, the daily deal's playing the game is (its day: a resumed playing is that day's)."""
    document = {"format": FORMAT, "version": VERSION, "name": name, "saved_at": time.time(), "game": to_dict(state)}
    if game_id is not None:
        document["game_id"] = game_id
    if cards_seen:
        document["cards_seen"] = sorted(cards_seen)
    if review is not None:
        document["review"] = review
    if daily is not None:
        document["daily"] = daily
    return document


def cards_seen_of(document: dict[str, Any]) -> set[str]:
    """The seats a save says have seen their cards this hand; anything malformed counts as none."""
    value = document.get("cards_seen", [])
    if not isinstance(value, list) or len(value) > 4:
        return set()
    return {v for v in value if isinstance(v, str) and v in ("N", "E", "S", "W")}


def _version_of(data: dict[str, Any]) -> int:
    if data.get("format") == FORMAT:
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError("it has no version number")
        return version
    if data.get("format") == "spades-desktop/game":
        return 1  # a bare game dict: the first save format
    raise SaveError("it is not a Spades Desktop saved game")


def upgrade(data: Any) -> dict[str, Any]:
    """The document brought to the current version (or SaveError saying why it cannot be)."""
    if not isinstance(data, dict):
        raise SaveError("it is not a Spades Desktop saved game")
    version = _version_of(data)
    if version > VERSION:
        raise SaveError(f"it was saved by a newer version of the game (save format {version})"
                        if version < 10**6 else "it was saved by a newer version of the game")
    if version < 1:
        raise SaveError("its save format is unknown")
    while version < VERSION:
        data = UPGRADES[version](data)
        version += 1
    check_document(data)
    return data


def check_document(document: dict[str, Any]) -> None:
    """Type and range of every field beside the game (the game is checked by replaying it)."""
    name = document.get("name", "")
    if not isinstance(name, str) or len(name) > 100 or not name.isprintable():
        raise SaveError("its name must be printable text of at most 100 characters")
    saved_at = document.get("saved_at", 0.0)
    low, high = SAVED_AT_RANGE
    if (isinstance(saved_at, bool) or not isinstance(saved_at, int | float)
            or not math.isfinite(saved_at) or not low <= saved_at <= high):
        raise SaveError(f"its time of saving is not a time ({short(saved_at)})")
    if "cards_seen" in document:
        seen = document["cards_seen"]
        if (not isinstance(seen, list) or len(seen) > 4 or len(set(map(repr, seen))) != len(seen)
                or any(seat not in SEAT_LETTERS for seat in seen)):
            raise SaveError("its list of seen hands must name each of N, E, S, W at most once")
    if "game_id" in document:
        game_id = document["game_id"]
        if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
            raise SaveError("its game id is not one the game makes")
    if not isinstance(document.get("game"), dict):
        raise SaveError("it holds no game")


def game_from_document(data: Any) -> GameState:
    return _game_of(upgrade(data))


def _game_of(document: dict[str, Any]) -> GameState:
    """The game of a document already brought to the current version."""
    try:
        return from_dict(document.get("game"), seeded_only=True)
    except StateError as exc:
        raise SaveError(f"{exc}") from exc


def game_id_of(document: dict[str, Any], state: GameState) -> str:
    """The id that tells this game's hands apart in the statistics (older saves: from the seed)."""
    game_id = document.get("game_id")
    return game_id if isinstance(game_id, str) else f"seed:{state.seed}"


def _document_of(path: Path) -> dict[str, Any]:
    """The upgraded, checked document; FileNotFoundError, FileProblem or SaveError."""
    return upgrade(read_json(path, MAX_SAVE_BYTES))


def read_save(path: Path) -> tuple[GameState, dict[str, Any]]:
    """Load a save; a damaged file is moved aside, one out of reach (a pipe, a folder,
    no permission) is left where it is, and SaveError names it and the reason."""
    document = _loadable_document(path)
    try:
        return _game_of(document), document
    except SaveError as exc:
        raise SaveError(f"{shown(path.name)} cannot be loaded: {exc}{keep_aside(path)}") from exc


def read_save_only(path: Path) -> tuple[GameState, dict[str, Any]]:
    """A save's game and document, the file left as it is whatever it holds (for commands that
    only look, like ``spades-desktop review``): FileNotFoundError, FileProblem or SaveError."""
    document = _document_of(path)
    return _game_of(document), document


def _loadable_document(path: Path) -> dict[str, Any]:
    """The file's upgraded, checked document, or SaveError naming the file and the reason (a
    damaged file is moved aside, one out of reach left where it is)."""
    try:
        return _document_of(path)
    except FileNotFoundError as exc:
        raise SaveError(f"{shown(path.name)} cannot be loaded: it is missing") from exc
    except FileProblem as exc:
        if exc.trouble is Trouble.OUT_OF_REACH:
            raise SaveError(f"{shown(path.name)} cannot be loaded: {exc}") from exc
        raise SaveError(f"{shown(path.name)} cannot be loaded: {exc}{keep_aside(path)}") from exc
    except SaveError as exc:
        raise SaveError(f"{shown(path.name)} cannot be loaded: {exc}{keep_aside(path)}") from exc


def recover_save(path: Path) -> tuple[GameState, dict[str, Any], Recovered | None]:
    """Load a save, or failing that the longest legal beginning of its game.

    A file whose game is only damaged after a sound start (bogus actions appended, a
    summary that no longer matches) gives the game up to the first bad action; the damaged
    file is still moved aside.  Raises SaveError (as ``read_save``) if nothing can be used.
    """
    document = _loadable_document(path)
    try:
        return _game_of(document), document, None
    except SaveError as exc:
        try:
            state, kept = longest_legal_prefix(document["game"])
        except StateError:
            raise SaveError(f"{shown(path.name)} cannot be loaded: {exc}{keep_aside(path)}") from exc
        total = len(document["game"]["actions"])
        return state, document, Recovered(state, kept, total, keep_aside(path))


@dataclass(frozen=True)
class SaveCheck:
    """What a look at a save found: why it cannot be loaded ("" if it can), and the game it holds
    (as far as it is legal), for the title screen's Continue and its scores."""

    problem: str
    state: GameState | None = None


def look_at_save(path: Path) -> SaveCheck:
    """Read ``path`` without moving anything: the title screen asks before the person chooses."""
    try:
        document = _document_of(path)
    except FileNotFoundError:
        return SaveCheck("There is no game in progress.")
    except StorageError as exc:
        return SaveCheck(f"{shown(path.name)} cannot be used: {exc}.")
    try:
        state, _ = longest_legal_prefix(document["game"])
    except StateError as exc:
        return SaveCheck(f"{shown(path.name)} cannot be used: {exc}.")
    return SaveCheck("", state)


def check_save(path: Path) -> str:
    """Why ``path`` cannot be loaded at all, or "" if a game (perhaps a recovered part) can be."""
    return look_at_save(path).problem


def write_save(path: Path, state: GameState, name: str = "", game_id: str | None = None,
               cards_seen: list[str] | None = None, review: dict[str, Any] | None = None) -> None:
    write_json(path, save_document(state, name, game_id, cards_seen, review))



def slug(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()
    return cleaned[:40] or "game"


class SaveFolder:
    """Named saves in one folder: list, save, load and delete."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_for(self, name: str) -> Path:
        return self.folder / f"{slug(name)}.json"

    def save(self, name: str, state: GameState, game_id: str | None = None,
             cards_seen: list[str] | None = None, review: dict[str, Any] | None = None) -> Path:
        path = self.path_for(name)
        write_save(path, state, name.strip() or "Saved game", game_id, cards_seen, review)
        return path

    def load(self, path: Path) -> GameState:
        return read_save(path)[0]

    def load_game(self, path: Path) -> tuple[GameState, str]:
        """The saved game and its id (the statistics count each of its hands once)."""
        state, document = read_save(path)
        return state, game_id_of(document, state)

    def open(self, path: Path) -> tuple[GameState, dict[str, Any]]:
        """The game and its save document (its id, and whose cards were already seen)."""
        return read_save(path)

    def delete(self, path: Path) -> None:
        """Remove a save, damaged or not (a folder in a save's place is removed only if empty)."""
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink(missing_ok=True)

    def holds_game(self, document: dict[str, Any]) -> bool:
        """Whether a named save holds the very game of ``document`` (the autosave's) with no move
        since: then loading another game or starting a new one loses nothing.  Only each file's
        document is read (no game replayed); a file that cannot be read holds nothing."""
        game, game_id = document.get("game"), document.get("game_id")
        try:
            paths = [p for p in self.folder.iterdir() if p.name.endswith(".json") and not p.name.startswith(".")]
        except OSError:
            return False
        for path in paths:
            try:
                saved = _document_of(path)
            except (OSError, StorageError):
                continue
            if saved.get("game") == game and saved.get("game_id") == game_id:
                return True
        return False

    def list(self) -> tuple[list[SaveInfo], list[str]]:
        """Every good save, newest first, and a plain message for each one found damaged now."""
        listing = self.listing()
        return listing.good, listing.problems

    def listing(self) -> SaveListing:
        """Good saves newest first; damaged ones (set aside now or before, or out of reach) with
        their reasons, so the load screen can show them and delete them; one never hides another."""
        result = SaveListing([], [], [])
        if not self.folder.is_dir():
            return result
        try:
            paths = sorted(p for p in self.folder.iterdir() if _is_save_name(p.name))
        except OSError as exc:
            result.problems.append(f"The saves folder could not be read: {exc.strerror or exc}")
            return result
        for path in paths:
            if not path.name.endswith(".json"):
                result.damaged.append(_damaged_entry(path, "it was found damaged earlier"))
                continue
            try:
                state, document = read_save(path)
            except SaveError as exc:
                result.problems.append(str(exc))
                kept = _kept_path(path, set(paths))
                result.damaged.append(_damaged_entry(kept or path, str(exc).split(": ", 1)[-1]))
                continue
            result.good.append(SaveInfo(path, str(document.get("name") or shown(path.stem)),
                                        float(document.get("saved_at", 0)), state.rules.mode, dict(state.scores),
                                        state.hand_number, finished=state.phase is Phase.GAME_OVER,
                                        rules=state.rules, state=state))
        result.good.sort(key=lambda i: -i.saved_at)
        result.damaged.sort(key=lambda i: i.path.name)
        return result


@dataclass
class SaveListing:
    """What the load screen shows: good saves, damaged ones, and messages for files found damaged now."""

    good: list[SaveInfo]
    damaged: list[SaveInfo]
    problems: list[str]


def _is_save_name(name: str) -> bool:
    return not name.startswith(".") and (name.endswith(".json") or ".json.corrupt-" in name)


def _kept_path(path: Path, listed: set[Path]) -> Path | None:
    """Where a damaged save was just moved (the newest ``.corrupt-*`` beside it), or None if it stayed."""
    if os.path.lexists(path):
        return None
    kept = [p for p in path.parent.glob(f"{glob.escape(path.name)}.corrupt-*") if p not in listed]
    return max(kept, key=lambda p: p.name, default=None)


def _damaged_entry(path: Path, reason: str) -> SaveInfo:
    name = shown(path.name.split(".json", 1)[0])
    try:
        when = path.lstat().st_mtime
    except OSError:
        when = 0.0
    return SaveInfo(path, name, when, "", {}, 0, problem=reason.split("; it was kept as ")[0] or "damaged")
