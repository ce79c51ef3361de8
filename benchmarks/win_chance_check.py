"""The win-chance model's check (issue 55 item 1): its predicted chance against the share of games
actually won, in ten bands, over simulated games.

Plays seeded whole games to the target, all four seats at one level (the seeds are neither those the
tables were derived from nor those their calibration was fitted on), and before every hand reads
North-South's chance (calibrated, as the players read it) from the scores and
bags (``spades_desktop.ai.win_chance``); when the game ends, each of those states is counted as won
or lost.  Prints one JSON line: per band of the predicted chance the states in it, their mean
prediction and the share won, the Brier score and the largest gap between the two.

Run: ``python benchmarks/win_chance_check.py [--games N] [--seed S] [--level normal] [--rules standard]``
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_desktop.ai.hand_outcomes import game_states
from spades_desktop.ai.win_chance import win_chance
from spades_desktop.engine.presets import preset
from spades_desktop.engine.state import sides_for

BANDS = 10


def check(games: int, seed: int, level: str, rules_name: str) -> dict[str, object]:
    counts = [0] * BANDS
    predicted = [0.0] * BANDS
    won = [0] * BANDS
    brier = 0.0
    states = 0
    rules = preset(rules_name)
    first = next(iter(sides_for(rules.mode)))
    for before, winner in game_states(rules, games, seed, level):
        first_won = winner == first
        chances = [c for scores, bags in before if (c := win_chance(rules, scores, bags, first)) is not None]
        for c in chances:
            band = min(BANDS - 1, int(c * BANDS))
            counts[band] += 1
            predicted[band] += c
            won[band] += first_won
            brier += (c - first_won) ** 2
            states += 1
    bands = [{"band": f"{b / BANDS:.1f}-{(b + 1) / BANDS:.1f}", "states": counts[b],
              "predicted": round(predicted[b] / counts[b], 3) if counts[b] else None,
              "won": round(won[b] / counts[b], 3) if counts[b] else None} for b in range(BANDS)]
    gaps = [abs(x["predicted"] - x["won"]) for x in bands if x["states"] and x["states"] >= 30]  # type: ignore[operator]
    return {"games": games, "level": level, "rules": rules_name, "states": states, "bands": bands,
            "brier": round(brier / max(1, states), 4), "largest_gap": round(max(gaps), 3) if gaps else None}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=9)
    p.add_argument("--level", default="normal")
    p.add_argument("--rules", default="standard")
    args = p.parse_args(argv)
    started = time.perf_counter()
    result = check(args.games, args.seed, args.level, args.rules)
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
