"""Finding bundled assets the same way from a source checkout, an installed wheel and the
frozen (PyInstaller) app."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path


def assets_dir() -> Path:
    """The folder with the runtime assets (``icon.png``)."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:  # PyInstaller unpacks data under sys._MEIPASS
        return Path(frozen_root) / "spades_desktop" / "assets"
    try:
        located = resources.files("spades_desktop.assets")
        path = Path(str(located))
        if (path / "icon.png").exists():
            return path
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent / "assets"  # a plain source checkout


def asset_path(name: str) -> Path:
    return assets_dir() / name
