"""A finished hand, trick by trick, for the replay screen (no pygame: tested on its own).

Step 0 is the hands as play began (after any exchange), with the bids; step k is the table after
the k-th trick: what each seat still holds, that trick's cards with its leader and winner, and
the tricks each seat has won so far.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import cards_of
from ...engine.hand_result import HandResult
from ...engine.seats import Seat


@dataclass(frozen=True)
class ReplayStep:
    trick: int  # 0 before the first trick
    hands: dict[Seat, tuple[int, ...]]
    played: tuple[tuple[Seat, int], ...]  # the trick just completed, in the order played
    leader: Seat | None
    winner: Seat | None
    won: dict[Seat, int]


def replay_steps(result: HandResult) -> list[ReplayStep]:
    seats = result.seats
    held = {seat: set(cards_of(result.hands[seat])) for seat in seats}
    won = dict.fromkeys(seats, 0)
    steps = [ReplayStep(0, {s: tuple(sorted(held[s])) for s in seats}, (), None, None, dict(won))]
    for number, (leader, order, cards, winner) in enumerate(result.tricks_played, start=1):
        for seat, card in zip(order, cards, strict=False):
            held[seat].discard(card)
        won[winner] += 1
        steps.append(ReplayStep(number, {s: tuple(sorted(held[s])) for s in seats},
                                tuple(zip(order, cards, strict=False)), leader, winner, dict(won)))
    return steps
