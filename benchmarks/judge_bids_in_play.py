"""The judge's bids held to play (issue 55 item 3): where the judge's bid and the normal player's
differ, which scores better when the hand is really played?

Seeded positions (the first deal of game ``seed`` at three scores, each of the four bidders, the
bids before it the normal player's) are judged (``judge.assess``, the hint's judgement), and where
the judge's best bid is not the normal player's, both are played out on ``--deals`` other deals
like the position (dealt to fit the bids made), every other decision the normal player's, each deal
valued by the game (the win chance after the hand, in points of a game's start).  The normal
player's bid is a fixed reference, so two trees' judges can be compared by running this in each.

Prints one JSON line: ``positions``, ``differ`` (positions where the two bids differ),
``judge_gain`` (the mean played gain of the judge's bid over the normal player's there, points of
the game) with its 95% interval, ``judge_better`` (positions where it gained), and
``judge_s_p50``/``judge_s_p95`` (one process).  ``--results FILE`` writes a line per position.

Run: ``python benchmarks/judge_bids_in_play.py [--seeds 10] [--deals 48] [--samples N]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _stats import percentile, rounded  # noqa: E402

from spades_desktop.ai import normal  # noqa: E402
from spades_desktop.ai.judge import assess  # noqa: E402
from spades_desktop.engine import actions as A  # noqa: E402
from tests.bid_play import bid_position, played_gain  # noqa: E402

SCORES = ((0, 0), (420, 300), (250, 380))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--deals", type=int, default=48)
    parser.add_argument("--samples", type=int, default=None, help="the judge's deals (default: its own, 64)")
    parser.add_argument("--results", type=Path)
    args = parser.parse_args()
    gains: list[float] = []
    times: list[float] = []
    positions = 0
    out = args.results.open("w") if args.results else None
    for seed in range(args.seeds):
        for ns, ew in SCORES:
            for before in range(4):
                view = bid_position(seed, {"NS": ns, "EW": ew}, before)
                start = time.perf_counter()
                best = assess(view, 11, args.samples).best
                times.append(time.perf_counter() - start)
                own = normal.choose_bid(view)
                positions += 1
                row: dict[str, object] = {"seed": seed, "scores": [ns, ew], "before": before,
                                          "judge": A.bid_value(best), "normal": A.bid_value(own)}
                if best != own:
                    gain, noise = played_gain(view, best, own, args.deals, 5)
                    gains.append(gain)
                    row |= {"gain": round(gain, 2), "noise": round(noise, 2)}
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
    mean = statistics.fmean(gains) if gains else 0.0
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    print(json.dumps({"positions": positions, "differ": len(gains), "deals": args.deals,
                      "judge_gain": rounded(mean, 2),
                      "judge_gain_ci": [rounded(mean - half, 2), rounded(mean + half, 2)],
                      "judge_better": sum(g > 0 for g in gains),
                      "judge_s_p50": rounded(percentile(times, 0.5)), "judge_s_p95": rounded(percentile(times, 0.95))}))


if __name__ == "__main__":
    main()
