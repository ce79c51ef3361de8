"""Derives the win-chance tables the computer players value their decisions by (issue 55 item 1).

The chance that a side wins the game from the scores and bags between two hands is the fixed
point of one hand's step: from every state, each recorded hand (``hand_outcomes``, played by the
normal players in whole games) moves both sides by what the game's own scoring gives it under
the house rules, and a hand that brings a side to the target ends the game (the higher score
wins).  Dynamic programming over the grid of states finds it:

- a side's state is ``(u, b)``: ``u`` tens of points still to the target (counted without the
  bags' points: under the standard scoring a score is ten times a whole number plus the bags, so
  the pair is exact), ``b`` its bags (0 .. bag limit - 1); ``u`` runs 1 .. ``MAX_UNITS`` (a side
  farther away is counted at ``MAX_UNITS``: so far from the end the chance barely moves);
- a hand that ends the game is valued at once: 1 to the side with the higher score, a half on
  a tie of the units over the target (the game plays on after a real tie, which is rare);
- the recorded hands are used both ways round (each side in the other's seat), so the tables
  are exactly antisymmetric: the two sides' chances add up to one.

The per-hand distribution is the normal players' own and does not change with the score (the
players' choices do, a little: the check against simulated games, ``benchmarks/win_chance_check.py``,
measures what that costs).  Run ``python -m spades_desktop.ai.win_chance_build`` to regenerate
``data/win_chance.json`` from ``data/hand_outcomes.json`` (``record`` plays the games again first).
Needs numpy (``pip install -e '.[fit]'``); the game itself only reads the file (``win_chance``).
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..engine.presets import preset
from ..engine.rule_values import Mode
from ..engine.rules import HouseRules
from ..engine.state import sides_for
from . import hand_outcomes, win_chance
from .hand_outcomes import OUTCOMES_FILE, HandOutcome

DATA = Path(__file__).resolve().parent / "data"
TABLE_FILE = DATA / "win_chance.json"  # the tables' facts; each table's values in win_chance_<name>.json
FORMAT = 1
#: tens of points to the target the grid covers (800 points at the default scoring)
MAX_UNITS = 80
#: the tables ship every STRIDE-th unit (20 points), read linearly between
STRIDE = 2
#: the chances ship in steps of 1 / SCALE (0.012%: well under what a trick or a bag moves them)
SCALE = 8191
#: units over the target told apart when both sides reach it in one hand
MAX_OVERSHOOT = 40
#: the value iteration stops when no state moves by more than this
TOLERANCE = 1e-5
MAX_SWEEPS = 400
#: the games each mode's hands are recorded from (normal level, to the default target)
RECORD_GAMES = {"partnership": 1000, "two_player": 600, "auction": 600}
RECORD_SEED = 55
#: the simulated games each table's calibration is fitted on (normal level; seeded apart from RECORD_SEED)
CALIBRATION_GAMES = {"partnership": 800, "two_player": 400, "auction": 400}
CALIBRATION_SEED = 56
#: the tables shipped: a name, the mode and the house rules scored (the defaults of the mode)
PROFILES: dict[str, str] = {"partnership": "standard", "two_player": "two_player", "auction": "auction"}


def profile_rules(name: str) -> HouseRules:
    return preset(PROFILES[name])


@dataclass(frozen=True, slots=True)
class Grid:
    units: int
    bag_limit: int

    @property
    def states(self) -> int:
        return self.units * self.bag_limit

    def index(self, u: int, b: int) -> int:
        return (u - 1) * self.bag_limit + b


def side_moves(rules: HouseRules, grid: Grid, outcome: HandOutcome, members: tuple) -> np.ndarray:
    """For every state of a side, where this hand takes it in the extended index: states
    0 .. states-1 as the grid, ``states + o`` a side ``o`` units over the target (game reached)."""
    moves = np.empty((grid.units, grid.bag_limit), dtype=np.int64)
    u = np.arange(1, grid.units + 1)
    for b in range(grid.bag_limit):
        points, bags_after = outcome.side_result(rules, members, b)
        bags_after = min(bags_after, grid.bag_limit - 1)
        # the units move by the points less the bags' own points (exact under the default scoring)
        after = u - round((points - bags_after + b) / 10)
        moves[:, b] = np.where(after <= 0, grid.states + np.minimum(-after, MAX_OVERSHOOT),
                               (np.minimum(after, grid.units) - 1) * grid.bag_limit + bags_after)
    return moves.ravel()


@dataclass(frozen=True, slots=True)
class HandSteps:
    """One hand's step from every state: the distinct moves of side a (``moves``) and, for each,
    the moves of side b that came with it and their probabilities (``pairs``): the recorded hands'
    joint distribution, each hand used both ways round (so the tables come out antisymmetric)."""

    moves: dict[bytes, np.ndarray]
    pairs: dict[bytes, list[tuple[bytes, float]]]

    def each(self):
        for a, seconds in self.pairs.items():
            for b, p in seconds:
                yield self.moves[a], self.moves[b], p


def hand_steps(rules: HouseRules, grid: Grid, outcomes: Sequence[HandOutcome]) -> HandSteps:
    sides = list(sides_for(rules.mode).values())
    if len(sides) != 2:
        raise ValueError(f"win-chance tables are for two sides, not {len(sides)} ({rules.mode.value})")
    moves: dict[bytes, np.ndarray] = {}
    counts: dict[tuple[bytes, bytes], int] = {}
    for outcome in outcomes:
        keys = []
        for members in sides:
            move = side_moves(rules, grid, outcome, members)
            key = move.tobytes()
            moves.setdefault(key, move)
            keys.append(key)
        for pair in ((keys[0], keys[1]), (keys[1], keys[0])):
            counts[pair] = counts.get(pair, 0) + 1
    total = sum(counts.values())
    pairs: dict[bytes, list[tuple[bytes, float]]] = {}
    for (a, b), count in sorted(counts.items()):
        pairs.setdefault(a, []).append((b, count / total))
    return HandSteps(moves, pairs)


def extended(values: np.ndarray, grid: Grid) -> np.ndarray:
    """The values with the ended games around them: rows side a, columns side b."""
    n, o = grid.states, MAX_OVERSHOOT + 1
    full = np.empty((n + o, n + o))
    full[:n, :n] = values
    full[n:, :n] = 1.0  # a reached the target, b did not
    full[:n, n:] = 0.0
    over = np.arange(o)
    full[n:, n:] = np.where(over[:, None] > over[None, :], 1.0, np.where(over[:, None] < over[None, :], 0.0, 0.5))
    return full


def solve(rules: HouseRules, outcomes: Sequence[HandOutcome], units: int = MAX_UNITS,
          log: bool = False) -> tuple[Grid, np.ndarray, int]:
    """The win chance of side a at every (a's state, b's state): the fixed point of one hand, over
    the recorded hands' joint distribution (each of side a's moves gathers its rows once; the moves
    of side b that came with it gather from those)."""
    grid = Grid(units, rules.bag_limit)
    steps = hand_steps(rules, grid, outcomes)
    u = np.repeat(np.arange(1, units + 1), grid.bag_limit)
    values = 1.0 / (1.0 + np.exp((u[:, None] - u[None, :]) / 8.0))  # a start: nearer the target, likelier
    sweeps = 0
    for sweeps in range(1, MAX_SWEEPS + 1):
        full = extended(values, grid)
        new_t = np.zeros_like(values)  # transposed: side b's states in the rows
        for a, seconds in steps.pairs.items():
            rows_t = np.ascontiguousarray(full[steps.moves[a]].T)
            for b, p in seconds:
                new_t += p * rows_t[steps.moves[b]]
        new = new_t.T
        change = float(np.max(np.abs(new - values)))
        values = np.ascontiguousarray(new)
        if log and sweeps % 10 == 0:
            print(f"  sweep {sweeps}: largest change {change:.2e}", file=sys.stderr)
        if change < TOLERANCE:
            break
    return grid, values, sweeps


def one_step(steps: HandSteps, grid: Grid, values: np.ndarray, a: tuple[int, int], b: tuple[int, int]) -> float:
    """A state's value recomputed from its neighbours by one hand (``hand_steps``): the check of a
    shipped table."""
    full = extended(values, grid)
    ia, ib = grid.index(*a), grid.index(*b)
    return float(sum(p * full[ma[ia], mb[ib]] for ma, mb, p in steps.each()))


def thin(values: np.ndarray, grid: Grid, stride: int) -> np.ndarray:
    """The values at every ``stride``-th unit (1, 1 + stride, ...) of both sides: what ships (the
    game reads between them linearly; the bags stay whole)."""
    keep = [grid.index(u, b) for u in range(1, grid.units + 1, stride) for b in range(grid.bag_limit)]
    return values[np.ix_(keep, keep)]


def widen(shipped: np.ndarray, grid: Grid, stride: int) -> np.ndarray:
    """The full grid read back from the shipped one, linearly between the stored units (as the
    game reads it)."""
    limit = grid.bag_limit
    points = (grid.units - 1) // stride + 1
    place = np.clip(np.arange(grid.units) / stride, 0, points - 1)
    low = np.floor(place).astype(int)
    high = np.minimum(low + 1, points - 1)
    frac = (place - low)[:, None, None, None]
    v = shipped.reshape(points, limit, points, limit)
    v = v[low] * (1 - frac) + v[high] * frac  # side a's units
    v = np.moveaxis(v, 2, 0)
    v = v[low] * (1 - frac) + v[high] * frac  # side b's units
    return np.moveaxis(v, 0, 2).reshape(grid.states, grid.states)


def encode(values: np.ndarray) -> str:
    """Chances in steps of 1 / SCALE, row-major, each one as its difference from the one before it
    in its row (so the smooth table packs small and a row reads on its own), zlib-packed in base64."""
    q = np.rint(np.clip(values, 0.0, 1.0) * SCALE).astype(np.int64)
    deltas = np.diff(q, axis=1, prepend=0).astype("<i2")
    return base64.b64encode(zlib.compress(deltas.tobytes(), 9)).decode("ascii")


def decode(text: str, shape: tuple[int, int]) -> np.ndarray:
    deltas = np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype="<i2").astype(np.int64)
    return np.cumsum(deltas.reshape(shape), axis=1) / SCALE


def read_outcomes(path: Path = OUTCOMES_FILE) -> dict[str, list[HandOutcome]]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {mode: [HandOutcome.from_list(r) for r in entry["hands"]] for mode, entry in raw["modes"].items()}


def record(path: Path = OUTCOMES_FILE, games: dict[str, int] | None = None, seed: int = RECORD_SEED) -> None:
    modes = {}
    for name, count in (games or RECORD_GAMES).items():
        started = time.perf_counter()
        hands = [h.to_list() for h in hand_outcomes.play_games(profile_rules(name), count, seed)]
        print(f"{name}: {len(hands)} hands of {count} games in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        modes[name] = {"level": "normal", "games": count, "seed": seed, "rules": PROFILES[name], "hands": hands}
    _write(path, {"format": FORMAT, "about": "hands of normal-level games (spades_desktop/ai/hand_outcomes.py)",
                  "modes": modes})


def build(outcomes_path: Path = OUTCOMES_FILE, path: Path = TABLE_FILE, units: int = MAX_UNITS) -> dict:
    outcomes = read_outcomes(outcomes_path)
    tables = {}
    for name, hands in outcomes.items():
        rules = profile_rules(name)
        started = time.perf_counter()
        grid, values, sweeps = solve(rules, hands, units, log=True)
        print(f"{name}: {len(hands)} hands, {sweeps} sweeps, {time.perf_counter() - started:.0f} s", file=sys.stderr)
        shipped = thin(values, grid, STRIDE)
        tables[name] = {"mode": rules.mode.value, "rules": PROFILES[name], "units": grid.units, "stride": STRIDE,
                        "bag_limit": grid.bag_limit, "hands": len(hands), "sweeps": sweeps}
        _write(values_file(path, name), {"table": name, "values": encode(shipped)})
    data = {"format": FORMAT, "unit_points": 10, "scale": SCALE, "max_overshoot": MAX_OVERSHOOT, "tables": tables}
    _write(path, data)
    return data


def fit_slope(chances: Sequence[float], won: Sequence[bool]) -> float:
    """The slope ``a`` with the most likely outcomes under P(won) = sigmoid(a * logit(chance)):
    one number, no offset (the tables are antisymmetric, and a level game stays an even one)."""
    p = np.clip(np.asarray(chances, dtype=float), 1e-4, 1 - 1e-4)
    z = np.log(p / (1 - p))
    y = np.asarray(won, dtype=float)
    a = 1.0
    for _ in range(50):  # Newton's method on the log-likelihood, concave in a
        q = 1.0 / (1.0 + np.exp(-a * z))
        step = float(np.sum((y - q) * z)) / max(1e-9, float(np.sum(q * (1 - q) * z * z)))
        a += step
        if abs(step) < 1e-9:
            break
    return a


def calibrate(path: Path = TABLE_FILE, games: dict[str, int] | None = None, seed: int = CALIBRATION_SEED) -> dict:
    """Each table's calibration slope from simulated games (seeded apart from the recorded ones):
    the raw chance before every hand against whether the side went on to win."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for name, count in (games or CALIBRATION_GAMES).items():
        rules = profile_rules(name)
        win_chance.table.cache_clear()
        win_chance._facts.cache_clear()
        chances: list[float] = []
        won: list[bool] = []
        first = next(iter(sides_for(rules.mode)))
        for states, winner in hand_outcomes.game_states(rules, count, seed):
            for scores, bags in states:
                chance = win_chance.raw_win_chance(rules, scores, bags, first)
                if chance is not None:
                    chances.append(chance)
                    won.append(winner == first)
        slope = fit_slope(chances, won)
        data["tables"][name]["calibration"] = {"slope": round(slope, 4), "games": count, "seed": seed,
                                               "states": len(chances)}
        print(f"{name}: calibration slope {slope:.3f} over {len(chances)} states of {count} games", file=sys.stderr)
    _write(path, data)
    win_chance.table.cache_clear()
    win_chance._facts.cache_clear()
    return data


def values_file(path: Path, name: str) -> Path:
    return path.with_name(f"{path.stem}_{name}.json")


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    temp.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m spades_desktop.ai.win_chance_build", description=__doc__.split("\n")[0])
    p.add_argument("step", nargs="?", choices=("record", "build", "calibrate", "all"), default="build")
    p.add_argument("--units", type=int, default=MAX_UNITS)
    args = p.parse_args(argv)
    if args.step in ("record", "all"):
        record()
    if args.step in ("build", "all"):
        build(units=args.units)
    if args.step in ("build", "calibrate", "all"):
        calibrate()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["Mode", "build", "decode", "encode", "one_step", "record", "solve"]
