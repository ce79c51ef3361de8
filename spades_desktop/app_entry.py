"""Starts the desktop game; the pygame table lives in ``spades_desktop.ui``."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def run_app(args: Sequence[str]) -> int:
    try:
        from .ui.app import main as ui_main
    except ImportError:
        print("Spades Desktop: the game window is not ready yet in this build; "
              "`spades-desktop check-hand FILE...` works.", file=sys.stderr)
        return 1
    return ui_main(list(args))
