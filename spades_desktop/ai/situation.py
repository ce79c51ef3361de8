"""The facts a computer seat reasons with, read once from its view per decision."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import SUIT_MASKS, SUIT_OF
from ..engine.rule_values import Mode
from ..engine.scoring import contract_outcomes
from ..engine.seats import Seat
from ..engine.view import SeatView
from .bags import outlook_for
from .knowledge import infer_voids


@dataclass(slots=True)
class Situation:
    view: SeatView
    me: Seat
    partner: Seat | None
    trump: int | None
    hand: int
    unseen: int  # cards neither in my hand nor played
    voids: dict[int, int]
    nil_alive: set[Seat]  # nil bidders who have not taken a trick yet
    side_need: int  # tricks my side still needs for its contract (<= 0: made)
    opp_need: int  # tricks the opponents (best placed) still need
    tricks_left: int
    trick: tuple[tuple[Seat, int], ...]
    best_card: int | None
    best_seat: Seat | None
    opp_game_point: bool = False  # an opposing side wins the game if it makes its contract
    opp_contract: int = 0  # the contract of the opponents who need the most tricks
    bags_now: int = 0  # my side's bags, this hand's overtricks so far included
    overtrick_cost: float = 9.0  # real cost of one more overtrick for my side now (see bags.py)

    @property
    def i_am_nil(self) -> bool:
        return self.me in self.nil_alive

    @property
    def partner_nil(self) -> bool:
        return self.partner is not None and self.partner in self.nil_alive

    def is_boss(self, card: int) -> bool:
        """No unseen card of the suit ranks above ``card`` (it wins unless trumped)."""
        suit = SUIT_OF[card]
        above = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1)
        return not (self.unseen & above)

    def seats_after_me(self) -> list[Seat]:
        """Seats still to play to this trick after me."""
        view = self.view
        played = len(self.trick) + 1
        order = []
        seat = self.me
        for _ in range(len(view.seats) - played):
            seat = _next(view, seat)
            order.append(seat)
        return order


def _next(view: SeatView, seat: Seat) -> Seat:
    seats = view.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


def side_members(view: SeatView, seat: Seat) -> tuple[Seat, ...]:
    for members in view.sides.values():
        if seat in members:
            return members
    return (seat,)


def contract_of(view: SeatView, members: tuple[Seat, ...]) -> int:
    if view.rules.mode == Mode.AUCTION:
        if view.high_bidder is not None and view.high_bidder in members:
            return view.high_bid
        # defenders want to set the contract: they need (14 - contract) tricks (auction: 13 a hand)
        return 14 - view.high_bid if view.high_bid else 0
    return sum(view.bids[s] or 0 for s in members if view.bids[s])


def read_situation(view: SeatView) -> Situation:
    me = view.seat
    members = side_members(view, me)
    partner = next((s for s in members if s != me), None)
    nil_alive = {s for s in view.seats if view.bids[s] == 0 and view.tricks[s] == 0}
    mine = sum(view.tricks[s] for s in members)
    need = contract_of(view, members) - mine
    opp_need = -99
    opp_contract = 0
    for other in view.sides.values():
        if me in other:
            continue
        contract = contract_of(view, other)
        if contract - sum(view.tricks[s] for s in other) > opp_need:
            opp_need = contract - sum(view.tricks[s] for s in other)
            opp_contract = contract
    tricks_done = sum(view.tricks) if view.seats else 0
    trick = view.current_trick
    best_card = best_seat = None
    if trick:
        from .playout import trick_winner_card

        best_card = trick_winner_card([c for _, c in trick], view.trump)
        best_seat = next(s for s, c in trick if c == best_card)
    hand = view.hand or 0
    opp_game_point = False
    rules = view.rules
    for side, other in view.sides.items():
        if me in other:
            continue
        contract = contract_of(view, other)
        declares = view.rules.mode != Mode.AUCTION or view.high_bidder in other
        if contract and declares and view.scores[side] + contract_outcomes(rules, contract)[0] >= rules.target_score:
            opp_game_point = True
    takes_bags = rules.mode != Mode.AUCTION or view.high_bidder in members  # auction defenders never do
    bags_now = view.bags[view.my_side] + (max(0, -need) if takes_bags else 0)
    overtrick_cost = outlook_for(rules, max(view.scores.values())).overtrick_cost(bags_now) if takes_bags else 0.0
    return Situation(
        opp_game_point=opp_game_point,
        opp_contract=opp_contract,
        bags_now=bags_now,
        overtrick_cost=overtrick_cost,
        view=view,
        me=me,
        partner=partner,
        trump=view.trump,
        hand=hand,
        unseen=view.unseen,  # from the deck in force (jokers decks, three-player)
        voids=infer_voids(view),
        nil_alive=nil_alive,
        side_need=need,
        opp_need=opp_need,
        tricks_left=view.hand_size - tricks_done,
        trick=trick,
        best_card=best_card,
        best_seat=best_seat,
    )
