"""The hard computer player: determinized Monte Carlo search over the hidden cards.

Each iteration samples the unseen cards into the other hands consistently with
everything the seat knows (cards played, voids shown, bids made), then plays every
candidate card still in the race in that world to the end of the hand with the fast playout
core and scores the result by the real scoring rules (the clearly worse cards are dropped at
fixed world counts: ``card_race``).  The playouts follow ``playout.guided_card``: side-suit
winners cashed, low leads, and no bag taken once every contract is made.  The search is anytime:
a generator that yields after each world, so the caller can stop it when the budget ends (or
slice it across frames).  Bids are chosen by their expected score over sampled
deals (``hard_bids``).  Other decisions use the normal player's judgement.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from itertools import pairwise

from ..engine import actions as A
from ..engine.cards import STANDARD_CARDS, SUIT_OF
from ..engine.consequences import first_lead_card
from ..engine.rule_values import BiddingStyle, Mode, SpadesLead
from ..engine.seats import Seat
from ..engine.state import Phase
from ..engine.view import SeatView
from . import card_play, hard_bids, normal
from .evaluation import HandEvaluator
from .exact import exact_value
from .handeval import estimate_tricks
from .knowledge import Knowledge, bid_weight, knowledge_from_view, sample_deal
from .playout import Policy, World, beating, guided_card, play_card, playout
from .situation import read_situation

MIN_WORLDS = 12
EXACT_CARDS = 3  # with this many cards left, search each sampled world exactly
PRIOR_MARGIN = 4.0  # points per hand


def world_from_view(view: SeatView, hands: list[int], nil_bits: int | None = None) -> World:
    seats = view.seats
    n = len(seats)
    next_seat = [0, 1, 2, 3]
    for i, s in enumerate(seats):
        next_seat[int(s)] = int(seats[(i + 1) % n])
    side_index = {side: i for i, side in enumerate(view.sides)}
    side = [0, 0, 0, 0]
    for name, members in view.sides.items():
        for s in members:
            side[int(s)] = side_index[name]
    if nil_bits is None:
        nil_bits = 0
        for s in seats:
            if view.bids[s] == 0 and view.tricks[s] == 0:
                nil_bits |= 1 << int(s)
    leader = int(view.current_trick[0][0]) if view.current_trick else int(view.turn if view.turn is not None
                                                                              else view.seat)
    trick_count = len(view.completed_tricks)
    contract = [0] * len(view.sides)
    for s in seats:
        bid = view.bids[s]
        if bid:
            contract[side[int(s)]] += bid
    return World(
        hands=hands,
        trick=[c for _, c in view.current_trick],
        leader=leader,
        trump=view.trump,
        broken=view.trump_broken,
        trick_count=trick_count,
        tricks=list(view.tricks),
        next_seat=tuple(next_seat),
        n_players=n,
        any_time=view.rules.spades_lead == SpadesLead.ANY_TIME,
        first_card=first_lead_card(view.rules, view.deck_mask),
        nil=nil_bits,
        side=tuple(side),
        contract=() if view.rules.mode == Mode.AUCTION else tuple(contract),
    )


def _weighted_sample(view: SeatView, k: Knowledge, rng: random.Random,
                     played: list[int] | None = None) -> list[int]:
    """A deal, re-drawn a few times when it fits the others' bids poorly.  ``played``: each seat's
    cards played so far this hand (``played_by_seat``); given, the nil bids go on weighing the deal
    after the first trick, each against the hand it was bid on (the cards sampled to the seat and
    those it has played), else the bids weigh it only until the first trick is done (the judge's
    worlds, as before issue 43)."""
    opponents = 1 if view.rules.mode == Mode.TWO_PLAYER else 2
    trump = view.trump if view.phase is Phase.PLAY else 3
    deck = view.deck_mask

    def est(hand: int, t: int | None) -> float:
        return estimate_tricks(hand, t, opponents, deck)

    hands = sample_deal(k, rng)
    counted_bids = view.rules.bidding_in_force in (BiddingStyle.WHIZ, BiddingStyle.MIRROR)
    if view.rules.mode == Mode.AUCTION or counted_bids or (view.completed_tricks and played is None):
        # whiz and mirror bids count spades, not tricks: the knowledge already deals each seat its
        # count; without ``played`` the play has revealed more than the bids: sampling stays cheap
        return hands
    others = [s for s in view.seats if s != view.seat]
    if view.completed_tricks:
        # in the play only the nil bids weigh the deal (no king or ace of spades in a nil hand: bits,
        # no trick estimate): weighing every bid made a world a third dearer to deal, fewer worlds
        # in the same time, and lost in play (issue 43: -2.77 points a hand [-7.8, 2.25], 300 deals)
        others = [s for s in others if view.bids[s] == 0 and not view.blind[s]]
        if not others:
            return hands
    for _ in range(4):
        if _fits_bids(view, others, hands, trump, est, rng.random(), played):
            return hands
        hands = sample_deal(k, rng)
    return hands


def played_by_seat(view: SeatView) -> list[int]:
    """Each seat's cards played so far this hand (the current trick's included), by seat index."""
    played = [0, 0, 0, 0]
    for trick in view.completed_tricks:
        for seat, card in trick.plays:
            played[int(seat)] |= 1 << card
    for seat, card in view.current_trick:
        played[int(seat)] |= 1 << card
    return played


def _fits_bids(view: SeatView, others: list[Seat], hands: list[int], trump: int | None,
               est: Callable[[int, int | None], float], draw: float, played: list[int] | None = None) -> bool:
    """Whether a deal is kept: ``draw`` below the product of the other seats' bid weights.  The
    weights are at most 1, so once the product so far is not above ``draw`` the deal is dropped
    without weighing the other hands (the same answer: the draw comes first, as it did after the
    weights, since weighing draws no random number; in the first trick about two deals in three are
    dropped, 3.5 drawn for each one kept)."""
    weight = 1.0
    for s in others:
        hand = hands[s] if played is None else hands[s] | played[s]
        weight *= bid_weight(hand, view.bids[s], view.blind[s], trump, est)
        if weight <= draw:
            return False
    return draw < weight


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
    legal = distinct_cards(view, _candidates(view, list(view.legal_actions)))
    if len(legal) == 1:
        return legal, legal[0]
    prior = normal.decide(view, rng, endgame=False)
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


PAIRED_PLAYOUTS = 0x5EED  # the salt of the random numbers every card's playout shares (``outcomes``)


def world_seed(seed: int, index: int) -> int:
    """The seed of sampled world ``index`` of a decision: a world is the same whichever process
    searches it, so the same position, seed and number of worlds give the same decision however
    the worlds are shared out among worker processes."""
    return seed * 1_000_003 + index


class WorldSearch:
    """Sampled worlds of one card decision, each searched on its own seed (``world_seed``)."""

    def __init__(self, view: SeatView, legal: list[int], game_bonus: bool = True, bids_all_hand: bool = True,
                 policy: Policy = guided_card) -> None:
        """``bids_all_hand``: the worlds fit the nil bids all through the play (``_weighted_sample``);
        False, the bids only in the first trick (the review's judge, as before issue 43).
        ``policy``: how the playouts choose their cards (the judge keeps ``policy_card``)."""
        self.policy = policy
        self.view = view
        self.played = played_by_seat(view) if bids_all_hand else None
        self.legal = legal
        self.knowledge = knowledge_from_view(view)
        self.evaluator = HandEvaluator(view, game_bonus=game_bonus)
        self.me = int(view.seat)
        self.exact = (view.hand or 0).bit_count() <= EXACT_CARDS
        self.memo: dict[tuple[int, ...], float] = {}
        self.template = world_from_view(view, [0, 0, 0, 0])  # everything but the hands, read once
        self.my_side = self.template.side[self.me]
        self.solved: dict[tuple[int, ...], float] = {}  # (the world's hands, the card) -> its exact value

    def evaluate(self, tricks: list[int]) -> float:
        key = tuple(tricks)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self.evaluator.value(tricks)
        return value

    def sample(self, seed: int, index: int) -> tuple[World, random.Random]:
        """World ``index``: the position with the unseen cards dealt, and the generator its
        playouts go on drawing from."""
        rng = random.Random(world_seed(seed, index))
        base = self.template.copy()
        base.hands = _weighted_sample(self.view, self.knowledge, rng, self.played)
        return base, rng

    def world(self, seed: int, index: int, cards: list[int] | None = None) -> dict[int, float]:
        """Each candidate card's value in world ``index`` (of ``cards`` only, if given: a race's
        survivors)."""
        return {card: value for card, (value, _) in self.outcomes(seed, index, cards=cards).items()}

    def outcomes(self, seed: int, index: int, paired: bool = False,
                 cards: list[int] | None = None) -> dict[int, tuple[float, list[int] | None]]:
        """Each candidate card's value in world ``index``, and the tricks of its playout (None where
        the world is solved exactly).  ``paired``: every card's playout draws the same random
        numbers, so two cards that lead to the same position score the same, and a difference
        between two cards is the cards' and not the dice's (the review's judge compares that way).
        ``cards``: these of the candidates only, in their order (default all of them)."""
        base, rng = self.sample(seed, index)
        found: dict[int, tuple[float, list[int] | None]] = {}
        for card in self.legal if cards is None else cards:
            w = base.copy()
            play_card(w, self.me, card)
            if self.exact:
                # late in a hand few deals of the unseen cards are left, so sampled worlds repeat:
                # a world and card solved before is not searched again
                position = (*base.hands, card)
                value = self.solved.get(position)
                if value is None:
                    value = self.solved[position] = exact_value(w, self.my_side, self.evaluate)
                found[card] = (value, None)
            else:
                draw = random.Random(world_seed(seed, index) ^ PAIRED_PLAYOUTS).random if paired else rng.random
                tricks = playout(w, draw, policy=self.policy)
                found[card] = (self.evaluate(tricks), tricks)
        return found


def card_values(view: SeatView, rng: random.Random,
                legal: list[int]) -> Generator[tuple[dict[int, float], int], None, None]:
    """Each card's value summed over sampled worlds 0, 1, 2, ..., and the number of worlds, after
    each world (the search picks the best; the play checker also weighs the person's own card)."""
    search = WorldSearch(view, legal)
    seed = rng.getrandbits(40)
    totals = dict.fromkeys(legal, 0.0)
    worlds = 0
    while True:
        for card, value in search.world(seed, worlds).items():
            totals[card] += value
        worlds += 1
        yield totals, worlds


def combine_worlds(legal: list[int], per_world: dict[int, dict[int, float]]) -> dict[int, float]:
    """Totals over worlds searched apart (in worker processes), added in the worlds' order as one
    process adds them, so the sums are the same to the last bit.  Cards not in ``legal`` (a race's
    dropped cards, in the worlds before they were dropped) are left out."""
    totals = dict.fromkeys(legal, 0.0)
    for index in sorted(per_world):
        for card, value in per_world[index].items():
            if card in totals:
                totals[card] += value
    return totals


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


def distinct_cards(view: SeatView, legal: list[int]) -> list[int]:
    """One card of each run of equals: two cards of a suit with no card between them that is still
    live (each card between is in this hand, or was played in an earlier trick, or is out of play)
    take the same tricks whichever is played, so searching both is the same work twice.  The lowest of a run
    stands for it.  On the opening lead of a hand this halves the candidates about one time in
    three, and the widest decisions were the ones that took longest (issue 26 item 6)."""
    live = view.unseen  # cards between two of mine that make them differ: held by another seat,
    for _, card in view.current_trick:  # or already in this trick (the one to beat may lie between)
        live |= 1 << card
    kept: list[int] = []
    previous = -1
    for card in sorted(legal):
        equal = (A.is_card(card) and previous >= 0 and card < STANDARD_CARDS and card // 13 == previous // 13
                 and not live & ((1 << card) - (1 << (previous + 1))))
        if not equal:
            kept.append(card)
        previous = card
    return [card for card in legal if card in kept]


def _candidates(view: SeatView, legal: list[int]) -> list[int]:
    """The cards worth searching.  Once the side's contract is made, a partner's card winning
    the trick is never overtaken or trumped when a card that ducks it is held: taking over
    gains the side nothing in this trick, and a partner watching it happen stops trusting the
    computer (in matches against other bots the search did it to dodge a later overtrick 21 times
    in 498 such decisions).  Setting the opponents, when worth the bags, leaves the search free, and
    so does an opponent's nil still alive: taking the trick over (the lead it brings) may be what
    sets the nil, worth far more than a bag."""
    sit = read_situation(view)
    if (not sit.trick or sit.partner is None or sit.best_seat != sit.partner or sit.partner_nil
            or sit.best_card is None or card_play.wants_tricks(sit)
            or any(s not in (sit.me, sit.partner) for s in sit.nil_alive)):
        return legal
    mask = 0
    for card in legal:
        mask |= 1 << card
    wins = beating(mask, sit.best_card, SUIT_OF[sit.trick[0][1]], sit.trump)
    ducks = [c for c in legal if not wins >> c & 1]
    return ducks or legal


def search(view: SeatView, rng: random.Random, halving: bool = True) -> Generator[int, None, None]:
    """The hard player's anytime decision for any phase (``halving``: see ``card_search``)."""
    if view.phase is Phase.PLAY:
        yield from card_search(view, rng, halving)
    elif view.phase is Phase.BIDDING and view.rules.mode != Mode.AUCTION:
        yield from hard_bids.bid_search(view, rng)
    else:
        yield normal.decide(view, rng)
