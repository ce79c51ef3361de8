"""Computer players and bags: an overtrick weighed at its real cost in the game."""

from __future__ import annotations

import pytest

from spades_desktop.ai import ComputerPlayer, Level, hard_bids, normal
from spades_desktop.ai.bags import bag_outlook
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import card_id
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.engine.view import SeatView
from tests.ai_helpers import deal, position

STANDARD = preset("standard")


def _card(state: GameState, level: Level) -> str:
    return card_id(ComputerPlayer(level, seed=3, iterations=150).decide(state.view(state.turn)))


def test_a_bag_costs_its_long_run_share_early_and_far_more_one_short_of_the_limit_late():
    early = bag_outlook(STANDARD, {"NS": 0, "EW": 0})
    for bags in range(10):
        assert 5.0 < early.overtrick_cost(bags) < 15.0  # about penalty / limit - 1
    late = bag_outlook(STANDARD, {"NS": 460, "EW": 300})
    assert late.overtrick_cost(2) == pytest.approx(-1.0, abs=0.05)  # only its point: the game ends first
    assert late.overtrick_cost(9) > 90.0  # the penalty, now


# Dealer W, bids N 3, E 3, S 2, W 3. North wins ten of the first eleven tricks (hearts, on which
# West shows out, clubs, diamonds, then every spade); West ruffs the sixth. North then leads 9H and
# East plays 2H: South holds KH and 4H, and knows East holds the last heart out, QH. North/South
# made 5 long ago and East/West are set.
BAG_HANDS = deal(
    N=["AH", "JH", "AC", "KC", "QC", "JC", "KD", "QD", "AS", "KS", "QS", "9H", "AD"],
    E=["TH", "8H", "9C", "8C", "7C", "JD", "5H", "3H", "JS", "TS", "9S", "2H", "QH"],
    S=["7H", "6H", "6C", "5C", "4C", "8D", "7D", "6D", "8S", "7S", "6S", "KH", "4H"],
    W=["TD", "9D", "TC", "3C", "2C", "5D", "4D", "5S", "4S", "3S", "2S", "2D", "3D"],
)
BAG_PLAYS = ["AH", "TH", "7H", "TD", "JH", "8H", "6H", "9D",
             "AC", "9C", "6C", "TC", "KC", "8C", "5C", "3C", "QC", "7C", "4C", "2C",
             "JC", "5H", "6D", "2S",
             "4D", "KD", "JD", "8D", "QD", "3H", "7D", "5D",
             "AS", "JS", "8S", "5S", "KS", "TS", "7S", "4S", "QS", "9S", "6S", "3S",
             "9H", "2H"]


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_does_not_overtake_partners_winning_card_late_to_dodge_an_overtrick(level):
    # overtaking with KH would let South lead 4H to East's QH and save a bag (the bag that
    # brings the penalty: 3 + 6 is 9, 3 + 7 is 10); ducking costs the contract nothing
    state = position(STANDARD, BAG_HANDS, [3, 3, 2, 3], BAG_PLAYS, dealer=Seat.W, bags={"NS": 3, "EW": 0})
    assert state.turn == Seat.S and state.tricks[Seat.N] == 10 and state.tricks[Seat.W] == 1
    assert _card(state, level) == "4H"


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_sets_the_opponents_only_when_the_bags_cost_less_than_the_set_is_worth(level):
    # as above, but East/West bid 1 + 2 and have one trick: they need both that are left. The
    # last hand of the game (North/South at 440): with North/South's ninth bag in hand the next
    # one brings the penalty, so South ducks; with five bags the set is worth its bag
    def south_card(bags_ns: int) -> str:
        state = position(STANDARD, BAG_HANDS, [3, 1, 2, 2], BAG_PLAYS, dealer=Seat.W,
                         scores={"NS": 440, "EW": 300}, bags={"NS": bags_ns, "EW": 0})
        return _card(state, level)

    assert south_card(4) == "4H"
    assert south_card(0) == "KH"


# Dealer W. South holds AS and KS, two tricks whenever it likes, and KH 3H. North leads a heart
# (5H, or AH in the last scenario) and East follows (9H, or AH in the second): South is to play.
SOUTH_SURE_TRUMPS = ["AS", "KS", "KH", "3H", "2D", "3D", "4D", "5D", "2C", "3C", "4C", "5C", "6C"]
NORTH_AFTER_LEAD = ["2H", "4H", "6H", "7H", "8D", "9D", "TD", "7C", "8C", "9C", "2S", "3S"]
EAST_AFTER_FOLLOW = ["TH", "JH", "4S", "5S", "6S", "JD", "QD", "KD", "TC", "JC", "QC", "KC"]


def _south_card(north_lead: str, east_card: str, north_bid: int) -> str:
    """The normal player's card for South after North (bid ``north_bid``; South bid 1, East/West
    4 + 4) leads ``north_lead`` and East plays ``east_card``."""
    hands = deal(S=SOUTH_SURE_TRUMPS, N=[north_lead, *NORTH_AFTER_LEAD], E=[east_card, *EAST_AFTER_FOLLOW])
    state = position(STANDARD, hands, [north_bid, 4, 1, 4], [north_lead, east_card], dealer=Seat.W)
    assert state.turn == Seat.S
    return _card(state, Level.NORMAL)


def test_ducks_an_overtrick_once_sure_trumps_make_the_contract():
    # North/South bid 1 + 1; East plays 9H: South's KH would only take a bag, so it plays 3H (the
    # normal player used to take every trick until the contract was in; the hard player searches this)
    assert _south_card("5H", "9H", north_bid=1) == "3H"
    # with the contract still short of what the sure trumps bring, it takes the trick
    assert _south_card("5H", "9H", north_bid=2) == "KH"


def test_sheds_a_future_winner_on_a_trick_it_cannot_take_once_the_contract_is_safe():
    # East takes North's 5H with AH: South cannot win it and needs no more tricks, so it throws
    # KH (a bag later: it is the best heart left) rather than 3H
    assert _south_card("5H", "AH", north_bid=1) == "KH"
    assert _south_card("5H", "AH", north_bid=2) == "3H"  # still playing for tricks: keep the king


# a hand the normal player counts at three tricks
THREE_TRICKS = ["AS", "7S", "3S", "AH", "5H", "2H", "KD", "6D", "4D", "9C", "6C", "4C", "2C"]


def _bidding_view(seat: Seat, cards: list[str], bids: list[object], dealer: Seat, **table) -> SeatView:
    """``seat``'s view when it is to bid, holding ``cards``, after ``bids`` from the dealer's left."""
    state = position(STANDARD, deal(**{seat.name: cards}), bids, [], dealer=dealer, **table)
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    assert state.turn == seat and state.phase is Phase.BIDDING
    return state.view(seat)


def _last_bid(bids: list[object]) -> int:
    # dealer S bids last
    view = _bidding_view(Seat.S, THREE_TRICKS, bids, Seat.S)
    return A.bid_value(ComputerPlayer(Level.NORMAL).decide(view))


def test_last_bidder_takes_one_of_the_tricks_the_table_left_unbid():
    plain = _last_bid([4, 3, 3])  # W, N, E: with South's count 13 - 10 - plain = 3 - plain
    assert _last_bid([2, 3, 2]) == plain + 1  # six tricks left over would come as bags


def test_second_bidder_of_a_side_reads_the_opponents_bids():
    # North bid 3 both times. Opponents who bid 5 + 5 hold the high cards: the side will take
    # fewer tricks than beside opponents who bid 3 + 3, so South bids at least one less (the old
    # rule looked at the opponents only when three tricks were left unbid, and bid the same)
    strong_opponents = _last_bid([5, 3, 5])
    weak_opponents = _last_bid([3, 3, 3])
    assert 1 <= strong_opponents <= weak_opponents - 1
    assert weak_opponents <= 13 - 3


def test_covering_a_nil_partner_bids_the_tricks_the_cover_takes():
    # the same hand bids at least one more beside a nil partner than as the side's first bidder
    # (covering the nil plays high to take the tricks the nil must lose: they came as bags)
    north = ["AS", "7S", "3S", "AH", "5H", "2H", "KD", "QD", "4D", "9C", "6C", "4C", "2C"]

    def north_bid(bids: list[object], dealer: Seat) -> int:
        view = _bidding_view(Seat.N, north, bids, dealer)
        return A.bid_value(ComputerPlayer(Level.NORMAL).decide(view))

    first = north_bid([], Seat.W)
    assert north_bid(["nil", 2], Seat.E) >= first + 1  # South nil, West 2, then North


def test_wins_the_trick_that_makes_the_contract_with_its_highest_winner():
    # dealer S: North/South bid 1 + 1, East/West 4 + 4. West leads 2C to North's AC (the side's
    # first trick); North leads 2D to West's AD; West leads 5H, North 2H, East 9H. South is last
    # and this trick makes the contract: it wins with AH and keeps JH and 3H to duck with later
    # (winning with JH leaves the ace to take a bag)
    hands = deal(
        W=["2C", "AD", "5H", "KC", "QC", "JC", "TC", "KD", "QD", "JD", "TD", "9D", "AS"],
        N=["AC", "2D", "2H", "4H", "6H", "7H", "8H", "3C", "4C", "5C", "6C", "7C", "8C"],
        E=["9H", "TH", "QH", "KH", "3D", "4D", "5D", "6D", "7D", "TS", "JS", "QS", "KS"],
        S=["AH", "JH", "3H", "9C", "8D", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"],
    )
    plays = ["2C", "AC", "3D", "9C", "2D", "4D", "8D", "AD", "5H", "2H", "9H"]
    state = position(STANDARD, hands, [4, 1, 4, 1], plays, dealer=Seat.S)
    assert state.turn == Seat.S and state.tricks[Seat.N] == 1 and state.tricks[Seat.W] == 1
    assert _card(state, Level.NORMAL) == "AH"


def test_sheds_a_future_winner_under_partners_sure_winner_once_the_contract_is_safe():
    # North leads AH and East plays 9H: the trick is North's whatever South plays, and South
    # needs no more tricks, so it throws KH under the ace (it would win a bag later)
    assert _south_card("AH", "9H", north_bid=1) == "KH"
    # still needing tricks the sure trumps cannot bring, it keeps KH and plays low
    assert _south_card("AH", "9H", north_bid=2) == "3H"


def _hard_bid_over(side_takes: int, bags_ns: int = 0, scores: dict[str, int] | None = None) -> tuple[int, int]:
    """The hard level's review of its candidate bids for South (last to bid: West 4, North 3,
    East 3) over sampled deals in which North takes 3 and South ``side_takes`` more than the
    fallback bid; returns (fallback bid, chosen bid)."""
    view = _bidding_view(Seat.S, THREE_TRICKS, [4, 3, 3], Seat.S, scores=scores, bags={"NS": bags_ns, "EW": 0})
    legal = [a for a in view.legal_actions if A.is_bid(a)]
    fallback = normal.choose_bid(view, hard_bids.HARD_SIDE_MARGIN)
    mine = A.bid_value(fallback) + side_takes
    rest = 13 - 3 - mine
    samples = [[3, rest // 2, mine, rest - rest // 2] for _ in range(40)]
    review = hard_bids._best_bid(view, legal, samples, [], Seat.N, fallback)
    while True:
        try:
            next(review)
        except StopIteration as done:
            return A.bid_value(fallback), A.bid_value(done.value)


def test_hard_bid_search_does_not_raise_the_normal_bid_for_a_bag_but_drops_it_to_dodge_a_set():
    # one trick over the contract in every sampled deal: bidding one more would gain ten points and
    # a bag, less than the search's sampled deals can tell apart from noise, so the bid stays
    fallback, chosen = _hard_bid_over(+1)
    assert chosen == fallback
    # but late in a game, one bag short of the limit, that bag brings the penalty the game would
    # otherwise end without: then the raise is worth it
    fallback, chosen = _hard_bid_over(+1, bags_ns=9, scores={"NS": 440, "EW": 300})
    assert chosen == fallback + 1
    # one trick short in every sampled deal: the bid one lower is made instead of set
    fallback, chosen = _hard_bid_over(-1)
    assert chosen == fallback - 1
