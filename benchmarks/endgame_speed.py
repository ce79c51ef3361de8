"""Endgame speed: hard's card decisions at a fixed number of sampled worlds, per card of the hand.

With three cards or fewer left hard searches each world exactly; this times every card decision of
South in a few seeded hands at a fixed 575 worlds (the worlds one core reached in 0.3 s), over the
cards hard searches (``card_plan``: a lone candidate is played without a search), with the search hard
plays (``card_race``: successive halving of the candidates; in older trees every card in every world).  Prints one JSON
line: the median decision, the slowest, the slowest with three cards or fewer in hand, and the
worst ratio of a decision, and of an endgame decision, to the median decision of its own hand
(the target: at most 2).
Compare versions by running it in each (a git worktree of the older one), alternately.

Run: ``python benchmarks/endgame_speed.py``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_desktop.ai import ComputerPlayer, Level, hard, world_search
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase


def decision_times(seeds: list[int], worlds: int, repeat: int = 1) -> list[list[tuple[int, float]]]:
    """Per hand, the cards in South's hand and the seconds each card decision took at ``worlds`` worlds
    (the fastest of ``repeat`` searches of it: this machine's speed wanders by half within seconds,
    which alone made one decision in a hand look twice as slow as another)."""
    import random

    hands = []
    for seed in seeds:
        state, _ = GameState.new_game(preset("standard"), seed)
        players = {s: ComputerPlayer(Level.NORMAL, seed=seed) for s in state.seats}
        times: list[tuple[int, float]] = []
        while not state.is_terminal() and state.hand_number == 1:
            if state.phase is Phase.PLAY and state.turn == Seat.S and len(state.legal_actions()) > 1:
                view = state.view(Seat.S)
                rng = random.Random(seed)
                plan = getattr(hard, "card_plan", None)
                legal, prior = plan(view, rng) if plan else (list(view.legal_actions), 0)
                if len(legal) < 2:  # hard plays a lone candidate without searching
                    state.apply(players[state.turn].decide(state.view(state.turn)))
                    continue
                race = getattr(hard, "card_race", None)  # the search hard plays (older trees: every card)
                fastest = float("inf")
                after_plan = rng.getstate()
                for _ in range(repeat):
                    again = random.Random()
                    again.setstate(after_plan)  # the same worlds each time
                    search = race(view, again, legal, prior) if race else world_search.card_values(view, again, legal)
                    t0 = time.perf_counter()
                    for _ in zip(range(worlds), search, strict=False):  # a race stops once one card is left
                        pass
                    fastest = min(fastest, time.perf_counter() - t0)
                times.append(((view.hand or 0).bit_count(), fastest))
            state.apply(players[state.turn].decide(state.view(state.turn)))
        hands.append(times)
    return hands


def summary(hands: list[list[tuple[int, float]]]) -> dict[str, float]:
    every = [t for hand in hands for _, t in hand]
    endgame = [t for hand in hands for held, t in hand if held <= 3] or [0.0]
    ratios = [max(t for _, t in h) / statistics.median(t for _, t in h) for h in hands if h]
    endgame_ratios = [max((t for held, t in h if held <= 3), default=0.0) / statistics.median(t for _, t in h)
                      for h in hands if h]
    return {"median_s": round(statistics.median(every), 3), "max_s": round(max(every), 3),
            "endgame_max_s": round(max(endgame), 3), "worst_ratio_to_hand_median": round(max(ratios), 2),
            "worst_endgame_ratio_to_hand_median": round(max(endgame_ratios), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=575)
    parser.add_argument("--seeds", type=int, nargs="*", default=[1, 2, 3, 4, 5, 6])
    parser.add_argument("--repeat", type=int, default=3, help="time each decision this often, keep the fastest")
    args = parser.parse_args()
    result: dict[str, object] = {"worlds": args.worlds, "hands": len(args.seeds), "repeat": args.repeat}
    result.update(summary(decision_times(args.seeds, args.worlds, args.repeat)))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
