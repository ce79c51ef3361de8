"""The game session: one object owns a game's lifecycle, and its mode decides what is kept and
offered.  Statistics come from the engine's events (a scored hand, the end of the game), not from
whichever screen is showing; a watched game is never saved or counted."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.session.game_session import GameSession, SessionMode
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.pause import PauseScene
from tests.ui_driver import Driver

LEVELS = {Seat.N: "easy", Seat.E: "easy", Seat.W: "easy"}


class RecordingKeeper:
    """A keeper that remembers what the session asked of it, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []  # (what, hands scored in the state at the time)

    def autosave(self, state: GameState, game_id: str, cards_seen: list[str], review: dict | None = None) -> None:
        self.calls.append(("autosave", len(state.hand_history)))

    def discard_autosave(self) -> None:
        self.calls.append(("discard", -1))

    def keep_finished(self, state: GameState, game_id: str, cards_seen: list[str], review: dict | None = None) -> None:
        self.calls.append(("finished", len(state.hand_history)))

    def game_started(self, game_id: str, mode: str) -> None:
        self.calls.append(("started", 0))

    def hands_scored(self, game_id: str, state: GameState, seat: Seat) -> None:
        self.calls.append(("hands", len(state.hand_history)))

    def game_over(self, game_id: str, state: GameState, seat: Seat) -> None:
        self.calls.append(("over", len(state.hand_history)))


def _play_computers_only(session: GameSession, max_actions: int = 20000) -> None:
    """Let the computers play every seat (the person's too) until the game ends."""
    controller = session.controller
    controller.human = None
    for _ in range(max_actions):
        if session.state.is_terminal():
            return
        controller.think(0.0, ready_to_act=True)
        while controller.decision is not None:
            controller.think(1.0, ready_to_act=True)
    raise AssertionError("the game did not end")


def test_a_kept_game_counts_each_hand_when_scored_and_the_game_when_it_ends():
    keeper = RecordingKeeper()
    rules = HouseRules(target_score=100)
    session, _ = GameSession.new(rules, 7, LEVELS, SessionMode.PLAY, keeper)
    assert keeper.calls[:2] == [("started", 0), ("autosave", 0)]
    _play_computers_only(session)
    hands = [n for what, n in keeper.calls if what == "hands"]
    assert hands == list(range(1, len(hands) + 1)), "every hand is counted once, as the engine scores it"
    hands = len(session.state.hand_history)
    assert keeper.calls[-3:] == [("over", hands), ("discard", -1), ("finished", hands)], "kept among the saves"
    assert all(what != "autosave" for what, _ in keeper.calls[-3:])


def test_watch_autoplay_and_read_only_games_keep_nothing():
    for mode in (SessionMode.WATCH, SessionMode.AUTOPLAY, SessionMode.READ_ONLY):
        keeper = RecordingKeeper()
        session, _ = GameSession.new(HouseRules(target_score=100), 3, LEVELS, mode, keeper)
        _play_computers_only(session)
        assert keeper.calls == [], mode


def test_the_mode_says_who_plays_and_what_is_offered():
    watch = SessionMode.WATCH.traits
    assert not (watch.person_plays or watch.kept or watch.offers_save or watch.offers_undo or watch.offers_checker)
    play = SessionMode.PLAY.traits
    assert play.person_plays and play.kept and play.offers_save and play.offers_undo and play.offers_checker
    second_copy = SessionMode.READ_ONLY.traits
    assert second_copy.person_plays and not second_copy.kept
    assert not second_copy.offers_save, "a second copy cannot save, so it offers no Save"
    session, _ = GameSession.new(HouseRules(), 1, LEVELS, SessionMode.WATCH)
    assert session.controller.human is None
    assert session.watching


def _pause_labels(d: Driver) -> list[str]:
    d.press(Intent.MENU)
    top = d.app.stack.top
    assert isinstance(top, PauseScene)
    return [b.label for b in top.group.buttons]


@pytest.mark.slow
def test_watch_mode_menu_offers_watching_and_never_writes_a_save_or_statistics(tmp_path):
    d = Driver(str(tmp_path), seed=5, speed="instant")
    d.app.writer.flush()
    stats_file = d.app.paths.statistics_file
    stats_before = stats_file.read_bytes()
    autosave = d.app.paths.autosave_file
    autosave_before = autosave.read_bytes()
    d.app.watch_game()
    d.step(600)  # the computers play on at instant speed
    assert d.table is not None and d.table.ctl.state.log, "the watched game is under way"
    labels = _pause_labels(d)
    assert [b.name for b in d.app.stack.top.group.buttons] == [
        "resume", "hand_history", "speed", "show_hands", "settings", "how_to_play", "quit_to_title"]
    assert not any(word in label.lower() for label in labels for word in ("save", "undo", "check"))
    assert any(label.startswith("Speed") for label in labels)
    assert any("hand" in label for label in labels)
    d.press(Intent.BACK, Context.SCREEN)
    d.step(600)
    d.app.writer.flush()
    assert autosave.read_bytes() == autosave_before, "the game in progress is untouched by watching"
    assert stats_file.read_bytes() == stats_before


@pytest.mark.slow
def test_a_played_game_menu_offers_save_undo_and_the_checker(tmp_path):
    d = Driver(str(tmp_path), seed=5)
    d.wait_for_person()
    labels = _pause_labels(d)
    assert "Save game" in labels
    assert any(label.startswith("Undo") for label in labels)
    assert any("check" in label.lower() for label in labels)
