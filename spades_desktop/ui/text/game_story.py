"""The story of a finished game, for the game-over screen (no pygame): each side's score hand by
hand, the hand where the lead changed for the last time, and the moments worth remembering
(nils made or broken, contracts set, bag penalties, bonuses).

A moment's weight is the points it moved, so when the screen has room for only a few it keeps
the ones that decided the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.hand_result import HandResult
from .words import seat_name, side_name, verb_for


def score_lines(history: Sequence[HandResult], sides: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """Each side's score before the first hand and after each hand."""
    lines: dict[str, tuple[int, ...]] = {}
    for side in sides:
        start = history[0].breakdown[side].score_before if history else 0
        lines[side] = (start, *(result.breakdown[side].score_after for result in history))
    return lines


def leader(scores: dict[str, int]) -> str | None:
    """The side strictly ahead, or None on equal top scores."""
    best = max(scores.values())
    ahead = [side for side, score in scores.items() if score == best]
    return ahead[0] if len(ahead) == 1 else None


@dataclass(frozen=True)
class LeadChange:
    """The hand after which ``side`` took the lead for the last time (it kept it to the end)."""

    hand: int
    side: str
    changes: int  # how many times the lead changed hands in the game

    def words(self, names: dict[str, str]) -> str:
        name = side_name(self.side, names)
        if self.changes == 0:
            return f"{name} led from hand {self.hand} to the end"
        times = "once" if self.changes == 1 else f"{self.changes} times"
        return f"{name} took the lead for good in hand {self.hand} (the lead changed {times})"


def lead_change(history: Sequence[HandResult], sides: Sequence[str]) -> LeadChange | None:
    """When the final leader went ahead to stay, and how often the lead changed; None if no side
    was ever ahead (every hand ended level)."""
    lines = score_lines(history, sides)
    current: str | None = None
    since = 0
    changes = 0
    for hand in range(1, len(history) + 1):
        ahead = leader({side: lines[side][hand] for side in sides})
        if ahead is not None and ahead != current:
            if current is not None:
                changes += 1
            current, since = ahead, hand
    return None if current is None else LeadChange(since, current, changes)


@dataclass(frozen=True)
class Moment:
    hand: int
    text: str
    points: int  # what it moved the side's score by (the weight of the moment)

    @property
    def line(self) -> str:
        return f"Hand {self.hand}: {self.text}"


def _signed(points: int) -> str:
    return f"{points:+d}".replace("-", "\u2212")


def moments(history: Sequence[HandResult], sides: Sequence[str], names: dict[str, str]) -> list[Moment]:
    """Every nil made or broken, contract set, bag penalty and bonus, in the order they happened."""
    found: list[Moment] = []
    for result in history:
        hand = result.hand_number
        for side in sides:
            part = result.breakdown[side]
            team = side_name(side, names)
            for nil in part.nils:
                kind = "blind nil" if nil.blind else "nil"
                who = seat_name(nil.seat, names)
                owner = "Your" if who == "You" else f"{who}'s"
                outcome = "made" if nil.made else f"broken ({nil.tricks} trick{'s' if nil.tricks != 1 else ''})"
                found.append(Moment(hand, f"{owner} {kind} {outcome}, {_signed(nil.points)}", nil.points))
            if part.made is False:
                found.append(Moment(hand, f"{team} set: bid {part.contract}, took {part.tricks}, "
                                          f"{_signed(part.contract_points)}", part.contract_points))
            if part.penalty:
                found.append(Moment(hand, f"{team} {verb_for(team, 'pay')} a bag penalty, {_signed(part.penalty)}",
                                    part.penalty))
            if part.bonus:
                found.append(Moment(hand, f"{team} {verb_for(team, 'earn')} a bonus, {_signed(part.bonus)}",
                                    part.bonus))
    return found


def notable(history: Sequence[HandResult], sides: Sequence[str], names: dict[str, str], room: int) -> list[str]:
    """At most ``room`` lines: the moments that moved the most points, in the order they happened,
    and a last line counting the rest when some are left out."""
    every = moments(history, sides, names)
    if not every:
        return ["No nils, sets or bag penalties: every contract was made."]
    if len(every) <= room:
        return [m.line for m in every]
    keep = max(0, room - 1)
    biggest = sorted(range(len(every)), key=lambda i: -abs(every[i].points))[:keep]
    lines = [every[i].line for i in sorted(biggest)]
    rest = len(every) - keep
    return [*lines, f"and {rest} more on the score sheet"]


def final_line(scores: dict[str, int], sides: Sequence[str], hands: int) -> str:
    """'520 to 310 after 11 hands' in the order of ``sides``."""
    figures = " to ".join(str(scores[side]) for side in sides)
    return f"{figures} after {hands} hand{'s' if hands != 1 else ''}"

