"""The title screen (issue 25 item 6): the name set in the typeface over a fanned hand of the real
cards, and Continue (with the saved game's scores) as the default button when there is a game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from spades_desktop.engine.rules import preset
from spades_desktop.engine.state import GameState
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.title import FAN, TitleScene
from spades_desktop.ui.text.title_words import continue_line, lines_of
from tests.ui_driver import Driver


def test_the_continue_line_names_the_game_the_hand_and_the_scores_the_persons_side_first():
    state = GameState.new_game(preset("standard").with_changes(target_score=300), 3)[0]
    state.scores = {"NS": 120, "EW": 210}
    assert continue_line(state, {"S": "You"}) == "Partnership to 300 · hand 1 · North & You 120, East & West 210"


def test_a_line_of_parts_breaks_between_parts_never_inside_one():
    line = "Partnership to 500 · hand 2 · North & You 42, East & West 70"
    assert lines_of(line, 10_000, len) == [line]
    assert lines_of(line, 32, len) == ["Partnership to 500 · hand 2", "North & You 42, East & West 70"]
    assert lines_of(line, 5, len) == ["Partnership to 500", "hand 2", "North & You 42, East & West 70"]


def _title(d: Driver) -> TitleScene:
    d.app.to_title()
    d.step(2)
    title = d.app.stack.top
    assert isinstance(title, TitleScene)
    return title


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_continue_is_the_default_and_shows_the_games_scores(tmp_path, monkeypatch, size):
    from spades_desktop.ui.core import widgets

    drawn: list[str] = []
    real = widgets.draw_text
    monkeypatch.setattr("spades_desktop.ui.screens.title.draw_text",
                        lambda s, f, text, *a, **k: drawn.append(text) or real(s, f, text, *a, **k))
    monkeypatch.setattr("spades_desktop.ui.core.widgets.draw_text",
                        lambda s, f, text, *a, **k: drawn.append(text) or real(s, f, text, *a, **k))
    d = Driver(str(tmp_path), rules="standard", seed=4, size=size)
    d.play_hands(1)
    scores = d.table.ctl.state.scores
    title = _title(d)
    assert title.group.focused().name == "continue"
    title.dirty = True
    d.step()
    text = " ".join(drawn)
    assert f"North & You {scores['NS']}, East & West {scores['EW']}" in text and "hand 2" in text
    session = d.app.session
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    assert d.table is not None and d.app.session is not session and len(d.table.ctl.state.hand_history) == 1


def test_without_a_game_new_game_is_the_default_and_no_scores_are_shown(tmp_path, monkeypatch):
    from spades_desktop.ui.app import App, Options

    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    app = App(Options())  # a first start: no game in progress
    app.to_title()
    app.frame(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.group.focused().name == "new_game" and not title.group.named("continue").enabled
    assert title.continue_words == ""


def test_the_title_fans_the_real_cards_of_the_chosen_deck(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4, size=(1280, 720))
    d.app.update_settings(deck_style="classic")
    title = _title(d)
    art = title._art
    assert art is not None and art.style == "classic"
    assert art.classic is not None and art.classic.count == len(FAN), "only the fan's cards are drawn for it"
    assert art.classic.wait(20)
    d.step(30)  # the classic faces arrive: the fan is composed from them and fades in
    screen = d.app.screen
    fan_area = pygame.Rect(0, int(720 * 0.2), 640, int(720 * 0.6))
    whites = sum(1 for x in range(fan_area.left, fan_area.right, 4) for y in range(fan_area.top, fan_area.bottom, 4)
                 if min(tuple(screen.get_at((x, y)))[:3]) > 235)
    assert whites > 1000, "the cards' white faces fill the left of the window"
    d.app.stack.pop()
    assert art.classic._stop.is_set(), "closing the title stops drawing its faces"
