"""Saved games: the one format (JSON with a schema version), named saves and the autosave.

Every save file goes through this module.  Reading never crashes and never
overwrites: a file that is empty, truncated, not JSON, not ours, from a newer
version or inconsistent with the rules is moved aside (``.corrupt-<time>``) and
reported in plain words, and the rest of the saves are still listed.  Older
versions are brought up to date by ordered upgrade steps.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import StateError
from ..engine.serialize import from_dict, to_dict
from ..engine.state import GameState
from .atomic import keep_aside, write_json

FORMAT = "spades-desktop/save"
VERSION = 2


class SaveError(ValueError):
    """A save that cannot be used; the message says which file and why, in plain words."""


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 was the bare engine game dict; version 2 wraps it with a name and a summary."""
    game = {k: v for k, v in data.items() if k not in ("save_format", "save_version")}
    game["format"] = "spades-desktop/game"
    return {"format": FORMAT, "version": 2, "name": data.get("name", ""), "saved_at": data.get("saved_at", 0.0),
            "game": game}


#: UPGRADES[n] turns a version-n save into version n + 1; applied in order.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    name: str
    saved_at: float
    mode: str
    scores: dict[str, int]
    hand_number: int

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))


def save_document(state: GameState, name: str = "", cards_seen: list[str] | None = None) -> dict[str, Any]:
    """The save of ``state``; ``cards_seen`` names the seats whose cards the person has seen in the
    current hand (blind nil is over for them, after a resume too)."""
    document = {"format": FORMAT, "version": VERSION, "name": name, "saved_at": time.time(), "game": to_dict(state)}
    if cards_seen:
        document["cards_seen"] = sorted(cards_seen)
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
        raise SaveError(f"it was saved by a newer version of the game (save format {version})")
    if version < 1:
        raise SaveError(f"its save format {version} is unknown")
    while version < VERSION:
        data = UPGRADES[version](data)
        version += 1
    return data


def game_from_document(data: Any) -> GameState:
    return _game_of(upgrade(data))


def _game_of(document: dict[str, Any]) -> GameState:
    """The game of a document already brought to the current version."""
    try:
        return from_dict(document.get("game"))
    except StateError as exc:
        raise SaveError(f"its game does not follow the rules: {exc}") from exc


def read_save(path: Path) -> tuple[GameState, dict[str, Any]]:
    """Load a save; on failure the file is moved aside and SaveError names it and the reason."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path.name} could not be read: {exc.strerror or exc}") from exc
    try:
        if not raw.strip():
            raise SaveError("it is empty")
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise SaveError("it is damaged (not complete JSON)") from exc
        document = upgrade(data)
        return _game_of(document), document
    except SaveError as exc:
        raise SaveError(f"{path.name} cannot be loaded: {exc}{keep_aside(path)}") from exc


def write_save(path: Path, state: GameState, name: str = "", cards_seen: list[str] | None = None) -> None:
    write_json(path, save_document(state, name, cards_seen))


def slug(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()
    return cleaned[:40] or "game"


class SaveFolder:
    """Named saves in one folder: list, save, load and delete."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_for(self, name: str) -> Path:
        return self.folder / f"{slug(name)}.json"

    def save(self, name: str, state: GameState, cards_seen: list[str] | None = None) -> Path:
        path = self.path_for(name)
        write_save(path, state, name.strip() or "Saved game", cards_seen)
        return path

    def load(self, path: Path) -> GameState:
        return read_save(path)[0]

    def open(self, path: Path) -> tuple[GameState, dict[str, Any]]:
        """The game and its save document (which says, for one, whose cards were already seen)."""
        return read_save(path)

    def delete(self, path: Path) -> None:
        path.unlink(missing_ok=True)

    def list(self) -> tuple[list[SaveInfo], list[str]]:
        """Every readable save, newest first, and a plain message for each one that is not."""
        infos: list[SaveInfo] = []
        problems: list[str] = []
        if not self.folder.exists():
            return infos, problems
        for path in sorted(self.folder.glob("*.json")):
            try:
                state, document = read_save(path)
            except SaveError as exc:
                problems.append(str(exc))
                continue
            infos.append(SaveInfo(path, str(document.get("name") or path.stem), float(document.get("saved_at", 0)),
                                  state.rules.mode, dict(state.scores), state.hand_number))
        infos.sort(key=lambda i: -i.saved_at)
        return infos, problems
