"""One playing of the daily deal: its date (the day it was started, kept in the save: a playing
resumed the next morning is still that day's), the computer players' levels chosen before the
start, and whether it is for the record or practice and why.

No pygame and no file I/O: the session holds a ``DailyRun``, its save holds ``to_dict()``, and the
statistics keep its end (``storage/daily_stats.py``).  ``today`` is read through this module so a
test can move the clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from ..engine.daily import DAILY_HANDS, check_day
from ..engine.seats import Seat
from ..storage.daily_stats import (
    CLOCK_BACK,
    PLAYED_BEFORE,
    DailyLine,
    average_difference,
    practice_reason,
    record_of,
    streak,
)

#: (the screens read the statistics' daily lines through here: the ui imports no storage)
__all__ = ["CLOCK_BACK", "DAILY_LEVELS", "LEVEL_CHOICES", "PLAYED_BEFORE", "PRACTICE_HINT", "PRACTICE_UNDO",
           "DailyLine", "DailyRun", "average_difference", "practice_reason", "record_of", "streak", "today"]

#: the levels a daily deal is played against unless the player changes them before the start
DAILY_LEVELS = {Seat.N: "normal", Seat.E: "normal", Seat.W: "normal"}
LEVEL_CHOICES = ("easy", "normal", "hard")
#: why a playing became practice on the way (the result says which)
PRACTICE_HINT = "you used a hint"
PRACTICE_UNDO = "you took a move back"


def today() -> date:
    """The calendar date on this computer now (tests replace it)."""
    return date.today()


@dataclass
class DailyRun:
    """A daily deal being played: ``day``, the levels, and the practice reasons ([]: for the record)."""

    day: date
    levels: dict[Seat, str] = field(default_factory=lambda: dict(DAILY_LEVELS))
    practice: list[str] = field(default_factory=list)
    hands: int = DAILY_HANDS

    @property
    def for_record(self) -> bool:
        return not self.practice

    def mark_practice(self, reason: str) -> bool:
        """The playing is practice from now on, for ``reason`` (said once); True if that is news."""
        if reason in self.practice:
            return False
        self.practice.append(reason)
        return True

    def practice_words(self) -> str:
        """'you used a hint and you took a move back' ('' for the record)."""
        reasons = self.practice
        return reasons[0] if len(reasons) == 1 else ", ".join(reasons[:-1]) + " and " + reasons[-1] if reasons else ""

    def to_dict(self) -> dict[str, Any]:
        return {"day": self.day.isoformat(), "levels": {s.name: v for s, v in self.levels.items()},
                "practice": list(self.practice)}

    @classmethod
    def from_dict(cls, data: Any) -> DailyRun | None:
        """The playing a save names, or None where the save's entry is not one (it loads as a game)."""
        if not isinstance(data, dict):
            return None
        try:
            day = check_day(date.fromisoformat(str(data.get("day"))))
        except ValueError:
            return None
        levels_in, practice = data.get("levels"), data.get("practice", [])
        levels = dict(DAILY_LEVELS)
        if isinstance(levels_in, dict):
            for seat in DAILY_LEVELS:
                if levels_in.get(seat.name) in LEVEL_CHOICES:
                    levels[seat] = levels_in[seat.name]
        if not isinstance(practice, list):
            practice = []
        return cls(day, levels, [str(p)[:200] for p in practice if isinstance(p, str)][:5])

    def with_levels(self, **changes: str) -> DailyRun:
        return replace(self, levels={**self.levels, **{Seat[k]: v for k, v in changes.items()}})
