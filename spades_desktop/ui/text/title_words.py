"""What the title screen says (no pygame): the game Continue would resume, what the game on offer
is in the words of its mode, and the last game played."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date

from ...engine.rule_table import MODE_WORDS
from ...engine.state import GameState, seats_for, sides_for
from ...session.files import ModeStats
from .variants import mode_title
from .words import scores_line


def continue_line(state: GameState, names: dict[str, str]) -> str:
    """'Partnership to 500 · hand 6 · North & You 240, East & West 180': the person's side first."""
    scores = scores_line(state.scores, names)  # (in the load list's order: one function for both)
    game = f"{mode_title(state.rules)} to {state.rules.target_score}"  # (the variants named: 'Partnership · Whiz')
    return SEPARATOR.join((game, f"hand {state.hand_number}", scores))


SEPARATOR = " · "


def lines_of(parts_line: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """A line of parts (``SEPARATOR`` between them) on as few lines as ``width`` allows, broken
    between parts, never inside one ('North & You 42, East & West 70' stays whole where it fits)."""
    lines: list[str] = []
    for part in parts_line.split(SEPARATOR):
        joined = f"{lines[-1]}{SEPARATOR}{part}" if lines else part
        if lines and measure(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


_NUMBERS = {1: "one", 2: "two", 3: "three"}


def tagline(mode: str) -> str:
    """What the game on the title is, in the words of its mode: 'Cutthroat: you against three
    computer players' (the game Continue resumes, else the one New game starts)."""
    seats, sides = seats_for(mode), sides_for(mode)
    partnered = any(len(seats_of) > 1 for seats_of in sides.values())
    others = len(seats) - (2 if partnered else 1)
    players = f"{_NUMBERS.get(others, others)} computer player{'' if others == 1 else 's'}"
    name = MODE_WORDS.get(mode, mode)
    return f"{name}: you and a computer partner against {players}" if partnered else f"{name}: you against {players}"


def when_words(ended: float, now: float) -> str:
    """'today', 'yesterday', '3 days ago', 'on 4 March' (a year ago or more: 'on 4 March 2023'),
    by the calendar of the person's own clock."""
    then, today = date.fromtimestamp(ended), date.fromtimestamp(now)
    days = (today - then).days
    if days <= 0:
        return "today"  # (a clock put back: never 'in 2 days')
    if days == 1:
        return "yesterday"
    if days < 7:
        return f"{days} days ago"
    day = f"on {then.day} {then.strftime('%B')}"
    return day if then.year == today.year else f"{day} {then.year}"


def last_game_line(per_mode: Mapping[str, ModeStats], now: float, prefer: str = "") -> str:
    """'Last game: Partnership, won 512-380, yesterday': the game that ended last, in any mode.
    Games of older files never said when they ended: then the last of ``prefer``'s mode (the rules
    in force), or of the first mode that has one, without a day."""
    dated = [(line.ended, mode, line) for mode, stats in per_mode.items() for line in stats.recent
             if line.ended is not None]
    if dated:
        ended, mode, line = max(dated, key=lambda entry: entry[0])
        when = f", {when_words(ended, now)}"
    else:
        modes = sorted((mode for mode, stats in per_mode.items() if stats.recent), key=lambda m: m != prefer)
        if not modes:
            return ""
        mode, line, when = modes[0], per_mode[modes[0]].recent[-1], ""
    result = "won" if line.won else "lost" if line.won is False else "ended"
    return f"Last game: {MODE_WORDS.get(mode, mode)}, {result} {line.score}-{line.against}{when}"
