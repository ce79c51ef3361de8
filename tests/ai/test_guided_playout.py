"""The hard search's playout policy (``playout.guided_card``, issue 43): sensible leads, and no bag
taken once every contract is made; the review's judge keeps the old policy."""

from spades_desktop.ai import hard
from spades_desktop.ai.judge_worlds import CardWorlds
from spades_desktop.ai.playout import World, guided_card, legal_mask, policy_card
from spades_desktop.engine.cards import card_id, mask_from_ids
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from tests.ai_helpers import position

RULES = preset("standard")


def world(hands: dict[int, str], trick: str = "", leader: int = 0, tricks=(0, 0, 0, 0), nil: int = 0,
          contract: tuple[int, ...] = (4, 4)) -> World:
    """A mid-hand world: seats 0..3 (North, East, South, West), North and South one side."""
    return World(hands=[mask_from_ids(hands[s].split()) for s in range(4)],
                 trick=[mask_from_ids([c]).bit_length() - 1 for c in trick.split()],
                 leader=leader, trump=3, broken=True, trick_count=5, tricks=list(tricks),
                 next_seat=(1, 2, 3, 0), n_players=4, any_time=False, first_card=0, nil=nil,
                 side=(0, 1, 0, 1), contract=contract)


def choose(w: World, seat: int, draws: float = 0.5) -> str:
    return card_id(guided_card(w, seat, legal_mask(w, seat), lambda: draws))


HANDS = {0: "AC 3C 9D 4S", 1: "KC 5C TD 2S", 2: "QC 7D 8D 3S", 3: "JC 2D JD 5S"}


def test_a_boss_card_is_cashed():
    """North holds the AC, the highest club anyone holds: it leads it, where a random lead might
    lead the 3C or the 4S."""
    assert choose(world(HANDS), 0) == "AC"


def test_without_a_boss_the_lowest_of_a_side_suit_is_led():
    w = world(HANDS, leader=1)
    assert choose(w, 1, 0.2) == "5C"
    assert choose(w, 1, 0.7) == "TD"  # another side suit on another draw, never the 2S


def test_a_hand_of_trumps_leads_its_lowest_unless_it_holds_the_boss():
    assert choose(world({0: "4S 9S", 1: "AS 2C", 2: "3S 2D", 3: "5S 2H"}), 0) == "4S"
    assert choose(world({0: "4S AS", 1: "9S 2C", 2: "3S 2D", 3: "5S 2H"}), 0) == "AS"


def test_some_leads_stay_random():
    """Under ``GUIDED_RANDOM`` the lead is the old policy's."""
    assert choose(world(HANDS), 0, 0.01) == card_id(policy_card(world(HANDS), 0, legal_mask(world(HANDS), 0),
                                                                lambda: 0.01))


# East led the KC, South followed with the QC and West the 2C; North, last to play, holds the AC and
# the 3C.  North and South have taken 4 tricks, East and West 5.
LAST_TO_CLUBS = {0: "AC 3C 9D 4S", 1: "KC 5C TD 2S", 2: "QC 7D 8D 3S", 3: "2C JD 2D 5S"}


def last_to_clubs(contract: tuple[int, ...], tricks=(3, 4, 1, 1), nil: int = 0) -> World:
    return world(LAST_TO_CLUBS, trick="KC QC 2C", leader=1, tricks=tricks, nil=nil, contract=contract)


def test_no_bag_is_taken_once_every_contract_is_made():
    """With both contracts made (4 and 5) the trick is only a bag: North ducks with the 3C, where the
    old policy takes it with the AC."""
    made = last_to_clubs((4, 5))
    assert card_id(policy_card(made, 0, legal_mask(made, 0), lambda: 0.5)) == "AC"
    assert choose(made, 0) == "3C"


def test_a_trick_still_needed_is_taken():
    assert choose(last_to_clubs((5, 5)), 0) == "AC"  # North and South one short
    assert choose(last_to_clubs((4, 6)), 0) == "AC"  # East and West one short: setting them


def test_a_live_nil_keeps_the_tricks_worth_fighting_for():
    """South bid nil and has no trick: North still wins the trick (its partner's nil is the reason
    to hold the lead), though North's bid of 3 is made."""
    assert choose(last_to_clubs((3, 5), tricks=(3, 4, 0, 1), nil=1 << 2), 0) == "AC"


def test_the_bid_searchs_deals_know_no_contract():
    """Without contracts (the bid search's deals) nothing is ducked for bags."""
    assert choose(last_to_clubs(()), 0) == "AC"


def test_the_judge_keeps_the_old_playouts_and_the_search_the_new():
    hands = {Seat.N: "2C 6C 8C QC KC 5D 9D JD QH AH 2S 5S 8S", Seat.E: "3C 7C AC 2D 4D 7D 8D QD 2H 3H 4H 8H 9S",
             Seat.S: "5C TC JC KD 5H 6H 7H TH 4S TS JS QS AS", Seat.W: "4C 9C 3D 6D TD AD 9H JH KH 3S 6S 7S KS"}
    dealt = {seat: mask_from_ids(cards.split()) for seat, cards in hands.items()}
    state = position(RULES, dealt, [4, 3, 2, "nil"], ["5C", "9C", "8C", "7C"], dealer=Seat.E)
    view = state.view(state.turn)
    assert CardWorlds(view, 1).search.policy is policy_card
    search = hard.WorldSearch(view, list(view.legal_actions))
    assert search.policy is guided_card
    side = search.template.side
    # South bid 4, West 3, North 2 and East nil
    assert (search.template.contract[side[Seat.N]], search.template.contract[side[Seat.E]]) == (6, 3)
