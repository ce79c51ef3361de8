"""The daily deal: four hands that are the same for every player on the same calendar date, from
the date alone (docs/RULES.md, "The daily deal").

The day's game is a partnership game under the standard rules whose seed is a digest of the date
(``daily_seed``); its first four hands are the day's deal, each with its deal code.  Like a deal
code, the seed of a day is never changed once released (a new way would be a new daily version).
"""

from __future__ import annotations

from datetime import date

from .deal_codes import SEED_BITS, DealCode, DealCodeError
from .digests import shake_256
from .rule_values import Deck, Mode
from .rules import HouseRules
from .state import GameState

#: the hands of a day's deal
DAILY_HANDS = 4
#: the days that have a deal (a date outside them is refused with the range)
FIRST_DAY, LAST_DAY = date(2000, 1, 1), date(9999, 12, 31)
DAILY_RULES = HouseRules()  # partnership, standard rules
_DAILY_VERSION = 1


class DailyDateError(DealCodeError):
    """A date that names no daily deal, in a player's words."""


def daily_seed(day: date) -> int:
    """The seed of the day's game: the first bytes of a digest of 'daily v1 YYYY-MM-DD'."""
    digest = shake_256(f"spades-desktop daily v{_DAILY_VERSION} {day.isoformat()}".encode()).digest(4)
    return int.from_bytes(digest, "little") & ((1 << SEED_BITS) - 1)


def daily_game(day: date) -> GameState:
    """The day's game at its first decision: the four hands are its first four."""
    return GameState.new_game(DAILY_RULES, daily_seed(check_day(day)))[0]


def daily_codes(day: date) -> list[DealCode]:
    """The codes of the day's four hands (the dealer moves on to the left each hand, as in play)."""
    state = daily_game(day)
    dealer, codes = state.dealer, []
    for hand in range(1, DAILY_HANDS + 1):
        codes.append(DealCode(Mode.PARTNERSHIP, Deck.STANDARD, dealer, hand, state.seed))
        dealer = state.next_seat[dealer]
    return codes


def check_day(day: date) -> date:
    if not FIRST_DAY <= day <= LAST_DAY:
        raise DailyDateError(f"daily deals run from {FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}")
    return day


def parse_day(text: str) -> date:
    """A date typed as YYYY-MM-DD; DailyDateError says why another text is not one."""
    parts = text.strip().split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or len(parts[0]) != 4:
        raise DailyDateError(f"{text.strip()[:40]!r} is not a date: write it as YYYY-MM-DD, like 2026-12-02")
    try:
        day = date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError as exc:
        raise DailyDateError(f"{text.strip()} is not a date of the calendar ({exc})") from exc
    return check_day(day)
