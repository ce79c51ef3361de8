"""The chance that a side wins the game, from the scores and bags between two hands.

What every computer decision is valued by (issue 55): a bid, a nil or a card is worth what it
does to the side's chance of winning the game, not the points of the hand, so a side one contract
from the target is set even at the cost of bags, a side near the bag limit ducks, a side far behind
takes a risk and a side far ahead bids safe.  The chances are tables derived by
``win_chance_build`` (dynamic programming over the score grid with the hands the normal players
play) and shipped in ``data/win_chance.json``; this module only reads them.

Where the tables hold and where they do not (the fall backs, docs/AI.md "The game value"):

- two sides (partnership, two-player, auction) at any target: the tables count the tens of points
  still to the target, so every target the settings allow (100 to 1000) reads the same table; a
  side more than ``units`` tens away is read as that far (so far from the end the chance barely
  moves);
- the hand being valued is scored exactly under the house rules in force (``HandEvaluator``);
  the hands after it are those of the mode's default scoring: a bag limit other than the table's is
  read by the share of the limit reached, and a losing score is applied only when a hand reaches it;
- cutthroat and three players (three or four sides) have no table: ``win_chance`` returns None
  and the players value outcomes by the hand's points, as before.
"""

from __future__ import annotations

import base64
import json
import sys
import zlib
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate
from pathlib import Path

from ..engine.rule_values import Mode
from ..engine.rules import HouseRules
from ..engine.scoring import game_winner
from ..engine.state import sides_for

TABLE_FILE = Path(__file__).resolve().parent / "data" / "win_chance.json"
#: the mode each table serves
TABLE_OF_MODE = {Mode.PARTNERSHIP: "partnership", Mode.TWO_PLAYER: "two_player", Mode.AUCTION: "auction"}


@dataclass(slots=True)
class WinTable:
    """Side a's chance at (a's units, a's bags, b's units, b's bags): the units stored are
    1, 1 + stride, ... (``points`` of them), each a ``unit_points`` tens of points to the target."""

    name: str
    points: int  # units stored per side
    stride: int
    bag_limit: int
    unit_points: int
    step: float  # a stored value's unit of chance
    slope: float  # the calibration: the chance's log-odds times this (``win_chance_build.calibrate``)
    deltas: array  # per row (u_a, b_a), the differences along its columns (u_b, b_b)
    rows: dict[int, array] = field(default_factory=dict)  # the rows read so far

    def _at(self, ia: int, ba: int, ib: int, bb: int) -> float:
        limit = self.bag_limit
        index = ia * limit + ba
        row = self.rows.get(index)
        if row is None:
            width = self.points * limit
            row = self.rows[index] = array("H", accumulate(self.deltas[index * width:(index + 1) * width]))
        return row[ib * limit + bb] * self.step

    def chance(self, units_a: float, bags_a: int, units_b: float, bags_b: int) -> float:
        """Linear between the stored units either side."""
        top = float(self.points - 1)
        ua = min(top, max(0.0, (units_a - 1) / self.stride))
        ub = min(top, max(0.0, (units_b - 1) / self.stride))
        a0, b0 = int(ua), int(ub)
        a1, b1 = min(a0 + 1, self.points - 1), min(b0 + 1, self.points - 1)
        fa, fb = ua - a0, ub - b0
        low = self._at(a0, bags_a, b0, bags_b) * (1 - fb) + self._at(a0, bags_a, b1, bags_b) * fb
        if not fa:
            return low
        high = self._at(a1, bags_a, b0, bags_b) * (1 - fb) + self._at(a1, bags_a, b1, bags_b) * fb
        return low * (1 - fa) + high * fa


@cache
def _facts() -> dict:
    return json.loads(TABLE_FILE.read_text(encoding="utf-8"))


@cache
def table(name: str) -> WinTable | None:
    """A shipped table, unpacked once when first asked for (a few milliseconds: its rows are summed
    when first read)."""
    data = _facts()
    entry = data["tables"].get(name)
    if entry is None:
        return None
    packed = json.loads(TABLE_FILE.with_name(f"{TABLE_FILE.stem}_{name}.json").read_text(encoding="utf-8"))
    deltas = array("h")
    deltas.frombytes(zlib.decompress(base64.b64decode(packed["values"])))
    if sys.byteorder != "little":
        deltas.byteswap()
    stride, limit = int(entry["stride"]), int(entry["bag_limit"])
    points = (int(entry["units"]) - 1) // stride + 1
    if len(deltas) != (points * limit) ** 2:
        raise ValueError(f"win-chance table {name}: {len(deltas)} values for a {points} x {limit} grid")
    slope = float(entry.get("calibration", {}).get("slope", 1.0))
    return WinTable(name, points, stride, limit, int(data["unit_points"]), 1.0 / int(data["scale"]), slope, deltas)


def table_for(rules: HouseRules) -> WinTable | None:
    name = TABLE_OF_MODE.get(rules.mode)
    return None if name is None else table(name)


def side_units(rules: HouseRules, table: WinTable, score: int, bags: int) -> tuple[float, int]:
    """A side's place on the table: tens of points to the target (its bags' own points apart) and
    its bags, read as the same share of the table's bag limit when the house limit differs."""
    units = (rules.target_score - (score - bags)) / table.unit_points
    if rules.bag_limit != table.bag_limit:
        bags = round(bags * table.bag_limit / rules.bag_limit)
    return units, min(max(bags, 0), table.bag_limit - 1)


def win_chance(rules: HouseRules, scores: Mapping[str, int], bags: Mapping[str, int], side: str) -> float | None:
    """The chance that ``side`` wins the game from these scores and bags, before the next hand;
    1 or 0 when the game is over; None where no table serves (three or more sides).  The table's
    chance calibrated by its slope: real games are more decided than hands drawn alike at every
    score make them (``win_chance_build.calibrate`` fits the slope on simulated games)."""
    return _read(rules, scores, bags, side, calibrated=True)


def raw_win_chance(rules: HouseRules, scores: Mapping[str, int], bags: Mapping[str, int], side: str) -> float | None:
    """``win_chance`` as the dynamic programme gives it, before the calibration."""
    return _read(rules, scores, bags, side, calibrated=False)


def _read(rules: HouseRules, scores: Mapping[str, int], bags: Mapping[str, int], side: str,
          calibrated: bool) -> float | None:
    """One reading of the table (the search's leaves call this for every hand they score: the game's
    end and the table are looked up once)."""
    winner = game_winner(rules, scores)
    if winner is not None:
        return 1.0 if winner == side else 0.0
    if len(scores) != 2:
        return None
    table = table_for(rules)
    if table is None:
        return None
    other = next(s for s in scores if s != side)
    ua, ba = side_units(rules, table, scores[side], bags[side])
    ub, bb = side_units(rules, table, scores[other], bags[other])
    raw = table.chance(ua, ba, ub, bb)
    if not calibrated or raw in (0.0, 1.0) or table.slope == 1.0:
        return raw
    return 1.0 / (1.0 + (1.0 / raw - 1.0) ** table.slope)


def serves(rules: HouseRules) -> bool:
    """A table serves these rules: two sides (partnership, two players, the auction), every target."""
    return len(sides_for(rules.mode)) == 2 and table_for(rules) is not None


@cache
def points_per_game(rules: HouseRules) -> float:
    """The value of the whole game in points at its start: one over the chance a point of score
    buys when the sides are level at nothing (measured ten points either side). A chance times
    this is on the scale of points early in a game, which the search's margins are written in."""
    if not serves(rules):
        return 0.0
    sides = list(sides_for(rules.mode))
    zero = dict.fromkeys(sides, 0)
    up = win_chance(rules, {sides[0]: 10, sides[1]: 0}, zero, sides[0])
    down = win_chance(rules, {sides[0]: -10, sides[1]: 0}, zero, sides[0])
    assert up is not None and down is not None
    return 20.0 / max(1e-6, up - down)
