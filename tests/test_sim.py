"""spades-sim: the match runner's contract (options and JSON fields)."""

import json
import subprocess
import sys


def test_sim_json_contract():
    done = subprocess.run(
        [sys.executable, "-m", "spades_desktop.sim", "--a", "normal", "--b", "random", "--hands", "12",
         "--duplicate", "--seed", "3", "--rules", "standard", "--json", "--workers", "1"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    for key in ("hands", "points_per_hand_diff", "ci95", "game_win_rate_a", "decision_ms", "a", "b"):
        assert key in result
    assert result["hands"] == 24 and result["points_per_hand_diff"] > 50
    for side in ("a", "b"):
        for key in ("bid_accuracy", "set_rate", "bags_per_hand", "nil_attempts", "nil_success_rate"):
            assert key in result[side]
    for level in ("normal", "random"):
        assert set(result["decision_ms"][level]) >= {"p50", "p95"}
    assert "deals" in done.stderr  # the progress bar


def test_sim_games_give_a_win_rate():
    done = subprocess.run(
        [sys.executable, "-m", "spades_desktop.sim", "--a", "normal", "--b", "random", "--games", "2",
         "--rules", "classic_100", "--json", "--workers", "1"],
        capture_output=True, text=True, timeout=300,
    )
    result = json.loads(done.stdout)
    assert result["games"] == 2 and 0.0 <= result["game_win_rate_a"] <= 1.0
