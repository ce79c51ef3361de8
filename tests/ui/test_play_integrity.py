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
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.pause import PauseScene
from spades_desktop.ui.screens.settings import GROUPS, SettingsScene
from tests.ui_driver import Driver


def _settings_row(d: Driver, scene: SettingsScene, key: str) -> None:
    """Walk the settings screen by section and row (the keys that step them) to the row ``key``."""
    section = next(i for i, _ in enumerate(GROUPS) if _rows_of(scene, i, key))
    while scene.section != section:
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)
    while scene.rows()[scene.focus].key != key:
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)


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
        if (table.cards.face_up_hand and len(table.view.hands.get(Seat.S, [])) == 13 and not table.tweener.busy
                and st.phase in (Phase.BIDDING, Phase.BLIND_DECISION) and st.turn != Seat.S):
            return
        d.step()
    raise AssertionError("the cards were never shown before the person's bid")


def _switch_prompt_to_every_hand(d: Driver) -> None:
    d.press(Intent.MENU)
    pause = d.app.stack.top
    assert isinstance(pause, PauseScene)
    d.step()
    d.click_button("settings")
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene)
    _settings_row(d, scene, "blind_nil_prompt")
    for _ in range(3):  # the change key steps round the choices
        if d.app.settings.blind_nil_prompt == "always":
            break
        d.press(Intent.CHANGE, Context.SETTINGS)
    assert d.app.settings.blind_nil_prompt == "always"
    d.press(Intent.BACK, Context.SCREEN)  # settings -> pause
    d.press(Intent.BACK, Context.SCREEN)  # pause -> table


def _first_seed_where_south_bids_late() -> int:
    from spades_desktop.engine.rules import preset
    from spades_desktop.engine.state import GameState

    for seed in range(1, 200):
        state, _ = GameState.new_game(preset("standard"), seed)
        if state.turn != Seat.S:
            return seed
    raise AssertionError("no seed")


@pytest.mark.slow
def test_blind_nil_is_never_offered_once_the_cards_were_seen(tmp_path):
    """The exact sequence a tester found: not asked, cards face up; Settings during the bidding
    switch the offer to 'whenever allowed'; the table must not ask, and the blind nil key must not bid."""
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late(), speed="normal")
    d.app.update_settings(blind_nil_prompt="never")
    d.app.new_game()
    _cards_shown_before_my_bid(d)
    _switch_prompt_to_every_hand(d)
    assert d.wait_for_person() == "act"
    table = d.table
    st = table.ctl.state
    assert st.phase is Phase.BIDDING and st.looked[Seat.S], "blind nil was offered after the cards were shown"
    assert table.cards.face_up_hand
    assert "blind" not in table.panel.title().lower()
    before = list(st.log)
    d.press(Intent.BLIND_NIL, Context.BLIND_DECISION)
    assert table.ctl.state.log == before and table.ctl.state.bids[Seat.S] is None
    with pytest.raises(BlindNilNotAllowed):
        table.ctl.submit(A.BLIND_NIL)


@pytest.mark.slow
def test_a_resumed_game_remembers_that_the_cards_were_seen(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late(), speed="normal")
    d.app.update_settings(blind_nil_prompt="never")
    d.app.new_game()
    _cards_shown_before_my_bid(d)
    d.table.ctl.cancel()
    d.app.session.save_now()
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
    assert table.ctl.state.phase is Phase.BIDDING and table.cards.face_up_hand
    assert table.ctl.cards_seen
    again.writer.close()


def test_cards_kept_face_down_still_offer_blind_nil(tmp_path):
    """The guard must not take blind nil away from a person who has not seen the cards."""
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late())
    d.app.update_settings(blind_nil_prompt="always")
    d.app.new_game()
    assert d.wait_for_person() == "act"
    table = d.table
    assert table.ctl.state.phase is Phase.BLIND_DECISION and not table.cards.face_up_hand
    assert not table.ctl.cards_seen
    d.press(Intent.BLIND_NIL, Context.BLIND_DECISION)
    d.press(Intent.CONFIRM, Context.BLIND_DECISION)
    assert table.ctl.state.blind[Seat.S]


# ---------------------------------------------------------------- 2. no game thrown away without asking
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
    loaded = d.app.games.load_autosave()
    assert loaded is not None
    return loaded[0].log


@pytest.mark.slow
def test_new_game_asks_before_abandoning_the_game_in_progress(tmp_path):
    from spades_desktop.ui.screens.files import AbandonScene

    d, log = _game_in_progress(tmp_path)
    d.click_button("new_game")
    assert isinstance(d.app.stack.top, AbandonScene), "New game replaced the game in progress without asking"
    assert _autosave_log(d) == log
    d.press(Intent.KEEP_GAME, Context.ABANDON)  # keep it
    assert d.table is None and _autosave_log(d) == log
    d.press(Intent.NEW_GAME, Context.TITLE)  # the title's New game hotkey asks again
    assert isinstance(d.app.stack.top, AbandonScene)
    d.press(Intent.ABANDON, Context.ABANDON)  # abandon it
    assert d.table is not None
    assert _autosave_log(d) != log


def test_save_it_first_keeps_the_game_under_a_name_then_starts_the_new_one(tmp_path):
    from spades_desktop.ui.screens.files import SaveNameScene

    d, log = _game_in_progress(tmp_path)
    d.press(Intent.NEW_GAME, Context.TITLE)
    d.press(Intent.SAVE_FIRST, Context.ABANDON)
    assert isinstance(d.app.stack.top, SaveNameScene)
    d.press(Intent.SUBMIT, Context.TEXT_FORM)
    assert d.table is not None, "the new game did not start after saving"
    infos, problems = d.app.saves.list()
    assert not problems and len(infos) == 1
    assert d.app.saves.load(infos[0].path).log == log


def test_load_asks_before_abandoning_the_game_in_progress(tmp_path):
    from spades_desktop.ui.screens.files import AbandonScene, LoadScene

    d, log = _game_in_progress(tmp_path)
    loaded = d.app.games.load_autosave()
    d.app.saves.save("Older game", loaded[0])
    d.click_button("load")
    scene = d.app.stack.top
    assert isinstance(scene, LoadScene)
    d.press(Intent.ACTIVATE, Context.FOCUSED)  # the first save
    assert isinstance(d.app.stack.top, AbandonScene)
    d.press(Intent.BACK, Context.SCREEN)
    assert d.table is None and _autosave_log(d) == log


@pytest.mark.slow
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


def _second_copy_at_the_title(tmp_path) -> tuple[Driver, Driver, dict]:
    """A first copy with a game in progress, and a second copy on the same folder that played a
    few cards of its own game, then went to its title screen from the pause menu (which offers
    no Save: this copy cannot save).  Also the first copy's files as they were."""
    first = Driver(str(tmp_path), rules="standard", seed=5)
    assert first.wait_for_person() == "act"
    first.act_once()
    first.app.writer.flush()
    first.app.saves.save("Older game", first.table.ctl.state)
    second = Driver(str(tmp_path), rules="standard", seed=6)
    assert second.app.read_only
    for _ in range(2):
        assert second.wait_for_person() == "act"
        second.act_once()
    second.press(Intent.MENU)
    assert isinstance(second.app.stack.top, PauseScene)
    assert "save" not in second.buttons(), "the second copy offers a Save it cannot do"
    second.click_button("quit_to_title")
    second.step(2)
    files = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and p.suffix not in (".log", ".lock")}
    return first, second, files


def _unchanged(tmp_path, files: dict) -> bool:
    now = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and p.suffix not in (".log", ".lock")}
    return now == files


@pytest.mark.slow
def test_a_second_copy_asks_before_a_new_game_replaces_the_game_it_plays(tmp_path):
    from spades_desktop.ui.screens.files import AbandonScene
    from spades_desktop.ui.screens.title import TitleScene

    first, second, files = _second_copy_at_the_title(tmp_path)
    session = second.app.session
    second.click_button("new_game")
    question = second.app.stack.top
    assert isinstance(question, AbandonScene), "the second copy replaced its game without asking"
    assert "saves nothing" in question.question and "lost" in question.question
    second.step()
    assert sorted(second.buttons()) == ["abandon", "keep"], "no Save it first: this copy cannot save"
    second.press(Intent.SAVE_FIRST, Context.ABANDON)  # the key of Save it first does nothing here
    assert second.app.stack.top is question
    second.click_button("keep")
    assert isinstance(second.app.stack.top, TitleScene) and second.app.session is session
    second.press(Intent.NEW_GAME, Context.TITLE)  # the title's New game key asks again
    assert isinstance(second.app.stack.top, AbandonScene)
    second.press(Intent.ABANDON, Context.ABANDON)  # abandon it
    assert second.table is not None and second.app.session is not session
    second.app.writer.flush()
    assert _unchanged(tmp_path, files), "the second copy wrote to the first copy's files"
    second.app.close()
    first.app.close()


@pytest.mark.slow
def test_a_second_copy_asks_before_loading_over_the_game_it_plays(tmp_path):
    from spades_desktop.ui.screens.files import AbandonScene, LoadScene

    first, second, files = _second_copy_at_the_title(tmp_path)
    session = second.app.session
    second.click_button("load")
    load = second.app.stack.top
    assert isinstance(load, LoadScene)
    second.press(Intent.ACTIVATE, Context.FOCUSED)  # the first save
    question = second.app.stack.top
    assert isinstance(question, AbandonScene), "the second copy loaded over its game without asking"
    assert "saves nothing" in question.question
    second.press(Intent.BACK, Context.SCREEN)  # keep it
    assert second.app.stack.top is load and second.app.session is session
    second.press(Intent.ACTIVATE, Context.FOCUSED)
    second.press(Intent.ABANDON, Context.ABANDON)
    assert second.table is not None and second.app.session is not session
    second.app.writer.flush()
    assert _unchanged(tmp_path, files)
    second.app.close()
    first.app.close()


@pytest.mark.slow
def test_a_second_copy_whose_game_is_over_starts_a_new_one_at_once(tmp_path):
    """A finished game is nothing to ask about, and the first copy's game in progress (its
    autosave) is not this copy's to replace."""
    from spades_desktop.engine.rules import preset
    from spades_desktop.ui.screens.title import TitleScene

    first = Driver(str(tmp_path), rules="standard", seed=5)
    assert first.wait_for_person() == "act"
    first.act_once()
    first.app.writer.flush()
    second = Driver(str(tmp_path), rules={**preset("standard").to_dict(), "target_score": 100}, seed=11)
    assert second.app.read_only
    second.play_hands(50)
    assert second.table.ctl.state.phase is Phase.GAME_OVER
    second.step(2)
    second.click_button("title")
    assert isinstance(second.app.stack.top, TitleScene)
    second.click_button("new_game")
    assert second.table is not None and second.table.ctl.state.phase is not Phase.GAME_OVER
    second.app.close()
    first.app.close()


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


@pytest.mark.slow
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
    d.press(Intent.UNDO)
    assert table.ctl.state.log == log_before
    assert card in table.view.hands[Seat.S]


@pytest.mark.slow
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
    d.press(Intent.MENU)
    pause = d.app.stack.top
    assert isinstance(pause, PauseScene)
    d.step()
    assert d.button("undo").enabled
    d.click_button("undo")
    assert table.ctl.state.log == log_before and d.app.stack.top is table


@pytest.mark.slow
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
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWFOCUSGAINED",
                                  "VIDEOEXPOSE"])
def test_an_uncovered_window_is_painted_again(tmp_path, kind):
    d = Driver(str(tmp_path), rules="standard", seed=2)
    assert d.wait_for_person() == "act"
    if d.table.art.classic is not None:
        d.table.art.classic.wait(30.0)  # the classic faces have all arrived
    d.step(3)
    assert d.app.frame(1 / 60) is False  # idle: nothing to draw
    pygame.event.post(pygame.event.Event(getattr(pygame, kind)))
    assert d.app.frame(1 / 60) is True
    assert d.app.frame(1 / 60) is False


# ---------------------------------------------------------------- 6. messages people can read
def test_sentences_are_capitalised_and_free_of_internal_words():
    from spades_desktop.engine.errors import FirstLeadRestricted, MustFollowSuit
    from spades_desktop.ui.text.messages import refusal, sentence, with_overflow, wrap

    assert refusal(MustFollowSuit("must follow diamonds")) == "You must follow diamonds"
    assert refusal(FirstLeadRestricted("spades may not be led on the first trick")) == \
        "Spades may not be led on the first trick"
    assert sentence("JSONDecodeError: the file is damaged.") == "The file is damaged"
    lines = wrap("a " * 50 + "x" * 90, 100, lambda t: 10 * len(t))
    assert all(10 * len(line) <= 100 for line in lines) and "".join(lines).count("x") == 90
    assert with_overflow(["a", "b", "c", "d"], 3) == ["a", "b", "… and 2 more (see the log)"]
    assert with_overflow(["a", "b"], 3) == ["a", "b"]


def test_an_illegal_card_is_refused_with_a_sentence_for_the_person(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3, mouse=True)
    for _ in range(400):
        outcome = d.wait_for_person()
        if outcome == "modal":
            d.close_modal()
            continue
        st = d.table.ctl.state
        if st.phase is Phase.PLAY and st.trick_cards:
            illegal = [c for c in d.table.view.hands[Seat.S] if c not in st.legal_actions()]
            if illegal:
                break
        d.act_once()
    else:
        raise AssertionError("no illegal card came up")
    table = d.table
    card = illegal[0]
    sprite = table.view.human_sprites[card]
    cards = table.view.hands[Seat.S]
    x = sprite.x - table.layout.card_w * 0.5 + 6 if cards.index(card) < len(cards) - 1 else sprite.x
    d.click((x, sprite.y + table.layout.card_h * 0.3))
    assert table.message.startswith("You must follow "), table.message
    assert table.message[0].isupper() and "Error" not in table.message


@pytest.mark.slow
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_title_notices_wrap_inside_the_window_and_say_how_many_more(tmp_path, size):
    from spades_desktop.ui.screens.title import TitleScene

    d = Driver(str(tmp_path), rules="standard", seed=1, size=size)
    long = ("autosave.json cannot be loaded: its game does not follow the rules, and the explanation of why "
            "goes on for a long while so that it cannot fit on one line of any window at all")
    d.app.notices[:] = [f"Problem {i}: {long}" for i in range(12)]
    d.app.to_title()
    d.step(2)
    title = d.app.stack.top
    assert isinstance(title, TitleScene)
    window = d.app.screen.get_rect()
    rect = title.notice_rect
    assert rect is not None and window.contains(rect)
    assert all(not rect.colliderect(b.rect) for b in title.group.buttons)
    version_w = d.app.fonts.get(0.024).size("version 0.1.0")[0]
    assert rect.right < window.right - version_w - 12, "the notices run into the version label"


@pytest.mark.slow
def test_saved_as_shows_above_the_pause_menu_and_f12_confirms_on_the_table(tmp_path):
    from spades_desktop.ui.screens.files import SaveNameScene

    d = Driver(str(tmp_path), rules="standard", seed=1)
    assert d.wait_for_person() == "act"
    d.press(Intent.MENU)
    pause = d.app.stack.top
    d.step()
    d.click_button("save")
    assert isinstance(d.app.stack.top, SaveNameScene)
    d.press(Intent.SUBMIT, Context.TEXT_FORM)
    assert d.app.stack.top is pause
    assert d.app.toast.text.startswith("Saved as ")
    d.app.redraw_all()
    d.step()
    border = d.app.toast.rect
    assert d.app.screen.get_at((border.centerx, border.top))[:3] == (232, 196, 92), "the confirmation is hidden"
    d.press(Intent.BACK, Context.SCREEN)
    d.press(Intent.SCREENSHOT, Context.GLOBAL)
    assert d.app.toast.text.startswith("Screenshot saved to ")
    assert list((tmp_path / "data" / "screenshots").glob("*.png"))


# ---------------------------------------------------------------- 7. text entry that behaves like text entry
def test_text_field_editing_rules():
    from spades_desktop.ui.core.text_field import TextField

    f = TextField.with_default("Game 23 Nov")
    f.insert("Mine")
    assert f.text == "Mine" and f.caret == 4  # typing replaced the selected default
    f.move(-1)
    f.move(-1)
    f.backspace()
    assert f.text == "Mne" and f.caret == 1
    f.delete()
    assert f.text == "Me"
    f.home()
    f.insert("X")
    f.end()
    f.insert("Y")
    assert f.text == "XMeY"
    f.select_all()
    f.backspace()
    assert f.text == ""
    f = TextField("ab", max_length=4, caret=2)
    f.insert("c\nd\te")
    assert f.text == "abcd"


@pytest.mark.slow
def test_the_save_name_box_edits_like_a_text_box(tmp_path, monkeypatch):
    from spades_desktop.ui.core import text_box
    from spades_desktop.ui.screens.files import SaveNameScene

    d = Driver(str(tmp_path), rules="standard", seed=1)
    assert d.wait_for_person() == "act"
    d.press(Intent.MENU)
    d.step()
    d.click_button("save")
    scene = d.app.stack.top
    assert isinstance(scene, SaveNameScene)
    assert scene.box.field.all_selected

    def typed(text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        d.step()

    typed("S")
    typed("ouh")
    assert scene.name == "Souh"
    d.press(Intent.CARET_LEFT, Context.TEXT_ENTRY)
    typed("t")
    assert scene.name == "South"
    d.press(Intent.CARET_HOME, Context.TEXT_ENTRY)
    d.press(Intent.ERASE_FORWARD, Context.TEXT_ENTRY)
    d.press(Intent.CARET_END, Context.TEXT_ENTRY)
    d.press(Intent.ERASE_BACK, Context.TEXT_ENTRY)
    assert scene.name == "out"
    d.press(Intent.SELECT_ALL, Context.TEXT_ENTRY)
    monkeypatch.setattr(text_box, "clipboard_text", lambda: "Pasted name")
    d.press(Intent.PASTE, Context.TEXT_ENTRY)
    assert scene.name == "Pasted name"
    # the caret blinks: shown, hidden after half a second, shown again
    assert scene.box.caret_visible()
    d.step(40)
    assert not scene.box.caret_visible()
    d.step(40)
    assert scene.box.caret_visible()
    d.press(Intent.SUBMIT, Context.TEXT_FORM)
    infos, _ = d.app.saves.list()
    assert [i.name for i in infos] == ["Pasted name"]


# ---------------------------------------------------------------- 8. settings scroll with the wheel and pages
@pytest.mark.slow
def test_settings_scroll_with_the_wheel_and_page_keys_and_arrows_stop_at_the_ends(tmp_path):
    d = Driver(str(tmp_path), rules=None, size=(1280, 720))
    d.app.to_title()
    d.step(2)
    d.app.open_settings()
    d.step(2)
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene) and GROUPS[scene.section] == "Rules"
    rows = scene.rows()
    assert len(rows) > scene.visible_rows
    line = scene.columns  # a notch moves the list a line: a row, or two side by side
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0, touch=False, which=0))
        d.step()
    d.step(3)
    assert scene.scroll == 3 * line, "the list jumped back to the highlighted row"
    assert scene.focus == 3 * line, "the highlight moves with the list"
    page = scene.visible_rows
    d.press(Intent.PAGE_DOWN, Context.SETTINGS)
    assert scene.focus == 3 * line + page and scene.scroll <= scene.focus < scene.scroll + scene.visible_rows
    d.press(Intent.PAGE_UP, Context.SETTINGS)
    d.press(Intent.PAGE_UP, Context.SETTINGS)
    assert scene.focus == 0 and scene.scroll == 0
    # an arrow that cannot step further does nothing (and is drawn disabled)
    mode_row = next(i for i, r in enumerate(rows) if r.key == "target_score")
    while scene.focus != mode_row:
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)
    row = scene.rows()[mode_row]
    while row.can_step(-1):
        d.press(Intent.VALUE_DOWN, Context.SETTINGS)
    lowest = row.get()
    d.press(Intent.VALUE_DOWN, Context.SETTINGS)
    assert row.get() == lowest and not row.can_step(-1) and row.can_step(1)


# ---------------------------------------------------------------- 9. the auction panel says what is possible
def test_the_auction_panel_names_the_lowest_possible_bid(tmp_path):
    d = Driver(str(tmp_path), rules="auction", seed=11)
    for _ in range(60):
        assert d.wait_for_person() == "act"
        st = d.table.ctl.state
        if st.phase is Phase.BIDDING and st.high_bid >= 7:
            break
        if st.phase is Phase.BIDDING:  # open at 7 ourselves is not what we want: pass and redeal
            d.press(Intent.PASS, Context.AUCTION)
            d.press(Intent.CONFIRM, Context.AUCTION)
        else:
            d.act_once()
    else:
        pytest.skip("no computer opened the auction")
    st = d.table.ctl.state
    lowest = st.high_bid + 1
    title = d.table.panel.title()
    if lowest <= 12:
        assert title == f"Bid for your side ({lowest} to 13), or pass"
    greyed = [b.label for b in d.table.panel.buttons if not b.enabled]
    assert greyed == [str(n) for n in range(7, lowest)]


# ---------------------------------------------------------------- 10. keyboard play over the playable cards
@pytest.mark.slow
def test_arrows_stop_only_on_playable_cards_and_start_at_the_hint(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=21)
    checked = 0
    for _ in range(300):
        outcome = d.wait_for_person()
        if outcome == "modal":
            d.close_modal()
            continue
        table = d.table
        st = table.ctl.state
        if st.phase is Phase.PLAY:
            cards = table.view.hands[Seat.S]
            legal = set(st.legal_actions())
            if table.selected == -1:  # the first turn: the first arrow shows the cursor; later it waits there
                d.press(Intent.CURSOR_RIGHT, Context.PLAY)
            assert cards[table.selected] == table.ctl.hint(), "the keyboard did not start at the likeliest card"
            seen = set()
            for _ in range(len(cards) + 1):
                assert cards[table.selected] in legal, "an arrow stopped on a card that cannot be played"
                seen.add(cards[table.selected])
                d.press(Intent.CURSOR_LEFT, Context.PLAY)
            assert seen == legal
            if len(legal) < len(cards):
                checked += 1
                if checked >= 3:
                    return
        d.act_once()
    raise AssertionError("never met a trick with cards that could not be played")


@pytest.mark.slow
def test_a_damaged_save_is_explained_without_internal_words(tmp_path):
    import json

    from spades_desktop.storage.saves import SaveError, read_save

    d = Driver(str(tmp_path), rules="standard", seed=5)
    for _ in range(3):
        assert d.wait_for_person() == "act"
        d.act_once()
    path = d.app.saves.save("Broken", d.table.ctl.state)
    document = json.loads(path.read_text())
    document["game"]["actions"][1] = "ZZ"
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError) as caught:
        read_save(path)
    message = str(caught.value)
    assert "move 2 is not a card, a bid or a choice" in message
    for internal in ("action", "'ZZ'", "Error", "rank from"):
        assert internal not in message, message
