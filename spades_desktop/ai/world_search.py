"""The world search: a card decision's sampled worlds (the unseen cards dealt to fit what the seat
has seen and the bids made) and every candidate card played out in each.

A module of its own because three players use it: the hard player's card search and race
(``hard``), its bid search's deals (``hard_bids``) and the normal player's endgame search
(``endgame``), and the review's judge (``judge_worlds``). Kept apart from all of them, it imports
none of them, so none imports another through it (the import circle of issue 57:
endgame -> hard -> hard_bids -> normal -> endgame).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator

from ..engine import actions as A
from ..engine.cards import STANDARD_CARDS, SUIT_OF
from ..engine.consequences import first_lead_card
from ..engine.rule_values import BiddingStyle, Mode, SpadesLead
from ..engine.seats import Seat
from ..engine.state import Phase
from ..engine.view import SeatView
from . import card_play, partner_rules
from .evaluation import HandEvaluator
from .exact import exact_value
from .handeval import estimate_tricks
from .knowledge import Knowledge, bid_weight, knowledge_from_view, sample_deal
from .playout import World, beating, play_card, playout
from .situation import read_situation

EXACT_CARDS = 3  # with this many cards left, search each sampled world exactly


def nil_seats(view: SeatView) -> int:
    """A bit per seat whose nil (or blind nil) still stands: bid, and no trick taken yet."""
    bits = 0
    for s in view.seats:
        if view.bids[s] == 0 and view.tricks[s] == 0:
            bits |= 1 << int(s)
    return bits


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
        nil_bits = nil_seats(view)
    leader = int(view.current_trick[0][0]) if view.current_trick else int(view.turn if view.turn is not None
                                                                              else view.seat)
    trick_count = len(view.completed_tricks)
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
    )


def weighted_sample(view: SeatView, k: Knowledge, rng: random.Random,
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


PAIRED_PLAYOUTS = 0x5EED  # the salt of the random numbers every card's playout shares (``outcomes``)


def world_seed(seed: int, index: int) -> int:
    """The seed of sampled world ``index`` of a decision: a world is the same whichever process
    searches it, so the same position, seed and number of worlds give the same decision however
    the worlds are shared out among worker processes."""
    return seed * 1_000_003 + index


class WorldSearch:
    """Sampled worlds of one card decision, each searched on its own seed (``world_seed``)."""

    def __init__(self, view: SeatView, legal: list[int], game_bonus: bool = True, bids_all_hand: bool = True) -> None:
        """``bids_all_hand``: the worlds fit the nil bids all through the play (``weighted_sample``);
        False, the bids only in the first trick (the review's judge, as before issue 43)."""
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
        base.hands = weighted_sample(self.view, self.knowledge, rng, self.played)
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
                tricks = playout(w, draw)
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


def candidates(view: SeatView, legal: list[int]) -> list[int]:
    """The cards worth searching.  Once the side's contract is made, a partner's card winning
    the trick is never overtaken or trumped when a card that ducks it is held: taking over
    gains the side nothing in this trick, and a partner watching it happen stops trusting the
    computer (in matches against other bots the search did it to dodge a later overtrick 21 times
    in 498 such decisions).  Setting the opponents, when worth the bags, leaves the search free, and
    so does an opponent's nil still alive: taking the trick over (the lead it brings) may be what
    sets the nil, worth far more than a bag.  Before all that, only the cards a partner people
    trust may play (``partner_rules``: never over a partner's winner when last, cover its nil)."""
    sit = read_situation(view)
    legal = partner_rules.trusted_cards(sit, legal)
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
