"""Shared test settings: keep a test process's memory in bounds.

Each UI test starts a real ``App``; an app's scenes, tweens and callbacks refer to one another, so
an app a test has finished with is freed only by a full garbage collection, and its window-sized
pictures (felts, card faces, frames kept by the redraw tests) with it.  Full collections come
rarely on their own, and an app's first frame freezes every object alive then (``gc.freeze``, so a
player's game never walks them again), earlier tests' apps too: a worker process of the suite
reached 2.6 GB.  So after a test, once this process has grown by ``GROWTH_MB`` since the last
collection here, the frozen objects are let go and a full collection runs: a few times a run (a
collection after every test cost an eighth more time).

No test asserts a wall-clock time (they pass on a machine whose cores are all busy), so
hypothesis's per-example deadline is off for every test; timing is measured in ``benchmarks/``.
"""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import settings

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

GROWTH_MB = 400
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_after_last_collection: list[float] = []


def _resident_mb() -> float | None:
    """This process's resident memory now (Linux); None where it cannot be read cheaply."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * _PAGE / 2**20
    except (OSError, ValueError, IndexError):
        return None


@pytest.fixture(autouse=True)
def _memory_in_bounds():
    yield
    resident = _resident_mb()
    if resident is None:
        return
    if not _after_last_collection:
        _after_last_collection.append(resident)
    elif resident > _after_last_collection[0] + GROWTH_MB:
        gc.unfreeze()  # an app's first frame froze what lived then (apps of earlier tests too)
        gc.collect()
        _after_last_collection[0] = _resident_mb() or resident
