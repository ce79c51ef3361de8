"""What the benchmark scripts share: a quantile of timings, rounded for their JSON line, and a
command-line count that must be at least one. (A leading underscore: imported by the scripts, not
a benchmark itself; ``tests/project/test_benchmarks.py`` runs every script without one.)"""

from __future__ import annotations

import argparse
import math


def percentile(values: list[float], q: float) -> float | None:
    """The ``q`` quantile of ``values`` (the nearest rank); None for none, since JSON has no NaN
    and a short run may time nothing of a kind."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def rounded(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def at_least_one(text: str) -> int:
    """An argparse type: a whole number of 1 or more (worker processes, say), refused in one line."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{number} is too few: at least 1")
    return number
