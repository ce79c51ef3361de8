"""spades-sim's hands from real game states (issue 55 item 5): deals start from the scores and bags
the recorded games passed through, are valued by the change in the win chance, and a results file
keeps each deal's figures so a long run resumes."""

import json

from spades_desktop import sim, sim_states
from spades_desktop.engine.presets import preset
from spades_desktop.engine.scoring import game_winner

RULES = preset("standard")


def test_the_states_are_those_real_games_passed_through():
    states = sim_states.real_game_states(RULES)
    assert len(states) > 5000
    assert states[0] == ({"NS": 0, "EW": 0}, {"NS": 0, "EW": 0})  # a game starts level
    assert all(game_winner(RULES, scores) is None for scores, _ in states)  # never a finished game
    assert sum(1 for scores, _ in states if max(scores.values()) >= 400) > len(states) // 20  # late states too
    assert any(bags["NS"] >= 8 for _, bags in states)


def test_a_deal_is_dealt_as_its_seed_deals_from_the_state_drawn_for_it():
    start = sim_states.state_for_deal(RULES, 77)
    assert start == sim_states.state_for_deal(RULES, 77)  # both tables of a duplicate deal
    state = sim_states.deal_from_state(RULES, 77, start)
    assert (state.scores, state.bags) == start
    fresh, _ = sim.GameState.new_game(RULES, 77)
    assert [state.hands[s] for s in state.seats] == [fresh.hands[s] for s in fresh.seats]


def test_game_state_hands_report_the_win_chance_gained_and_resume(tmp_path, capsys):
    results = tmp_path / "states.jsonl"
    args = ["--a", "normal", "--b", "easy", "--hands", "4", "--duplicate", "--game-states", "--workers", "1",
            "--json", "--results", str(results)]
    assert sim.main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["deals"] == 4 and first["win_chance_ci95"] is not None
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == 4 and all(-100 <= row["gain"] <= 100 for row in rows)
    assert first["win_chance_gain_a"] == round(sum(r["gain"] for r in rows) / 4, 3)
    assert sim.main([*args[:5], "6", *args[6:]]) == 0  # two more deals: the four are read back
    again = json.loads(capsys.readouterr().out)
    assert again["deals"] == 6 and again["resumed_deals"] == 4
    assert len(results.read_text().splitlines()) == 6
