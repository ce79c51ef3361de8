"""Play integrity through the real app and real events: rules that must hold at the table,
games that must not be lost, and the table's help that must be usable (issue 10)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.errors import BlindNilNotAllowed
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.app import App, Options
from spades_desktop.ui.menus import PauseScene
from spades_desktop.ui.settings_scene import SECTIONS, SettingsScene
from tests.ui_driver import Driver


def _settings_row(d: Driver, scene: SettingsScene, key: str) -> None:
    """Walk the settings screen with Tab and Down to the row ``key``."""
    section = next(i for i, _ in enumerate(SECTIONS) if _rows_of(scene, i, key))
    while scene.section != section:
        d.key(pygame.K_TAB)
    while scene.rows()[scene.focus].key != key:
        d.key(pygame.K_DOWN)


def _rows_of(scene: SettingsScene, section: int, key: str) -> bool:
    keep = scene.section
    scene.section = section
    found = any(r.key == key for r in scene.rows())
    scene.section = keep
    return found


def _cards_shown_before_my_bid(d: Driver) -> None:
    """Run frames until the person's 13 cards are face up while a computer is still to bid first."""
    for _ in range(2000):
        table = d.table
        st = table.ctl.state
        if (table.face_up_hand and len(table.hands_shown.get(Seat.S, [])) == 13 and not table.tweener.busy
                and st.phase in (Phase.BIDDING, Phase.BLIND_DECISION) and st.turn != Seat.S):
            return
        d.step()
    raise AssertionError("the cards were never shown before the person's bid")


def _switch_prompt_to_every_hand(d: Driver) -> None:
    d.key(pygame.K_ESCAPE)
    pause = d.app.stack.top
    assert isinstance(pause, PauseScene)
    settings_button = next(b for b in pause.group.buttons if b.label == "Settings")
    d.step()
    d.click(settings_button.rect.center)
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene)
    _settings_row(d, scene, "blind_nil_prompt")
    while d.app.settings.blind_nil_prompt != "always":
        d.key(pygame.K_RIGHT)
    d.key(pygame.K_ESCAPE)  # settings -> pause
    d.key(pygame.K_ESCAPE)  # pause -> table


def _first_seed_where_south_bids_late() -> int:
    from spades_desktop.engine.rules import preset
    from spades_desktop.engine.state import GameState

    for seed in range(1, 200):
        state, _ = GameState.new_game(preset("standard"), seed)
        if state.turn != Seat.S:
            return seed
    raise AssertionError("no seed")


def test_blind_nil_is_never_offered_once_the_cards_were_seen(tmp_path):
    """The exact sequence a tester found: 'when behind', not behind, cards face up; Settings during
    the bidding switch the offer to 'every hand'; the table must not ask, and B must not bid."""
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late(), speed="normal")
    d.app.update_settings(blind_nil_prompt="when_behind")
    d.app.new_game()
    _cards_shown_before_my_bid(d)
    _switch_prompt_to_every_hand(d)
    assert d.wait_for_person() == "act"
    table = d.table
    st = table.ctl.state
    assert st.phase is Phase.BIDDING and st.looked[Seat.S], "blind nil was offered after the cards were shown"
    assert table.face_up_hand
    assert "blind" not in table.panel.title().lower()
    before = list(st.log)
    d.key(pygame.K_b)
    assert table.ctl.state.log == before and table.ctl.state.bids[Seat.S] is None
    with pytest.raises(BlindNilNotAllowed):
        table.ctl.submit(A.BLIND_NIL)


def test_a_resumed_game_remembers_that_the_cards_were_seen(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late(), speed="normal")
    d.app.update_settings(blind_nil_prompt="when_behind")
    d.app.new_game()
    _cards_shown_before_my_bid(d)
    d.table.ctl.cancel()
    d.app.autosave(d.table.ctl)
    d.app.writer.flush()
    d.app.update_settings(blind_nil_prompt="always")
    d.app.writer.close()
    d.app.lock.release()
    # a new start of the app on the same folder: Continue
    again = App(Options(size=(1280, 720)))
    again.continue_game()
    resumed = Driver.__new__(Driver)
    resumed.app, resumed.mouse, resumed.frames = again, False, 0
    assert resumed.wait_for_person() == "act"
    table = resumed.table
    assert table.ctl.state.phase is Phase.BIDDING and table.face_up_hand
    assert table.ctl.cards_seen
    again.writer.close()


def test_cards_kept_face_down_still_offer_blind_nil(tmp_path):
    """The guard must not take blind nil away from a person who has not seen the cards."""
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late())
    d.app.update_settings(blind_nil_prompt="always")
    d.app.new_game()
    assert d.wait_for_person() == "act"
    table = d.table
    assert table.ctl.state.phase is Phase.BLIND_DECISION and not table.face_up_hand
    assert not table.ctl.cards_seen
    d.key(pygame.K_b)
    assert table.ctl.state.blind[Seat.S]


# ---------------------------------------------------------------- 2. no game thrown away without asking
def _title_button(d: Driver, label: str):
    from spades_desktop.ui.menus import TitleScene

    title = d.app.stack.top
    assert isinstance(title, TitleScene)
    return next(b for b in title.group.buttons if b.label == label)


def _game_in_progress(tmp_path) -> tuple[Driver, list[int]]:
    d = Driver(str(tmp_path), rules="standard", seed=5)
    for _ in range(3):
        assert d.wait_for_person() == "act"
        d.act_once()
    d.app.writer.flush()
    log = list(d.table.ctl.state.log)
    d.app.to_title()
    d.step(2)
    return d, log


def _autosave_log(d: Driver) -> list[int]:
    d.app.writer.flush()
    loaded = d.app.load_autosave()
    assert loaded is not None
    return loaded[0].log


def test_new_game_asks_before_abandoning_the_game_in_progress(tmp_path):
    from spades_desktop.ui.screens import AbandonScene

    d, log = _game_in_progress(tmp_path)
    d.click(_title_button(d, "New game").rect.center)
    assert isinstance(d.app.stack.top, AbandonScene), "New game replaced the game in progress without asking"
    assert _autosave_log(d) == log
    d.key(pygame.K_n)  # keep it
    assert d.table is None and _autosave_log(d) == log
    d.key(pygame.K_n)  # the title's New game hotkey asks again
    assert isinstance(d.app.stack.top, AbandonScene)
    d.key(pygame.K_y)  # abandon it
    assert d.table is not None
    assert _autosave_log(d) != log


def test_save_it_first_keeps_the_game_under_a_name_then_starts_the_new_one(tmp_path):
    from spades_desktop.ui.screens import SaveNameScene

    d, log = _game_in_progress(tmp_path)
    d.key(pygame.K_n)
    d.key(pygame.K_s)
    assert isinstance(d.app.stack.top, SaveNameScene)
    d.key(pygame.K_RETURN)
    assert d.table is not None, "the new game did not start after saving"
    infos, problems = d.app.saves.list()
    assert not problems and len(infos) == 1
    assert d.app.saves.load(infos[0].path).log == log


def test_load_asks_before_abandoning_the_game_in_progress(tmp_path):
    from spades_desktop.ui.screens import AbandonScene, LoadScene

    d, log = _game_in_progress(tmp_path)
    loaded = d.app.load_autosave()
    d.app.saves.save("Older game", loaded[0])
    d.click(_title_button(d, "Load").rect.center)
    scene = d.app.stack.top
    assert isinstance(scene, LoadScene)
    d.key(pygame.K_RETURN)  # the first save
    assert isinstance(d.app.stack.top, AbandonScene)
    d.key(pygame.K_ESCAPE)
    assert d.table is None and _autosave_log(d) == log


def test_a_second_copy_on_the_same_folder_is_read_only(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=5)
    assert not d.app.read_only
    for _ in range(2):
        assert d.wait_for_person() == "act"
        d.act_once()
    d.app.writer.flush()
    autosave = d.app.paths.autosave_file.read_bytes()
    settings = d.app.paths.settings_file.read_bytes()
    second = Driver(str(tmp_path), rules="standard", seed=6)  # starts a game of its own at once
    assert second.app.read_only
    assert any("already running" in n for n in second.app.notices)
    for _ in range(3):
        assert second.wait_for_person() == "act"
        second.act_once()
    second.app.update_settings(volume=0.1)
    second.app.writer.flush()
    assert d.app.paths.autosave_file.read_bytes() == autosave
    assert d.app.paths.settings_file.read_bytes() == settings
    d.app.close()  # the first copy quits: the next start may write again
    third = App(Options(size=(1280, 720)))
    assert not third.read_only
    third.close()
    second.app.close()


def test_a_lock_left_by_a_dead_process_is_taken_over(tmp_path):
    import subprocess
    import sys

    from spades_desktop.storage.instance_lock import InstanceLock

    path = tmp_path / "data" / "spades-desktop.lock"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from pathlib import Path;"
        "from spades_desktop.storage.instance_lock import InstanceLock;"
        f"lock = InstanceLock(Path({str(path)!r})); assert lock.acquire(); print('held', flush=True); time.sleep(60)")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        mine = InstanceLock(path)
        assert not mine.acquire()
        assert mine.holder() == str(holder.pid)
        holder.kill()
        holder.wait()
        assert path.exists()  # the dead process's file is still there: stale, and free
        assert mine.acquire()
        mine.release()
    finally:
        holder.kill()
        holder.wait()


# ---------------------------------------------------------------- 3. undo a person can use
def _my_card_with_a_computer_next(d: Driver) -> int:
    """Play the person's seat until it is their turn to play a card that a computer follows."""
    for _ in range(400):
        outcome = d.wait_for_person()
        if outcome == "modal":
            d.close_modal()
            continue
        st = d.table.ctl.state
        if st.phase is Phase.PLAY and len(st.trick_cards) < 3:
            return d.brain.decide(st.view(Seat.S))
        d.act_once()
    raise AssertionError("never reached a card of the person's")


def test_a_card_is_taken_back_0_8_s_after_it_was_played_at_normal_speed(tmp_path):
    d = Driver(str(tmp_path), rules={"undo": "last_card"}, seed=3, speed="normal")
    d.app.new_game()
    card = _my_card_with_a_computer_next(d)
    table = d.table
    log_before = list(table.ctl.state.log)
    d.play_card(card)
    assert table.ctl.state.log == [*log_before, card]
    d.step(48, dt=1 / 60)  # 0.8 s of real frames: the next computer must still be waiting
    assert table.ctl.state.log == [*log_before, card], "a computer played before the person could take it back"
    assert table.undo_chip is not None, "the table does not show that the card can be taken back"
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.ctl.state.log == log_before
    assert card in table.hands_shown[Seat.S]


def test_the_undo_chip_and_the_pause_menu_take_a_card_back(tmp_path):
    d = Driver(str(tmp_path), rules={"undo": "last_card"}, seed=3, speed="normal")
    d.app.new_game()
    card = _my_card_with_a_computer_next(d)
    table = d.table
    log_before = list(table.ctl.state.log)
    d.play_card(card)
    d.step(2)
    d.click(table.undo_chip.center)
    assert table.ctl.state.log == log_before
    d.play_card(card)
    d.step(2)
    d.key(pygame.K_ESCAPE)
    pause = d.app.stack.top
    assert isinstance(pause, PauseScene)
    d.step()
    undo = next(b for b in pause.group.buttons if b.label.startswith("Undo"))
    assert undo.enabled
    d.click(undo.rect.center)
    assert table.ctl.state.log == log_before and d.app.stack.top is table


def test_undo_off_keeps_the_computers_quick_and_shows_no_chip(tmp_path):
    d = Driver(str(tmp_path), rules={"undo": "off"}, seed=3, speed="normal")
    d.app.new_game()
    card = _my_card_with_a_computer_next(d)
    table = d.table
    n = len(table.ctl.state.log)
    d.play_card(card)
    d.step(48)
    assert table.undo_chip is None
    assert len(table.ctl.state.log) > n + 1  # the next computer did not wait


# ---------------------------------------------------------------- 4. redraw when the window is uncovered
@pytest.mark.parametrize("kind", ["WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWFOCUSGAINED",
                                  "VIDEOEXPOSE"])
def test_an_uncovered_window_is_painted_again(tmp_path, kind):
    d = Driver(str(tmp_path), rules="standard", seed=2)
    assert d.wait_for_person() == "act"
    d.step(3)
    assert d.app.frame(1 / 60) is False  # idle: nothing to draw
    pygame.event.post(pygame.event.Event(getattr(pygame, kind)))
    assert d.app.frame(1 / 60) is True
    assert d.app.frame(1 / 60) is False
