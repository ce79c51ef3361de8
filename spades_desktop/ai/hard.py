"""The hard computer player: determinized Monte Carlo search over the hidden cards.

Each iteration samples the unseen cards into the other hands consistently with
everything the seat knows (cards played, voids shown, bids made), then plays every
candidate card still in the race in that world to the end of the hand with the fast playout
core and scores the result by the real scoring rules (the clearly worse cards are dropped at
fixed world counts: ``card_race``).  The search is anytime: a generator
that yields after each world, so the caller can stop it when the budget ends (or
slice it across frames).  Bids are chosen by their expected score over sampled
deals (``hard_bids``).  Other decisions use the normal player's judgement.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from itertools import pairwise

from ..engine.rule_values import Mode
from ..engine.state import Phase
from ..engine.view import SeatView
from . import hard_bids, normal
from .world_search import WorldSearch, candidates, card_values, combine_worlds, distinct_cards

MIN_WORLDS = 12
PRIOR_MARGIN = 4.0  # points per hand


def card_search(view: SeatView, rng: random.Random, halving: bool = True) -> Generator[int, None, None]:
    """Anytime search for a card: yields the best card so far after each sampled world.
    ``halving``: race the candidates (``card_race``), else search every candidate in every world
    (the search before issue 26 item 6, kept to measure one against the other)."""
    legal, prior = card_plan(view, rng)
    yield prior  # a sound answer even if stopped at once (the only card, if there is one)
    if len(legal) == 1:
        return
    if halving:
        yield from card_race(view, rng, legal, prior)
        return
    for totals, worlds in card_values(view, rng, legal):
        yield choose_card(legal, prior, totals, worlds)


def card_plan(view: SeatView, rng: random.Random) -> tuple[list[int], int]:
    """The cards worth searching and the normal player's card (always among them), as
    ``card_search`` starts: for a search shared out among worker processes."""
    legal = distinct_cards(view, candidates(view, list(view.legal_actions)))
    if len(legal) == 1:
        return legal, legal[0]
    # the normal player's card with its own search of the last five cards: the prior the search must
    # beat by PRIOR_MARGIN, so a better one is worth most where the worlds disagree (the habits alone
    # as the prior: -0.54 points of win chance a hand [-0.98, -0.10] over 800 real-state deals)
    prior = normal.decide(view, rng)
    return (legal if prior in legal else [*legal, prior]), prior


def choose_card(legal: list[int], prior: int, totals: dict[int, float], worlds: int) -> int:
    """The best card over the worlds searched.  The search is trusted over the normal player's
    judgement only once it has seen enough worlds and the gain is clear; a few noisy samples
    should not overrule it.  ``totals``: each card of ``legal`` (``prior`` among them) summed over
    the same ``worlds`` worlds; a race passes its survivors, the only cards searched in every world
    (a total over fewer worlds is not comparable)."""
    best = max(legal, key=lambda c: (totals[c], -c))
    if not worlds:
        return prior
    margin = (totals[best] - totals[prior]) / worlds
    return best if worlds >= MIN_WORLDS and margin > PRIOR_MARGIN else prior


# Successive halving (issue 26 item 6).  A wide decision (the opening lead: up to 13 candidates,
# each played out over 13 tricks) took 3.4-3.7 times its hand's median decision at a fixed number
# of worlds.  Some of its candidates are clearly worse than the best after a few dozen worlds, so
# the race searches every candidate on the worlds below RACE_ROUNDS[0], drops the clearly worse,
# goes on with the survivors, and drops again at each later index of RACE_ROUNDS (the standard
# error shrinks as the worlds grow, so later rounds drop cards that were too close to call at first).
# The rounds are by world index, so a fixed number of worlds gives the same decision in one
# process and shared among worker processes.
RACE_ROUNDS = (64, 128, 256, 384)
MIN_RACE_WORLDS = 32  # fewer worlds than this (a round cut short by time) drop nothing
DROP_ERRORS = 3.0  # a card is dropped when its mean loss to the leader, paired world by world, is
DROP_GAP = 5.0  # more than this many standard errors of that mean, and more than this many points


def clearly_worse(losses: list[float]) -> bool:
    """Whether a card's losses to the leader, one per world both were searched in, show it worse
    beyond noise: the mean loss is more than DROP_ERRORS standard errors and more than DROP_GAP
    points.  Paired on the same deals, the deal's own luck (most of a world's value) cancels out.
    A card that is only a few points worse is kept: the race saves time on hopeless cards and
    should not decide between close ones on a few dozen worlds."""
    n = len(losses)
    if n < MIN_RACE_WORLDS:
        return False
    mean = sum(losses) / n
    variance = sum((x - mean) ** 2 for x in losses) / (n - 1)
    return mean > DROP_GAP and mean * mean * n > DROP_ERRORS * DROP_ERRORS * variance


def survivors(alive: list[int], prior: int, per_world: dict[int, dict[int, float]]) -> list[int]:
    """The cards of ``alive`` that stay in the race: the leader (best total over the worlds, which
    every alive card was searched in), the normal player's card (``choose_card`` weighs the leader
    against it over the same worlds) and every card not clearly worse than the leader.  Only the
    worlds' values decide, added in index order: the same worlds give the same survivors in one
    process or shared among several."""
    worlds = sorted(per_world)
    totals = combine_worlds(alive, per_world)
    leader = max(alive, key=lambda c: (totals[c], -c))
    return [card for card in alive if card in (leader, prior)
            or not clearly_worse([per_world[i][leader] - per_world[i][card] for i in worlds])]


class Race:
    """A card decision's candidates racing over its worlds (successive halving): the worlds must be
    added in index order, each with the values of exactly the cards alive then."""

    def __init__(self, legal: list[int], prior: int) -> None:
        self.alive = list(legal)
        self.prior = prior
        self.per_world: dict[int, dict[int, float]] = {}
        self.totals = dict.fromkeys(legal, 0.0)  # the alive cards' sums, kept as the worlds come
        self.playouts = 0  # cards searched in a world, over all worlds (what the race saves)
        self.last = -1  # the index of the last world added

    def add(self, index: int, values: dict[int, float]) -> None:
        assert index > self.last, "worlds are added in index order"
        self.last = index
        self.per_world[index] = values
        for card in self.alive:
            self.totals[card] += values[card]
        self.playouts += len(values)

    def prune(self) -> None:
        """Drop the clearly worse cards (at the end of a round)."""
        self.alive = survivors(self.alive, self.prior, self.per_world)
        self.totals = {card: self.totals[card] for card in self.alive}

    @property
    def settled(self) -> bool:
        """One card left: more worlds cannot change the decision."""
        return len(self.alive) == 1

    def choice(self) -> int:
        """The card the worlds so far choose, among the survivors (searched in every world)."""
        return choose_card(self.alive, self.prior, self.totals, len(self.per_world))


def card_race(view: SeatView, rng: random.Random, legal: list[int],
              prior: int) -> Generator[int, None, None]:
    """The anytime card search with successive halving: worlds 0, 1, 2, ... on the cards still in
    the race, the clearly worse dropped when a round of RACE_ROUNDS ends; yields the chosen card
    after each world and stops once one card is left.  The worlds are those of ``card_values``
    (same seed draw), and the same seed and number of worlds give the same card every time."""
    search = WorldSearch(view, legal)
    seed = rng.getrandbits(40)
    race = Race(legal, prior)
    index = 0
    while True:
        race.add(index, search.world(seed, index, race.alive))
        index += 1
        if index in RACE_ROUNDS:
            race.prune()
        yield race.choice()
        if race.settled:
            return


def race_rounds(count: int | None) -> list[tuple[int, int | None]]:
    """The rounds of a race as world index ranges [start, stop): to ``count`` worlds in all, or
    (None) the last round open-ended, searched for the time left."""
    bounds = [0, *RACE_ROUNDS]
    rounds: list[tuple[int, int | None]] = list(pairwise(bounds))
    rounds.append((bounds[-1], None))
    if count is None:
        return rounds
    return [(a, min(b, count) if b is not None else count) for a, b in rounds if a < count]


def search(view: SeatView, rng: random.Random, halving: bool = True) -> Generator[int, None, None]:
    """The hard player's anytime decision for any phase (``halving``: see ``card_search``)."""
    if view.phase is Phase.PLAY:
        yield from card_search(view, rng, halving)
    elif view.phase is Phase.BIDDING and view.rules.mode != Mode.AUCTION:
        yield from hard_bids.bid_search(view, rng)
    else:
        yield normal.decide(view, rng)
