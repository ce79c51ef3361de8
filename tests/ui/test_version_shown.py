"""Which version is running, where a player looks: ``--version``, the title screen, the log."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys

from spades_desktop import __version__
from spades_desktop.about import about_line, version_text
from spades_desktop.ui import app as app_module
from spades_desktop.ui.screens import title


@pytest.mark.slow
def test_version_option_prints_the_version_and_exits_0():
    done = subprocess.run([sys.executable, "-m", "spades_desktop", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout == f"{version_text()}\n" == f"spades-desktop {__version__}\n"


def test_the_title_screen_shows_the_version_and_the_log_begins_with_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    drawn: list[str] = []
    real = title.draw_text

    def recording(surface, font, text, colour, **anchor):
        drawn.append(text)
        return real(surface, font, text, colour, **anchor)

    monkeypatch.setattr(title, "draw_text", recording)
    assert app_module.main(["--frames", "5", "--size", "960x540"]) == 0
    assert f"version {__version__}" in drawn
    first = (tmp_path / "logs" / "spades-desktop.log").read_text(encoding="utf-8").splitlines()[0]
    assert first.endswith(f"INFO spades_desktop: {about_line()}")
    assert f"Spades Desktop {__version__} (Python package; " in first
