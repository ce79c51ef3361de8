"""AI speed: decision time per level over positions of every phase, and playouts per second.

Positions come from seeded games of every mode (bids, blind-nil choices, draws,
exchanges, auction calls, trump choices and card plays).  Each level decides each
position with its default budget.  The playout core's figure is random playouts of
a whole hand (52 cards from the first lead) per second.  Prints one JSON line.

The same figure for the variants' deals (jokers decks, 17-card three-player hands)
shows what the wider trump field costs there.  ``--playouts-only`` skips the decision
timings (for comparing the playout core of two trees quickly).

Run: ``python benchmarks/ai_speed.py [--positions 300] [--playouts-only]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, rounded

from spades_desktop.ai.knowledge import knowledge_from_view, sample_deal
from spades_desktop.ai.players import ComputerPlayer, Level
from spades_desktop.ai.playout import playout
from spades_desktop.ai.world_search import world_from_view
from spades_desktop.engine import GameState, Phase, preset
from spades_desktop.engine import actions as A
from spades_desktop.engine.rules import HouseRules

PRESETS = ("standard", "two_player", "cutthroat", "auction", "two_of_clubs_lead", "minimum_bid_one")


def collect_positions(count: int, seed: int) -> list:
    """Views from random points of games played by the normal player, all phases mixed."""
    rng = random.Random(seed)
    views = []
    game = 0
    driver = ComputerPlayer(Level.NORMAL, seed=seed)
    while len(views) < count:
        game += 1
        rules = preset(PRESETS[game % len(PRESETS)])
        if game % 3 == 0:
            rules = rules.with_changes(blind_nil_exchange=2) if rules.mode == "partnership" else rules
        state, _ = GameState.new_game(rules, seed * 1000 + game)
        while not state.is_terminal() and state.hand_number <= 2 and len(views) < count:
            view = state.view(state.turn)
            if len(view.legal_actions) > 1 and rng.random() < 0.25:
                views.append(view)
            if A.BLIND_NIL in view.legal_actions and rng.random() < 0.3:
                state.apply(A.BLIND_NIL)  # now and then, so exchanges come up too
            else:
                state.apply(driver.decide(view))
    return views




def playouts_per_s(seconds: float, seed: int, rules=None) -> float:
    rng = random.Random(seed)
    rand = rng.random
    state, _ = GameState.new_game(preset("standard") if rules is None else rules, seed)
    driver = ComputerPlayer(Level.NORMAL)
    while state.phase is not Phase.PLAY:
        state.apply(driver.decide(state.view(state.turn)))
    view = state.view(state.turn)
    knowledge = knowledge_from_view(view)
    worlds = [world_from_view(view, sample_deal(knowledge, rng)) for _ in range(200)]
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for base in worlds:
            playout(base.copy(), rand, smart=False)
        count += len(worlds)
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts-only", action="store_true", help="only the playout figures")
    parser.add_argument("--playout-seconds", type=float, default=2.0,
                        help="how long the standard deal's playouts are timed (each variant's: half as long)")
    args = parser.parse_args()
    if args.playouts_only:
        print(json.dumps({"random_playouts_per_s": round(playouts_per_s(args.playout_seconds, args.seed), 1),
                          "variants": variant_playouts(args.seed, args.playout_seconds / 2)}))
        return
    views = collect_positions(args.positions, args.seed)
    result: dict[str, object] = {"positions": len(views)}
    phases: dict[str, int] = {}
    for v in views:
        phases[v.phase.value] = phases.get(v.phase.value, 0) + 1
    result["phases"] = phases
    for level in (Level.EASY, Level.NORMAL, Level.HARD):
        player = ComputerPlayer(level, seed=args.seed)
        times = []
        for view in views:
            start = time.perf_counter()
            player.decide(view)
            times.append((time.perf_counter() - start) * 1000)
        result[level.value] = {"p50_ms": rounded(percentile(times, 0.5)),
                               "p95_ms": rounded(percentile(times, 0.95)),
                               "max_ms": round(max(times), 3)}
    result["random_playouts_per_s"] = round(playouts_per_s(args.playout_seconds, args.seed), 1)
    result["random_playouts_per_s_variants"] = variant_playouts(args.seed, args.playout_seconds / 2)
    print(json.dumps(result))


VARIANT_RULES = {"jokers": {"deck": "jokers"}, "jokers_deuces": {"deck": "jokers_deuces"},
                 "three_player": {"mode": "three_player"}}


def variant_playouts(seed: int, seconds: float = 1.0) -> dict[str, float]:
    """Random playouts per second of a whole hand in the variants with other deals."""
    return {name: round(playouts_per_s(seconds, seed, HouseRules(**changes)), 1)  # type: ignore[arg-type]
            for name, changes in VARIANT_RULES.items()}


if __name__ == "__main__":
    main()
