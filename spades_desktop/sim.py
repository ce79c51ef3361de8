"""spades-sim: computer-vs-computer matches, headless, for measuring the players.

Side a sits North/South (North in two-player), side b East/West (South in
two-player).  With ``--duplicate`` every deal is played twice with the levels
swapped between the seats, which cancels most of the luck of the cards.  Prints a
summary (or one JSON line with ``--json``); a progress bar goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from . import sim_states
from .ai.players import ComputerPlayer, Level
from .engine.events import HandScored
from .engine.rule_values import Mode
from .engine.rules import PRESETS, HouseRules, preset
from .engine.scoring import SideBreakdown
from .engine.seats import Seat
from .engine.state import GameState
from .sim_levels import level_name, make_player, prepare, split_level


@dataclass
class SideStats:
    contracts: int = 0
    exact: int = 0
    made: int = 0
    sets: int = 0
    bags: int = 0
    nil_attempts: int = 0
    nil_made: int = 0
    side_hands: int = 0  # one per side per hand (a cutthroat group holds several sides)
    points: int = 0
    overtricks: int = 0  # tricks over a made contract

    def add(self, other: SideStats) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class MatchResult:
    hands: int = 0
    diffs: list[float] = field(default_factory=list)  # per deal (duplicate: mean of the two tables)
    games: int = 0
    games_won_a: float = 0.0
    game_shares: list[float] = field(default_factory=list)  # per deal: share of its games won by side a
    chance_gains: list[float] = field(default_factory=list)  # per deal (--game-states): side a's win-chance gain
    side: dict[str, SideStats] = field(default_factory=lambda: {"a": SideStats(), "b": SideStats()})
    decision_ms: dict[str, list[float]] = field(default_factory=dict)

    def merge(self, other: MatchResult) -> None:
        self.hands += other.hands
        self.diffs.extend(other.diffs)
        self.games += other.games
        self.games_won_a += other.games_won_a
        self.game_shares.extend(other.game_shares)
        self.chance_gains.extend(other.chance_gains)
        for key in ("a", "b"):
            self.side[key].add(other.side[key])
        for level, times in other.decision_ms.items():
            self.decision_ms.setdefault(level, []).extend(times)


def _seat_groups(rules: HouseRules) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    """Side a's seats and side b's.  Three players (East's seat is empty): North and South play
    level a, West level b, and the points are per player (the mean of a group's players), so with
    ``--duplicate`` each level sits in both groups and the difference stays fair."""
    if rules.mode == Mode.TWO_PLAYER:
        return (Seat.N,), (Seat.S,)
    if rules.mode == Mode.THREE_PLAYER:
        return (Seat.N, Seat.S), (Seat.W,)
    return (Seat.N, Seat.S), (Seat.E, Seat.W)


def _side_of_group(state: GameState, group: tuple[Seat, ...]) -> list[str]:
    return sorted({state.side_of_seat(s) for s in group})


def play_table(rules: HouseRules, seed: int, level_of: dict[Seat, str], budget: float | None,
               hands_limit: int | None, result: MatchResult, group_a: tuple[Seat, ...],
               iterations: int | None = None, iterations_of: dict[Seat, int | None] | None = None,
               unraced: frozenset[Seat] = frozenset(), bag_cost: float = 0.0,
               from_real_state: bool = False) -> dict[str, float]:
    """Play one game (or its first ``hands_limit`` hands); returns points per group ('a'/'b').
    ``iterations_of`` gives a seat its own number of worlds (hard with more worlds against hard);
    hard seats in ``unraced`` search every card in every world (no successive halving).
    ``bag_cost``: points a bag is charged besides its point (hands only: a game charges the
    penalty itself), the bag limit's penalty spread over the bags that bring it (100 over 10).
    ``from_real_state``: the deal starts from a state of a real game (``sim_states``), and
    ``chance_a``/``chance_b`` are each group's win chance gained, in percentage points."""
    if from_real_state:
        state = sim_states.deal_from_state(rules, seed, sim_states.state_for_deal(rules, seed))
    else:
        state, _ = GameState.new_game(rules, seed)
    worlds = iterations_of or {}

    def player(s: Seat) -> ComputerPlayer:
        spec = level_of[s]
        hard = split_level(spec)[0] == Level.HARD
        options: dict[str, Any] = {"seed": seed * 7 + int(s), "budget": budget if hard else None,
                                   "iterations": worlds.get(s, iterations), "halving": s not in unraced}
        return make_player(spec, **options) if "@" in spec else ComputerPlayer(spec, **options)

    players = {s: player(s) for s in state.seats}
    group_b = tuple(s for s in state.seats if s not in group_a)
    sides_a = _side_of_group(state, group_a)
    sides_b = _side_of_group(state, group_b)
    points = {"a": 0.0, "b": 0.0}
    chance_before = {key: sim_states.chance_points(rules, state, sides)
                     for key, sides in (("a", sides_a), ("b", sides_b))} if from_real_state else {}
    played = 0
    while not state.is_terminal():
        seat = state.turn
        assert seat is not None
        start = time.perf_counter()
        action = players[seat].decide(state.view(seat))
        result.decision_ms.setdefault(level_of[seat], []).append((time.perf_counter() - start) * 1000)
        for event in state.apply(action):
            if isinstance(event, HandScored):
                played += 1
                for key, sides in (("a", sides_a), ("b", sides_b)):
                    points[key] += sum(event.breakdown[s].total for s in sides) / len(sides)
                    if hands_limit is not None:
                        points[key] -= bag_cost * sum(event.breakdown[s].bags for s in sides) / len(sides)
                    for s in sides:
                        _count(result.side[key], event.breakdown[s])
        if hands_limit is not None and played >= hands_limit:
            break
    result.hands += played
    for key, sides in (("a", sides_a), ("b", sides_b)) if from_real_state else ():
        points["chance_" + key] = sim_states.chance_points(rules, state, sides) - chance_before[key]
    if hands_limit is None:
        result.games += 1
        if state.winner is not None:
            result.games_won_a += 1.0 if state.winner in sides_a else 0.0
    return points


def _count(stats: SideStats, b: SideBreakdown) -> None:
    if b.made is not None:
        stats.contracts += 1
        stats.made += 1 if b.made else 0
        stats.sets += 0 if b.made else 1
        stats.exact += 1 if b.made and b.tricks == b.contract else 0
    stats.bags += b.bags
    stats.side_hands += 1
    stats.points += b.total
    stats.overtricks += b.tricks - b.contract if b.made else 0
    for nil in b.nils:
        stats.nil_attempts += 1
        stats.nil_made += 1 if nil.made else 0


def run_deals(args: tuple) -> MatchResult:
    """A worker's batch: (rules, seeds, level a, level b, budget, hands limit, duplicate, iterations,
    iterations b, halving b[, bag cost[, from real game states]])."""
    rules_dict, seeds, level_a, level_b, budget, hands_limit, duplicate, iterations, iterations_b, halving_b = args[:10]
    bag_cost = float(args[10]) if len(args) > 10 else 0.0
    real = bool(args[11]) if len(args) > 11 else False
    if iterations_b is None:
        iterations_b = iterations
    rules = HouseRules.from_dict(rules_dict)
    group_a, group_b = _seat_groups(rules)
    result = MatchResult()
    for seed in seeds:
        level_of = {s: level_a for s in group_a} | {s: level_b for s in group_b}
        worlds = {s: iterations for s in group_a} | {s: iterations_b for s in group_b}
        hands_before = result.hands
        wins_before, games_before = result.games_won_a, result.games
        pts = play_table(rules, seed, level_of, budget, hands_limit, result, group_a, iterations, worlds,
                         frozenset(() if halving_b else group_b), bag_cost, real)
        diff = pts["a"] - pts["b"]
        gain = pts.get("chance_a", 0.0)
        tables = 1
        if duplicate:
            swapped = {s: level_b for s in group_a} | {s: level_a for s in group_b}
            swapped_worlds = {s: iterations_b for s in group_a} | {s: iterations for s in group_b}
            swap_result = MatchResult()
            # group b is passed as "a", so swap_result's "a" figures are level a's again
            pts2 = play_table(rules, seed, swapped, budget, hands_limit, swap_result, group_b, iterations,
                              swapped_worlds, frozenset(() if halving_b else group_a), bag_cost, real)
            result.merge(swap_result)
            diff = (diff + pts2["a"] - pts2["b"]) / 2
            gain = (gain + pts2.get("chance_a", 0.0)) / 2
            tables = 2
        hands_per_table = (result.hands - hands_before) / tables
        if result.games > games_before:
            result.game_shares.append((result.games_won_a - wins_before) / (result.games - games_before))
        result.diffs.append(diff / max(1.0, hands_per_table))
        if real:
            result.chance_gains.append(gain)
    return result


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return round(ordered[index], 3)


def _mean_ci95(values: list[float], digits: int) -> tuple[float, list[float] | None]:
    """Mean and normal-approximation 95% interval over independent units (deals)."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return round(mean, digits), None
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return round(mean, digits), [round(mean - half, digits), round(mean + half, digits)]


def summarize(result: MatchResult) -> dict[str, object]:
    diffs = result.diffs
    mean, ci = _mean_ci95(diffs, 2)
    # Duplicate games of one deal are not independent, so the game win rate's interval is taken
    # over deals (each deal's share of its games won), like the points interval.
    win_rate, win_ci = _mean_ci95(result.game_shares, 3)
    out: dict[str, object] = {
        "hands": result.hands,
        "deals": len(diffs),
        "points_per_hand_diff": mean,
        "ci95": ci,
        "games": result.games,
        "game_win_rate_a": win_rate if result.games else None,
        "game_win_ci95_a": win_ci if result.games else None,
        "hands_per_game": round(result.hands / result.games, 2) if result.games else None,
    }
    if result.chance_gains:  # --game-states: side a's win chance gained a deal, percentage points
        out["win_chance_gain_a"], out["win_chance_ci95"] = _mean_ci95(result.chance_gains, 3)
    per_side_hands = max(1, result.hands)
    for key in ("a", "b"):
        st = result.side[key]
        out[key] = {
            "bid_accuracy": round(st.exact / st.contracts, 3) if st.contracts else None,
            "made_rate": round(st.made / st.contracts, 3) if st.contracts else None,
            "set_rate": round(st.sets / st.contracts, 3) if st.contracts else None,
            "bags_per_hand": round(st.bags / per_side_hands, 3),
            "points_per_hand": round(st.points / st.side_hands, 2) if st.side_hands else None,
            "overtricks_per_hand": round(st.overtricks / st.side_hands, 3) if st.side_hands else None,
            "nil_attempts": st.nil_attempts,
            "nil_success_rate": round(st.nil_made / st.nil_attempts, 3) if st.nil_attempts else None,
        }
    out["decision_ms"] = {
        level: {"p50": _percentile(times, 0.5), "p95": _percentile(times, 0.95), "n": len(times)}
        for level, times in sorted(result.decision_ms.items())
    }
    return out


def _progress(done: int, total: int, started: float) -> None:
    width = 30
    filled = int(width * done / max(1, total))
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals  "
                     f"{elapsed:5.0f}s elapsed, ~{eta:4.0f}s left ")
    sys.stderr.flush()


#: what a results line holds beside its seed: the points difference a hand, and where measured the
#: share of the deal's games side a won and side a's win chance gained (--game-states)
RESULT_FIELDS = ("diff", "share", "gain")


def read_results(path: str, bag_cost: float = 0.0) -> dict[int, dict[str, float]]:
    """The deals a results file holds, seed -> its figures (``RESULT_FIELDS``; a line cut short by
    an interruption is left out: its deal is played again, and so is a line with another bag cost)."""
    found: dict[int, dict[str, float]] = {}
    try:
        with open(path, encoding="utf-8") as file:
            for line in file:
                try:
                    row = json.loads(line)
                    if float(row.get("bag_cost", 0.0)) != bag_cost:
                        continue
                    found[int(row["seed"])] = {k: float(row[k]) for k in RESULT_FIELDS if k in row}
                    float(row["diff"])
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue
    except FileNotFoundError:
        pass
    return found


def deal_rows(part: MatchResult) -> list[dict[str, float]]:
    """A batch's figures per deal, as ``read_results`` gives them back."""
    rows: list[dict[str, float]] = [{"diff": d} for d in part.diffs]
    for key, values in (("share", part.game_shares), ("gain", part.chance_gains)):
        if len(values) == len(rows):
            for row, value in zip(rows, values, strict=True):
                row[key] = value
    return rows


def append_results(path: str, seeds: list[int], rows: list[dict[str, float]], bag_cost: float = 0.0) -> None:
    """Each finished deal as one JSON line, flushed to the disk before the next batch is counted."""
    with open(path, "a+", encoding="utf-8") as file:
        if file.tell():  # a line cut short by an interruption is ended, so the next deal has a line of its own
            file.seek(file.tell() - 1)
            if file.read(1) != "\n":
                file.write("\n")
        for seed, figures in zip(seeds, rows, strict=True):
            row: dict[str, float] = {"seed": seed, **figures}
            if bag_cost:
                row["bag_cost"] = bag_cost
            file.write(json.dumps(row) + "\n")
        file.flush()
        os.fsync(file.fileno())


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    levels = ", ".join(lv.value for lv in Level)
    p = argparse.ArgumentParser(
        prog="spades-sim", description="Computer-vs-computer Spades matches.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="variants (docs/RULES.md sections 4.5 and 6) go in --rules-json, e.g.\n"
               "  spades-sim --a hard --b normal --hands 400 --duplicate --iterations 40 \\\n"
               "    --rules-json '{\"deck\": \"jokers_deuces\", \"bidding\": \"suicide\", \"nil_exchange\": 2}'\n"
               "keys: deck (standard, jokers, jokers_deuces), bidding (standard, whiz, mirror, suicide),\n"
               "nil_exchange (0-3), mode (partnership, cutthroat, two_player, auction, three_player).\n"
               "Three players: side a sits North and South, side b West; points are per player.")
    p.add_argument("--a", default="normal", type=level_name,
                   help=f"level of side a (North/South): {levels}; LEVEL@REF plays the players of git revision "
                   "REF (base: those before issue 43) with today's engine")
    p.add_argument("--b", default="easy", type=level_name, help="level of side b (East/West), as --a")
    p.add_argument("--hands", type=int, default=None, help="number of deals, one hand each")
    p.add_argument("--games", type=int, default=None, help="number of whole games")
    p.add_argument("--duplicate", action="store_true", help="play each deal twice with the sides swapped")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard", help="preset: " + ", ".join(p.name for p in PRESETS))
    p.add_argument("--rules-json", default=None, help="house rules as a JSON object (overrides --rules)")
    p.add_argument("--budget", type=float, default=None, help="hard level's seconds per decision")
    p.add_argument("--iterations", type=int, default=None,
                   help="hard level: sampled worlds per decision instead of a time budget "
                   "(the same play on a busy machine)")
    p.add_argument("--iterations-b", type=int, default=None,
                   help="side b's worlds per decision when it differs from side a's (hard with k times the "
                   "worlds against hard: --a hard --b hard --iterations 300 --iterations-b 75)")
    p.add_argument("--halving-b", choices=("on", "off"), default="on",
                   help="off: side b's hard search plays every candidate card in every world (the search "
                   "before successive halving), to measure the two: --a hard --b hard --iterations 575 --halving-b off")
    p.add_argument("--results", default=None, metavar="FILE",
                   help="write each deal's result to FILE as it finishes (one JSON line) and, run again, "
                   "skip the deals already there and summarize them all: a long run survives an interruption")
    p.add_argument("--bag-cost", type=float, default=0.0, metavar="POINTS",
                   help="with --hands: charge each bag this many points besides its point (10: the bag "
                   "limit's 100-point penalty spread over its 10 bags), as a game would in the end")
    p.add_argument("--game-states", action="store_true",
                   help="with --hands: each deal starts from the scores and bags of a real game (the recorded "
                   "normal-level games) and is valued by the change in each side's chance of winning the game "
                   "(win_chance_gain_a, percentage points a hand)")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--json", action="store_true", help="print one JSON line")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        rules = HouseRules.from_dict(json.loads(args.rules_json)) if args.rules_json else preset(args.rules)
    except (ValueError, json.JSONDecodeError) as exc:
        print(f"spades-sim: {exc}", file=sys.stderr)
        return 2
    if args.hands is None and args.games is None:
        args.hands = 100
    count = args.games if args.games is not None else args.hands
    hands_limit = None if args.games is not None else 1
    seeds = [args.seed * 100_003 + i for i in range(count)]
    try:
        prepare([args.a, args.b])  # an old commit's players, copied once before the workers start
    except RuntimeError as exc:
        print(f"spades-sim: {exc}", file=sys.stderr)
        return 2
    earlier = read_results(args.results, args.bag_cost) if args.results else {}
    seeds = [s for s in seeds if s not in earlier]  # a resumed run plays only the deals not yet played
    chunk = max(1, min(10, len(seeds) // max(1, args.workers * 4)))
    batches = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    jobs = [(rules.to_dict(), b, args.a, args.b, args.budget, hands_limit, args.duplicate,
             args.iterations, args.iterations_b, args.halving_b == "on", args.bag_cost, args.game_states)
            for b in batches]
    total = MatchResult()
    started = time.perf_counter()
    done = 0
    _progress(0, len(seeds), started)

    def finished(batch: list[int], part: MatchResult) -> None:
        nonlocal done
        total.merge(part)
        done += len(part.diffs)
        if args.results:
            append_results(args.results, batch, deal_rows(part), args.bag_cost)
        _progress(done, len(seeds), started)

    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            for batch, part in zip(batches, pool.map(run_deals, jobs), strict=True):
                finished(batch, part)
    else:
        for batch, job in zip(batches, jobs, strict=True):
            finished(batch, run_deals(job))
    sys.stderr.write("\n")
    summary = summarize(total)
    if earlier:  # the means and their intervals over every deal of the file, this run's and the earlier ones
        every = list(earlier.values()) + deal_rows(total)
        summary["points_per_hand_diff"], summary["ci95"] = _mean_ci95([r["diff"] for r in every], 2)
        shares = [r["share"] for r in every if "share" in r]
        if shares:
            summary["game_win_rate_a"], summary["game_win_ci95_a"] = _mean_ci95(shares, 3)
        gains = [r["gain"] for r in every if "gain" in r]
        if gains:
            summary["win_chance_gain_a"], summary["win_chance_ci95"] = _mean_ci95(gains, 3)
        summary["deals"] = len(every)
        summary["resumed_deals"] = len(earlier)
    summary.update({"a_level": args.a, "b_level": args.b, "rules": args.rules if not args.rules_json else "custom",
                    "duplicate": args.duplicate, "seed": args.seed,
                    "iterations": args.iterations, "iterations_b": args.iterations_b, "halving_b": args.halving_b,
                    "bag_cost": args.bag_cost if args.hands is not None else None,
                    "seconds": round(time.perf_counter() - started, 1)})
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
