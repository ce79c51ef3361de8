"""The deals the judge weighs a bid over (issue 55): each legal bid made in a sampled deal, the bids
still to come made by the players themselves, and the hand played out and valued by the game.

Before, one guess of the bids still to come served every candidate: each later seat's mean tricks
over all the deals.  A partner was expected to bid 4 whatever this seat bid, so a weak hand was told
to bid 5 "with the bids so far".  Here each deal is dealt to fit the bids made (``weighted_sample``,
as the hard search deals), the position is rebuilt in the engine, and for every candidate the seats
after this one bid as the normal player bids with the cards that deal gives them, seeing the
candidate (a partner answers a 5 with less than a 2, and covers a nil).  So the bids to come come
from the same bid model and game value the players use, and they differ deal by deal.

Each candidate's deal is then played out fast (``playout``; nil bidders duck, the seat too when the
candidate is nil, after its nil exchange) and valued as the players value a hand
(``HandEvaluator.value``): the chance of winning the game after it, in points of a game's start,
where a win-chance table serves the rules; the hand's points against the best rival's elsewhere.
Playouts are shared by the candidates that leave the same seats bidding nil, on random numbers of
their own, so a deal's findings are the same in any process.  No pygame, no files.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..engine import actions as A
from ..engine.seats import Seat
from ..engine.state import GameState, Phase
from ..engine.view import SeatView
from . import hard_bids, normal, win_chance, world_search
from .evaluation import HandEvaluator
from .judge_worlds import Outcome, side_outcome
from .knowledge import knowledge_from_view
from .playout import World, playout

#: numbers within this many tricks of the normal player's own bid are answered by the later seats in
#: every deal (``modelled_bids``)
MODELLED_SPREAD = 2
#: a finding of one deal: each legal bid's value and what it led to
BidFinding = dict[int, tuple[float, Outcome]]


class BidDeals:
    """The deals of one bid position: ``world(i)`` is every legal bid's value and outcome in deal
    ``i``, the later seats bidding as the normal player would with that deal's cards."""

    def __init__(self, view: SeatView, seed: int) -> None:
        self.view = view
        self.seed = seed
        self.knowledge = knowledge_from_view(view)
        self.me = int(view.seat)
        self.bids = [a for a in view.legal_actions if A.is_bid(a)]
        self.by_game = win_chance.serves(view.rules)  # else the hand's points, no bonus for the game
        self.partner = next((s for s in view.sides[view.my_side] if s != view.seat), None)
        kept = normal.after_nil_exchange(view, view.hand or 0)  # a nil passes its worst cards over first
        self.passed = (view.hand or 0) & ~kept
        self._templates: dict[int, World] = {}
        self.modelled = modelled_bids(view, self.bids)

    def world(self, index: int) -> BidFinding:
        steps = self.world_steps(index)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def world_steps(self, index: int) -> Generator[None, None, BidFinding]:
        """Deal ``index`` a candidate at a time (a step is about a millisecond; the whole deal ten or
        more): the judge without a worker process judges a slice a frame and stops between them."""
        salt = world_search.world_seed(self.seed, index)
        rng = random.Random(salt)
        hands = world_search.weighted_sample(self.view, self.knowledge, rng)
        state = position_on_deal(self.view, hands)
        found: BidFinding = {}
        played: dict[int, list[int]] = {}
        answers: dict[int, list[int]] = {}  # the later seats' actions after each modelled bid
        for bid in sorted(self.bids, key=lambda b: b not in self.modelled):
            after = state.clone()
            after.apply(bid)
            if bid in self.modelled:
                answers[bid] = _bid_out(after, random.Random(salt))
            else:
                _answer_as(after, answers[self._nearest(bid)], random.Random(salt))
            seen = after.view(self.view.seat)
            nils = world_search.nil_seats(seen)
            if nils not in played:
                played[nils] = self._play(hands, nils, salt)
            tricks = played[nils]
            evaluator = HandEvaluator(seen, game_bonus=self.by_game)
            found[bid] = (evaluator.value(tricks), side_outcome(seen, evaluator, tricks))
            yield
        return found

    def _nearest(self, bid: int) -> int:
        """The modelled number bid nearest ``bid``, whose answers a far bid takes."""
        return min((b for b in self.modelled if b != A.NIL), key=lambda b: abs(b - bid))

    def _play(self, hands: list[int], nils: int, salt: int) -> list[int]:
        """The deal played out fast with the seats of ``nils`` ducking (this seat after its nil exchange)."""
        template = self._templates.get(nils)
        if template is None:
            template = hard_bids.world_from_view_for_bidding(self.view, [0, 0, 0, 0], nils)
            self._templates[nils] = template
        w = template.copy()
        w.hands = list(hands)
        if nils >> self.me & 1 and self.passed and self.partner is not None:
            hard_bids._swap_for_nil(w.hands, self.me, int(self.partner), self.passed)
        return list(playout(w, random.Random(salt ^ (nils + 1) << 40).random))


def position_on_deal(view: SeatView, hands: list[int]) -> GameState:
    """The bid position of ``view`` rebuilt in the engine on the deal ``hands`` (by seat index): the
    blind decisions and bids before this seat's made again, as the view shows them."""
    state = GameState.from_deal(view.rules, view.dealer, {s: hands[int(s)] for s in view.seats},
                                view.scores, view.bags, hand_number=view.hand_number)
    while not (state.phase is Phase.BIDDING and state.turn == view.seat):
        seat = state.turn
        if seat is None or state.phase not in (Phase.BLIND_DECISION, Phase.BIDDING):
            raise JudgeDealError(f"the bidding of the position could not be rebuilt at {state.phase}")
        state.apply(_made_before(view, seat, state.phase))
    return state


class JudgeDealError(RuntimeError):
    """A sampled deal on which the position's bidding could not be made again (a bug, not a player's)."""


def _made_before(view: SeatView, seat: Seat, phase: Phase) -> int:
    """What ``seat`` did at this point of the position's bidding, as the view shows it."""
    if phase is Phase.BLIND_DECISION:
        return A.BLIND_NIL if view.blind[seat] and seat != view.seat else A.LOOK
    bid = view.bids[seat]
    if bid is None:
        raise JudgeDealError(f"{seat.name} bids before {view.seat.name} but has no bid in the view")
    return A.bid_action(bid)


def _bid_out(state: GameState, rng: random.Random) -> list[int]:
    """The seats still to bid bid as the normal player does (blind decisions included); what they did."""
    done: list[int] = []
    while state.phase in (Phase.BLIND_DECISION, Phase.BIDDING) and state.turn is not None:
        action = normal.decide(state.view(state.turn), rng)
        state.apply(action)
        done.append(action)
    return done


def _answer_as(state: GameState, answers: list[int], rng: random.Random) -> None:
    """The seats still to bid do what they did after another bid (``answers``), each as far as the
    table allows it; where it does not, the normal player bids from there."""
    for action in answers:
        seat = state.turn
        if seat is None or state.phase not in (Phase.BLIND_DECISION, Phase.BIDDING):
            break
        if action not in state.view(seat).legal_actions:
            break
        state.apply(action)
    _bid_out(state, rng)


def modelled_bids(view: SeatView, bids: list[int]) -> set[int]:
    """The bids whose answers the normal player works out in every deal: nil, and the numbers within
    ``MODELLED_SPREAD`` of the normal player's own bid here.  A number further off takes the answers
    to the nearest of them (a partner answers a 9 as it answers a 6: with its least), which keeps a
    bid position's judging within its time (the answers are most of it: about half a millisecond
    each, three seats, sixty-four deals)."""
    own = A.bid_value(normal.choose_bid(view))
    return {b for b in bids if b == A.NIL or abs(A.bid_value(b) - own) <= MODELLED_SPREAD
            or (own == 0 and A.bid_value(b) <= 1 + MODELLED_SPREAD)}

