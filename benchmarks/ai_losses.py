"""Where the computer players lose points (issue 43 item 1): seeded games of one level against itself,
every decision judged by the game review's judge, the points lost summed by kind of decision.

Each game is played by four seats of the level (``normal``, ``hard``, or an earlier commit's as
``normal@base``: ``spades_desktop/sim_levels.py``), then its decisions are listed as the review lists
them (``session.review.decisions_of``: every bid and card with a choice, the view its seat had) and
each is judged by ``ai.judge`` on the review's own deals for the position (``decision_seed``), at
``--scale`` times the review's number of deals (more deals: smaller losses come out of the noise).
A decision costs its loss when the judge calls it a mistake (at least 3 points and more than three
standard errors), as in the review's figures, so a close call costs nothing.

Prints one JSON line per level: points lost per hand, with a 95% interval over hands, by kind of
decision (count, mistakes, points lost, per hand), and the five costliest kinds.  ``--results FILE``
keeps every judged decision as a JSON line, a game at a time (a game's last line says it is
complete); run the same command again and only the games not complete in the file are played.
The kinds: bid, nil decision (a bid where nil was bid or judged best), the nil bidder's own play
(its nil still intact), play covering a partner's intact nil, endgame (three cards or fewer in
hand), opening lead, lead, follow (following suit), trump (ruffing a side suit led), discard.  The
judge weighs no blind nil choice and no auction call or trump choice (the review does not either):
their counts are given as not judged.

Run: ``python benchmarks/ai_losses.py --level normal --games 8 --results docs/measurements/losses.jsonl``
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_desktop.ai.judge import judge
from spades_desktop.ai.judge_worlds import judge_samples
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import SUIT_OF
from spades_desktop.engine.rules import HouseRules, preset
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.engine.view import SeatView
from spades_desktop.session.review import decision_seed, decisions_of
from spades_desktop.sim_levels import make_player, prepare, split_level

KINDS = ("bid", "nil decision", "nil play", "nil cover", "endgame", "opening lead", "lead", "follow", "trump",
         "discard")
NOT_JUDGED = ("blind nil", "auction bid and trump")


def decision_kind(view: SeatView, chosen: int, best: int) -> str:
    """The kind of a judged decision (the first that fits, in the order of KINDS)."""
    if view.phase is not Phase.PLAY:
        return "nil decision" if A.NIL in view.legal_actions and A.NIL in (chosen, best) else "bid"
    me = view.seat
    partner = next((s for s in view.sides[view.my_side] if s != me), None)
    if view.bids[me] == 0 and view.tricks[me] == 0:
        return "nil play"
    if partner is not None and view.bids[partner] == 0 and view.tricks[partner] == 0:
        return "nil cover"
    if (view.hand or 0).bit_count() <= 3:
        return "endgame"
    if not view.current_trick:
        return "opening lead" if not view.completed_tricks else "lead"
    led = SUIT_OF[view.current_trick[0][1]]
    if any(SUIT_OF[a] == led for a in view.legal_actions):
        return "follow"
    return "trump" if view.trump is not None and SUIT_OF[chosen] == view.trump else "discard"


def play_game(level: str, seed: int, rules: HouseRules, hands: int | None, budget: float | None,
              iterations: int | None) -> GameState:
    """One game of four ``level`` seats (its first ``hands`` hands, if given)."""
    state, _ = GameState.new_game(rules, seed)
    base = split_level(level)[0].value
    players = {s: make_player(level, seed=seed * 7 + int(s), budget=budget if base == "hard" else None,
                              iterations=iterations, halving=True) for s in state.seats}
    while not state.is_terminal() and (hands is None or len(state.hand_history) < hands):
        seat = state.turn
        assert seat is not None
        state.apply(players[seat].decide(state.view(seat)))
    return state


def judge_game(job: tuple[str, int, dict, int | None, float, float | None, int | None]) -> list[dict[str, Any]]:
    """A game played and every decision of it judged: a row per decision, then the game's row."""
    level, seed, rules_dict, hands, scale, budget, iterations = job
    prepare([level])
    state = play_game(level, seed, HouseRules.from_dict(rules_dict), hands, budget, iterations)
    rows: list[dict[str, Any]] = []
    blind = auction = 0
    for position, _ in state.replayed():
        seat = position.turn
        if seat is None or len(position.legal_actions()) < 2:
            continue
        if position.phase is Phase.BLIND_DECISION:
            blind += 1
        elif position.phase is Phase.TRUMP or (position.phase is Phase.BIDDING and A.PASS in position.legal_actions()):
            auction += 1
    for decision in decisions_of(state):
        samples = max(2, round(scale * judge_samples(decision.view)))
        verdict = judge(decision.view, decision.chosen, decision_seed(state, decision.index), samples)
        if verdict is None:
            continue
        rows.append({"level": level, "game": seed, "index": decision.index, "hand": decision.hand,
                     "trick": decision.trick, "seat": decision.seat.name,
                     "kind": decision_kind(decision.view, decision.chosen, verdict.best),
                     "chosen": A.action_text(decision.chosen), "best": A.action_text(verdict.best),
                     "loss": round(verdict.loss, 3), "noise": round(verdict.noise, 3), "samples": verdict.samples,
                     "mistake": verdict.mistake, "cost": round(verdict.cost, 3)})
    rows.append({"level": level, "game": seed, "complete": True, "hands": len(state.hand_history),
                 "scale": scale, "blind nil": blind, "auction bid and trump": auction})
    return rows


def read_rows(path: str | None) -> list[dict[str, Any]]:
    """The rows of a results file, of complete games only, each decision once (a game cut short
    and played again wrote some of its rows twice; a line cut short is left out)."""
    if not path:
        return []
    rows: dict[tuple, dict[str, Any]] = {}
    try:
        with open(path, encoding="utf-8") as file:
            for line in file:
                try:
                    row = json.loads(line)
                    rows[(row["level"], row["game"], row.get("index", "game"))] = row
                except (ValueError, KeyError, TypeError):
                    continue
    except FileNotFoundError:
        return []
    done = {(r["level"], r["game"]) for r in rows.values() if r.get("complete")}
    return [r for r in rows.values() if (r["level"], r["game"]) in done]


def append_rows(path: str, rows: list[dict[str, Any]]) -> None:
    with open(path, "a+", encoding="utf-8") as file:
        if file.tell():
            file.seek(file.tell() - 1)
            if file.read(1) != "\n":
                file.write("\n")
        for row in rows:
            file.write(json.dumps(row) + "\n")


def summarize(level: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The level's line: points lost per hand, by kind, and the five costliest kinds."""
    games = [r for r in rows if r.get("complete") and r["level"] == level]
    decisions = [r for r in rows if not r.get("complete") and r["level"] == level]
    hands = sum(g["hands"] for g in games)
    per_hand: dict[tuple[int, int], float] = {(g["game"], h): 0.0 for g in games for h in range(1, g["hands"] + 1)}
    by_kind: dict[str, dict[str, float]] = {k: {"count": 0, "mistakes": 0, "lost": 0.0} for k in KINDS}
    for r in decisions:
        kind = by_kind[r["kind"]]
        kind["count"] += 1
        kind["mistakes"] += 1 if r["mistake"] else 0
        kind["lost"] += r["cost"]
        key = (r["game"], r["hand"])
        per_hand[key] = per_hand.get(key, 0.0) + r["cost"]
    for kind in by_kind.values():
        kind["lost"] = round(kind["lost"], 1)
        kind["per_hand"] = round(kind["lost"] / hands, 2) if hands else 0.0
    losses = list(per_hand.values())
    mean = statistics.fmean(losses) if losses else 0.0
    half = 1.96 * statistics.stdev(losses) / math.sqrt(len(losses)) if len(losses) > 1 else 0.0
    costliest = sorted(KINDS, key=lambda k: -by_kind[k]["lost"])[:5]
    return {"level": level, "games": len(games), "hands": hands, "decisions": len(decisions),
            "points_lost_per_hand": round(mean, 2), "ci95": [round(mean - half, 2), round(mean + half, 2)],
            "by_kind": by_kind, "costliest": [[k, by_kind[k]["per_hand"]] for k in costliest],
            "not_judged": {k: sum(g.get(k, 0) for g in games) for k in NOT_JUDGED},
            "scale": games[0]["scale"] if games else None}


def _jobs(args: argparse.Namespace, rules: HouseRules, done: set[tuple[str, int]]) -> Iterator[tuple]:
    for level in args.level:
        for i in range(args.games):
            seed = args.seed * 1_009 + i
            if (level, seed) not in done:
                yield (level, seed, rules.to_dict(), args.hands, args.scale, args.budget, args.iterations)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--level", action="append", default=None, help="a level (LEVEL@REF too); repeat for more")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--hands", type=int, default=None, help="play only each game's first HANDS hands")
    p.add_argument("--seed", type=int, default=43)
    p.add_argument("--scale", type=float, default=2.0, help="deals per decision, times the review's own number")
    p.add_argument("--rules", default="standard")
    p.add_argument("--budget", type=float, default=None, help="hard's seconds per decision (default: its own)")
    p.add_argument("--iterations", type=int, default=None, help="hard: this many worlds per decision instead")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--results", default=None, metavar="FILE", help="every judged decision, a JSON line each")
    args = p.parse_args(argv)
    args.level = args.level or ["normal"]
    rules = preset(args.rules)
    prepare(args.level)
    rows = read_rows(args.results)
    done = {(r["level"], r["game"]) for r in rows if r.get("complete") and r.get("scale") == args.scale}
    rows = [r for r in rows if (r["level"], r["game"]) in done]
    jobs = list(_jobs(args, rules, done))
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        futures = [pool.submit(judge_game, job) for job in jobs]
        for i, future in enumerate(as_completed(futures), 1):
            game_rows = future.result()
            rows.extend(game_rows)
            if args.results:
                append_rows(args.results, game_rows)
            sys.stderr.write(f"\r{i}/{len(jobs)} games judged ")
            sys.stderr.flush()
    sys.stderr.write("\n")
    wanted = {(level, args.seed * 1_009 + i) for level in args.level for i in range(args.games)}
    rows = [r for r in rows if (r["level"], r["game"]) in wanted]
    for level in args.level:
        print(json.dumps(summarize(level, rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
