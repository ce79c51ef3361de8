"""A screen for a change to the hard player's bidding alone (issue 43): duplicate deals where only
the deals whose bids change are played.

A change to ``hard_bids``' settings (``--new NAME=VALUE``, against ``--old NAME=VALUE`` or today's)
changes no card the hard player plays once the bids are the same.  So each deal is bid twice, as
``spades-sim --duplicate`` would (table 1: North and South bid with the new settings, East and West
with the old; table 2 the other way round), each bid searched over a fixed number of steps
(``--bid-iterations``, about the real budget of 0.3 s, so the same deal always gets the same bids).
Where the two tables' bids are the same the deal is worth nothing to either side (the same cards
are played in the same position by the same player), and it scores 0 without being played; where
they differ both tables are played to the end by hard players at ``--budget`` seconds a card,
``--replays`` times each, and the deal scores the new settings' side's points less the old's, per
table, averaged (bags at ``--bag-cost``), as ``spades-sim --hands --duplicate`` scores a deal.  The
mean over all deals is then what ``spades-sim`` would measure on the same deals, with the noise of
the deals whose bids do not change left out.

Run: ``python benchmarks/bid_screen.py --new NIL_SEARCH_RISK=0.6 --deals 1000 --results FILE``
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import at_least_one

from spades_desktop.ai import ComputerPlayer, Level, hard_bids, normal
from spades_desktop.engine.events import HandScored
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase

NS, EW = (Seat.N, Seat.S), (Seat.E, Seat.W)


def parse_settings(items: list[str]) -> dict[str, float]:
    settings = {}
    for item in items:
        name, value = item.split("=")
        assert hasattr(hard_bids, name), name
        settings[name] = float(value)
    return settings


def same_either_way(view, new: dict[str, float], old: dict[str, float]) -> bool:
    """Whether the two settings surely give this decision the same bid, told without searching:
    only ``NIL_SEARCH_RISK`` changed, and nil is a candidate under both or under neither."""
    if view.phase is not Phase.BIDDING:
        return True
    if set(new) | set(old) != {"NIL_SEARCH_RISK"}:
        return False
    risk = normal.nil_risk_for(view, view.hand or 0)
    low, high = sorted((new["NIL_SEARCH_RISK"], old["NIL_SEARCH_RISK"]))
    return not low < risk <= high


def bid_table(seed: int, settings_of: dict[Seat, dict[str, float]], iterations: int,
              cache: dict) -> tuple[GameState, list[int]]:
    """The deal bid by hard players, each seat with its own settings; the state at the first card.
    ``cache``: the bids searched so far in this deal, by seat, bids before it and settings (a bid the
    settings cannot change is searched once for both tables)."""
    rules = preset("standard")
    state, _ = GameState.new_game(rules, seed)
    today = {name: getattr(hard_bids, name) for s in settings_of for name in settings_of[s]}
    others = {tuple(sorted(v.items())) for v in settings_of.values()}
    actions: list[int] = []
    try:
        while state.phase is not Phase.PLAY:
            seat = state.turn
            view = state.view(seat)
            settings = settings_of[seat]
            key: tuple = (seat, tuple(actions), tuple(sorted(settings.items())))
            if len(others) == 2 and same_either_way(view, *[dict(o) for o in others]):
                key = (seat, tuple(actions), "either")
            action = cache.get(key)
            if action is None:
                for name, value in settings.items():
                    setattr(hard_bids, name, value)
                player = ComputerPlayer(Level.HARD, seed=seed * 7 + int(seat), iterations=iterations)
                action = cache[key] = player.decide(view)
            actions.append(action)
            state.apply(action)
    finally:
        for name, value in today.items():
            setattr(hard_bids, name, value)
    return state, actions


def play_out(state: GameState, seed: int, budget: float, new_seats: tuple[Seat, ...], bag_cost: float) -> float:
    """The hand played to its end by hard players: the new settings' side's points less the old's."""
    players = {s: ComputerPlayer(Level.HARD, seed=seed * 7 + int(s), budget=budget) for s in state.seats}
    while True:
        seat = state.turn
        for event in state.apply(players[seat].decide(state.view(seat))):
            if isinstance(event, HandScored):
                points = {}
                for side, b in event.breakdown.items():
                    points[side] = b.total - bag_cost * b.bags
                new_side = state.side_of_seat(new_seats[0])
                return points[new_side] - sum(v for k, v in points.items() if k != new_side)


def screen_deal(job: tuple) -> dict:
    seed, new, old, iterations, budget, replays, bag_cost = job
    cache: dict = {}
    table1, bids1 = bid_table(seed, {s: new for s in NS} | {s: old for s in EW}, iterations, cache)
    table2, bids2 = bid_table(seed, {s: old for s in NS} | {s: new for s in EW}, iterations, cache)
    row = {"seed": seed, "bids_1": bids1, "bids_2": bids2, "differ": bids1 != bids2, "diff": 0.0}
    if bids1 != bids2:
        diffs = []
        for r in range(replays):
            a = play_out(table1.clone(), seed * 31 + r, budget, NS, bag_cost)
            b = play_out(table2.clone(), seed * 31 + r, budget, EW, bag_cost)
            diffs.append((a + b) / 2)
        row["diff"] = statistics.fmean(diffs)
        row["replays"] = diffs
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--new", action="append", default=[], help="NAME=VALUE of hard_bids, the new settings")
    p.add_argument("--old", action="append", default=[], help="NAME=VALUE, the old settings (default today's)")
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--bid-iterations", type=int, default=800)
    p.add_argument("--budget", type=float, default=0.1)
    p.add_argument("--replays", type=int, default=2)
    p.add_argument("--bag-cost", type=float, default=10.0)
    p.add_argument("--workers", type=at_least_one, default=2)
    p.add_argument("--results", default=None)
    args = p.parse_args(argv)
    new = parse_settings(args.new)
    old = parse_settings(args.old) or {name: getattr(hard_bids, name) for name in new}
    seeds = [args.seed * 100_000 + i for i in range(args.deals)]
    rows: dict[int, dict] = {}
    if args.results and Path(args.results).exists():
        for line in Path(args.results).read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if row.get("new") == new and row.get("old") == old and row["seed"] in seeds:
                rows[row["seed"]] = row
    jobs = [(s, new, old, args.bid_iterations, args.budget, args.replays, args.bag_cost)
            for s in seeds if s not in rows]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(screen_deal, job) for job in jobs]
        for i, future in enumerate(as_completed(futures), 1):
            row = future.result() | {"new": new, "old": old}
            rows[row["seed"]] = row
            if args.results:
                with open(args.results, "a", encoding="utf-8") as file:
                    file.write(json.dumps(row) + "\n")
            sys.stderr.write(f"\r{i}/{len(jobs)} deals ")
    sys.stderr.write("\n")
    diffs = [rows[s]["diff"] for s in seeds if s in rows]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    differ = [rows[s] for s in seeds if s in rows and rows[s]["differ"]]
    print(json.dumps({"new": new, "old": old, "deals": len(diffs), "differ": len(differ),
                      "points_a_hand": round(mean, 2), "ci95": [round(mean - half, 2), round(mean + half, 2)],
                      "when_differ": round(statistics.fmean(r["diff"] for r in differ), 2) if differ else None}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
