"""The play checker at the table: the person's decisions compared with the judge's judgement of the
position they were made in (the same one the hint showed, issue 38), and the marks it leaves
(no pygame).  The judging itself is the ``Advisor``'s, shared with the hint."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ...ai.judge import CheckerLevel, Judgement
from ...engine import actions as A
from ...engine.words import card_short, plural
from ...session.advice import Advisor
from ..text.words import action_bid_text


@dataclass(frozen=True)
class CheckMark:
    hand: int
    trick: int  # 0 for a bid
    judgement: Judgement

    @property
    def text(self) -> str:
        j = self.judgement
        about = plural(max(1, round(j.loss)), "point")
        if A.is_card(j.best):
            return f"Checker: {card_short(j.best)} was better than {card_short(j.chosen)}, about {about}"
        better, chosen = action_bid_text(j.best), action_bid_text(j.chosen)
        return f"Checker: bidding {better} was better than {chosen}, about {about}"


class PlayChecker:
    """Compares the person's decisions, one after another, with the judge's judgement of their
    positions; ``step`` returns a new mark when one is due (only the mistakes ``level`` names)."""

    def __init__(self, advisor: Advisor, level: Callable[[], CheckerLevel] = lambda: CheckerLevel.BIG) -> None:
        self.advisor = advisor
        self.level = level
        self.waiting: deque[tuple[int, int, int, int]] = deque()  # (position, action, hand, trick)
        self.marks: list[CheckMark] = []

    def submit(self, position: int | None, action: int, hand: int, trick: int) -> None:
        """Queue the decision ``action`` taken in ``position`` (the key ``Advisor.ask`` gave before
        the action; None: a position the judge does not weigh)."""
        if position is not None:
            self.waiting.append((position, action, hand, trick))

    @property
    def busy(self) -> bool:
        return bool(self.waiting)

    def step(self) -> CheckMark | None:
        """The first waiting decision's mark once its position is judged (None: not yet, or nothing
        to say).  A position neither judged nor being judged (dropped) is passed over."""
        if not self.waiting:
            return None
        position, action, hand, trick = self.waiting[0]
        found = self.advisor.known_for(position)
        if found is None:
            if not self.advisor.pending(position):
                self.waiting.popleft()
            return None
        self.waiting.popleft()
        judgement = found.judgement(action)
        if judgement is None or not self.level().names(judgement):
            return None
        mark = CheckMark(hand, trick, judgement)
        self.marks.append(mark)
        return mark

    def marks_of(self, hand: int) -> list[CheckMark]:
        return [m for m in self.marks if m.hand == hand]
