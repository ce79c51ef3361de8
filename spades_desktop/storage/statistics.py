"""The person's results per mode, kept across games in the statistics file."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..engine.rules import Mode
from ..engine.seats import Seat
from ..engine.state import GameState
from .atomic import keep_aside, write_json

FORMAT = "spades-desktop/statistics"
VERSION = 1


@dataclass
class ModeStats:
    games: int = 0
    won: int = 0
    lost: int = 0
    hands: int = 0
    contracts_made: int = 0
    contracts_set: int = 0
    nil_attempts: int = 0
    nil_made: int = 0
    blind_nil_attempts: int = 0
    blind_nil_made: int = 0
    bags: int = 0
    best_score: int | None = None
    worst_score: int | None = None

    @classmethod
    def from_dict(cls, data: Any) -> ModeStats:
        if not isinstance(data, dict):
            raise ValueError("not an object")
        values: dict[str, Any] = {}
        for f in fields(cls):
            v = data.get(f.name, getattr(cls(), f.name))
            if f.name in ("best_score", "worst_score"):
                if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                    raise ValueError(f"{f.name} must be a whole number")
            elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"{f.name} must be a whole number from 0")
            values[f.name] = v
        return cls(**values)


class Statistics:
    def __init__(self, per_mode: dict[str, ModeStats] | None = None) -> None:
        self.per_mode = per_mode or {m.value: ModeStats() for m in Mode}

    def record_game(self, state: GameState, seat: Seat = Seat.S) -> None:
        """Add a finished game from the point of view of ``seat``'s side."""
        stats = self.per_mode.setdefault(state.rules.mode, ModeStats())
        side = state.side_of_seat(seat)
        stats.games += 1
        if state.winner == side:
            stats.won += 1
        elif state.winner is not None:
            stats.lost += 1
        for result in state.hand_history:
            stats.hands += 1
            b = result.breakdown[side]
            if b.made is True:
                stats.contracts_made += 1
            elif b.made is False:
                stats.contracts_set += 1
            stats.bags += b.bags
            for nil in b.nils:
                if nil.blind:
                    stats.blind_nil_attempts += 1
                    stats.blind_nil_made += int(nil.made)
                else:
                    stats.nil_attempts += 1
                    stats.nil_made += int(nil.made)
        final = state.scores[side]
        stats.best_score = final if stats.best_score is None else max(stats.best_score, final)
        stats.worst_score = final if stats.worst_score is None else min(stats.worst_score, final)

    def reset(self) -> None:
        self.per_mode = {m.value: ModeStats() for m in Mode}

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "modes": {m: asdict(s) for m, s in self.per_mode.items()}}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("it is not a Spades Desktop statistics file")
        version = data.get("version")
        if not isinstance(version, int) or version > VERSION:
            raise ValueError(f"it was written by a newer version (format {version})")
        modes = data.get("modes")
        if not isinstance(modes, dict):
            raise ValueError("it has no results per mode")
        per_mode = {m.value: ModeStats() for m in Mode}
        for mode, value in modes.items():
            if mode not in per_mode:
                raise ValueError(f"unknown mode {mode!r}")
            per_mode[mode] = ModeStats.from_dict(value)
        return cls(per_mode)


def load_statistics(path: Path) -> tuple[Statistics, list[str]]:
    """The statistics file, or fresh statistics and a message if it was missing or damaged."""
    if not path.exists():
        return Statistics(), []
    try:
        return Statistics.from_dict(json.loads(path.read_text(encoding="utf-8"))), []
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError) as exc:
        return Statistics(), [f"{path.name} could not be read ({exc}){keep_aside(path)}; statistics start afresh"]


def save_statistics(path: Path, stats: Statistics) -> None:
    write_json(path, stats.to_dict(), pretty=True)
