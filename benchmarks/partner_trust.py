"""A partner people trust (issue 55, item 4): how often the computer players do what a partner
complains of, counted per 1,000 hands.

Seeded partnership games under the standard rules, all four seats at one level (normal, then
hard), each seat judged as its partner's partner.  Counted, per 1,000 hands (``hands`` is how many
hands each level played):

- ``overtook_partner_winner``: last to play, the partner's card winning the trick, the seat played
  a card that beat it while a legal card that kept the partner winning was there (this and the next
  two leave out a partner's nil still clean, as to take its trick over is to cover it, and the
  seat's own clean nil, which sheds its high cards under the partner's);
- ``trumped_partner_winner``: last to play, the partner winning a trick of a side suit, the seat
  trumped over the partner's card while a card of another suit (a discard) was legal;
- ``nil_left_uncovered``: the partner bid nil, has taken no trick yet, and its card is winning the
  trick; the seat, later to play, held a legal card that beat it and played one that did not, the
  nil took the trick, and the judge (``ai.judge.assess``, the hint's and the review's judgement,
  over ``JUDGE_WORLDS`` deals) prefers a covering card at that position: a cover every line of
  play would have broken anyway, or one that costs more than the nil is worth, is not counted;
- ``nil_beside_nil``: a nil bid by a seat whose partner had bid nil already (blind nils included);
- ``trump_wasted``: last to play, the partner winning (the trick the side's already), the seat
  played a trump of jack or higher while a lower legal card was there;
- ``late_set_or_bag``: a trick taken after the side's contract was made that brought its bags to
  the bag limit (the penalty), or a contract set after the side had made it (a nil partner's
  tricks: not possible under the standard rules, counted for the house rules where it is).

Prints one JSON line ``{"hands": N, "normal": {...}, "hard": {...}}``.  The hard players search a
fixed ``--iterations`` worlds a decision (the real budget's result varies with the machine).

Run: ``python benchmarks/partner_trust.py [--hands N] [--seed S] [--iterations I] [--baseline REF]``
(``--baseline``: the same counts for the players of an earlier commit, ``normal@REF`` and ``hard@REF``
as spades-sim plays them, for the before-and-after tables)
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_desktop.ai.judge import assess
from spades_desktop.ai.partner_rules import HIGH_TRUMP_RANK
from spades_desktop.ai.players import Level
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import SUIT_OF, card_rank
from spades_desktop.engine.phase import Phase
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.engine.view import SeatView
from spades_desktop.sim_levels import make_player, prepare, split_level

KEYS = ("overtook_partner_winner", "trumped_partner_winner", "nil_left_uncovered", "nil_beside_nil",
        "trump_wasted", "late_set_or_bag")
PARTNER = {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}
#: deals the judge weighs an uncovered nil's position over: fewer than the hint's own number (24 to
#: 200 by the position), as the benchmark asks the judge only where the nil took the trick
JUDGE_WORLDS = 32


def winning(cards: list[int], seats: tuple[Seat, ...], trump: int | None) -> tuple[Seat, int]:
    """The seat whose card wins the trick so far, and that card."""
    led = SUIT_OF[cards[0]]
    best = max(range(len(cards)), key=lambda i: (SUIT_OF[cards[i]] == trump, SUIT_OF[cards[i]] == led, cards[i]))
    return seats[best], cards[best]


def beats(card: int, best: int, led: int, trump: int | None) -> bool:
    """``card`` played now takes the trick from ``best``."""
    if SUIT_OF[card] == SUIT_OF[best]:
        return card > best
    return SUIT_OF[card] == trump and SUIT_OF[best] != trump


@dataclass(frozen=True)
class Uncovered:
    """A partner's nil left uncovered: checked once the trick is done (did the nil take it, and would
    the judge have covered)."""

    nil_seat: Seat
    trick: int
    view: SeatView  # the position of the seat that did not cover
    covers: frozenset[int]  # its legal cards that beat the nil's


class Counter:
    def __init__(self, seed: int = 0) -> None:
        self.counts = dict.fromkeys(KEYS, 0)
        self.hands = 0
        self.watch: list[Uncovered] = []  # uncovered nils of this trick, to check when it is done
        self.seed = seed
        self.judged = 0  # positions the judge was asked about (each on its own seed)

    def judge_covers(self, uncovered: Uncovered) -> bool:
        """Whether the judge's preferred card at the uncovered position covers the nil."""
        self.judged += 1
        best = assess(uncovered.view, self.seed * 1_000_003 + self.judged, JUDGE_WORLDS).best
        return best in uncovered.covers

    def card(self, state: GameState, seat: Seat, card: int) -> None:
        cards = list(state.trick_cards)
        if not cards:
            return
        seats = state.play_order[state.leader][:len(cards)]
        winner, best = winning(cards, seats, state.trump)
        partner = PARTNER[seat]
        if winner != partner or (state.bids[seat] == 0 and state.tricks[seat] == 0):
            return  # (a nil bidder still clean ducks under its partner's card: no overtake, no waste)
        led, trump = SUIT_OF[cards[0]], state.trump
        legal = [a for a in state.legal_actions() if A.is_card(a)]
        last = len(cards) == state.n_players - 1
        keeps = [c for c in legal if not beats(c, best, led, trump)]
        covers = [c for c in legal if beats(c, best, led, trump)]
        if state.bids[partner] == 0 and state.tricks[partner] == 0:
            # a nil still clean: covering it is the partner's wish, not taking its trick over
            if covers and card not in covers:
                self.watch.append(Uncovered(partner, state.trick_count, state.view(seat), frozenset(covers)))
            return
        if not last:
            return
        if beats(card, best, led, trump) and keeps:
            self.counts["overtook_partner_winner"] += 1
        if (SUIT_OF[card] == trump and led != trump and beats(card, best, led, trump)
                and any(SUIT_OF[c] != trump for c in legal)):
            self.counts["trumped_partner_winner"] += 1
        if (SUIT_OF[card] == trump and card_rank(card) >= HIGH_TRUMP_RANK
                and any(c != card and (SUIT_OF[c] != trump or c < card) for c in legal)):
            self.counts["trump_wasted"] += 1

    def bid(self, state: GameState, seat: Seat, action: int) -> None:
        nil = action in (A.NIL, A.BLIND_NIL)
        if nil and state.bids[PARTNER[seat]] == 0:
            self.counts["nil_beside_nil"] += 1

    def trick_done(self, before: GameState, after: GameState) -> None:
        """After a trick: an uncovered nil that took it; a bag at the limit after the contract was made."""
        taker = next((s for s in after.seats if after.tricks[s] > before.tricks[s]), None)
        if taker is None:
            return
        for uncovered in self.watch:
            if uncovered.trick == before.trick_count and taker == uncovered.nil_seat and self.judge_covers(uncovered):
                self.counts["nil_left_uncovered"] += 1
        self.watch = [w for w in self.watch if w.trick > before.trick_count]
        side = before.side_of[taker]
        members = before.sides[side]
        contract = sum(before.bids[s] or 0 for s in members if before.bids[s])
        won_before = sum(before.tricks[s] for s in members if before.bids[s])
        limit = before.rules.bag_limit
        if contract and won_before >= contract and before.bags[side] + won_before - contract + 1 == limit:
            self.counts["late_set_or_bag"] += 1


def play(level: str, hands: int, seed: int, iterations: int, counter: Counter | None = None) -> dict[str, float]:
    """The counts per 1,000 hands of ``hands`` hands at ``level`` (a ``Level``, or ``LEVEL@REF``:
    the players of an earlier commit, as spades-sim plays them; ``counter``: one that counts more,
    as ``late_bags_forced`` does; a fresh ``Counter`` by default)."""
    counter = Counter(seed) if counter is None else counter
    spec = str(level)
    hard = split_level(spec)[0] is Level.HARD
    prepare([spec])
    game = 0
    while counter.hands < hands:
        state = GameState.new_game(HouseRules(), seed * 1000 + game)[0]
        kwargs = {"iterations": iterations} if hard else {}
        players = {s: make_player(spec, seed=(seed * 1000 + game) * 10 + int(s), **kwargs) for s in state.seats}
        game += 1
        while not state.is_terminal() and counter.hands < hands:
            seat = state.turn
            assert seat is not None
            action = players[seat].decide(state.view(seat))
            if state.phase is Phase.PLAY:
                counter.card(state, seat, action)
                finishing = len(state.trick_cards) == state.n_players - 1
                before = state.clone() if finishing else None
            else:
                if state.phase is Phase.BIDDING:
                    counter.bid(state, seat, action)
                before = None
            hand = state.hand_number
            state.apply(action, seat=seat)
            if before is not None:
                counter.trick_done(before, state)
            if state.hand_number != hand or state.is_terminal():
                counter.hands += 1
                counter.watch = []
    per = 1000 / max(1, counter.hands)
    return {**{k: round(v * per, 1) for k, v in counter.counts.items()}, "hands": counter.hands}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands each level plays")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=60, help="worlds a hard decision")
    parser.add_argument("--baseline", metavar="REF",
                        help="count the players of git revision REF instead (normal@REF, hard@REF)")
    args = parser.parse_args()
    at = f"@{args.baseline}" if args.baseline else ""
    out = {"hands": args.hands,
           "normal": play(f"normal{at}", args.hands, args.seed, args.iterations),
           "hard": play(f"hard{at}", args.hands, args.seed, args.iterations)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
