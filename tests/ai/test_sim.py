"""spades-sim: the match runner's contract (options and JSON fields)."""

import json
import subprocess
import sys

import pytest


@pytest.mark.slow
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
        for key in ("bid_accuracy", "set_rate", "bags_per_hand", "nil_attempts", "nil_success_rate",
                    "points_per_hand", "overtricks_per_hand"):
            assert key in result[side]
    for level in ("normal", "random"):
        assert set(result["decision_ms"][level]) >= {"p50", "p95"}
    assert "deals" in done.stderr  # the progress bar


@pytest.mark.slow
def test_sim_games_give_a_win_rate():
    done = subprocess.run(
        [sys.executable, "-m", "spades_desktop.sim", "--a", "normal", "--b", "random", "--games", "2",
         "--rules", "classic_100", "--json", "--workers", "1"],
        capture_output=True, text=True, timeout=300,
    )
    result = json.loads(done.stdout)
    assert result["games"] == 2 and 0.0 <= result["game_win_rate_a"] <= 1.0


@pytest.mark.slow
def test_sim_duplicate_games_give_the_win_rate_with_its_interval():
    done = subprocess.run(
        [sys.executable, "-m", "spades_desktop.sim", "--a", "normal", "--b", "random", "--games", "3",
         "--duplicate", "--rules", "classic_100", "--json", "--workers", "1"],
        capture_output=True, text=True, timeout=300,
    )
    result = json.loads(done.stdout)
    assert result["games"] == 6 and result["deals"] == 3
    low, high = result["game_win_ci95_a"]
    assert low <= result["game_win_rate_a"] <= high <= 1.0
    assert abs(result["hands_per_game"] - result["hands"] / 6) < 0.01
    for side in ("a", "b"):
        assert result[side]["overtricks_per_hand"] >= 0.0


@pytest.mark.slow
def test_sim_hard_with_a_fixed_search_repeats_exactly():
    args = [sys.executable, "-m", "spades_desktop.sim", "--a", "hard", "--b", "normal", "--hands", "2",
            "--duplicate", "--iterations", "5", "--json", "--workers", "1", "--seed", "4"]
    first, again = (json.loads(subprocess.run(args, capture_output=True, text=True, timeout=300).stdout)
                    for _ in range(2))
    assert first["iterations"] == 5
    for key in ("points_per_hand_diff", "a", "b"):
        assert first[key] == again[key]


@pytest.mark.slow
def test_a_long_run_writes_each_deal_and_resumes_after_an_interruption(tmp_path, capsys):
    """Issue 26 item 3: hard with more worlds against hard (--iterations-b), each deal's result
    written as it finishes; run again, only the deals not yet played are played and the summary
    covers them all (a line cut short by the interruption is played again)."""
    from spades_desktop import sim

    results = tmp_path / "k2.jsonl"
    common = ["--a", "hard", "--b", "hard", "--iterations", "6", "--iterations-b", "3", "--duplicate",
              "--seed", "5", "--workers", "1", "--json", "--results", str(results)]
    assert sim.main([*common, "--hands", "3"]) == 0
    first = json.loads(capsys.readouterr().out)
    lines = results.read_text().splitlines()
    assert len(lines) == 3 and first["deals"] == 3 and first["iterations_b"] == 3
    results.write_text("\n".join(lines[:2]) + "\n" + lines[2][:7])  # the last deal's line cut short
    played = []
    real = sim.run_deals
    sim.run_deals = lambda job: played.extend(job[1]) or real(job)  # type: ignore[assignment]
    try:
        assert sim.main([*common, "--hands", "5"]) == 0
    finally:
        sim.run_deals = real  # type: ignore[assignment]
    second = json.loads(capsys.readouterr().out)
    assert sorted(played) == [5 * 100_003 + i for i in (2, 3, 4)], "only the deals not in the file"
    assert second["deals"] == 5 and second["resumed_deals"] == 2
    diffs = [json.loads(line)["diff"] for line in results.read_text().splitlines() if line.endswith("}")]
    assert len(diffs) == 5 and round(sum(diffs) / 5, 2) == second["points_per_hand_diff"]


@pytest.mark.slow
def test_halving_b_off_gives_side_b_the_search_without_successive_halving(monkeypatch):
    """``--halving-b off``: side b's hard seats search every card in every world (issue 26 item 6's
    race measured against the search before it), at both tables of a duplicate deal."""
    from spades_desktop import sim
    from spades_desktop.engine.rules import preset

    made: list[tuple[int, bool]] = []
    real = sim.ComputerPlayer

    def player(*args, **kwargs):
        made.append((kwargs["seed"] % 7, kwargs["halving"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(sim, "ComputerPlayer", player)
    args = sim.parse_args(["--a", "hard", "--b", "hard", "--iterations", "3", "--halving-b", "off"])
    assert args.halving_b == "off"
    rules = preset("standard")
    sim.run_deals((rules.to_dict(), [4], "hard", "hard", None, 1, True, 3, None, args.halving_b == "on"))
    group_a, group_b = sim._seat_groups(rules)
    first, swapped = made[:4], made[4:]
    assert {seat for seat, halving in first if not halving} == {int(s) for s in group_b}
    assert {seat for seat, halving in swapped if not halving} == {int(s) for s in group_a}
