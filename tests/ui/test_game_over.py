"""The game-over panel throws nothing away by accident (issue 3): Enter opens the score sheet, no
single key starts a new game, New game is a click (or the focus moved to it on purpose)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from spades_desktop.engine.rules import preset
from spades_desktop.session.game_session import SessionMode
from spades_desktop.ui.core.keymap import ANY_KEY, KEYMAP, TYPING, Context, Intent
from spades_desktop.ui.screens.score_sheet import ScoreSheetScene
from spades_desktop.ui.screens.summaries import GameOverScene
from tests.ui_driver import Driver

SHORT_GAME = {**preset("standard").to_dict(), "target_score": 100}


def _at_game_over(tmp_path, **driver) -> Driver:
    """A short game played through the UI to its game-over panel."""
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11, **driver)
    d.play_hands(50)
    assert isinstance(d.table.modal, GameOverScene)
    assert d.app.stack.top is d.table.modal
    d.step(2)  # drawn: its buttons are where a click finds them
    return d


def _every_key() -> list[tuple[str, int, int]]:
    """Every key the keymap knows in any context (the panel's, the buttons', the menus', the
    app's own), and every letter, each alone, with Shift and with Ctrl."""
    names = {key for bindings in KEYMAP.values() for b in bindings for key in b.keys if key not in (TYPING, ANY_KEY)}
    names |= {chr(c) for c in range(ord("a"), ord("z") + 1)}
    names -= {"f11"}  # full screen: the app takes it before any scene, and it would resize the window
    return [(name, pygame.key.key_code(name), mod)
            for name in sorted(names) for mod in (0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)]


@pytest.mark.slow
def test_enter_on_the_game_over_panel_opens_the_score_sheet(tmp_path):
    d = _at_game_over(tmp_path)
    panel = d.table.modal
    assert panel.group.focused().name == "score_sheet", "the panel's default button is the score sheet"
    session = d.app.session
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    assert isinstance(d.app.stack.top, ScoreSheetScene)
    assert d.app.session is session
    d.press(Intent.CLOSE, Context.OVERLAY)
    assert d.app.stack.top is panel


@pytest.mark.slow
def test_no_single_key_starts_a_new_game_from_the_game_over_panel(tmp_path):
    d = _at_game_over(tmp_path)
    table, panel, session = d.table, d.table.modal, d.app.session
    focus = panel.group.focus
    for name, key, mod in _every_key():
        d.key(key, mod)
        assert d.app.session is session and d.table is table, f"{name} (mod {mod}) started a new game"
        assert panel in d.app.stack.scenes, f"{name} (mod {mod}) left the game-over panel"
        while d.app.stack.top is not panel:  # back to the panel as it was: what the key opened is closed
            d.app.stack.pop()
        panel.group.focus = focus
        d.step()


@pytest.mark.slow
def test_new_game_from_the_game_over_panel_is_a_click_or_a_deliberate_focus(tmp_path):
    d = _at_game_over(tmp_path)
    session = d.app.session
    d.click_button("new_game")  # the game is over: nothing to ask about
    assert d.app.session is not session and d.table is not None and d.table.modal is None
    assert d.app.session.mode is SessionMode.PLAY and d.app.stack.top is d.table

    d = _at_game_over(tmp_path / "again")
    session = d.app.session
    d.press(Intent.FOCUS_NEXT, Context.CHOICES)  # the focus moves on to New game on purpose (past Review hands) ...
    d.press(Intent.FOCUS_NEXT, Context.CHOICES)
    assert d.table.modal.group.focused().name == "new_game"
    d.press(Intent.ACTIVATE, Context.FOCUSED)  # ... and the button's key presses it
    assert d.app.session is not session and d.table.modal is None


@pytest.mark.slow
def test_the_end_of_a_watched_game_offers_another_to_watch_and_leaves_the_game_in_progress(tmp_path):
    """Watching leaves the person's own game in progress alone; the watched game's panel offers
    another game to watch (New game there started a real game unasked: issue 41), which leaves it
    alone too."""
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=5)
    d.wait_for_person()
    d.act_once()
    d.app.writer.flush()
    autosave = d.app.paths.autosave_file.read_bytes()
    d.app.watch_game()
    assert d.play_until(lambda table: isinstance(table.modal, GameOverScene), max_frames=60000)
    d.app.update_settings(animation_speed="fast")  # the watched panel stays up a few seconds
    d.step(2)
    assert d.app.session.mode is SessionMode.WATCH
    assert "new_game" not in d.buttons()
    watched = d.app.session
    d.click_button("watch_again")
    assert d.app.session is not watched and d.app.session.mode is SessionMode.WATCH
    d.app.writer.flush()
    assert d.app.paths.autosave_file.read_bytes() == autosave


@pytest.mark.slow
def test_game_over_has_score_sheet_review_new_game_and_title(tmp_path):
    d = _at_game_over(tmp_path)
    assert [b.name for b in d.table.modal.group.buttons] == ["score_sheet", "review_game", "new_game", "title"]


@pytest.mark.slow
def test_the_reviews_replay_walks_every_hand_of_the_game_and_comes_back(tmp_path):
    from spades_desktop.ui.screens.game_review import GameReviewScene
    from spades_desktop.ui.screens.replay import HandReplayScene

    d = _at_game_over(tmp_path)
    panel = d.table.modal
    history = d.table.ctl.state.hand_history
    assert len(history) >= 2
    d.click_button("review_game")
    review = d.app.stack.top
    assert isinstance(review, GameReviewScene)
    d.click_button("replay_hands")
    replay = d.app.stack.top
    assert isinstance(replay, HandReplayScene)
    assert replay.result is history[0]
    d.press(Intent.STEP_FORWARD, Context.REPLAY)
    assert replay.step == 1
    d.press(Intent.NEXT_HAND, Context.REPLAY)
    assert replay.result is history[1] and replay.step == 0, "the next hand's key: the next hand, from its start"
    for _ in range(len(history) + 2):
        d.press(Intent.NEXT_HAND, Context.REPLAY)
    assert replay.result is history[-1], "the last hand stays the last"
    d.press(Intent.PREVIOUS_HAND, Context.REPLAY)
    assert replay.result is history[-2]
    d.press(Intent.CLOSE, Context.REPLAY)
    assert d.app.stack.top is review
    d.press(Intent.BACK, Context.SCREEN)
    assert d.app.stack.top is panel
    d.press(Intent.REVIEW, Context.GAME_OVER)  # its key
    assert isinstance(d.app.stack.top, GameReviewScene)
    d.press(Intent.REPLAY_HANDS, Context.GAME_REVIEW)  # and the review's
    assert isinstance(d.app.stack.top, HandReplayScene)


@pytest.mark.slow
def test_game_over_draws_each_sides_score_line_and_the_target(tmp_path):
    from spades_desktop.ui.core.theme import CHART_SERIES, CHART_TARGET

    d = _at_game_over(tmp_path, size=(1280, 720))
    screen = d.app.screen
    w, h = screen.get_size()
    left = pygame.Rect(0, int(h * 0.2), w // 2, int(h * 0.55))  # the chart: the panel's left part

    def near(colour, pixel, tolerance=40):
        return all(abs(a - b) <= tolerance for a, b in zip(colour, pixel[:3], strict=True))

    pixels = [screen.get_at((x, y)) for x in range(left.left, left.right, 2) for y in range(left.top, left.bottom, 2)]
    for colour in (*CHART_SERIES[:len(d.table.ctl.state.sides)], CHART_TARGET):
        assert sum(near(colour, p) for p in pixels) > 20, f"no line of colour {colour} in the chart"


def test_the_game_in_numbers_heads_each_column_with_its_side(tmp_path):
    """The numbers' columns were headed only by a coloured bar (issue 41's seam): each is headed by
    its side's name as well, in the colour of its line on the chart."""
    from spades_desktop.ui.text.words import side_name

    d = Driver(str(tmp_path), rules={**preset("standard").to_dict(), "target_score": 100}, seed=12)
    d.app.options.review_samples = 16
    d.play_hands(50)
    over = d.table.modal
    assert isinstance(over, GameOverScene)
    over.dirty = True
    d.step()
    drawn = d.app.texts.texts
    final = next(t.rect for t in drawn if t.text == "Final score")
    for side in d.table.ctl.state.sides:
        name = side_name(side, d.table.names)
        headers = [t.rect for t in drawn if t.text == name and t.rect.left > final.right
                   and 0 <= final.top - t.rect.bottom < 2 * final.h]
        assert headers, f"{name} heads its column of numbers, just above 'Final score'"
