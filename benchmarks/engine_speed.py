"""Engine speed: random full hands per second through the public API.

A hand is the deal, the bids, 52 plays and the scoring, driven exactly like the
OpenSpiel peer: ask ``legal_actions()``, pick one uniformly, ``apply`` it (with its
events).  When ``open_spiel`` is installed, its ``spades`` game is timed the same way
in the same run.  ``hands_per_s`` uses the peer's rules (no blind nil, so four bids a
hand); the standard preset, with its extra blind-nil decision per seat, is reported as
``hands_per_s_standard_rules``.  Prints one JSON line: hands_per_s, peer_hands_per_s,
ratio, and the standard-rules figures.

With ``--variants`` it also times each variant of docs/RULES.md section 6 and the
three-player mode, and gives each as a ratio to the standard preset of the same run.

Run: ``python benchmarks/engine_speed.py [--seconds 0.6] [--rounds 10] [--variants]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from spades_desktop.engine import GameState, preset

# OpenSpiel's spades has no blind nil: its hand is a deal, four bids, 52 plays and the
# scoring.  Timing our engine under the same rules compares the same work; the standard
# preset (where each seat first decides on blind nil) is reported beside it.
LIKE_FOR_LIKE = {"blind_nil_allowed": False}

#: The variants timed by ``--variants`` (changes over the standard preset).
VARIANTS: dict[str, dict[str, object]] = {
    "jokers": {"deck": "jokers"},
    "jokers_deuces": {"deck": "jokers_deuces"},
    "whiz": {"bidding": "whiz"},
    "mirror": {"bidding": "mirror"},
    "suicide": {"bidding": "suicide"},
    "nil_exchange_2": {"nil_exchange": 2},
    "three_player": {"mode": "three_player"},
    "three_player_jokers": {"mode": "three_player", "deck": "jokers"},
}


def engine_hands_per_s(seconds: float, seed: int = 1, rules_name: str = "standard",
                       changes: dict | None = None) -> float:
    """Hands per second of random legal play; games run on hand after hand as in the app.

    A new game starts when one ends or after 30 hands (random bidding rarely reaches
    a target), so the figure covers dealer draws too.
    """
    rules = preset(rules_name).with_changes(**(changes or {}))
    rng = random.Random(seed)
    rand = rng.random
    hands = 0
    game = seed * 1_000_000
    state = GameState.new_game(rules, game)[0]
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            first = state.hand_number
            while state.hand_number == first and not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[int(rand() * len(legal))])
            hands += 1
            if state.is_terminal() or state.hand_number > 30:
                game += 1
                state = GameState.new_game(rules, game)[0]
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # many short rounds: this machine's speed drifts over seconds, and rounds of 2 s left one side a
    # whole fast or slow stretch (single runs gave 2.0 to 3.4 for the same tree); alternating every
    # 0.6 s puts the drift on both sides alike
    parser.add_argument("--seconds", type=float, default=0.6, help="length of each timed round")
    parser.add_argument("--rounds", type=int, default=10, help="rounds, alternating ours and the peer's")
    parser.add_argument("--variants", action="store_true", help="also time every variant (section 6, three-player)")
    args = parser.parse_args()
    try:
        from _openspiel_peer import peer_hands_per_s
    except ImportError:
        peer_hands_per_s = None  # type: ignore[assignment]
    ours: list[float] = []
    standard: list[float] = []
    peer: list[float] = []
    variants: dict[str, list[float]] = {name: [] for name in VARIANTS} if args.variants else {}
    for round_index in range(args.rounds):
        for name in variants:
            variants[name].append(engine_hands_per_s(args.seconds, seed=round_index + 1, changes=VARIANTS[name]))
        # Alternate so machine noise falls on both sides alike; report medians.
        ours.append(engine_hands_per_s(args.seconds, seed=round_index + 1, changes=LIKE_FOR_LIKE))
        standard.append(engine_hands_per_s(args.seconds, seed=round_index + 1))
        if peer_hands_per_s is not None:
            figure = peer_hands_per_s(args.seconds, seed=round_index + 1)
            if figure is not None:
                peer.append(figure)
    ours_median = statistics.median(ours)
    peer_median = statistics.median(peer) if peer else None
    result = {
        "hands_per_s": round(ours_median, 1),
        "peer_hands_per_s": None if peer_median is None else round(peer_median, 1),
        "ratio": None if not peer_median else round(ours_median / peer_median, 2),
        "hands_per_s_standard_rules": round(statistics.median(standard), 1),
        "ratio_standard_rules": None if not peer_median else round(statistics.median(standard) / peer_median, 2),
        "rounds": args.rounds,
        **({"variants": {
            name: {"hands_per_s": round(statistics.median(figures), 1),
                   "ratio_to_standard": round(statistics.median(figures) / statistics.median(standard), 2)}
            for name, figures in variants.items()
        }} if variants else {}),
        "round_seconds": args.seconds,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
