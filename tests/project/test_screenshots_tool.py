"""The README's screenshot comes from the real game, by a tool anyone can run again."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame

from spades_desktop.tools import screenshots

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_opens_with_the_screenshot_the_tool_makes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_lines = readme.splitlines()[:6]
    assert any("docs/screenshots/table-1920x1080.png" in line for line in first_lines)
    assert "python -m spades_desktop.tools.screenshots" in readme
    image = pygame.image.load(str(ROOT / "docs" / "screenshots" / "table-1920x1080.png"))
    assert image.get_size() == (1920, 1080)


@pytest.mark.slow
def test_the_tool_pictures_a_trick_in_play_in_a_temporary_folder(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(home))
    monkeypatch.setattr(screenshots, "SIZE", (960, 540))  # the same moment, smaller and faster
    path = screenshots.take_table_shot(tmp_path / "out", screenshots.SEED)
    image = pygame.image.load(str(path))
    assert image.get_size() == (960, 540)
    white = sum(1 for x in range(0, 960, 4) for y in range(0, 540, 4) if min(tuple(image.get_at((x, y)))[:3]) > 235)
    assert white > 800, "cards face up on the table: the hand and the trick"
