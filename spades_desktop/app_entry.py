"""Starts the desktop game; the pygame table lives in ``spades_desktop.ui``."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from types import ModuleType


def import_window() -> ModuleType:
    """The window app's module, imported with the collector paused.

    Why: what the start imports (the engine's tables, the rule table, every module's classes) lives
    as long as the app, and the collector's passes over it while it was imported freed nothing and
    cost a start ~7 ms.  ``App`` switches the collector back on (and freezes what the start made)
    once its first frame is shown; ``run_app`` does on the way out whatever happened.
    """
    gc.disable()
    try:
        from .ui import app
    except BaseException:
        gc.enable()
        raise
    return app


def run_app(args: Sequence[str]) -> int:
    try:
        window = import_window()
    except ImportError:
        print("Spades Desktop: the game window is not ready yet in this build; "
              "`spades-desktop check-hand FILE...` works.", file=sys.stderr)
        return 1
    try:
        return int(window.main(list(args)))
    finally:
        gc.enable()  # (the app closed, or never showed a frame: --help, a refused option)
