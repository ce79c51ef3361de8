"""What a bag really costs in this game: the bag penalties it brings before the game ends.

Over a long game every bag costs ``penalty / limit`` (ten points by default), because the bags
keep coming and each ``limit`` of them costs the penalty. A real game is short: in its last
hands a bag far from the limit costs nothing but its point, while one bag short of the limit
costs nearly the whole penalty. So the cost of the bags a side carries out of a hand is the
expected bag penalty they bring about before the game ends, with the bags still to come
(``BAGS_PER_HAND`` a hand) over the hands the game is likely to last.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..engine.rules import HouseRules

#: How fast the leading side nears the target, points per hand (whole normal and hard games to
#: 500 last 11.5 to 12.5 hands).
LEADER_POINTS_PER_HAND = 42.0
#: Bags a side takes per hand from here on (the computer levels take 0.7 to 1.5).
BAGS_PER_HAND = 1.2
#: The longest horizon looked at, hands (beyond it a bag costs its long-run share anyway).
MAX_HANDS = 30


def hands_left_after_this(rules: HouseRules, scores: Mapping[str, int]) -> float:
    """Hands the game is likely to last after the one being played."""
    gap = rules.target_score - max(scores.values())
    return min(float(MAX_HANDS), max(0.0, gap / LEADER_POINTS_PER_HAND - 1.0))


@dataclass(frozen=True, slots=True)
class BagOutlook:
    """Expected future bag penalty (points, >= 0) by the bags a side carries out of this hand."""

    rules: HouseRules
    future_penalty: tuple[float, ...]  # index: bags carried after this hand's penalty (0 .. limit - 1)

    def cost_after(self, bags_after: int) -> float:
        return self.future_penalty[min(max(bags_after, 0), len(self.future_penalty) - 1)]

    def overtrick_cost(self, bags_now: int) -> float:
        """Real cost of one more bag this hand for a side holding ``bags_now`` (hand's bags
        included), counting the penalty it triggers now and the one it brings nearer, less
        the point the bag scores."""
        rules = self.rules
        crossing = bags_now + 1 >= rules.bag_limit
        after = (0 if rules.bags_reset else bags_now + 1 - rules.bag_limit) if crossing else bags_now + 1
        now = rules.bag_penalty if crossing else 0.0
        return now + self.cost_after(after) - self.cost_after(bags_now) - 1.0


def bag_outlook(rules: HouseRules, scores: Mapping[str, int]) -> BagOutlook:
    """The outlook for every side of a game standing at ``scores`` before this hand."""
    mean = BAGS_PER_HAND * hands_left_after_this(rules, scores)
    limit = rules.bag_limit
    # P(future bags >= n) for a Poisson count with that mean, n = 0 .. enough limits
    top = limit * (int(mean / limit) + 3)
    pmf = math.exp(-mean)
    tail = [0.0] * (top + 2)
    cumulative = 0.0
    for n in range(top + 1):
        tail[n] = max(0.0, 1.0 - cumulative)
        cumulative += pmf
        pmf *= mean / (n + 1)
    costs = []
    for bags in range(limit):
        crossings = sum(tail[j * limit - bags] for j in range(1, top // limit + 1) if j * limit - bags <= top)
        costs.append(rules.bag_penalty * crossings)
    return BagOutlook(rules, tuple(costs))


@lru_cache(maxsize=256)
def outlook_for(rules: HouseRules, top_score: int) -> BagOutlook:
    """``bag_outlook`` by the leading score alone (all it depends on), cached: the normal
    player reads it at every card and must stay a fraction of a millisecond."""
    return bag_outlook(rules, {"top": top_score})
