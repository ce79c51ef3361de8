"""Issue 58: the statistics file keeps each mode's last hands as the person played them (their bid,
the tricks they took, whether the side made its contract) and when each game ended, so the
statistics mean something after one hand and the title can say what the last game was.  Files of
version 4 and before load as they did, with no hands and no dates."""

from __future__ import annotations

import json

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine import GameState, preset
from spades_desktop.engine import actions as A
from spades_desktop.engine.seats import Seat
from spades_desktop.storage.stat_lines import HandLine
from spades_desktop.storage.statistics import (
    MAX_RECENT_HANDS,
    VERSION,
    GameLine,
    Statistics,
    load_statistics,
    save_statistics,
)


def _played(name: str, hands: int, seed: int = 3) -> GameState:
    state, _ = GameState.new_game(preset(name).with_changes(target_score=1000, losing_score=None), seed)
    player = ComputerPlayer(Level.NORMAL, seed=seed)
    while len(state.hand_history) < hands and not state.is_terminal():
        state.apply(player.decide(state.view(state.turn)))
    return state


@pytest.mark.parametrize("name", ["standard", "cutthroat", "three_player", "two_player", "auction"])
def test_each_scored_hand_keeps_the_persons_bid_and_tricks(name):
    state = _played(name, 2)
    stats = Statistics()
    stats.start_game("g1", state.rules.mode)
    stats.record_hands("g1", state)
    lines = stats.per_mode[state.rules.mode].recent_hands
    assert [line.hand for line in lines] == [1, 2] and {line.game_id for line in lines} == {"g1"}
    side = state.side_of_seat(Seat.S)
    for line, result in zip(lines, state.hand_history, strict=True):
        b = result.breakdown[side]
        assert line.made == b.made
        if state.rules.mode == "auction":
            assert line.taken == b.tricks and line.bid == (b.contract if b.made is not None else None)
        else:
            mine = [a for seat, a in result.bids if seat == Seat.S and a != A.PASS][-1]
            assert line.taken == result.tricks[Seat.S]
            assert line.bid == (0 if mine == A.BLIND_NIL else A.bid_value(mine))


def test_the_hands_and_the_games_end_survive_the_file_and_only_the_last_hands_are_kept(tmp_path):
    stats = Statistics()
    for game in range(MAX_RECENT_HANDS // 10 + 2):
        stats.start_game(f"g{game}", "partnership")
        stats.record_hands(f"g{game}", _played("standard", 10, seed=game))
    mode = stats.per_mode["partnership"]
    assert len(mode.recent_hands) == MAX_RECENT_HANDS and mode.recent_hands[-1].game_id == f"g{game}"
    finished = _played("standard", 1)
    finished.winner = finished.side_of_seat(Seat.S)
    stats.start_game("done", "partnership")
    stats.record_game(finished, Seat.S, "done", ended=1_700_000_000)
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    assert json.loads(path.read_text())["version"] == VERSION == 6
    again, problems = load_statistics(path)
    assert not problems
    assert again.per_mode["partnership"].recent_hands == mode.recent_hands
    assert again.per_mode["partnership"].recent[-1].ended == 1_700_000_000


def test_a_file_of_version_4_loads_with_no_hands_and_no_dates(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 4, "tracked": {}, "modes": {
        "partnership": {"started": 1, "games": 1, "won": 1, "hands": 8, "contracts_made": 5, "contracts_set": 2,
                        "best_score": 300, "worst_score": 300,
                        "recent": [{"won": True, "score": 300, "against": 120, "hands": 8, "bags": 6,
                                    "game_id": "g", "accuracy": 0.5}]}}}))
    stats, problems = load_statistics(path)
    assert problems == []
    mode = stats.per_mode["partnership"]
    assert mode.recent_hands == [] and mode.recent == [GameLine(True, 300, 120, 8, 6, "g", 0.5)]
    assert mode.recent[0].ended is None
    assert stats.to_dict()["version"] == 6


@pytest.mark.parametrize("bad", [
    {"bid": 18}, {"bid": -1}, {"bid": "3"}, {"taken": 40}, {"made": "yes"}, {"hand": 0},
    {"blind": True},  # blind, but not a nil
    {"extra": 1},
])
def test_a_recent_hand_that_cannot_be_true_is_refused(bad):
    line = {"game_id": "g", "hand": 1, "bid": 3, "taken": 4, "made": True, **bad}
    with pytest.raises(ValueError):
        HandLine.from_dict(line)


def test_more_recent_hands_than_hands_counted_set_the_file_aside(tmp_path):
    path = tmp_path / "statistics.json"
    hand = {"game_id": "g", "hand": 1, "bid": 3, "taken": 4, "made": True}
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 5, "tracked": {}, "modes": {
        "partnership": {"started": 1, "hands": 1, "contracts_made": 1, "recent_hands": [hand, hand]}}}))
    stats, problems = load_statistics(path)
    assert len(problems) == 1 and "could not be read" in problems[0]
    assert stats.per_mode["partnership"].recent_hands == []
