"""The deals the judge weighs a position over (issue 38): each on its own seed, so any share of
them can be searched in any process and put together in index order to the same last bit.

A card position: every distinct legal card (the lowest of a run of equals stands for the run) in
sampled world ``i`` of the hard search (``world_search.WorldSearch``, paired playouts: every card's playout
draws the same random numbers, so a difference between two cards is the cards' and not the dice's),
its value (points only: the hand's score, no bonus for winning the game) and what the seat's side
came to.  A bid position's deals are ``judge_bids``' (issue 55: the bids still to come made in each
deal by the players, the hands valued by the game).

How many deals: a fixed number for the position (``judge_samples``), the same for the hint, the
play checker and the review, sized so that one worker judges the widest position in about a third
of a second.  No pygame, no files.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..engine.state import Phase
from ..engine.view import SeatView
from . import world_search
from .evaluation import HandEvaluator
from .playout import play_card, playout
from .win_chance import win_chance

#: an outcome of one deal for the seat's side: (its tricks, made its contract, kept every nil, set
#: some rival side, its chance of winning the game after the hand, the hand's points against the best
#: rival's); None where it means nothing (no contract, no nil, rivals without a contract, no
#: win-chance table for these rules)
Outcome = tuple[int, bool | None, bool | None, bool | None, float | None, float]

#: the time one judgement may take in one worker, in milliseconds of an idle core (two-core machine,
#: 2024), by the cost model of ``world_ms``: the hint must be on screen within half a second
JUDGE_MS = 300.0
MIN_WORLDS = 24  # the fewest worlds a card position is judged over (the widest early decisions)
MAX_WORLDS = 200  # the most (a late, narrow position: more gives little)
BID_DEALS = 64  # deals a bid is judged over (each is one or two playouts of the whole hand)


def card_choices(view: SeatView) -> dict[int, int]:
    """Every legal card and the card that stands for it (itself, or the lowest of its run of
    equals: they take the same tricks whichever is played)."""
    legal = list(view.legal_actions)
    kept = world_search.distinct_cards(view, legal)
    stands: dict[int, int] = {}
    for card in sorted(legal):
        stands[card] = card if card in kept else stands[max(c for c in stands if c < card)]
    return stands


def world_ms(view: SeatView, candidates: int) -> float:
    """About how long one world of a card position takes (an idle core): drawing the deal, then
    each candidate played out over the cards left, or (the last cards) solved exactly."""
    cards = (view.hand or 0).bit_count()
    if cards <= world_search.EXACT_CARDS:
        return 2.0 + 6.0 * candidates
    return 1.0 + 0.03 * candidates * cards * len(view.seats)


def judge_samples(view: SeatView) -> int:
    """The number of deals a position is judged over: fixed by the position alone (never by the
    machine's speed), so the hint, the checker and the review see the same deals."""
    if view.phase is not Phase.PLAY:
        return BID_DEALS
    candidates = len(set(card_choices(view).values()))
    return max(MIN_WORLDS, min(MAX_WORLDS, int(JUDGE_MS / world_ms(view, candidates))))


def side_outcome(view: SeatView, evaluator: HandEvaluator, tricks: list[int]) -> Outcome:
    """What one deal came to for the seat's side (the reason a verdict gives)."""
    parts = {side: evaluator._breakdown(side, members, tricks) for side, members in view.sides.items()}
    mine = parts[view.my_side]
    rivals = [b for side, b in parts.items() if side != view.my_side]
    rival_set = None if all(b.made is None for b in rivals) else any(b.made is False for b in rivals)
    nils = all(n.made for n in mine.nils) if mine.nils else None
    won = win_chance(view.rules, {s: b.score_after for s, b in parts.items()},
                     {s: b.bags_after for s, b in parts.items()}, view.my_side)
    margin = mine.total - max(b.total for b in rivals)
    return mine.tricks, mine.made, nils, rival_set, won, float(margin)


class CardWorlds:
    """The worlds of one card position: ``world(i)`` is each standing card's value and outcome."""

    def __init__(self, view: SeatView, seed: int) -> None:
        self.view = view
        self.seed = seed
        self.cards = sorted(set(card_choices(view).values()))
        self.search = world_search.WorldSearch(view, self.cards, game_bonus=False, bids_all_hand=False)

    def world_steps(self, index: int) -> Generator[None, None, dict[int, tuple[float, Outcome]]]:
        """World ``index`` in one step (a card world is sized to a few milliseconds already)."""
        return self.world(index)
        yield  # a generator (``judge.JudgeJob`` steps bid deals a candidate at a time)

    def world(self, index: int) -> dict[int, tuple[float, Outcome]]:
        search, seed = self.search, self.seed
        found: dict[int, tuple[float, Outcome]] = {}
        base = None
        for card, (value, tricks) in search.outcomes(seed, index, paired=True).items():
            if tricks is None:  # solved exactly: a playout for what the side's hand came to
                base = base or search.sample(seed, index)[0]
                w = base.copy()
                play_card(w, search.me, card)
                salt = world_search.world_seed(seed, index) ^ world_search.PAIRED_PLAYOUTS
                tricks = playout(w, random.Random(salt).random)
            found[card] = (value, side_outcome(self.view, search.evaluator, tricks))
        return found
