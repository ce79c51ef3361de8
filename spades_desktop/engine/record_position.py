"""Whether a hand record's position before the hand (``scores_before``, ``bags_before``) is one a
game can reach, and the rule it breaks when it is not.

``check-hand`` replays a hand from the scores and bags the record gives.  Before this check it
scored any numbers at all (9,999 bags before a hand gave -100,397 after it), so a position no
game reaches came back with a confident answer.  Every bound is read from the record's own
rules (a house rule that changes the bag limit, the target or the losing score moves it):

- **Bags** are below the bag limit: a side that reaches it pays the penalty and drops below it
  in the same hand (``apply_bag_penalty``: the excess carried over, or back to zero), so no hand
  starts with the limit or more (docs/RULES.md section 2, "Bags and the penalty").
- **The game is not over**: after a hand in which a side reached the target, or fell to the
  losing score, the side ahead has won and no hand follows; only sides level on top play on
  (section 2, "End of the game").  The engine's own end-of-game decision (``game_winner``) says
  it, so a tie at or past the target is a position, as the rules say.
- **No score is beyond every game**: ties can repeat, and without a losing score a side can sink
  hand after hand, so the rules alone bound neither end.  What bounds a game is its length: a
  saved game holds at most ``MAX_ACTIONS`` moves (``serialize``), and every scored hand plays
  each of its cards, so no game the app keeps lasts more than ``longest_game`` hands; no hand
  moves a side's score by more than ``most_a_hand_moves`` points.  Their product, either way,
  is the furthest a score can be from zero (under a million points with the standard rules).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .rules import HouseRules
from .scoring import contract_points, game_winner
from .serialize import MAX_ACTIONS
from .state import seats_for


@dataclass(frozen=True)
class Unreachable:
    """A position no game reaches: which entry of the record (``at``), whose number, and why."""

    at: str  # "bags_before" or "scores_before"
    side: str
    reason: str


def longest_game(rules: HouseRules) -> int:
    """The most hands a game the app keeps can have been played: a saved game holds at most
    ``MAX_ACTIONS`` moves and a scored hand plays every card of every hand (bids not counted,
    so the bound is generous)."""
    return MAX_ACTIONS // (rules.tricks_per_hand * len(seats_for(rules.mode)))


def most_a_hand_moves(rules: HouseRules) -> int:
    """At least as much as one hand can move a side's score, up or down, under ``rules``: each
    part of the score (docs/RULES.md section 2, the bonuses of section 3) at its largest, added
    up even where no hand has them all at once.  A side has at most two nils."""
    every = rules.tricks_per_hand
    nils = 2 * max(rules.nil_value, rules.blind_nil_value)
    _, base, bonus = contract_points(rules, every, every)
    gained = base + bonus + every + rules.all_tricks_bonus + 10 * every + nils  # + bags, + an auction's defence
    most_bags = (rules.bag_limit - 1) + 2 * every  # overtricks or a failed thirteen's 13, and loose nil tricks
    lost = 10 * every + nils + rules.bag_penalty * (most_bags // rules.bag_limit)
    return max(gained, lost)


def unreachable(rules: HouseRules, scores: Mapping[str, int], bags: Mapping[str, int]) -> Unreachable | None:
    """The first thing that makes this position before a hand one no game reaches, or None."""
    for side, count in bags.items():
        if count >= rules.bag_limit:
            after = "go back to zero" if rules.bags_reset else f"drop below {rules.bag_limit}"
            return Unreachable("bags_before", side, (
                f"{side} cannot start a hand with {count:,} bags: a side that reaches the bag limit of "
                f"{rules.bag_limit} loses {rules.bag_penalty} points in that hand and its bags {after}"))
    hands, per_hand = longest_game(rules), most_a_hand_moves(rules)
    furthest = hands * per_hand
    for side, score in scores.items():
        if abs(score) > furthest:
            return Unreachable("scores_before", side, (
                f"{side}'s score of {score:,} is beyond any game: a hand moves a score by at most "
                f"{per_hand:,} points and a game keeps at most {hands:,} hands, so no score passes "
                f"{furthest:,} either way"))
    winner = game_winner(rules, scores)
    if winner is None:
        return None
    if scores[winner] >= rules.target_score:
        side, end = winner, (f"{winner} had {scores[winner]:,}, at or past the target of {rules.target_score},"
                             " and was ahead")
    else:
        side = min(scores, key=lambda s: scores[s])
        end = f"{side} had {scores[side]:,}, at or below the losing score of {rules.losing_score}"
    return Unreachable("scores_before", side, (
        f"the game was already over: {end}, so {winner} won; another hand is played only while the"
        " sides on top are level"))
