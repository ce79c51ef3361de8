"""Issue 42 item 1: each rule consequence has one home (engine/consequences.py), and what reads it
agrees with the engine in every position reached by seeded random hands of every mode:

- the table's live line ("Bid 4 · Won 3 · Need 1", "Bid 4 · Made · 1 bag", "Set") at the hand's
  end says what the hand's score says: made or set, the contract, the tricks counted, the bags;
- the AI's fast playout (bare masks, kept fast for the search) allows exactly the cards the
  engine allows, leads and follows alike.  This test is what holds the playout to the engine.
"""

from __future__ import annotations

import random

import pytest

from spades_desktop.ai.playout import legal_mask
from spades_desktop.ai.world_search import world_from_view
from spades_desktop.engine.rules import PRESETS, HouseRules, preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.engine.words import plural
from spades_desktop.ui.text.table_summary import Contract, summarize
from spades_desktop.ui.text.words import action_bid_text

#: every preset (every mode) and the house rules that change which tricks count or what may be led
RULE_SETS: dict[str, HouseRules] = {
    **{p.name: preset(p.name) for p in PRESETS},
    "failed_nil_counts": preset("standard").with_changes(failed_nil_counts_for_partner=True),
    "spades_any_time": preset("standard").with_changes(spades_lead="any_time"),
    "cutthroat_two_clubs": preset("cutthroat").with_changes(first_lead="two_of_clubs"),
    "three_player_two_clubs": preset("three_player").with_changes(first_lead="two_of_clubs"),
    "whiz": preset("standard").with_changes(bidding="whiz", nil_exchange=2),
    "suicide": preset("standard").with_changes(bidding="suicide"),
    "jokers_deuces": preset("standard").with_changes(deck="jokers_deuces", thirteen_bid_fail_bags=True),
    "thirteen": preset("standard").with_changes(thirteen_bid_double=True, all_tricks_bonus=200),
}
HANDS = 12  # seeded hands per rule set


def _bid_labels(state: GameState) -> dict[Seat, str]:
    """The bids as the table shows them once every bid is in."""
    result = state.hand_history[-1]
    labels: dict[Seat, str] = {}
    for seat, action in result.bids:
        labels[seat] = action_bid_text(action)
    return labels


def _check_the_line(state: GameState, name: str) -> int:
    result = state.hand_history[-1]
    summary = summarize(state, _bid_labels(state), dict(zip(state.seats, (result.tricks[s] for s in state.seats),
                                                            strict=True)),
                        dict(result.scores), dict(result.bags), None, None, lambda s: s.name, None)
    checked = 0
    for line in summary.sides:
        b = result.breakdown[line.side]
        where = (name, result.hand_number, line.side, line.progress, b.to_dict())
        if b.made is None:
            assert line.contract is Contract.NONE, where
            continue
        if b.made:
            assert line.contract in (Contract.MADE, Contract.MADE_NIL_BROKEN), where
            bags = f" · {plural(b.bags, 'bag')}" if b.bags else ""
            assert line.progress == f"Bid {b.contract} · Made{bags}", where
        else:
            assert line.contract is Contract.SET, where
            assert line.progress == f"Bid {b.contract} · Won {b.tricks} · Set", where
        checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_table_line_and_the_playout_agree_with_the_engine(name):
    rules = RULE_SETS[name]
    rng = random.Random(name)
    lines = positions = 0
    for _ in range(HANDS):
        state, _ = GameState.new_game(rules, rng.randrange(10**9))
        state.stop_after_hand = True  # the hand's end stays on the table to be read
        while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            if state.phase is Phase.PLAY:
                world = world_from_view(state.view(state.turn), list(state.hands))
                assert legal_mask(world, int(state.turn)) == state.legal_card_mask(), (name, state.log)
                positions += 1
            state.apply(rng.choice(state.legal_actions()))
        if state.hand_history:  # (an auction of four passes is dealt again)
            lines += _check_the_line(state, name)
    assert positions >= HANDS * 20 and lines >= HANDS // 2
