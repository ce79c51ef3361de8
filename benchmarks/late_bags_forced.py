"""How many of partner_trust's ``late_set_or_bag`` tricks the side could have given away (issue 55,
item 4's last target, and why it is not met).

The count is of tricks that brought a side's bags to the bag limit after its contract was made. A
player can only be blamed for one where a different card would have lost the trick. This plays the
same seeded games as ``benchmarks/partner_trust.py`` (its ``Counter``, so the count is the same
one) and sorts each such trick:

- ``avoidable``: some choice of the side's legal cards in that trick, the opponents' cards as
  played, gives the trick to an opponent (both partners' cards changed together);
- ``forced``: every choice of the side's cards still takes it. Only earlier tricks (ducking before
  the contract was safe) or the bid could have left it untaken.

Taking the opponents' cards as played is a first measure, not a proof: a different card early in
a trick could change the cards after it. Both are given per 1,000 hands, with the tricks in the
hand's last five (``in_last_five``: where the endgame search, which values cards by the game, plays).

Prints one JSON line ``{"hands": N, "level": ..., "late_set_or_bag": ..., "avoidable": ...,
"forced": ..., "avoidable_in_last_five": ..., "forced_in_last_five": ..., "crossings": n}``.

Run: ``python benchmarks/late_bags_forced.py [--level LEVEL] [--hands N] [--seed S] [--iterations I]``
(``--level``: normal, hard, or ``LEVEL@REF``, the players of an earlier commit)
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import partner_trust

from spades_desktop.engine import actions as A
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState

#: a trick with this many tricks done before it is one of the hand's last five (of 13)
LAST_FIVE_FROM = 8


def side_could_lose(cards: Sequence[int], seats: Sequence[Seat], trump: int | None,
                    legal: Mapping[Seat, Sequence[int]], side_of: Sequence[str], side: str) -> bool:
    """Whether some choice of ``side``'s legal cards in a finished trick (``cards`` in play order by
    ``seats``, the other side's as played) gives the trick to the other side."""
    mine = [i for i, seat in enumerate(seats) if side_of[seat] == side]
    for choice in itertools.product(*(legal[seats[i]] for i in mine)):
        trial = list(cards)
        for i, card in zip(mine, choice, strict=True):
            trial[i] = card
        winner, _ = partner_trust.winning(trial, tuple(seats), trump)
        if side_of[winner] != side:
            return True
    return False


class ForcedCounter(partner_trust.Counter):
    """partner_trust's counts, and each ``late_set_or_bag`` trick sorted as avoidable or forced."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.legal: dict[Seat, list[int]] = {}
        self.played: list[int] = []
        self.sorted = dict.fromkeys(("avoidable", "forced", "avoidable_in_last_five", "forced_in_last_five"), 0)

    def card(self, state: GameState, seat: Seat, card: int) -> None:
        if not state.trick_cards:
            self.legal, self.played = {}, []
        self.legal[seat] = [a for a in state.legal_actions() if A.is_card(a)]
        self.played.append(card)
        super().card(state, seat, card)

    def trick_done(self, before: GameState, after: GameState) -> None:
        counted = self.counts["late_set_or_bag"]
        super().trick_done(before, after)
        if self.counts["late_set_or_bag"] == counted:
            return
        taker = next(s for s in after.seats if after.tricks[s] > before.tricks[s])
        seats = before.play_order[before.leader]
        avoidable = side_could_lose(self.played, seats, before.trump, self.legal, before.side_of,
                                    before.side_of[taker])
        kind = "avoidable" if avoidable else "forced"
        self.sorted[kind] += 1
        if before.trick_count >= LAST_FIVE_FROM:
            self.sorted[f"{kind}_in_last_five"] += 1


def run(level: str, hands: int, seed: int, iterations: int) -> dict[str, float | int | str]:
    counter = ForcedCounter(seed)
    counts = partner_trust.play(level, hands, seed, iterations, counter)
    per = 1000 / max(1, counter.hands)
    return {"hands": counter.hands, "level": str(level), "late_set_or_bag": counts["late_set_or_bag"],
            **{k: round(v * per, 1) for k, v in counter.sorted.items()},
            "crossings": counter.counts["late_set_or_bag"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", help="normal, hard, or LEVEL@REF (an earlier commit's)")
    parser.add_argument("--hands", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=60, help="worlds a hard decision")
    args = parser.parse_args()
    print(json.dumps(run(args.level, args.hands, args.seed, args.iterations)))


if __name__ == "__main__":
    main()
