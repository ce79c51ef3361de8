"""Computer players in the variants of RULES.md sections 4.5 and 6: every level plays every deck,
bidding style, nil exchange and three-player game legally, and the fast playout core agrees with
the engine on the jokers decks and 17-card hands."""

from __future__ import annotations

import random

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.ai.handeval import estimate_tricks, nil_risk, trump_ranks
from spades_desktop.ai.hard import world_from_view
from spades_desktop.ai.knowledge import knowledge_from_view, sample_deal
from spades_desktop.ai.playout import _highest, _lowest, beating, legal_mask, playout, trick_winner_card
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import BIG_JOKER, LITTLE_JOKER, SUIT_OF, mask_from_ids, parse_card
from spades_desktop.engine.decks import deck_for
from spades_desktop.engine.rules import HouseRules
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


@pytest.mark.parametrize("name", list(VARIANTS))
def test_easy_and_normal_play_every_variant_legally(name):
    rules = HouseRules(**VARIANTS[name])  # type: ignore[arg-type]
    phases: set[Phase] = set()
    for seed in range(5):
        phases |= _play(rules, seed, (Level.EASY, Level.NORMAL, Level.RANDOM), 2)
    assert Phase.PLAY in phases and Phase.BIDDING in phases
    if rules.nil_exchange_in_force:
        assert Phase.EXCHANGE in phases


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
