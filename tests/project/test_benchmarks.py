"""Every script under ``benchmarks/`` runs, with its smallest arguments, and prints its JSON line
(issue 57 item 6): nothing else runs them, and a benchmark that nobody runs rots (``checker_speed``
stopped on a setting of the wrong type and no test noticed).

A smoke run checks that the script finishes and that its line is JSON (no NaN) with the fields its
docstring promises; it says nothing of the figures, which are the benchmark's business on a quiet
machine. Files with a leading underscore are the scripts' helpers (``_stats.py``, the OpenSpiel
peer, the start probe that ``render_speed`` runs in fresh processes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"

#: each script: the smallest arguments that still go through every part of it, and the fields of
#: its JSON line
SMOKE: dict[str, tuple[list[str], set[str]]] = {
    "advice_agreement.py": (["--hands", "1", "--normal-hands", "1", "--workers", "1", "--modes", "two_player"],
                            {"positions", "hint_is_judge_best", "hinted_flagged_by_checker", "hint_s_p50",
                             "hint_s_p95", "checker_notes_per_hand", "workers"}),
    "ai_losses.py": (["--games", "1", "--hands", "1", "--scale", "0.2", "--workers", "1"],
                     {"level", "games", "hands", "decisions", "points_lost_per_hand", "ci95", "by_kind"}),
    "ai_speed.py": (["--positions", "12", "--playout-seconds", "0.1"],
                    {"positions", "phases", "easy", "normal", "hard", "random_playouts_per_s",
                     "random_playouts_per_s_variants"}),
    "bid_screen.py": (["--deals", "1", "--bid-iterations", "5", "--budget", "0.01", "--replays", "1",
                       "--workers", "1"], {"deals", "differ", "points_a_hand", "ci95"}),
    "checker_speed.py": (["--hands", "1", "--tricks", "2", "--size", "960x540", "--workers", "1",
                          "--speed", "instant"],
                         {"workers", "checked_decisions", "check_search_s_p50", "verdict_arrives_s_p95",
                          "frame_ms_p95_while_checking", "frame_ms_max_while_checking"}),
    "endgame_speed.py": (["--worlds", "10", "--seeds", "1", "--repeat", "1"],
                         {"worlds", "median_s", "max_s", "endgame_max_s", "worst_ratio_to_hand_median"}),
    "engine_speed.py": (["--seconds", "0.05", "--rounds", "1"],
                        {"hands_per_s", "peer_hands_per_s", "ratio", "hands_per_s_standard_rules"}),
    "par_speed.py": (["--hands", "1", "--worlds", "4", "--size", "960x540", "--workers", "1"],
                     {"par_s", "hands", "worlds", "workers", "cores", "frame_ms_p95", "frame_ms_max"}),
    "judge_bids_in_play.py": (["--seeds", "1", "--deals", "2", "--samples", "2"],
                              {"positions", "differ", "judge_gain", "judge_better", "judge_s_p95"}),
    "partner_trust.py": (["--hands", "2", "--iterations", "4"], {"hands", "normal", "hard"}),
    "late_bags_forced.py": (["--hands", "2"], {"hands", "level", "late_set_or_bag", "avoidable", "forced",
                                               "avoidable_in_last_five", "forced_in_last_five", "crossings"}),
    "win_chance_check.py": (["--games", "2"], {"games", "bands", "brier", "largest_gap"}),
    "render_speed.py": (["--size", "960x540", "--frames", "30", "--thinking-frames", "60", "--starts", "1"],
                        {"frame_ms_p50", "frame_ms_p95", "idle_frame_ms", "redraws_when_idle", "startup_s",
                         "title_start_s", "table_start_s", "thinking_frame_ms_p95", "rss_mb"}),
    "review_speed.py": (["--hands", "1"], {"hands", "decisions", "review_person_s", "review_all_seats_s",
                                           "frame_ms_max", "frame_ms_p95"}),
    "storage_speed.py": ([], {"hands", "actions", "file_kb", "save_ms_p50", "load_ms_p50", "load_ms_max"}),
    "time_limits.py": (["--loads", "5"], {"shared_race", "hard_slices", "storage_load_max_s"}),
}


def _scripts() -> set[str]:
    return {path.name for path in BENCHMARKS.glob("*.py") if not path.name.startswith("_")}


def test_every_benchmark_script_has_a_smoke_run():
    """A new script under benchmarks/ is added to SMOKE (or named with an underscore: a helper)."""
    scripts = _scripts()
    assert scripts == set(SMOKE), f"missing: {sorted(scripts - set(SMOKE))}, gone: {sorted(set(SMOKE) - scripts)}"


def _refuse_nan(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


@pytest.mark.parametrize("script", sorted(SMOKE))
def test_a_benchmark_runs_and_prints_its_json_line(script, tmp_path):
    arguments, fields = SMOKE[script]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SPADES_DESKTOP_HOME": str(tmp_path / "user"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *arguments], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1, done.stdout[-3000:]
    found = json.loads(lines[0], parse_constant=_refuse_nan)
    assert fields <= set(found), f"{script} lacks {sorted(fields - set(found))}"
