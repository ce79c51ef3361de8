"""Computer players in the variants of docs/RULES.md sections 4.5 and 6: every level plays every deck,
bidding style, nil exchange and three-player game legally, and the fast playout core agrees with
the engine on the jokers decks and 17-card hands."""

from __future__ import annotations

import random

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.ai.handeval import estimate_tricks, nil_risk, trump_ranks
from spades_desktop.ai.knowledge import knowledge_from_view, sample_deal
from spades_desktop.ai.playout import _highest, _lowest, beating, legal_mask, playout, trick_winner_card
from spades_desktop.ai.world_search import world_from_view
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import BIG_JOKER, LITTLE_JOKER, SUIT_MASKS, SUIT_OF, mask_from_ids, parse_card
from spades_desktop.engine.decks import deck_for
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase

VARIANTS: dict[str, dict[str, object]] = {
    "jokers": {"deck": "jokers"},
    "jokers_deuces": {"deck": "jokers_deuces"},
    "jokers_deuces_cutthroat": {"deck": "jokers_deuces", "mode": "cutthroat"},
    "jokers_two_of_clubs": {"deck": "jokers_deuces", "first_lead": "two_of_clubs"},
    "three_player": {"mode": "three_player"},
    "three_player_jokers_two_of_clubs": {"mode": "three_player", "deck": "jokers", "first_lead": "two_of_clubs"},
    "whiz": {"bidding": "whiz"},
    "whiz_three_player": {"mode": "three_player", "bidding": "whiz", "deck": "jokers"},
    "mirror": {"bidding": "mirror"},
    "mirror_two_player": {"mode": "two_player", "bidding": "mirror"},
    "mirror_cutthroat_jokers": {"mode": "cutthroat", "bidding": "mirror", "deck": "jokers"},
    "suicide": {"bidding": "suicide"},
    "suicide_blind_exchange": {"bidding": "suicide", "blind_nil_exchange": 2, "nil_exchange": 3},
    "nil_exchange": {"nil_exchange": 2},
    "nil_exchange_jokers_deuces": {"nil_exchange": 3, "deck": "jokers_deuces", "blind_nil_exchange": 1},
    "whiz_nil_exchange": {"bidding": "whiz", "nil_exchange": 1, "deck": "jokers"},
}


def _player(level: Level, seed: int) -> ComputerPlayer:
    return ComputerPlayer(level, seed=seed, iterations=3 if level is Level.HARD else None)


def _play(rules: HouseRules, seed: int, levels, hands: int, check=None) -> set[Phase]:
    """Play ``hands`` hands with the given levels round the table, asserting every action is legal."""
    state, _ = GameState.new_game(rules, seed)
    players = {s: _player(levels[(seed + i) % len(levels)], seed) for i, s in enumerate(state.seats)}
    phases = set()
    while not state.is_terminal() and state.hand_number <= hands:
        view = state.view(state.turn)
        action = players[state.turn].decide(view)
        assert action in state.legal_actions(), (state.phase, A.action_text(action), players[state.turn].level)
        if check is not None:
            check(state)
        phases.add(state.phase)
        # now and then a blind nil or a nil from the first bidder, so that the exchanges come up
        if A.BLIND_NIL in view.legal_actions and seed % 3 == 0:
            action = A.BLIND_NIL
        elif A.NIL in view.legal_actions and seed % 3 == 1 and all(b is None for b in view.bids):
            action = A.NIL
        state.apply(action)
    return phases


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
def test_easy_and_normal_play_every_variant_legally(name):
    rules = HouseRules(**VARIANTS[name])  # type: ignore[arg-type]
    phases: set[Phase] = set()
    for seed in range(5):
        phases |= _play(rules, seed, (Level.EASY, Level.NORMAL, Level.RANDOM), 2)
    assert Phase.PLAY in phases and Phase.BIDDING in phases
    if rules.nil_exchange_in_force:
        assert Phase.EXCHANGE in phases


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
def test_hard_plays_every_variant_legally(name):
    rules = HouseRules(**VARIANTS[name])  # type: ignore[arg-type]
    _play(rules, 7, (Level.HARD, Level.NORMAL), 1)


@pytest.mark.parametrize("name", ["jokers", "jokers_deuces", "three_player_jokers_two_of_clubs", "three_player"])
def test_playout_core_agrees_with_the_engine_in_the_variants(name):
    rules = HouseRules(**VARIANTS[name])  # type: ignore[arg-type]

    def same_legal_cards(state: GameState) -> None:
        if state.phase is Phase.PLAY:
            world = world_from_view(state.view(state.turn), list(state.hands))
            assert legal_mask(world, int(state.turn)) == state.legal_card_mask()

    for seed in range(6):
        _play(rules, seed, (Level.NORMAL, Level.RANDOM), 1, same_legal_cards)


@pytest.mark.parametrize("name", ["jokers", "jokers_deuces", "three_player", "three_player_jokers_two_of_clubs"])
def test_sampled_deals_fill_the_deck_in_force_and_play_out_every_trick(name):
    rules = HouseRules(**VARIANTS[name])  # type: ignore[arg-type]
    state, _ = GameState.new_game(rules, 5)
    driver = ComputerPlayer(Level.NORMAL, seed=5)
    while state.phase is not Phase.PLAY:
        state.apply(driver.decide(state.view(state.turn)))
    view = state.view(state.turn)
    deck = deck_for(rules.deck_in_force, rules.mode)
    k = knowledge_from_view(view)
    rng = random.Random(1)
    for smart in (True, False):
        hands = sample_deal(k, rng)
        assert sum(hands) == deck.mask and all(hands[s].bit_count() == deck.hand_size for s in state.seats)
        tricks = playout(world_from_view(view, hands), rng.random, smart)
        assert sum(tricks) == deck.hand_size


def test_jokers_rank_above_the_ace_of_spades_in_the_playout_core():
    trick = [parse_card("AS"), LITTLE_JOKER, parse_card("KS")]
    assert trick_winner_card(trick, 3) == LITTLE_JOKER
    assert trick_winner_card([*trick, BIG_JOKER], 3) == BIG_JOKER
    # a joker follows a spade lead and trumps a side suit
    lead_heart = parse_card("AH")
    assert beating(1 << BIG_JOKER | 1 << parse_card("3H"), lead_heart, 2, 3) == 1 << BIG_JOKER
    assert SUIT_OF[BIG_JOKER] == 3
    hand = 1 << BIG_JOKER | 1 << LITTLE_JOKER | mask_from_ids(["2S", "9H"])
    assert _highest(hand, 3) == parse_card("9H")  # trumps are shed last
    assert _lowest(hand & ~mask_from_ids(["9H"]), 3) == parse_card("2S")
    assert _highest(hand & ~mask_from_ids(["9H"]), 3) == BIG_JOKER


def test_trumps_count_by_their_place_in_the_decks_trump_order():
    jokers = deck_for("jokers", "partnership").mask
    deuces = deck_for("jokers_deuces", "partnership")
    big = 1 << BIG_JOKER
    # with jokers the Big Joker is the boss trump: a nil holding it is sure to fail
    assert nil_risk(big | mask_from_ids(["3H", "4H"]), 3, jokers) == 1.0
    assert nil_risk(mask_from_ids(["AS", "3H", "4H"]), 3, jokers) < 1.0
    assert [r for _, r in trump_ranks(big | mask_from_ids(["AS"]), 3, jokers)] == [12, 10]
    two_d = deuces.aliases["2D"]
    assert [r for _, r in trump_ranks(1 << two_d | mask_from_ids(["AS"]), 3, deuces.mask)] == [10, 8]
    # the same honours are worth less when jokers sit above them
    honours = mask_from_ids(["AS", "KS", "QS", "2H", "3H"])
    assert estimate_tricks(honours, 3, 2, jokers) < estimate_tricks(honours, 3, 2)


# ---------------------------------------------------------------- strategy in the variants
def _bid_position(rules: HouseRules, given: dict[str, list[str]], bids: list[object]) -> GameState:
    """A partnership deal (West deals, North bids first) with the named cards, after ``bids``."""
    from tests.ai_helpers import position

    deck = deck_for(rules.deck_in_force, rules.mode)
    taken = {parse_card(c, deck.aliases) for cards in given.values() for c in cards}
    rest = [c for c in deck.cards if c not in taken]
    hands = {}
    for seat in Seat:
        cards = [parse_card(c, deck.aliases) for c in given.get(seat.name, [])]
        while len(cards) < 13:
            cards.append(rest.pop(0))
        hands[seat] = sum(1 << c for c in cards)
    state = position(rules, hands, bids, [], dealer=Seat.W)
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    return state


WEAK = ["2S", "3S", "3H", "4H", "5H", "6H", "3D", "4D", "5D", "7D", "2C", "4C", "6C"]
STRONG = ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "KD", "AC", "5C", "7C", "8C"]


def _decision(level: Level, state: GameState, seat: Seat = Seat.N) -> int:
    """What a computer player of ``level`` does for ``seat`` in ``state``."""
    return ComputerPlayer(level, seed=1, iterations=60).decide(state.view(seat))


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_whiz_bids_nil_with_a_weak_hand_and_its_spades_with_a_strong_one(level):
    rules = HouseRules(bidding="whiz")
    weak = _bid_position(rules, {"N": WEAK}, [])
    assert _decision(level, weak) == A.NIL
    strong = _bid_position(rules, {"N": STRONG}, [])
    assert _decision(level, strong) == A.bid_action(5)


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_suicide_first_bidder_takes_the_role_its_hand_suits(level):
    rules = HouseRules(bidding="suicide")
    weak = _bid_position(rules, {"N": WEAK}, [])
    assert _decision(level, weak) == A.NIL
    strong = _bid_position(rules, {"N": STRONG}, [])
    assert A.bid_value(_decision(level, strong)) >= 6
    # the partner of a nil bids at least four, of a number bids nil
    after_nil = _bid_position(rules, {"N": WEAK, "S": STRONG}, ["nil", 4])
    assert after_nil.turn == Seat.S
    assert A.bid_value(_decision(level, after_nil, Seat.S)) >= 6


@pytest.mark.slow
@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_nil_exchange_passes_the_nils_dangerous_cards_and_the_partners_low_ones(level):
    rules = HouseRules(nil_exchange=2, deck="jokers")
    deck = deck_for("jokers", "partnership").mask
    player = ComputerPlayer(level, seed=1, iterations=10)
    checked = 0
    for seed in range(30):
        state, _ = GameState.new_game(rules, seed)
        first = True
        while state.phase is not Phase.EXCHANGE and state.phase is not Phase.PLAY:
            if state.phase is Phase.BLIND_DECISION:
                state.apply(A.LOOK)
                continue
            state.apply(A.NIL if first else player.decide(state.view(state.turn)))
            first = False
        if state.phase is not Phase.EXCHANGE:
            continue
        while state.phase is Phase.EXCHANGE:
            seat = state.turn
            hand = state.hands[seat] & ~state.exchange_chosen[seat]
            action = player.decide(state.view(seat))
            if state.bids[seat] == 0:
                # the nil passes its most dangerous card first: a top-three trump if it holds one
                tops = [c for c, r in trump_ranks(hand, 3, deck) if r >= 10]
                assert not tops or action == tops[0]
            elif not state.exchange_chosen[seat]:
                # the partner passes its lowest side card
                side = [c for c in range(52) if hand >> c & 1 and SUIT_OF[c] != 3]
                assert action in side and action % 13 == min(c % 13 for c in side)
            state.apply(action)
        checked += 1
    assert checked >= 5


def test_whiz_and_mirror_bids_tell_the_sampled_deals_each_seats_spade_count():
    for style in ("whiz", "mirror"):
        rules = HouseRules(bidding=style, deck="jokers_deuces")
        state, _ = GameState.new_game(rules, 4)
        driver = ComputerPlayer(Level.NORMAL, seed=4)
        while state.phase is not Phase.PLAY:
            state.apply(driver.decide(state.view(state.turn)))
        view = state.view(state.turn)
        k = knowledge_from_view(view)
        rng = random.Random(2)
        for _ in range(20):
            hands = sample_deal(k, rng)
            for seat in state.seats:
                if view.bids[seat]:
                    assert (hands[seat] & SUIT_MASKS[3]).bit_count() == view.bids[seat]
                elif style == "mirror":
                    assert not hands[seat] & SUIT_MASKS[3]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["jokers_deuces", "three_player_jokers_two_of_clubs", "whiz",
                                  "mirror_cutthroat_jokers"])
def test_no_cheating_in_the_variants(name):
    """Moving every card this seat cannot see changes none of its decisions at any level."""
    from tests.ai.test_ai import _replay_with_other_hidden_cards, assert_every_level_decides_alike

    rules = HouseRules(**VARIANTS[name])  # type: ignore[arg-type]
    rng = random.Random(6)
    checked = 0
    for game in range(5):
        state, _ = GameState.new_game(rules, 40 + game)
        state = GameState.from_deal(rules, state.dealer, dict(zip(state.seats, (state.hands[s] for s in state.seats),
                                                                  strict=True)), stop_after_hand=True)
        driver = ComputerPlayer(Level.NORMAL, seed=game)
        stop_at = rng.randrange(6, 45)
        while not state.is_terminal() and len(state.log) < stop_at:
            state.apply(driver.decide(state.view(state.turn)))
        if state.is_terminal() or state.phase is not Phase.PLAY:
            continue
        seat = state.turn
        try:
            twin = _replay_with_other_hidden_cards(state, seat, rng)
        except Exception:
            continue
        assert_every_level_decides_alike(state, twin, seat, name)
        checked += 1
    assert checked >= 2
