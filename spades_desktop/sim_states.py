"""Hands played from the scores of real games, valued by the change in the chance of winning the
game (issue 55 item 5: whole games of four hard seats are too slow for two cores at the real
budget, so hard is measured hand by hand from where real games stand).

The states are those of the recorded normal-level games (``ai/data/hand_outcomes.json``: played in
order, so scoring them again from nothing, a new game each time one ends, gives every score and
bag count those games passed through between hands).  A deal ``seed`` is dealt as a new game of
that seed would deal it, from the state drawn for it; the hand is played out and side a's gain
is its win chance after the hand less before (``ai.win_chance``), in percentage points.
"""

from __future__ import annotations

import json
import random
from functools import cache

from .ai.hand_outcomes import OUTCOMES_FILE, HandOutcome
from .ai.win_chance import TABLE_OF_MODE, win_chance
from .engine.rules import HouseRules
from .engine.scoring import game_winner
from .engine.state import GameState, sides_for

GameStateStart = tuple[dict[str, int], dict[str, int]]  # (scores, bags) before a hand


@cache
def real_game_states(rules: HouseRules) -> tuple[GameStateStart, ...]:
    """Every state between hands of the recorded games of this mode, rescored under ``rules``."""
    name = TABLE_OF_MODE.get(rules.mode)
    if name is None:
        raise ValueError(f"no recorded games of {rules.mode.value}: hands from real game states need two sides")
    raw = json.loads(OUTCOMES_FILE.read_text(encoding="utf-8"))["modes"][name]["hands"]
    sides = sides_for(rules.mode)
    scores = dict.fromkeys(sides, 0)
    bags = dict.fromkeys(sides, 0)
    found: list[GameStateStart] = []
    for row in raw:
        found.append((dict(scores), dict(bags)))
        outcome = HandOutcome.from_list(row)
        for side, members in sides.items():
            points, bags[side] = outcome.side_result(rules, members, bags[side])
            scores[side] += points
        if game_winner(rules, scores) is not None:
            scores = dict.fromkeys(sides, 0)
            bags = dict.fromkeys(sides, 0)
    return tuple(found)


def state_for_deal(rules: HouseRules, seed: int) -> GameStateStart:
    """The state deal ``seed`` starts from (the same for both tables of a duplicate deal)."""
    states = real_game_states(rules)
    return states[random.Random(seed).randrange(len(states))]


def deal_from_state(rules: HouseRules, seed: int, start: GameStateStart) -> GameState:
    """Deal ``seed``'s cards, dealer and all, at the scores and bags of ``start``."""
    fresh, _ = GameState.new_game(rules, seed)
    hands = {s: fresh.hands[s] for s in fresh.seats}
    scores, bags = start
    return GameState.from_deal(rules, fresh.dealer, hands, scores, bags, exchange=True, stop_after_hand=True)


def chance_points(rules: HouseRules, state: GameState, sides: list[str]) -> float:
    """The mean win chance of ``sides`` (side a's), in percentage points."""
    chances = [win_chance(rules, state.scores, state.bags, side) for side in sides]
    return 100.0 * sum(c for c in chances if c is not None) / len(sides)
