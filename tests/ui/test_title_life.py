"""Issue 58: a title with some life that costs nothing when idle.  Its cards fan out from a pile
once as it opens (a tween on the frame's time), then it is still and asks for no frame; it says
what game is on offer in that game's mode's words, and what the last game was; its column of
buttons has room for one more without moving the others."""

from __future__ import annotations

import itertools
import os
import time
from datetime import datetime

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from spades_desktop.storage.stat_lines import GameLine
from spades_desktop.storage.statistics import ModeStats
from spades_desktop.ui.core.theme import TITLE_BUTTON_SLOTS, TITLE_FAN_IN
from spades_desktop.ui.screens import title as title_module
from spades_desktop.ui.screens.title import TitleScene
from spades_desktop.ui.text.title_words import last_game_line, tagline, when_words
from tests.ui_driver import Driver


def test_the_tagline_says_the_modes_players():
    assert tagline("partnership") == "Partnership: you and a computer partner against two computer players"
    assert tagline("auction") == "Auction: you and a computer partner against two computer players"
    assert tagline("cutthroat") == "Cutthroat: you against three computer players"
    assert tagline("three_player") == "Three-player: you against two computer players"
    assert tagline("two_player") == "Two-player: you against one computer player"


def test_when_a_game_ended_in_the_calendars_words():
    now = datetime(2025, 6, 10, 9, 0).timestamp()
    assert when_words(datetime(2025, 6, 10, 0, 5).timestamp(), now) == "today"
    assert when_words(datetime(2025, 6, 9, 23, 50).timestamp(), now) == "yesterday"
    assert when_words(datetime(2025, 6, 7, 12, 0).timestamp(), now) == "3 days ago"
    assert when_words(datetime(2025, 3, 4, 12, 0).timestamp(), now) == "on 4 March"
    assert when_words(datetime(2024, 3, 4, 12, 0).timestamp(), now) == "on 4 March 2024"
    assert when_words(now + 86400 * 2, now) == "today", "a clock put back"


def test_the_last_game_is_the_one_that_ended_last_in_any_mode():
    now = datetime(2025, 6, 10, 9, 0).timestamp()
    per_mode = {"partnership": ModeStats(recent=[GameLine(True, 512, 380, 9, 4, ended=now - 86400)]),
                "cutthroat": ModeStats(recent=[GameLine(False, 120, 300, 9, 4, ended=now - 3 * 86400)]),
                "auction": ModeStats()}
    assert last_game_line(per_mode, now) == "Last game: Partnership, won 512-380, yesterday"
    old = {"cutthroat": ModeStats(recent=[GameLine(False, 120, 300, 9, 4)]),
           "auction": ModeStats(recent=[GameLine(True, 300, 120, 9, 4)])}  # a file from before the days were kept
    assert last_game_line(old, now, prefer="auction") == "Last game: Auction, won 300-120"
    assert last_game_line({"auction": ModeStats()}, now) == ""


def _fan_left(screen: pygame.Surface, background: pygame.Surface, y: int) -> int:
    """The leftmost pixel of row ``y`` in the window's left half that is not the background's."""
    for x in range(0, screen.get_width() // 2, 2):
        if any(abs(a - b) > 30 for a, b in zip(screen.get_at((x, y))[:3], background.get_at((x, y))[:3],
                                                strict=True)):
            return x
    return screen.get_width() // 2


def test_the_cards_fan_out_once_then_the_title_is_still_and_asks_for_no_frame(tmp_path, monkeypatch):
    from spades_desktop.ui.app import App, Options

    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    app = App(Options(size=(1280, 720)))
    app.update_settings(deck_style="large_index")  # faces drawn at once: the fan shows from the second frame
    app.to_title()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    dt = 1 / 60
    for _ in range(5):
        assert app.frame(dt)
    assert title.fan_shown_at is not None
    y = int(720 * 0.56)  # across the fan's middle
    early = _fan_left(app.screen, app.title_background(), y)
    drawn = [app.frame(dt) for _ in range(int(TITLE_FAN_IN / dt) - 5)]
    assert all(drawn), "every frame of the fanning is drawn"
    for _ in range(10):
        app.frame(dt)
    settled = _fan_left(app.screen, app.title_background(), y)
    assert settled < early - 40, (early, settled)  # the cards spread out to the left (and the right)
    assert [app.frame(dt) for _ in range(60)] == [False] * 60, "still: no frame drawn"
    assert title.update(dt) is False
    assert _fan_left(app.screen, app.title_background(), y) == settled


@pytest.mark.slow
def test_the_words_match_the_game_to_continue_and_the_last_game_is_shown(tmp_path, monkeypatch):
    drawn: list[str] = []
    real = title_module.draw_text
    monkeypatch.setattr(title_module, "draw_text",
                        lambda s, f, text, *a, **k: drawn.append(text) or real(s, f, text, *a, **k))
    monkeypatch.setattr("spades_desktop.ui.core.widgets.draw_text",
                        lambda s, f, text, *a, **k: drawn.append(text) or real(s, f, text, *a, **k))
    d = Driver(str(tmp_path), rules="three_player", seed=4)  # the settings' rules are still partnership
    d.play_hands(1)
    d.app.files.stats.per_mode["cutthroat"].recent.append(GameLine(True, 512, 380, 9, 4, ended=time.time()))
    d.app.to_title()
    d.step(3)
    title = d.app.stack.top
    assert isinstance(title, TitleScene) and title.group.focused().name == "continue"
    assert "Three-player: you against two computer players" in drawn
    assert not any("three computer players" in text for text in drawn)
    assert "Last game: Cutthroat, won 512-380, today" in drawn


def test_the_column_of_buttons_fills_its_places_the_daily_deal_in_the_one_kept_free(tmp_path, monkeypatch):
    from spades_desktop.ui.app import App, Options

    for size in ((1280, 720), (1920, 1080), (960, 540), (800, 800)):
        monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path / f"{size[0]}x{size[1]}"))
        app = App(Options(size=size))
        app.to_title()
        app.frame(1 / 60)
        title = app.stack.top
        assert isinstance(title, TitleScene)
        rects = [button.rect for button in title.group.buttons]
        assert len(rects) == TITLE_BUTTON_SLOTS
        assert [b.name for b in title.group.buttons][:3] == ["continue", "new_game", "daily_deal"]
        assert all(a.bottom < b.top for a, b in itertools.pairwise(rects)), "none overlaps the next"
        assert rects[-1].bottom <= size[1] - 8, "the last fits in the window"
        app.writer.close()
