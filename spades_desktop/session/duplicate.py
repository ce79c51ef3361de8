"""Duplicate scoring: a player's hands set beside the same hands played by the computer in the
player's seat (the daily deal's par, and the duplicate score of any finished game's review).

Pure data and words, no pygame: ``hand_scores`` reads a played game's hands from the player's
seat; ``compare`` sets two such runs hand by hand.  The par's own hands are played by
``session/par.py`` (off the window's thread).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import actions as A
from ..engine.hand_result import HandResult
from ..engine.seats import Seat
from ..engine.state import GameState


@dataclass(frozen=True)
class HandScore:
    """One hand from one seat: the seat's bid ('4', 'nil', 'blind nil', 'pass' in an auction), the
    tricks the seat took, and the points its side scored in the hand."""

    hand: int
    bid: str
    tricks: int
    points: int


@dataclass(frozen=True)
class HandComparison:
    hand: int
    yours: HandScore
    par: HandScore

    @property
    def difference(self) -> int:
        """Your points less par's: above zero, you did better than the computer with your cards."""
        return self.yours.points - self.par.points


@dataclass(frozen=True)
class Comparison:
    hands: tuple[HandComparison, ...]

    @property
    def total(self) -> int:
        return sum(h.difference for h in self.hands)

    @property
    def yours(self) -> int:
        return sum(h.yours.points for h in self.hands)

    @property
    def par(self) -> int:
        return sum(h.par.points for h in self.hands)

    def widest(self) -> HandComparison | None:
        """The hand where you and par differ most (the first of equals), None if none differ."""
        differing = [h for h in self.hands if h.difference]
        return max(differing, key=lambda h: abs(h.difference)) if differing else None


def hand_scores(state: GameState, seat: Seat, first: int = 1, count: int | None = None) -> list[HandScore]:
    """The scored hands ``first`` onward (``count`` of them at most) as ``seat`` played them."""
    side = state.side_of[seat]
    scores = []
    for result in state.hand_history:
        if result.hand_number < first or (count is not None and result.hand_number >= first + count):
            continue
        scores.append(HandScore(result.hand_number, seat_bid(result, seat), seat_tricks(result, seat),
                                result.breakdown[side].total))
    return scores


def seat_bid(result: HandResult, seat: Seat) -> str:
    """The seat's last bid or call in the hand, in the table's words."""
    said = [action for s, action in result.bids if s == seat]
    if not said:
        return ""
    action = said[-1]
    if action == A.BLIND_NIL:
        return "blind nil"
    if action == A.PASS:
        return "pass"
    value = A.bid_value(action)
    return "nil" if value == 0 else str(value)


def seat_tricks(result: HandResult, seat: Seat) -> int:
    return result.tricks[seat]


def compare(yours: list[HandScore], par: list[HandScore]) -> Comparison:
    """The hands both played, side by side (a hand only one of them finished is left out)."""
    by_hand = {score.hand: score for score in par}
    return Comparison(tuple(HandComparison(s.hand, s, by_hand[s.hand]) for s in yours if s.hand in by_hand))


def total_words(total: int) -> str:
    """'+23 over par', '31 under par', 'level with par'."""
    if total > 0:
        return f"+{total} over par"
    if total < 0:
        return f"{-total} under par"
    return "level with par"
