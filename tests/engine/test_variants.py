"""The variants of docs/RULES.md section 6 and the three-player mode of 4.5, scenario by scenario.

Each test builds a known deal (or a seeded game) and checks one rule: the deck's cards,
the jokers and the trump 2 of diamonds in following, breaking, leading and winning, the
bidding styles with errors that name the rule, the nil exchange, and three players.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import (
    BIG_JOKER,
    HIGH_TWO_OF_DIAMONDS,
    HIGH_TWO_OF_SPADES,
    LITTLE_JOKER,
    card_id,
    cards_of,
    ids_of,
    mask_from_ids,
    parse_card,
)
from spades_desktop.engine.decks import deck_for
from spades_desktop.engine.errors import (
    BidStyleViolation,
    BlindNilNotAllowed,
    FirstLeadRestricted,
    MustFollowSuit,
    TrumpNotBroken,
)
from spades_desktop.engine.record import check_record
from spades_desktop.engine.rules import HouseRules, preset, preset_name
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.serialize import from_dict, summary, to_dict
from spades_desktop.engine.state import GameState, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SPADE_RANKS = "3456789TJQKA"

# A jokers_deuces deal (dealer W, so North bids and leads first).  North: the four high trumps.
DEUCES = {
    "N": "BJ LJ 2D 2S AS 3C 4C 5C 3D 4D 3H 4H 5H",
    "E": "KS QS JS TS AC KC QC JC AD KD AH KH QH",
    "S": "9S 8S 7S TC 9C 8C QD JD TD JH TH 9H 8H",
    "W": "6S 5S 4S 3S 7C 6C 9D 8D 7D 6D 5D 7H 6H",
}
# A jokers deal (no 2H, no 2D).
JOKERS = {
    "N": "BJ AS KS 2C 3C 4C 5C 3D 4D 5D 3H 4H 5H",
    "E": "LJ QS JS 6C 7C 8C 6D 7D 8D 6H 7H 8H 9H",
    "S": "TS 9S 8S 9C TC JC 9D TD JD TH JH QH KH",
    "W": "7S 6S 5S 4S 3S 2S QC KC AC QD KD AD AH",
}


def state_of(rules: HouseRules, deal: dict[str, str], dealer: Seat = W) -> GameState:
    aliases = deck_for(rules.deck_in_force, rules.mode).aliases
    hands = {Seat.parse(k): mask_from_ids(v.split(), aliases) for k, v in deal.items()}
    return GameState.from_deal(rules, dealer, hands)


def card(state: GameState, text: str) -> int:
    return parse_card(text, state.deck.aliases)


def bid_all(state: GameState, values: list[int | str]) -> None:
    for value in values:
        if state.phase is Phase.BLIND_DECISION:
            state.apply(A.BLIND_NIL if value == "blind" else A.LOOK)
            if value == "blind":
                continue
        state.apply(A.bid_action(value))  # type: ignore[arg-type]


def play(state: GameState, cards: str) -> None:
    for text in cards.split():
        state.apply(card(state, text))


def refused(state: GameState, action: int, error: type[Exception], words: str) -> None:
    before = summary(state), list(state.log)
    with pytest.raises(error) as info:
        state.apply(action)
    assert words in info.value.reason, info.value.reason
    assert (summary(state), list(state.log)) == before


# ------------------------------------------------------------------ decks


@pytest.mark.parametrize(("deck", "mode", "out", "added"), [
    ("standard", "partnership", set(), set()),
    ("jokers", "partnership", {"2H", "2D"}, {"BJ", "LJ"}),
    ("jokers", "cutthroat", {"2H", "2D"}, {"BJ", "LJ"}),
    ("jokers_deuces", "partnership", {"2C", "2H"}, {"BJ", "LJ"}),
    ("standard", "three_player", {"2C"}, set()),
    ("jokers", "three_player", {"2C", "2H", "2D"}, {"BJ", "LJ"}),
])
def test_each_deck_holds_the_cards_the_rules_name(deck, mode, out, added):
    d = deck_for(deck, mode)
    ids = ids_of(d.mask)
    standard = {r + s for s in "CDHS" for r in "23456789TJQKA"}
    assert len(ids) == len(set(ids)) == (51 if mode == "three_player" else 52)
    assert set(ids) == (standard - out) | added
    assert d.hand_size * (3 if mode == "three_player" else 4) == len(ids)


def test_a_mode_that_excludes_a_deck_plays_the_standard_one():
    assert deck_for("jokers", "two_player").name == "standard"
    assert deck_for("jokers_deuces", "three_player").name == "standard"
    assert HouseRules(mode="auction", deck="jokers").deck_in_force == "standard"
    assert HouseRules(mode="cutthroat", bidding="suicide").bidding_in_force == "standard"
    assert HouseRules(mode="cutthroat", nil_exchange=2).nil_exchange_in_force == 0


def test_the_ids_keep_their_names_and_the_deuces_move_to_the_high_slots():
    d = deck_for("jokers_deuces", "partnership")
    assert parse_card("2D", d.aliases) == HIGH_TWO_OF_DIAMONDS and card_id(HIGH_TWO_OF_DIAMONDS) == "2D"
    assert parse_card("2S", d.aliases) == HIGH_TWO_OF_SPADES and card_id(HIGH_TWO_OF_SPADES) == "2S"
    assert parse_card("bj") == BIG_JOKER and parse_card("LJ") == LITTLE_JOKER
    # the trump order from the top: BJ, LJ, 2D, 2S, AS, KS ... 3S
    trumps = [c for c in cards_of(d.mask) if c >= 39]
    assert [card_id(c) for c in reversed(trumps)] == ["BJ", "LJ", "2D", "2S"] + [r + "S" for r in reversed(SPADE_RANKS)]


def test_a_hand_with_a_card_the_deck_does_not_hold_is_refused():
    hands = {Seat.parse(k): mask_from_ids(v.split()) for k, v in JOKERS.items()}
    hands[S] = hands[S] & ~(1 << parse_card("TS")) | 1 << parse_card("2H")
    with pytest.raises(Exception, match="not in the jokers deck"):
        GameState.from_deal(HouseRules(deck="jokers"), W, hands)


def test_seeded_deals_are_deterministic_and_use_the_deck_in_force():
    for deck in ("jokers", "jokers_deuces"):
        rules = HouseRules(deck=deck)
        a, _ = GameState.new_game(rules, 77)
        b, _ = GameState.new_game(rules, 77)
        assert a.hands == b.hands
        assert sum(h.bit_count() for h in a.hands) == 52
        everything = 0
        for h in a.hands:
            everything |= h
        assert everything == deck_for(deck, "partnership").mask


def test_the_standard_deck_deals_exactly_as_before_the_variants():
    # seed 1's first deal as the game dealt it before the jokers decks existed (commit 273a4cd):
    # saved games replay from their seed, so the standard deal must not move
    state, _ = GameState.new_game(HouseRules(), 1)
    assert state.dealer == N
    assert ids_of(state.hands[N]) == ["3C", "7C", "JC", "KC", "AC", "2D", "TD", "KD", "2H", "4H", "TH", "JS", "KS"]


# ------------------------------------------------------------------ jokers in play


def test_the_jokers_and_the_trump_deuces_outrank_the_ace_of_spades():
    state = state_of(HouseRules(deck="jokers_deuces"), DEUCES)
    bid_all(state, [5, 4, 3, 4])
    play(state, "3C AC TC 7C")  # East wins with the ace of clubs
    play(state, "KC 9C 6C 4C")  # East again
    play(state, "QC 8C 3S 5C")  # West, out of clubs, trumps: spades broken
    assert state.completed[-1][3] == W and state.broken
    play(state, "4S 2S KS 9S")  # the high 2 of spades beats the king (and would beat the ace)
    assert state.completed[-1][3] == N
    play(state, "2D QS 8S 5S")  # the 2 of diamonds is a spade: led as a trump, it wins
    assert state.completed[-1][3] == N
    play(state, "LJ JS 7S 6S")
    play(state, "BJ TS JH 5D")  # South and West, out of spades, discard
    assert [t[3] for t in state.completed[-3:]] == [N, N, N]
    assert state.hands[N] >> card(state, "AS") & 1  # the ace of spades is only the fifth trump


def test_a_diamond_lead_does_not_call_out_the_trump_deuce():
    state = state_of(HouseRules(deck="jokers_deuces"), DEUCES)
    bid_all(state, [5, 4, 3, 4])
    play(state, "3D")  # North leads a diamond; East must follow with a diamond
    refused(state, card(state, "KS"), MustFollowSuit, "must follow diamonds")
    play(state, "KD QD 9D")
    play(state, "AD JD 8D")  # East leads again; North must play its last real diamond, not the 2D
    assert {card_id(c) for c in cards_of(state.legal_card_mask())} == {"4D"}
    refused(state, card(state, "2D"), MustFollowSuit, "the 2 of diamonds is a spade in this deck")


def test_a_joker_must_follow_a_spade_lead_and_may_not_be_led_before_spades_are_broken():
    state = state_of(HouseRules(deck="jokers"), JOKERS)
    bid_all(state, [4, 3, 3, 3])
    refused(state, BIG_JOKER, FirstLeadRestricted, "spades may not be led on the first trick")
    play(state, "2C 6C 9C QC")  # West wins the club
    play(state, "QD 3D 6D 9D")  # West again
    play(state, "AH 3H 6H TH")  # West again
    # West holds only spades now? no: West has clubs left, so spades cannot be led yet
    refused(state, card(state, "7S"), TrumpNotBroken, "spades are not broken")
    play(state, "KC 3C 7C TC")
    play(state, "AC 4C 8C JC")
    play(state, "KD 4D 7D TD")
    play(state, "AD 5D 8D JD")
    # West is now all spades and leads one; East holds the Little Joker and must follow spades with it
    play(state, "2S AS")
    legal = state.legal_card_mask()
    assert {card_id(c) for c in cards_of(legal)} == {"LJ", "QS", "JS"}
    refused(state, card(state, "7H"), MustFollowSuit, "must follow spades: LJ counts as a spade")
    play(state, "LJ TS")
    assert state.completed[-1][3] == E  # the Little Joker beats the ace of spades


# ------------------------------------------------------------------ bidding styles


def test_whiz_bids_the_spades_held_or_nil_and_says_so():
    state = state_of(HouseRules(bidding="whiz", deck="jokers_deuces", blind_nil_allowed=False), DEUCES)
    # North holds BJ LJ 2D 2S AS: five spades by the rules in force
    assert set(state.legal_actions()) == {A.NIL, A.bid_action(5)}
    refused(state, A.bid_action(4), BidStyleViolation, "In whiz you bid your 5 spades (BJ, LJ, 2D count) or nil")
    state.apply(A.bid_action(5))
    assert set(state.legal_actions()) == {A.NIL, A.bid_action(4)}


def test_mirror_bids_exactly_the_spades_held():
    state = state_of(HouseRules(bidding="mirror", blind_nil_allowed=False), {
        "N": "AS KS QS 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "E": "QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "S": "QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "W": "QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
    })
    assert state.legal_actions() == (A.bid_action(3),)
    refused(state, A.NIL, BidStyleViolation, "In mirror you bid your 3 spades")
    state.apply(A.bid_action(3))
    assert state.legal_actions() == (A.NIL,)  # East holds no spade: nil
    refused(state, A.bid_action(1), BidStyleViolation, "In mirror you hold no spades, so you bid nil")


def test_mirror_forces_nil_even_with_nil_switched_off():
    rules = HouseRules(bidding="mirror", nil_allowed=False, blind_nil_allowed=False)
    state, _ = GameState.new_game(rules, 5)
    while state.phase is Phase.BIDDING:
        seat = state.turn
        spades = state.trumps_held(seat)
        assert state.legal_actions() == ((A.NIL,) if spades == 0 else (A.bid_action(spades),))
        state.apply(state.legal_actions()[0])


def test_suicide_one_partner_nil_the_other_four_or_more():
    state = state_of(HouseRules(bidding="suicide", blind_nil_allowed=False), {
        "N": "AS KS QS 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "E": "QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "S": "QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "W": "QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
    })
    refused(state, A.bid_action(3), BidStyleViolation, "In suicide you bid nil or 4 or more")
    state.apply(A.NIL)  # North nil
    state.apply(A.bid_action(5))  # East 5
    refused(state, A.NIL, BidStyleViolation, "In suicide your partner bid nil, so you bid 4 or more")
    state.apply(A.bid_action(4))  # South
    refused(state, A.bid_action(4), BidStyleViolation, "In suicide your partner bid 5, so you bid nil")
    state.apply(A.NIL)
    assert state.phase is Phase.PLAY


def test_suicide_ignores_the_minimum_team_bid_and_blind_nil_counts_as_the_nil():
    rules = HouseRules(bidding="suicide", min_team_bid=4)
    for seed in range(40):
        state, _ = GameState.new_game(rules, seed)
        while state.phase in (Phase.BIDDING, Phase.BLIND_DECISION):
            seat = state.turn
            partner_bid = state.bids[seat.partner()]
            if state.phase is Phase.BLIND_DECISION:
                assert partner_bid != 0, "blind nil offered to a seat whose partner took the nil"
                state.apply(A.BLIND_NIL if seed % 3 == 0 else A.LOOK)
                continue
            legal = state.legal_actions()
            state.apply(legal[seed % len(legal)])
        for a, b in ((N, S), (E, W)):
            assert sorted([state.bids[a] == 0, state.bids[b] == 0]) == [False, True]
            assert max(state.bids[a], state.bids[b]) >= 4


def test_blind_nil_is_not_offered_in_suicide_once_the_partner_bid_nil():
    rules = HouseRules(bidding="suicide")
    state, _ = GameState.new_game(rules, 11)
    first = state.turn
    assert state.phase is Phase.BLIND_DECISION
    state.apply(A.BLIND_NIL)  # the first of a side goes blind nil
    assert state.phase is Phase.BLIND_DECISION  # the other side's first bidder may still choose
    state.apply(A.LOOK)
    state.apply(A.bid_action(4))
    assert state.turn == first.partner() and state.phase is Phase.BIDDING  # no blind decision for it
    assert state.legal_actions() == tuple(A.bid_action(n) for n in range(4, 14))
    refused(state, A.BLIND_NIL, BlindNilNotAllowed, "In suicide your partner bid nil, so you bid 4 or more")


# ------------------------------------------------------------------ nil exchange


def seeded_bids(rules: HouseRules, seed: int, bids: list[int | str]) -> GameState:
    """A seeded game (exchanges happen in dealt games, not in hands replayed from a record)."""
    state, _ = GameState.new_game(rules, seed)
    bid_all(state, bids)
    return state


def test_a_nil_bidder_and_partner_pass_cards_to_each_other_at_once():
    state = seeded_bids(HouseRules(nil_exchange=2, blind_nil_allowed=False), 31, [0, 3, 5, 4])
    nil_seat = state.bid_order[0]
    partner = nil_seat.partner()
    assert state.phase is Phase.EXCHANGE and state.turn == nil_seat and state.exchange_limit == 2
    assert state.view(nil_seat).exchange_limit == 2
    before_nil, before_partner = state.hands[nil_seat], state.hands[partner]
    nil_gives = cards_of(before_nil)[-2:]
    for c in nil_gives:
        state.apply(c)
    assert state.turn == partner
    assert state.view(partner).exchange_received == 0  # it chooses without seeing what comes
    partner_gives = cards_of(before_partner)[:2]
    for c in partner_gives:
        state.apply(c)
    assert state.phase is Phase.PLAY
    given = sum(1 << c for c in nil_gives)
    got = sum(1 << c for c in partner_gives)
    assert state.hands[nil_seat] == (before_nil & ~given) | got
    assert state.hands[partner] == (before_partner & ~got) | given
    assert state.view(nil_seat).exchange_received == got and state.view(partner).exchange_received == given


def test_no_exchange_when_both_partners_bid_nil_or_in_a_mode_without_partners():
    state = seeded_bids(HouseRules(nil_exchange=3, blind_nil_allowed=False), 31, [0, 3, 0, 4])
    assert state.phase is Phase.PLAY
    cut = seeded_bids(HouseRules(mode="cutthroat", nil_exchange=3, blind_nil_allowed=False), 4, [0, 3, 4, 4])
    assert cut.phase is Phase.PLAY


def test_a_blind_nil_and_a_nil_on_different_sides_exchange_their_own_counts():
    rules = HouseRules(nil_exchange=1, blind_nil_exchange=3)
    state = seeded_bids(rules, 8, ["blind", 0, 4, 4])
    first, second = state.bid_order[:2]
    assert state.exchange_pairs == [(first, first.partner(), 3), (second, second.partner(), 1)]
    counts = []
    while state.phase is Phase.EXCHANGE:
        seat = state.turn
        assert state.view(seat).exchange_limit == state.exchange_limit
        counts.append((seat, state.exchange_limit))
        state.apply(state.legal_actions()[0])
    assert [limit for _, limit in counts] == [3, 3, 3, 3, 3, 3, 1, 1]
    assert all(h.bit_count() == 13 for h in state.hands)


# ------------------------------------------------------------------ three players


def test_three_players_get_seventeen_cards_without_the_two_of_clubs_and_play_south_west_north():
    state, _ = GameState.new_game(HouseRules(mode="three_player", blind_nil_allowed=False), 8)
    assert state.seats == (N, S, W) and state.hands[E] == 0
    assert [state.hands[s].bit_count() for s in (N, S, W)] == [17, 17, 17]
    assert not any(h & 1 for h in state.hands)  # no 2 of clubs
    assert list(state.sides) == ["N", "S", "W"]
    order = [state.turn]
    for _ in range(2):
        order.append(state.next_seat[order[-1]])
    assert set(order) == {N, S, W} and state.next_seat[S] == W and state.next_seat[W] == N
    assert max(A.bid_value(a) for a in state.legal_actions() if A.is_bid(a)) == 17


def test_three_player_two_of_clubs_rule_leads_the_three_of_clubs():
    rules = HouseRules(mode="three_player", first_lead="two_of_clubs", blind_nil_allowed=False)
    state, _ = GameState.new_game(rules, 3)
    for _ in range(3):
        state.apply(A.bid_action(3))
    assert state.hands[state.turn] >> 1 & 1  # the holder of the 3 of clubs leads
    assert state.legal_actions() == (1,)
    other = next(c for c in cards_of(state.hands[state.turn]) if c != 1)
    refused(state, other, FirstLeadRestricted, "the first lead must be the three of clubs")


def test_three_player_hand_of_seventeen_tricks_scores_each_player_and_the_all_tricks_bid_is_17():
    rules = HouseRules(mode="three_player", thirteen_bid_double=True, blind_nil_allowed=False)
    state, _ = GameState.new_game(rules, 21)
    for _ in range(3):
        state.apply(A.bid_action(5))
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    result = state.hand_history[-1]
    assert sum(result.tricks) == 17
    assert set(result.breakdown) == {"N", "S", "W"}
    from spades_desktop.engine.scoring import contract_points
    assert contract_points(rules, 17, 17) == (True, 170, 170)  # the all-tricks bid doubles
    assert contract_points(rules, 13, 13) == (True, 130, 0)


# ------------------------------------------------------------------ saves, records, presets


@pytest.mark.parametrize("rules", [
    HouseRules(deck="jokers_deuces", bidding="whiz"),
    HouseRules(mode="three_player", deck="jokers", bidding="mirror"),
    HouseRules(bidding="suicide", nil_exchange=3),
])
def test_a_variant_game_saves_and_replays_to_the_same_position(rules):
    import random

    state, _ = GameState.new_game(rules, 99)
    rng = random.Random(1)
    for _ in range(150):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(to_dict(state)))
    assert summary(from_dict(data)) == summary(state)


def test_presets_jokers_and_three_player():
    assert preset("jokers") == HouseRules(deck="jokers")
    assert preset("three_player").mode == "three_player"
    assert preset_name(HouseRules(deck="jokers")) == "jokers"


def _record(rules: HouseRules, deal: dict[str, str], bids: list, plays: list[str], dealer: str = "W") -> dict:
    state = state_of(rules, deal, Seat.parse(dealer))
    bid_seq, play_seq = [], []
    for value in bids:
        bid_seq.append([state.turn.name, value])
        if state.phase is Phase.BLIND_DECISION:
            state.apply(A.LOOK)
        state.apply(A.NIL if value == "nil" else A.bid_action(value))
    for text in plays:
        play_seq.append([state.turn.name, text])
        state.apply(card(state, text))
    return {"rules": rules.to_dict(), "dealer": dealer,
            "hands": {k: v.split() for k, v in deal.items()}, "bids": bid_seq, "plays": play_seq}


def test_check_hand_accepts_jokers_records_and_names_the_rule_broken():
    rules = HouseRules(deck="jokers_deuces", bidding="whiz", spades_lead="any_time")
    record = _record(rules, DEUCES, [5, 4, 3, 4], ["3C", "AC", "TC", "7C"])
    assert check_record(record) == {"legal": True, "complete": False}
    bad = json.loads(json.dumps(record))
    bad["bids"][1][1] = 3  # East holds four spades: whiz lets it bid 4 or nil
    result = check_record(bad)
    assert result["legal"] is False and result["error_at"] == "bids" and result["index"] == 1
    assert "In whiz you bid your 4 spades or nil" in result["reason"]


@pytest.mark.slow
def test_check_hand_command_reads_a_three_player_record(tmp_path):
    rules = HouseRules(mode="three_player", blind_nil_allowed=False)
    state, _ = GameState.new_game(rules, 13)
    deal = {s.name: " ".join(ids_of(state.hands[s])) for s in state.seats}
    dealer = state.dealer.name
    record = {"rules": rules.to_dict(), "dealer": dealer, "hands": {k: v.split() for k, v in deal.items()},
              "bids": [], "plays": []}
    for _ in range(3):
        record["bids"].append([state.turn.name, 4])
        state.apply(A.bid_action(4))
    while state.phase is Phase.PLAY:
        c = state.legal_actions()[-1]
        record["plays"].append([state.turn.name, card_id(c)])
        state.apply(c)
    path = tmp_path / "three.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([sys.executable, "-m", "spades_desktop", "check-hand", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip())
    assert result["legal"] and result["complete"]
    assert sum(result["tricks"].values()) == 17 and set(result["tricks"]) == {"N", "S", "W"}
    assert result["scores_after"] == state.scores
