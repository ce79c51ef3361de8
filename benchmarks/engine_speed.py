"""Engine speed: random full hands per second through the public API.

A hand is the deal, the bids, 52 plays and the scoring, driven exactly like the
OpenSpiel peer: ask ``legal_actions()``, pick one uniformly, ``apply`` it (with its
events).  When ``open_spiel`` is installed, its ``spades`` game is timed the same way
in the same run.  Prints one JSON line: hands_per_s, peer_hands_per_s, ratio.

Run: ``python benchmarks/engine_speed.py [--seconds 5]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from spades_desktop.engine import GameState, preset


def engine_hands_per_s(seconds: float, seed: int = 1, rules_name: str = "standard") -> float:
    rules = preset(rules_name)
    rng = random.Random(seed)
    rand = rng.random
    hands = 0
    game = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            game += 1
            # A game per hand keeps every hand a fresh deal with the dealer draw, like the peer.
            state = GameState.new_game(rules, game)[0]
            first = state.hand_number
            while state.hand_number == first and not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[int(rand() * len(legal))])
            hands += 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    ours = engine_hands_per_s(args.seconds)
    try:
        from _openspiel_peer import peer_hands_per_s
    except ImportError:
        peer = None
    else:
        peer = peer_hands_per_s(args.seconds)
    result = {
        "hands_per_s": round(ours, 1),
        "peer_hands_per_s": None if peer is None else round(peer, 1),
        "ratio": None if not peer else round(ours / peer, 2),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
