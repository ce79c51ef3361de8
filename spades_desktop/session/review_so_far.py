"""A review's figures as far as it has gone, worked out once per judgement that came in.

The review page draws each seat's accuracy and the person's side's costliest decisions every time
judgements come (a few times a second while judging); working them out anew for each seat from
every decision took a frame 3-5 ms.  Here each seat's decisions are sorted out once, and its
figures and the costliest decisions are kept until the count of judgements changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ai.judge import Judgement
from ..engine.seats import Seat
from .review import Decision, Reviewer, SeatFigures, costliest, figures


class ReviewSoFar:
    def __init__(self, reviewer: Reviewer, side: Sequence[Seat]) -> None:
        self.reviewer = reviewer
        self.side = list(side)  # whose costliest decisions are shown (the person's side)
        self._decisions_of: dict[Seat, list[Decision]] = {}
        self._figures: dict[Seat, SeatFigures] = {}
        self._worst: list[tuple[Decision, Judgement]] | None = None
        self._figured_at = -1

    def _refigure(self) -> None:
        judged = len(self.reviewer.review.judged)
        if judged != self._figured_at:
            self._figured_at, self._figures, self._worst = judged, {}, None

    def figures_of(self, seat: Seat) -> SeatFigures:
        """``seat``'s accuracy and points lost, as far as the review has gone."""
        self._refigure()
        if seat not in self._figures:
            if seat not in self._decisions_of:
                self._decisions_of[seat] = [d for d in self.reviewer.decisions if d.seat == seat]
            self._figures[seat] = figures(self._decisions_of[seat], self.reviewer.review, seat)
        return self._figures[seat]

    def costliest(self) -> list[tuple[Decision, Judgement]]:
        """The side's costliest decisions so far."""
        self._refigure()
        if self._worst is None:
            self._worst = costliest(self.reviewer.decisions, self.reviewer.review, self.side)
        return self._worst
