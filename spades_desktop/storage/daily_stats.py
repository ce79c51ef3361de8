"""The daily deal's results as the statistics file keeps them: one line per playing (its date,
the person's points, par's once worked out, for the record or practice and why), and what the
title and the statistics read from them: today's status, the streak of days played, the average
against par.

A date has at most one line for the record, whatever the clock says: the record is keyed by the
deal's date, and a date before the newest one recorded is practice (a clock moved back cannot
give a second record for a day, nor fill in a missed day of a streak).  Each line names the
playing's game, so a playing resumed after the window was closed is counted once.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from datetime import date, timedelta
from typing import Any

from .reading import short
from .stat_lines import MAX_SCORE, MAX_TIME, whole

#: playings kept (the oldest dropped first): more than a year of days, a few practices each
MAX_DAILY_LINES = 600
#: what a practice is called when the day was played for the record already
PLAYED_BEFORE = "you played this day's deal for the record already"
#: ... and when its date is before the newest one recorded (the clock was moved back)
CLOCK_BACK = "its date is before your last daily deal's"
#: ... and when another playing of the day was begun for the record (left, or replaced by a new game)
BEGUN_BEFORE = "you began this day's deal for the record already"
#: days whose playing for the record was begun, kept (the oldest dropped first)
MAX_DAILY_BEGUN = 400


@dataclass(frozen=True)
class DailyLine:
    """One playing of a day's deal: ``day`` (YYYY-MM-DD), the points the person's side scored in
    its hands, par's points (None until the par is worked out), for the record or not, and why it
    is practice ("" for the record)."""

    day: str
    game_id: str
    points: int
    par: int | None
    record: bool
    practice: str = ""
    ended: float = 0.0

    @property
    def difference(self) -> int | None:
        return None if self.par is None else self.points - self.par

    @classmethod
    def from_dict(cls, data: Any) -> DailyLine:
        keys = {"day", "game_id", "points", "par", "record", "practice", "ended"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError("a daily deal's line must give " + ", ".join(sorted(keys)))
        day, game_id, practice = data["day"], data["game_id"], data["practice"]
        _check_day_and_game(day, game_id)
        if not isinstance(practice, str) or len(practice) > 200 or not practice.isprintable():
            raise ValueError("a daily deal's practice reason must be short printable text")
        for name in ("points", "par"):
            value = data[name]
            if (value is not None or name == "points") and (not whole(value) or abs(value) > MAX_SCORE):
                raise ValueError(f"a daily deal's {name} must be a whole number")
        if not isinstance(data["record"], bool) or data["record"] == bool(practice):
            raise ValueError("a daily deal is for the record or practice, with its reason")
        ended = data["ended"]
        if isinstance(ended, bool) or not isinstance(ended, int | float) or not 0 <= ended <= MAX_TIME:
            raise ValueError("a daily deal's end is not a time")
        return cls(day, game_id, data["points"], data["par"], data["record"], practice, float(ended))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def record_of(lines: list[DailyLine], day: date) -> DailyLine | None:
    """The day's playing for the record, if there is one."""
    return next((line for line in lines if line.record and line.day == day.isoformat()), None)


def practice_reason(lines: list[DailyLine], day: date, begun: dict[str, str] | None = None,
                    game_id: str = "") -> str:
    """Why a playing of ``day`` (the game ``game_id``; "" for one not begun yet) would be practice,
    or "" (for the record).  ``begun``: the game each day's playing for the record was begun in: a
    day's deal seen and left is not played again for the record."""
    if record_of(lines, day) is not None:
        return PLAYED_BEFORE
    first = (begun or {}).get(day.isoformat())
    if first is not None and first != game_id:
        return BEGUN_BEFORE
    recorded = [line.day for line in lines if line.record]
    if recorded and day.isoformat() < max(recorded):
        return CLOCK_BACK
    return ""


def add_playing(lines: list[DailyLine], line: DailyLine, begun: dict[str, str] | None = None) -> list[DailyLine]:
    """``lines`` with a finished playing: counted once by its game (a resumed playing's second
    end changes nothing); for the record only if the day has no record yet, is not before the
    newest recorded day and was not begun for the record in another game (else practice, with the
    reason)."""
    if any(old.game_id == line.game_id for old in lines):
        return lines
    if line.record:
        reason = practice_reason(lines, date.fromisoformat(line.day), begun, line.game_id)
        if reason:
            line = replace(line, record=False, practice=reason)
    return [*lines, line][-MAX_DAILY_LINES:]


def with_par(lines: list[DailyLine], game_id: str, par: int) -> list[DailyLine]:
    """``lines`` with the par of the playing ``game_id`` filled in (once known)."""
    return [replace(line, par=par) if line.game_id == game_id and line.par is None else line for line in lines]


def streak(lines: list[DailyLine], today: date) -> int:
    """Days in a row with a playing for the record, ending today or yesterday (0 if neither)."""
    days = {line.day for line in lines if line.record}
    day = today if today.isoformat() in days else today - timedelta(days=1)
    count = 0
    while day.isoformat() in days:
        count += 1
        day -= timedelta(days=1)
    return count


def average_difference(lines: list[DailyLine]) -> float | None:
    """The average of the record playings' points less par's (those whose par is known)."""
    known = [line.difference for line in lines if line.record and line.difference is not None]
    return sum(known) / len(known) if known else None


def lines_from(data: Any) -> list[DailyLine]:
    if not isinstance(data, list) or len(data) > MAX_DAILY_LINES:
        raise ValueError("its daily deals are not ones the game writes")
    lines = [DailyLine.from_dict(entry) for entry in data]
    records = [line.day for line in lines if line.record]
    if len(records) != len(set(records)):
        raise ValueError("it holds two records of one day's deal")
    return lines


def begun_from(data: Any) -> dict[str, str]:
    """The days begun for the record, as the file keeps them (day: game id)."""
    if not isinstance(data, dict) or len(data) > MAX_DAILY_BEGUN:
        raise ValueError("its daily deals begun are not ones the game writes")
    for day, game_id in data.items():
        _check_day_and_game(day, game_id)
    return dict(data)


def _check_day_and_game(day: object, game_id: object) -> None:
    """A day (YYYY-MM-DD) and a game id as the file keeps them, or ValueError in words."""
    try:
        date.fromisoformat(day if isinstance(day, str) else "")
    except ValueError as exc:
        raise ValueError(f"a daily deal's date is not a date ({short(day)})") from exc
    if not isinstance(game_id, str) or len(game_id) > 80 or not game_id.isprintable():
        raise ValueError("a daily deal's game id must be short printable text")


def with_begun(begun: dict[str, str], day: date, game_id: str) -> dict[str, str]:
    """``begun`` with ``day``'s playing for the record begun in ``game_id`` (the first one stays)."""
    if day.isoformat() in begun:
        return begun
    kept = {**begun, day.isoformat(): game_id}
    return dict(sorted(kept.items())[-MAX_DAILY_BEGUN:])
