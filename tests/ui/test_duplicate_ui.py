"""Issue 56 item 4 in the real app: the game review's "Against the computer" plays the game's hands
again with the hard player in the person's seat (the par's code), shows its progress, then the hands
side by side and the total; its link opens the replay at the person's costliest decision of the hand
that differs most; Esc stops the par."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.session.duplicate import total_words
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.duplicate_view import DuplicateScene
from spades_desktop.ui.screens.game_review import GameReviewScene
from spades_desktop.ui.screens.replay import HandReplayScene
from tests.ui.test_text_layout import TextRecorder
from tests.ui_driver import Driver

SEED = 4  # a hand where South's random cards lost points the review finds


def _careless_hand(seed: int = SEED) -> GameState:
    """A hand South played at random (its mistakes are the review's costliest decisions)."""
    state, _ = GameState.new_game(preset("standard"), seed)
    players = {s: ComputerPlayer(Level.RANDOM if s == Seat.S else Level.NORMAL, seed=seed) for s in state.seats}
    while not state.hand_history:
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


def _review(tmp_path) -> tuple[Driver, GameState, GameReviewScene]:
    d = Driver(str(tmp_path))
    d.app.options.review_samples = 16
    d.app.options.par_worlds = 8
    state = _careless_hand()
    d.app.open_review(state, "A careless hand")
    d.step(3)
    page = d.app.stack.top
    assert isinstance(page, GameReviewScene)
    return d, state, page


def _texts(d: Driver) -> list[str]:
    return [t for t, _, _ in TextRecorder(pytest.MonkeyPatch()).frame(d)[-1]]


def test_against_the_computer_shows_the_hands_the_total_and_opens_the_costliest_moment(tmp_path):
    d, state, review = _review(tmp_path)
    d.click_button("duplicate")
    page = d.app.stack.top
    assert isinstance(page, DuplicateScene) and page.reviewer is review.reviewer, "the review's judgements"
    assert page.job is not None and page.job in d.app.games.par_jobs, "moved on by the app each frame"
    assert "The computer is playing hand 1 of 1 with your cards" in _texts(d)
    for _ in range(5000):
        if page.comparison is not None and review.reviewer.done:
            break
        d.step()
    d.step(2)
    comparison = page.comparison
    assert comparison is not None and len(comparison.hands) == 1
    texts = _texts(d)
    assert "Against the computer" in texts and "Computer's bid" in texts and "Difference" in texts
    hand = comparison.hands[0]
    assert hand.yours.points == state.hand_history[0].breakdown[state.side_of[Seat.S]].total
    assert str(hand.par.points) in texts and f"{hand.difference:+d}" in texts
    assert any(total_words(comparison.total) in t for t in texts), "the total: 'N under par'"
    assert any(t.startswith("Hand 1 differs most") for t in texts)
    assert page.moment is not None and any(t.startswith("Your costliest decision there") for t in texts)
    decision, _ = page.moment
    d.click_button("duplicate_moment")
    replay = d.app.stack.top
    assert isinstance(replay, HandReplayScene)
    assert replay.result.hand_number == decision.hand and replay.step == decision.trick
    assert any(m.trick == decision.trick and m.text.startswith("Review: You played") for m in replay.marks)
    d.press(Intent.CLOSE, Context.REPLAY)
    assert d.app.stack.top is page
    d.press(Intent.SHOW_MOMENT, Context.DUPLICATE)  # the key does what the button does
    assert isinstance(d.app.stack.top, HandReplayScene) and d.app.stack.top.step == decision.trick


def test_esc_leaves_the_page_and_stops_the_par(tmp_path):
    d, _, review = _review(tmp_path)
    d.press(Intent.DUPLICATE, Context.GAME_REVIEW)
    page = d.app.stack.top
    assert isinstance(page, DuplicateScene) and page.job is not None and not page.job.done
    job = page.job
    d.press(Intent.BACK, Context.SCREEN)
    assert d.app.stack.top is review and job.cancelled and job.result() is None
    d.step()
    assert not d.app.games.par_jobs, "nothing of it is played any more"
