"""The play checker: the judge's verdict on the person's decisions, from the person's view only,
and what the table shows of it."""

from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools
import random

from spades_desktop.ai.judge import CheckerLevel, assess
from spades_desktop.engine.cards import cards_of
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.pause import PauseScene
from tests.ui_driver import Driver


def _play_to(state: GameState, seat: Seat, cards_left: int) -> None:
    rng = random.Random(1)
    while not (state.phase is Phase.PLAY and state.turn == seat and state.hands[seat].bit_count() == cards_left):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))] if state.phase is Phase.PLAY else legal[min(3, len(legal) - 1)])


def test_the_checker_reads_only_what_the_seat_may_see():
    """Two deals that differ only in cards hidden from South give South's judge the same answers."""
    state = GameState.new_game(preset("standard"), 21)[0]
    _play_to(state, Seat.S, 8)
    twin = state.clone()
    east, west = list(cards_of(twin.hands[Seat.E])), list(cards_of(twin.hands[Seat.W]))
    swap = next((e, w) for e, w in itertools.product(east, west) if e // 13 == w // 13)  # same suit: same voids
    twin.hands[Seat.E] ^= (1 << swap[0]) | (1 << swap[1])
    twin.hands[Seat.W] ^= (1 << swap[0]) | (1 << swap[1])
    assert state.view(Seat.S) == twin.view(Seat.S) and state.hands != twin.hands
    assert assess(state.view(Seat.S), 5, samples=30) == assess(twin.view(Seat.S), 5, samples=30)


@pytest.mark.slow
def test_a_card_that_gives_points_away_is_marked_and_the_best_one_is_not():
    for seed in range(40):
        state = GameState.new_game(preset("standard"), seed)[0]
        _play_to(state, Seat.S, 3)
        view = state.view(Seat.S)
        found = assess(view, 2, samples=200)
        worse = min(found.choices, key=found.mean)
        verdict = found.judgement(worse)
        if verdict is not None and verdict.loss >= 10:
            break
    else:
        raise AssertionError("no position with a clear mistake among 40 deals")
    assert verdict.mistake and verdict.best == found.best and verdict.big
    best = found.judgement(found.best)
    assert best is not None and not best.mistake and best.loss == 0


@pytest.mark.slow
def test_check_my_play_from_the_pause_menu_marks_the_table_and_the_hand_summary(tmp_path, monkeypatch):
    # every verdict counts here: this test is about the plumbing (the judgement is tested above)
    monkeypatch.setattr(CheckerLevel, "names", lambda self, judgement: judgement is not None)
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.wait_for_person() == "act"
    d.press(Intent.MENU)
    assert isinstance(d.app.stack.top, PauseScene)
    d.press(Intent.TOGGLE_CHECKER, Context.PAUSE)
    table = d.table
    assert table.checking and d.app.settings.play_checker is CheckerLevel.OFF
    while table.ctl.state.phase is not Phase.PLAY:
        d.act_once()
        assert d.wait_for_person() == "act"
    frames = 0
    while not table.checker.marks:
        assert d.wait_for_person() == "act"
        d.act_once()
        for _ in range(60):  # the check runs a slice a frame while play goes on
            d.step()
            frames += 1
            if table.checker.marks:
                break
    assert table.checker_note.startswith("Checker: ")
    assert d.play_hands(1) == 1
    summary_marks = table.checker.marks_of(1)
    assert summary_marks and all(m.hand == 1 for m in summary_marks)


@pytest.mark.slow
def test_the_checkers_marks_show_in_the_hand_replay(tmp_path, monkeypatch):
    from spades_desktop.ui.screens.replay import HandReplayScene

    monkeypatch.setattr(CheckerLevel, "names", lambda self, judgement: judgement is not None)  # plumbing only
    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.app.update_settings(play_checker=CheckerLevel.EVERY)
    table = d.table
    assert d.play_hands(1) == 1
    for _ in range(600):  # let the last checks finish
        if not table.checker.busy:
            break
        d.step()
    marks = table.checker.marks_of(1)
    assert marks
    d.press(Intent.SCORE_SHEET, Context.HAND_SUMMARY)
    d.step()
    d.press(Intent.REPLAY_HAND, Context.SCORE_SHEET)
    replay = d.app.stack.top
    assert isinstance(replay, HandReplayScene)
    assert replay.marks == marks


def test_a_bid_explained_item_by_item_adds_up_to_the_count():
    from spades_desktop.ai.explain import explain_bid
    from spades_desktop.ai.handeval import estimate_tricks, trick_parts
    from spades_desktop.engine.cards import mask_from_ids

    hand = mask_from_ids(["AS", "KS", "7S", "5S", "3S", "AH", "KH", "9H", "8H", "6H", "4D", "3D", "2D"])
    parts = dict(trick_parts(hand))
    assert parts["AS KS"] == 1.95 and "long spades" in parts and "void in clubs with 5 trumps" in parts
    assert abs(sum(parts.values()) - estimate_tricks(hand)) < 1e-9
    line = explain_bid(hand, "5")
    assert line.startswith("AS KS: 2 · long spades: ") and line.endswith(", so bid 5")
    low = mask_from_ids(["2S", "3H", "4H", "5H", "2D", "3D", "4D", "5D", "2C", "3C", "4C", "5C", "6C"])
    assert "nil" in explain_bid(low, "nil")


@pytest.mark.slow
def test_the_bid_hint_and_the_hand_summary_explain_the_bids(tmp_path):
    from spades_desktop.ui.screens.help import TextScene

    d = Driver(str(tmp_path), rules="standard", seed=4)
    for _ in range(20):
        assert d.wait_for_person() == "act"
        if d.table.ctl.state.phase is Phase.BIDDING:
            break
        d.act_once()
    d.press(Intent.HINT)
    for _ in range(2000):  # the judge thinks in the frame's slices (no worker here)
        if not d.table.hint_thinking:
            break
        d.step()
    assert d.table.message.startswith("Bid ")
    while d.wait_for_person() == "act":  # to the end of the hand: its summary
        d.act_once()
    d.press(Intent.WHY_BIDS, Context.HAND_SUMMARY)
    scene = d.app.stack.top
    assert isinstance(scene, TextScene) and len(scene.lines) == 4
    assert all(":" in line for line in scene.lines)


@pytest.mark.slow
def test_the_explained_items_always_add_up_to_the_count_the_players_bid_by():
    from spades_desktop.ai.handeval import estimate_tricks, trick_parts

    rng = random.Random(11)
    for _ in range(500):
        hand = sum(1 << c for c in rng.sample(range(52), 13))
        for trump in (3, None, 1):
            for opponents in (1, 2):
                total = min(13.0, sum(value for _, value in trick_parts(hand, trump, opponents)))
                assert abs(total - estimate_tricks(hand, trump, opponents)) < 1e-9
