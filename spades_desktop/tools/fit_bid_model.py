"""Regenerate the bid model (``spades_desktop/ai/data/bid_model.json``) from seeded self-play.

    pip install -e '.[fit]'     # numpy, for this script only
    python -m spades_desktop.tools.fit_bid_model --hands 30000 --hard-hands 1500 --seed 55 --workers 2

Plays the hands (``tools/bid_selfplay.py``: whole games, the normal level and the hard level at
every table of ``TABLES``), splits them by game into training games and held-out games (a fifth),
chooses each predictor's kind and penalty by log-loss on a validation fifth of the training games,
fits it again on all the training games and measures it on the held-out ones against the normal
player's own figures: its count of the hand's tricks (``normal.made_chance``'s expected 0.7 + 0.89 x
the estimate, and its logistic chance of making a bid around it), the side fit of a side's second
bidder (``normal.SIDE_FIT``) and the nil risk. Writes the model with those numbers and prints them
as one JSON line. The same arguments give the same file on any machine.
"""

from __future__ import annotations

import os

# One BLAS thread, set before numpy loads: the same sums in the same order on any machine (so the
# same file from the same arguments), and no BLAS threads spinning against each other after the
# self-play's worker processes (beside them a fit took 67 s instead of 4).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse
import json
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from ..ai import normal
from ..ai.bid_features import FEATURES
from ..ai.bid_model import MODEL_PATH
from ..engine.rule_values import Mode
from . import bid_fit as F
from .bid_selfplay import TABLES_BY_NAME, play_unit, units

HAND_SIZE = 13
CHECK_ROWS = 4  # held-out rows whose predictions the file carries, for the game's predictions to be checked against


def _part(row: dict[str, Any]) -> int:
    """0: held out; 1: validation; 2-4: training (a game's hands all fall in one part)."""
    return zlib.crc32(row["game"].encode()) % 5


def play(unit_list: list, workers: int) -> list[dict[str, Any]]:
    """Every unit's rows, in the units' order whatever the number of workers."""
    if workers <= 1:
        return [row for unit in unit_list for row in play_unit(unit)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [row for rows in pool.map(play_unit, unit_list) for row in rows]


def _today_distribution(expected_counts: list[float]) -> np.ndarray:
    """The normal player's chances of at least k tricks (``normal.made_chance``, a logistic about the
    expected count 0.7 + 0.89 x estimate) as a distribution over 0..13."""
    at_least = [[normal.made_chance(k, (e - 0.7) / 0.89) for k in range(1, HAND_SIZE + 1)] for e in expected_counts]
    return F.cumulative_distribution(np.array(at_least))


def _metrics(p: np.ndarray, counts: np.ndarray, contracts: np.ndarray) -> dict[str, float]:
    return {"log_loss": round(F.log_loss(p, counts), 4),
            "mae": round(float(np.abs(F.mean_count(p) - counts).mean()), 4),
            "made_or_set_right": round(F.made_right(p, counts, contracts), 4)}


def _choose(name: str, x: np.ndarray, counts: np.ndarray, valid: np.ndarray) -> tuple[str, float, dict[str, float]]:
    """The kind and penalty with the least validation log-loss (each candidate's loss, for the record)."""
    losses = {}
    for kind in F.KINDS:
        for penalty in F.PENALTIES:
            fitted = F.fit_counts(kind, x[~valid], counts[~valid], HAND_SIZE, penalty)
            losses[f"{kind}/{penalty:g}"] = round(F.log_loss(fitted.predict(x[valid]), counts[valid]), 5)
            print(f"  {name} {kind} penalty {penalty:g}: validation log-loss {losses[f'{kind}/{penalty:g}']}",
                  file=sys.stderr)
    best = min(losses, key=lambda key: losses[key])
    kind, weight = best.split("/")
    return kind, float(weight), losses


def _counts_target(rows: list[dict[str, Any]], key: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (np.array([r["x"] for r in rows], dtype=float), np.array([r[key] for r in rows], dtype=int),
            np.array([_part(r) for r in rows]))


def _by(rows: list[dict[str, Any]], p: np.ndarray, today: np.ndarray, field: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for value in sorted({r[field] for r in rows}):
        pick = np.array([r[field] == value for r in rows])
        counts = np.array([r["tricks"] for r in rows])[pick]
        bids = np.array([r["bid"] for r in rows])[pick]
        out[value] = {"rows": int(pick.sum()), "model": _metrics(p[pick], counts, bids),
                      "today": _metrics(today[pick], counts, bids)}
    return out


def fit(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The model's file contents (without the command) from the self-play rows."""
    for row in rows:
        row["table_mode"] = TABLES_BY_NAME[row["game"].split("/")[0]].mode
        row["table"] = row["game"].split("/")[0]
    numbered = [r for r in rows if r["bid"] > 0 and not r["hand_explored"]]
    side_rows = [r for r in numbered if r["table_mode"] == Mode.PARTNERSHIP]
    nil_rows = [r for r in rows if r["bid"] == 0]
    models: dict[str, Any] = {}
    selection: dict[str, Any] = {}
    held: dict[str, Any] = {}
    fitted: dict[str, F.Fitted] = {}
    for name, target_rows, key in (("own", numbered, "tricks"), ("side", side_rows, "side_tricks")):
        x, counts, part = _counts_target(target_rows, key)
        train = part != 0
        kind, penalty, losses = _choose(name, x[train], counts[train], part[train] == 1)
        model = F.fit_counts(kind, x[train], counts[train], HAND_SIZE, penalty).rounded()
        fitted[name] = model
        selection[name] = {"chosen": f"{kind}/{penalty:g}", "validation_log_loss": losses}
        models[name] = {"kind": model.kind, "weights": model.weights.tolist(), "bias": model.bias.tolist()}
    nx = np.array([r["x"] for r in nil_rows], dtype=float)
    made = np.array([1.0 if r["tricks"] == 0 else 0.0 for r in nil_rows])
    npart = np.array([_part(r) for r in nil_rows])
    nil_losses = {}
    for penalty in F.PENALTIES:
        w, b = F.fit_nil(nx[npart >= 2], made[npart >= 2], penalty)
        nil_losses[f"logistic/{penalty:g}"] = round(F.binary_log_loss(F.sigmoid(nx[npart == 1] @ w + b),
                                                                      made[npart == 1]), 5)
    nil_best = min(nil_losses, key=lambda key: nil_losses[key])
    w, b = F.fit_nil(nx[npart != 0], made[npart != 0], float(nil_best.split("/")[1]))
    nil_fit = F.Fitted("cumulative", w[None, :], np.array([b])).rounded()
    models["nil"] = {"kind": "logistic", "weights": nil_fit.weights[0].tolist(), "bias": float(nil_fit.bias[0])}
    selection["nil"] = {"chosen": nil_best, "validation_log_loss": nil_losses}

    # held-out accuracy: the model against the normal player's figures for the same hands
    own_held = [r for r in numbered if _part(r) == 0]
    x, counts, _ = _counts_target(own_held, "tricks")
    bids = np.array([r["bid"] for r in own_held])
    p_model = fitted["own"].predict(x)
    p_today = _today_distribution([0.7 + 0.89 * r["estimate"] for r in own_held])
    held["own"] = {"rows": len(own_held), "model": _metrics(p_model, counts, bids),
                   "today": _metrics(p_today, counts, bids), "by_level": _by(own_held, p_model, p_today, "level"),
                   "by_table": _by(own_held, p_model, p_today, "table")}
    side_held = [r for r in side_rows if _part(r) == 0]
    x, counts, _ = _counts_target(side_held, "side_tricks")
    contracts = np.array([r["side_contract"] for r in side_held])
    p_side = fitted["side"].predict(x)
    second = np.array([r["side_fit"] is not None for r in side_held], dtype=bool)
    held["side"] = {"rows": len(side_held), "model": _metrics(p_side, counts, contracts)}
    if second.any():
        p_fit = _today_distribution([r["side_fit"] for r, s in zip(side_held, second, strict=True) if s])
        held["side"]["second_bidder"] = {
            "rows": int(second.sum()), "model": _metrics(p_side[second], counts[second], contracts[second]),
            "today_side_fit": _metrics(p_fit, counts[second], contracts[second])}
    nil_held = npart == 0
    explored = np.array([r["explored"] for r in nil_rows], dtype=bool)
    held["nil"] = {}
    for name, pick in (("bid_by_the_players", nil_held & ~explored), ("made_to_bid", nil_held & explored)):
        if pick.any():
            held["nil"][name] = _nil_metrics([r for r, h in zip(nil_rows, pick, strict=True) if h], nx[pick],
                                             made[pick], nil_fit)
    checks = []
    for r in own_held[:CHECK_ROWS] + [r for r, h in zip(nil_rows, nil_held, strict=True) if h][:2]:
        one = np.array([r["x"]], dtype=float)
        checks.append({"x": r["x"], "own": fitted["own"].predict(one)[0].tolist(),
                       "side": fitted["side"].predict(one)[0].tolist(),
                       "nil": float(F.sigmoid(one @ nil_fit.weights[0] + nil_fit.bias[0])[0])})
    training = {"seat_hands": len(rows), "own_rows": int(sum(_part(r) != 0 for r in numbered)),
                "side_rows": int(sum(_part(r) != 0 for r in side_rows)), "nil_rows": int((npart != 0).sum()),
                "held_out_seat_hands": int(sum(_part(r) == 0 for r in rows)),
                "by_table_and_level": _table_counts(rows)}
    return {"models": models, "training": training, "selection": selection, "held_out": held, "checks": checks}


def _nil_metrics(rows: list[dict[str, Any]], x: np.ndarray, made: np.ndarray, fitted: F.Fitted) -> dict[str, Any]:
    """The nil model against the normal player's nil risk (its failing chance, more alone: ``normal._nil_value``)."""
    p_nil = F.sigmoid(x @ fitted.weights[0] + fitted.bias[0])
    risk = np.array([min(1.0, r["nil_risk"] * (normal.ALONE_RISK_FACTOR if r["alone"] else 1.0)) for r in rows])
    return {"rows": len(rows), "made_rate": round(float(made.mean()), 4),
            "model": {"log_loss": round(F.binary_log_loss(p_nil, made), 4),
                      "made_or_set_right": round(float(((p_nil >= 0.5) == (made == 1)).mean()), 4)},
            "today": {"log_loss": round(F.binary_log_loss(1.0 - risk, made), 4),
                      "made_or_set_right": round(float(((risk <= 0.5) == (made == 1)).mean()), 4)}}


def _table_counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        key = f"{r['table']}/{r['level']}"
        out[key] = out.get(key, 0) + 1
    return dict(sorted(out.items()))


def _kept_rows(path: Path | None, command: str) -> list[dict[str, Any]] | None:
    """The rows kept by an earlier run of the same command (None: none kept, or another command's)."""
    if path is None or not path.exists():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or json.loads(lines[0]).get("command") != command:
        raise SystemExit(f"{path} holds the rows of another command: remove it or name another file")
    return [json.loads(line) for line in lines[1:]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30000, help="hands of the normal level (all tables)")
    parser.add_argument("--hard-hands", type=int, default=1500, help="hands of the hard level")
    parser.add_argument("--seed", type=int, default=55)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", default="", help="comma-separated table names (default: all of TABLES)")
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--rows", type=Path, help="keep the self-play's rows in this file (JSON lines) and, run "
                        "again with the same arguments, fit from it without playing")
    args = parser.parse_args(argv)
    tables = tuple(t for t in args.tables.split(",") if t) or None
    unknown = [t for t in tables or () if t not in TABLES_BY_NAME]
    if unknown:
        parser.error(f"unknown tables {unknown}: one of {', '.join(TABLES_BY_NAME)}")
    start = time.perf_counter()
    work = units(args.hands, args.hard_hands, args.seed, tables)
    command = (f"python -m spades_desktop.tools.fit_bid_model --hands {args.hands} --hard-hands {args.hard_hands}"
               f" --seed {args.seed}" + (f" --tables {args.tables}" if tables else ""))
    rows = _kept_rows(args.rows, command)
    if rows is None:
        rows = play(work, args.workers)
        if args.rows:
            args.rows.write_text("".join(json.dumps(r) + "\n" for r in [{"command": command}, *rows]), encoding="utf-8")
    played = time.perf_counter() - start
    print(f"{len(rows)} seat-hands in {played:.0f} s", file=sys.stderr)
    result = fit(rows)
    played_tables = sorted({(str(TABLES_BY_NAME[u.table].mode), str(TABLES_BY_NAME[u.table].deck)) for u in work})
    exchanges = sorted({TABLES_BY_NAME[u.table].nil_exchange for u in work})
    data = {"format": 1, "command": command, "features": list(FEATURES), "hand_size": HAND_SIZE,
            "tables": [list(t) for t in played_tables], "nil_exchanges": exchanges,
            "levels": sorted({u.level for u in work}), **result}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    fitting = time.perf_counter() - start - played
    summary = {"seat_hands": len(rows), "play_s": round(played, 1), "fit_s": round(fitting, 1),
               "training": {k: v for k, v in result["training"].items() if k != "by_table_and_level"},
               "chosen": {k: v["chosen"] for k, v in result["selection"].items()},
               "held_out": {k: {kk: vv for kk, vv in v.items() if kk not in ("by_table", "by_level")}
                            for k, v in result["held_out"].items()}}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
