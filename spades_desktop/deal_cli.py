"""``spades-desktop deal CODE --print`` and ``spades-desktop daily [--date YYYY-MM-DD] --print``:
the hands a deal code names, and the day's codes; a bad code or date is one line and exit status 2."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import date

DEAL_USAGE = "usage: spades-desktop deal CODE --print"
DAILY_USAGE = "usage: spades-desktop daily [--date YYYY-MM-DD] --print"


def deal_lines(code_text: str) -> list[str]:
    """What ``deal CODE --print`` prints (raises DealCodeError for a text that is not a code)."""
    from .engine.deal_codes import hands_text, parse_code
    from .engine.rules import HouseRules
    from .ui.text.variants import mode_title

    code = parse_code(code_text)
    state = code.deal(HouseRules())
    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    return [f"Deal {code.text()}: {mode_title(state.rules)}, {code.deck.value.replace('_', ' & ')} deck, "
            f"hand {code.hand}, {names[code.dealer.name]} deals", *hands_text(state)]


def daily_lines(day: date) -> list[str]:
    """What ``daily --print`` prints: the date, then each hand's code and dealer."""
    from .engine.daily import daily_codes

    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    return [f"Daily deal of {day.isoformat()} (partnership, standard rules; you sit South)",
            *(f"Hand {c.hand}: {c.text()}  ({names[c.dealer.name]} deals)" for c in daily_codes(day))]


def deal_main(args: Sequence[str]) -> int:
    from .engine.deal_codes import DealCodeError

    words = [a for a in args if a != "--print"]
    if "--print" not in args or len(words) != 1 or words[0].startswith("-"):
        print(DEAL_USAGE, file=sys.stderr)
        return 2
    try:
        lines = deal_lines(words[0])
    except DealCodeError as exc:
        print(f"spades-desktop deal: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def daily_main(args: Sequence[str], today: date | None = None) -> int:
    from .engine.daily import DailyDateError, check_day, parse_day

    rest = [a for a in args if a != "--print"]
    if "--print" not in args or rest not in ([], ["--date", *rest[1:2]]) or (rest and len(rest) != 2):
        print(DAILY_USAGE, file=sys.stderr)
        return 2
    try:
        day = parse_day(rest[1]) if rest else check_day(today or date.today())
    except DailyDateError as exc:
        print(f"spades-desktop daily: {exc}", file=sys.stderr)
        return 2
    print("\n".join(daily_lines(day)))
    return 0
