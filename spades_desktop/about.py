"""Which game this is, said the same way everywhere a player or a bug report needs it:
``spades-desktop --version``, the log's first line and a crash report.

The version itself is said once, in ``spades_desktop.__version__`` (the package metadata reads it
from there); nothing here imports pygame, so ``--version`` answers at once.
"""

from __future__ import annotations

import platform
import sys

from . import __version__

APP_TITLE = "Spades Desktop"


def version_text() -> str:
    """What ``spades-desktop --version`` prints: the command and its version."""
    return f"spades-desktop {__version__}"


def how_installed() -> str:
    """How this copy runs: the standalone app, or Python running the package (pip, pipx, a clone)."""
    return "standalone app" if getattr(sys, "frozen", False) else "Python package"


def system_text() -> str:
    """The system in a few words, for a bug report: operating system, processor, Python."""
    try:
        mac = platform.mac_ver()[0] if sys.platform == "darwin" else ""
        system = f"macOS {mac}" if mac else f"{platform.system()} {platform.release()}".strip()
    except Exception:  # platform probes the system (files, commands): a report never fails on it
        system = sys.platform
    return f"{system or sys.platform}, {platform.machine() or 'unknown processor'}, Python {platform.python_version()}"


def about_line() -> str:
    """One line naming the game, its version, how it runs and on what: the log's first line."""
    return f"{APP_TITLE} {__version__} ({how_installed()}; {system_text()})"
