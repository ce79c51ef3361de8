"""The person's results per mode, kept across games in the statistics file.

Hands are counted as they are scored, so a person who never finishes a game still
sees their record.  Each game has an id (kept in its saves); the file remembers, for
recent games, how many hands were counted and whether the game was finished, so a
resumed game (Continue, Load) never counts a hand twice and a finished game's hands
are not added again at its end.  Counts that cannot be true (more games won than
finished, more contracts made than hands) mark the file as damaged.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import date
from pathlib import Path
from typing import Any

from ..engine.rules import Mode
from ..engine.seats import Seat
from ..engine.state import GameState
from .atomic import keep_aside, write_json
from .daily_stats import DailyLine, add_playing, begun_from, lines_from, with_begun, with_par
from .reading import short
from .stat_lines import MAX_CONTRACT, MAX_COUNT, MAX_HAND_NUMBER, MAX_SCORE, GameLine, HandLine, hand_line, levels_from
from .user_file import Unusable, WithoutFile, damaged, read_user_json

FORMAT = "spades-desktop/statistics"
VERSION = 6
MAX_STATISTICS_BYTES = 1 << 20
#: recent games whose counted hands are remembered (older ones are forgotten, oldest first)
MAX_TRACKED_GAMES = 200
#: finished games kept per mode for the charts (the last ones, oldest dropped first)
MAX_RECENT_GAMES = 50
#: scored hands kept per mode, as the person played them (the last ones, oldest dropped first)
MAX_RECENT_HANDS = 60


@dataclass
class ModeStats:
    games: int = 0  # finished games
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
    started: int = 0  # games begun, finished or not
    levels: dict[int, list[int]] = field(default_factory=dict)  # the side's contract: [made, tried]
    recent: list[GameLine] = field(default_factory=list)  # the last finished games, oldest first
    recent_hands: list[HandLine] = field(default_factory=list)  # the last scored hands, oldest first

    @property
    def unfinished(self) -> int:
        return self.started - self.games

    @classmethod
    def from_dict(cls, data: Any) -> ModeStats:
        if not isinstance(data, dict):
            raise ValueError("not an object")
        values: dict[str, Any] = {"levels": levels_from(data.get("levels", {}))}
        recent = data.get("recent", [])
        if not isinstance(recent, list) or len(recent) > MAX_RECENT_GAMES:
            raise ValueError("its recent games are not ones the game writes")
        values["recent"] = [GameLine.from_dict(line) for line in recent]
        hands = data.get("recent_hands", [])
        if not isinstance(hands, list) or len(hands) > MAX_RECENT_HANDS:
            raise ValueError("its recent hands are not ones the game writes")
        values["recent_hands"] = [HandLine.from_dict(line) for line in hands]
        for f in fields(cls):
            if f.name in values:
                continue
            v = data.get(f.name, getattr(cls(), f.name))
            if f.name in ("best_score", "worst_score"):
                if v is not None and (not isinstance(v, int) or isinstance(v, bool) or abs(v) > MAX_SCORE):
                    raise ValueError(f"{f.name} must be a whole number of at most {MAX_SCORE} either way")
            elif not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_COUNT:
                raise ValueError(f"{f.name} must be a whole number from 0 to {MAX_COUNT}")
            values[f.name] = v
        stats = cls(**values)
        stats.check()
        return stats

    def to_dict(self) -> dict[str, Any]:
        """As written to the file: a bid's key is text, as JSON keys are."""
        return {**asdict(self), "levels": {str(bid): list(pair) for bid, pair in sorted(self.levels.items())}}

    def check(self) -> None:
        """ValueError if the counts cannot all be true together."""
        rules: list[tuple[bool, str]] = [
            (self.won + self.lost <= self.games, "more games won and lost than finished"),
            (self.games <= self.started, "more games finished than started"),
            (self.hands == 0 or self.started > 0, "hands counted in a mode where no game was started"),
            (self.contracts_made + self.contracts_set <= self.hands, "more contracts than hands"),
            (self.nil_made <= self.nil_attempts, "more nils made than bid"),
            (self.blind_nil_made <= self.blind_nil_attempts, "more blind nils made than bid"),
            (self.nil_attempts + self.blind_nil_attempts <= 2 * self.hands, "more nils than a side can bid"),
            (self.bags <= 17 * self.hands, "more bags than tricks"),  # three players: 17 a hand
            ((self.best_score is None) == (self.worst_score is None) == (self.games == 0),
             "final scores that do not match the games finished"),
            (self.best_score is None or self.worst_score is None or self.best_score >= self.worst_score,
             "a best score below the worst"),
            (sum(made for made, _ in self.levels.values()) <= self.contracts_made, "more contracts made by bid"),
            (sum(tried for _, tried in self.levels.values()) <= self.contracts_made + self.contracts_set,
             "more contracts by bid than contracts"),
            (len(self.recent) <= self.games, "more recent games than finished"),
            (len(self.recent_hands) <= self.hands, "more recent hands than hands"),
        ]
        for holds, what in rules:
            if not holds:
                raise ValueError(f"its counts cannot be true ({what})")


@dataclass
class TrackedGame:
    """What was counted of one game: its mode, the last hand counted, and whether it was finished."""

    mode: str
    hands: int = 0
    finished: bool = False

    @classmethod
    def from_dict(cls, data: Any) -> TrackedGame:
        if not isinstance(data, dict) or set(data) != {"mode", "hands", "finished"}:
            raise ValueError("a game entry must give mode, hands and finished")
        mode, hands, finished = data["mode"], data["hands"], data["finished"]
        if mode not in [m.value for m in Mode]:
            raise ValueError(f"unknown mode {short(mode)}")
        if not isinstance(hands, int) or isinstance(hands, bool) or not 0 <= hands <= MAX_HAND_NUMBER:
            raise ValueError("a game's hands must be a whole number from 0")
        if not isinstance(finished, bool):
            raise ValueError("a game's finished must be true or false")
        return cls(mode, hands, finished)


def _started_of_v1(counts: dict[str, Any]) -> Any:
    """Format 1 did not count games begun: its finished games, or one if only hands were counted."""
    games, hands = counts.get("games", 0), counts.get("hands", 0)
    if games == 0 and isinstance(hands, int) and hands > 0:
        return 1
    return games


def _v5_to_v6(data: dict[str, Any]) -> dict[str, Any]:
    """Version 6 keeps the daily deal's playings: none before it."""
    return {**data, "version": 6, "daily": []}


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Version 5 keeps the last hands as the person played them and when each game ended: none
    known for older games (the fields are optional)."""
    return {**data, "version": 5}


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 names each recent game and keeps the person's accuracy once it is reviewed: older
    games are nameless and unreviewed (the fields are optional)."""
    return {**data, "version": 4}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 adds contracts by bid and the last games per mode: none known for older games."""
    return {**data, "version": 3}


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 counted finished games only: each was started too, and no game was tracked."""
    modes = data.get("modes")
    if isinstance(modes, dict):
        modes = {m: ({**v, "started": _started_of_v1(v)} if isinstance(v, dict) else v) for m, v in modes.items()}
    return {**data, "version": 2, "modes": modes, "tracked": {}}


#: UPGRADES[n] turns a version-n statistics file into version n + 1; applied in order.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4,
                                                                   4: _v4_to_v5, 5: _v5_to_v6}


class Statistics:
    def __init__(self, per_mode: dict[str, ModeStats] | None = None,
                 tracked: dict[str, TrackedGame] | None = None, daily: list[DailyLine] | None = None) -> None:
        self.per_mode = per_mode or {m.value: ModeStats() for m in Mode}
        self.tracked: dict[str, TrackedGame] = tracked if tracked is not None else {}
        self.daily: list[DailyLine] = daily if daily is not None else []  # the daily deal's playings, oldest first
        self.daily_begun: dict[str, str] = {}  # the game each day's playing for the record was begun in

    def begin_daily(self, day: date, game_id: str) -> None:
        """A playing of ``day``'s deal for the record has begun: no other game plays it for the record."""
        self.daily_begun = with_begun(self.daily_begun, day, game_id)

    def record_daily(self, line: DailyLine) -> None:
        """A daily deal played to its end (``daily_stats.add_playing``: once, the record once a day)."""
        self.daily = add_playing(self.daily, line, self.daily_begun)

    def daily_par(self, game_id: str, par: int) -> None:
        """The par of a daily playing, worked out after its end."""
        self.daily = with_par(self.daily, game_id, par)

    def _track(self, game_id: str, mode: str) -> TrackedGame:
        entry = self.tracked.get(game_id)
        if entry is None:
            entry = self.tracked[game_id] = TrackedGame(mode)
            self.per_mode.setdefault(mode, ModeStats()).started += 1
            while len(self.tracked) > MAX_TRACKED_GAMES:
                del self.tracked[next(iter(self.tracked))]
        return entry

    def start_game(self, game_id: str, mode: str) -> None:
        """A new game begins: it counts as started (and unfinished until it ends)."""
        self._track(game_id, mode)

    def record_hands(self, game_id: str, state: GameState, seat: Seat = Seat.S) -> bool:
        """Count every scored hand of the game not counted yet; True if any was."""
        entry = self._track(game_id, state.rules.mode)
        stats = self.per_mode.setdefault(state.rules.mode, ModeStats())
        side = state.side_of_seat(seat)
        counted = False
        for result in state.hand_history:
            if result.hand_number <= entry.hands:
                continue
            entry.hands = result.hand_number
            counted = True
            stats.hands += 1
            b = result.breakdown[side]
            if b.made is True:
                stats.contracts_made += 1
            elif b.made is False:
                stats.contracts_set += 1
            if b.made is not None and 1 <= b.contract <= MAX_CONTRACT:
                level = stats.levels.setdefault(b.contract, [0, 0])
                level[0] += int(b.made)
                level[1] += 1
            stats.bags += b.bags
            stats.recent_hands.append(hand_line(game_id, result, state.rules.mode, seat, side))
            for nil in b.nils:
                if nil.blind:
                    stats.blind_nil_attempts += 1
                    stats.blind_nil_made += int(nil.made)
                else:
                    stats.nil_attempts += 1
                    stats.nil_made += int(nil.made)
        del stats.recent_hands[:-MAX_RECENT_HANDS]
        if counted:
            stats.started = max(stats.started, 1)  # a game begun before a reset is started now
        return counted

    def record_game(self, state: GameState, seat: Seat = Seat.S, game_id: str | None = None,
                    ended: float | None = None) -> None:
        """Add a finished game from the point of view of ``seat``'s side (its hands not yet
        counted too), ended at ``ended`` (seconds since 1970; now if not given); a game already
        recorded as finished is not counted again."""
        game_id = game_id if game_id is not None else f"seed:{state.seed}"
        self.record_hands(game_id, state, seat)
        entry = self.tracked[game_id]
        if entry.finished:
            return
        entry.finished = True
        stats = self.per_mode.setdefault(state.rules.mode, ModeStats())
        side = state.side_of_seat(seat)
        stats.games += 1
        stats.started = max(stats.started, stats.games)  # a game begun before a reset is started now
        if state.winner == side:
            stats.won += 1
        elif state.winner is not None:
            stats.lost += 1
        final = state.scores[side]
        others = [score for other, score in state.scores.items() if other != side]
        stats.recent.append(GameLine(None if state.winner is None else state.winner == side, final,
                                     max(others) if others else 0, len(state.hand_history),
                                     sum(result.breakdown[side].bags for result in state.hand_history), game_id,
                                     ended=time.time() if ended is None else ended))
        del stats.recent[:-MAX_RECENT_GAMES]
        stats.best_score = final if stats.best_score is None else max(stats.best_score, final)
        stats.worst_score = final if stats.worst_score is None else min(stats.worst_score, final)

    def record_review(self, game_id: str, mode: str, accuracy: float) -> bool:
        """The person's accuracy in a finished game just reviewed, kept on its line for the chart;
        False if the game is not among the recent ones (forgotten, or never finished here)."""
        stats = self.per_mode.get(mode)
        if stats is None or not game_id:
            return False
        for i, line in enumerate(stats.recent):
            if line.game_id == game_id:
                stats.recent[i] = replace(line, accuracy=min(1.0, max(0.0, accuracy)))
                return True
        return False

    def reset(self) -> None:
        """Clear the counts; games in progress keep their counted hands, so none is counted again."""
        self.per_mode = {m.value: ModeStats() for m in Mode}
        self.daily = []
        self.daily_begun = {}

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "modes": {m: s.to_dict() for m, s in self.per_mode.items()},
                "tracked": {g: asdict(t) for g, t in self.tracked.items()},
                "daily": [line.to_dict() for line in self.daily], "daily_begun": dict(self.daily_begun)}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("it is not a Spades Desktop statistics file")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ValueError("it has no version number")
        if version > VERSION:
            raise ValueError("it was written by a newer version of the game")
        while version < VERSION:
            data = UPGRADES[version](data)
            version += 1
        modes = data.get("modes")
        if not isinstance(modes, dict):
            raise ValueError("it has no results per mode")
        per_mode = {m.value: ModeStats() for m in Mode}
        for mode, value in modes.items():
            if mode not in per_mode:
                raise ValueError(f"unknown mode {short(mode)}")
            per_mode[mode] = ModeStats.from_dict(value)
        tracked_in = data.get("tracked")
        if not isinstance(tracked_in, dict) or len(tracked_in) > MAX_TRACKED_GAMES:
            raise ValueError("its list of recent games is not one the game writes")
        tracked: dict[str, TrackedGame] = {}
        for game_id, entry in tracked_in.items():
            if len(game_id) > 64:
                raise ValueError("a game id is far too long")
            tracked[game_id] = TrackedGame.from_dict(entry)
        stats = cls(per_mode, tracked, lines_from(data.get("daily", [])))
        stats.daily_begun = begun_from(data.get("daily_begun", {}))
        return stats


def unknown_entries(data: dict[str, Any]) -> list[str]:
    """The names in a statistics file of this version that the game does not know (a newer or a
    hand-edited file's; an older version's are changed by its upgrade), at most three."""
    if data.get("version") != VERSION:
        return []
    known_modes = {f.name for f in fields(ModeStats)}
    unknown = [str(key)[:30] for key in data if key not in {"format", "version", "modes", "tracked", "daily",
                                                                           "daily_begun"}]
    for mode, counts in data["modes"].items():
        unknown += [f"{mode}.{str(key)[:30]}" for key in counts if key not in known_modes]
    return unknown[:3]


@dataclass(frozen=True)
class StatisticsFile:
    """The statistics read from the file, the problems found, and whether the file may be replaced."""

    statistics: Statistics
    problems: list[str]
    writable: bool = True  # False when the file was out of reach (a pipe, a folder, no permission)


_WITHOUT_STATISTICS = WithoutFile(out_of_reach="; it was left as it is and statistics are not kept for now",
                                  damaged="; statistics start afresh")


def read_statistics_file(path: Path) -> StatisticsFile:
    """The statistics file; fresh statistics and a message if it was missing, damaged (set aside)
    or out of reach (left where it is, and not to be overwritten)."""
    try:
        data = read_user_json(path, MAX_STATISTICS_BYTES, _WITHOUT_STATISTICS)
        if data is None:
            return StatisticsFile(Statistics(), [])
        try:
            statistics = Statistics.from_dict(data)
        except ValueError as exc:
            raise damaged(path, str(exc), _WITHOUT_STATISTICS) from exc
    except Unusable as exc:
        return StatisticsFile(Statistics(), [exc.problem], writable=exc.writable)
    unknown = unknown_entries(data)
    if not unknown:
        return StatisticsFile(statistics, [])
    # what this version cannot keep is not dropped in silence: the file as it was is kept
    return StatisticsFile(statistics, [f"{path.name} held entries this version does not know"
                                       f" ({', '.join(unknown)}){keep_aside(path)}; the rest is kept"])


def load_statistics(path: Path) -> tuple[Statistics, list[str]]:
    """The statistics and the problems found (see ``read_statistics_file``)."""
    loaded = read_statistics_file(path)
    return loaded.statistics, loaded.problems


def save_statistics(path: Path, stats: Statistics) -> None:
    write_json(path, stats.to_dict(), pretty=True)
