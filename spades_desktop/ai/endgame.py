"""The normal player's last cards (issue 43): with five cards or fewer in hand, a small search.

The club player's habits (``card_play``) lose the most points in a hand's last tricks (the review's
judge, 24 self-play games: 13 points a hand, the second costliest kind of decision after the bids),
most where an opponent's nil is still alive and the habits ruff or follow low, spending the very card
that could force the nil over.  So the last cards are chosen as the hard player chooses them, on a
handful of its sampled worlds (``world_search.WorldSearch``: the unseen cards dealt to fit the voids
shown, the cards played and the nil bids), each solved exactly with three cards or fewer
(``world_search.EXACT_CARDS``) and played out by the habits with four or five, scored as
the hard player scores its leaves (``evaluation``: the chance of winning the game after the hand,
where a table serves).  The habits' card stands unless some card beats it over the same worlds
by more than ``MARGIN`` points a world: a few worlds are noisy, and a tie is no reason to leave
the habit.

Five cards, not three, since issue 55: over 1,000 duplicate game pairs against the player that
searched its last three, the last five won 0.530 [0.515, 0.546] of the games (four: 0.521, six:
0.525), with 1.9 points a hand more and 0.12 fewer bags; its decisions take p95 2.1 ms against 0.7.
Solving four-card worlds exactly too (``EXACT_CARDS`` 4) won nothing more for it (0.501 of 1,000
pairs) and took up to 400 ms a decision in cutthroat.
"""

from __future__ import annotations

import random

from ..engine.view import SeatView
from . import world_search

ENDGAME_CARDS = 5  # with this many cards in hand or fewer, the search decides
WORLDS = 16  # worlds per decision at most (a two-card world costs a tenth of a three-card one)
MIN_WORLDS = 3  # worlds per decision at least
# After this many worlds the search stops when no card has done better than the habits' card in any
# of them (most last cards take the same tricks whichever is played)
SETTLED_WORLDS = 4
# Positions scored over all the worlds, beyond which no further world is started: a three-card lead
# in cutthroat takes a dozen milliseconds a world, a two-card decision a tenth of one.  Counted, not
# timed, so a decision repeats exactly under a seed.
LEAF_BUDGET = 300
MARGIN = 2.0  # points a world a card must gain over the habits' card to replace it


class _CountedSearch(world_search.WorldSearch):
    """The hard player's worlds, counting the finished positions the exact search scores."""

    leaves = 0

    def evaluate(self, tricks: list[int]) -> float:
        self.leaves += 1
        return super().evaluate(tricks)


def _candidates(view: SeatView) -> list[int]:
    """The hard player's candidates (once the contract is made, a partner's winning card is not
    overtaken to dodge an overtrick: a partner watching it stops trusting the computer), which are
    every legal card while an opponent's nil is alive: taking over the trick may be what sets the nil."""
    return world_search.candidates(view, list(view.legal_actions))


def endgame_card(view: SeatView, rng: random.Random, habit: int) -> int:
    """The card to play with ``ENDGAME_CARDS`` cards or fewer in hand: ``habit`` (the club player's
    card) unless the sampled worlds (solved exactly, or played out with four or five cards) find a
    better one."""
    legal = world_search.distinct_cards(view, _candidates(view))
    if (view.hand or 0).bit_count() > ENDGAME_CARDS or len(legal) < 2:
        return habit
    if habit not in legal:
        legal.append(habit)  # an equal of a standing card (the same tricks), or outside the candidates
    search = _CountedSearch(view, legal)
    seed = rng.getrandbits(40)
    totals = dict.fromkeys(legal, 0.0)
    worlds = 0
    better = False  # some card did better than the habits' card in some world
    while worlds < WORLDS and (worlds < MIN_WORLDS or search.leaves < LEAF_BUDGET):
        if worlds == SETTLED_WORLDS and not better:
            return habit
        values = search.world(seed, worlds)
        worlds += 1
        better = better or max(values.values()) > values[habit]
        for card, value in values.items():
            totals[card] += value
    best = max(legal, key=lambda c: (totals[c], c == habit, -c))
    return best if totals[best] - totals[habit] > MARGIN * worlds else habit
