"""Three-player bidding (docs/RULES.md section 4.5): the normal player's bid tracks what its 17-card
hand takes, and the four-seat modes keep their own count."""

from __future__ import annotations

import statistics

import pytest

from spades_desktop.ai import ComputerPlayer, Level, normal, three_player
from spades_desktop.engine import actions as A
from spades_desktop.engine.events import HandScored
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.state import GameState, Phase


def _first_hand(rules: HouseRules, seed: int) -> list[tuple[int, int]]:
    """(bid, tricks) of every seat in the first hand of a seeded all-normal game."""
    state, _ = GameState.new_game(rules, seed)
    players = {s: ComputerPlayer(Level.NORMAL, seed=seed * 7 + int(s)) for s in state.seats}
    bids = {}
    while True:
        seat = state.turn
        action = players[seat].decide(state.view(seat))
        if state.phase is Phase.BIDDING:
            bids[seat] = A.bid_value(action)
        for event in state.apply(action):
            if isinstance(event, HandScored):
                return [(bids[s], event.breakdown[state.side_of_seat(s)].tricks) for s in state.seats]


@pytest.mark.slow
def test_three_player_bid_tracks_the_tricks_taken():
    rules = HouseRules.from_dict({"mode": "three_player"})
    rows = [row for seed in range(60) for row in _first_hand(rules, seed)]
    bids = [b for b, _ in rows]
    tricks = [t for _, t in rows]
    assert abs(statistics.mean(bids) - statistics.mean(tricks)) < 1.0
    # the bid follows the hand: strong hands bid more than weak ones
    strong = [b for b, t in rows if t >= 7]
    weak = [b for b, t in rows if t <= 4]
    assert statistics.mean(strong) > statistics.mean(weak) + 2


def test_three_player_expected_tricks_grow_with_the_hand():
    weak = 0b1111111 | (0b11111 << 13) | (0b11111 << 26)  # low clubs, diamonds and hearts: 17 cards
    strong = (0b1111 << 9) | (0b1111 << 22) | (0b1111 << 35) | (0b11111 << 47)  # honours and 5 top spades
    assert weak.bit_count() == 17 and strong.bit_count() == 17
    assert three_player.expected_tricks(weak) < 1.5 < 10 < three_player.expected_tricks(strong)


def test_four_seat_modes_do_not_use_the_three_player_count(monkeypatch):
    def refuse(*_args):
        raise AssertionError("three-player count used")

    monkeypatch.setattr(three_player, "bid_value", refuse)
    for mode in ("partnership", "cutthroat"):
        state, _ = GameState.new_game(HouseRules.from_dict({"mode": mode}), 3)
        while state.phase is Phase.BLIND_DECISION:
            state.apply(A.LOOK)
        assert state.phase is Phase.BIDDING
        assert normal.bid_value_for(state.view(state.turn)) >= 0
