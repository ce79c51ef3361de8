"""One keymap: a key means one thing wherever it is pressed; help is generated from the keymap; the
table, its choice panel, the menus and the dialogs answer keys through it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from types import SimpleNamespace

import pygame
import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.rules import preset
from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import (
    ANY_KEY,
    KEYMAP,
    MOUSE_ONLY,
    TYPING,
    Binding,
    Context,
    Intent,
    KeyPress,
    binding_for,
    intent_of,
    intent_of_key,
)
from spades_desktop.ui.core.keys import intent_for
from spades_desktop.ui.core.widgets import Button, ButtonGroup, button_name
from spades_desktop.ui.screens.files import AbandonScene, ConfirmScene
from spades_desktop.ui.screens.summaries import GameOverScene, HandSummaryScene
from spades_desktop.ui.table.input import PHASE_ACTIONS, TABLE_ACTIONS, TYPED_BIDS, possible_table_contexts
from spades_desktop.ui.text.how_to_play import rules_text
from spades_desktop.ui.text.key_help import how_to_play_keys, table_key_help
from tests.scene_samples import Samples
from tests.ui_driver import Driver


def _combos(binding: Binding) -> list[tuple[str, bool, bool]]:
    return [(key, binding.ctrl, binding.shift) for key in binding.keys]


@pytest.mark.parametrize("context", list(Context), ids=lambda c: c.name)
def test_no_key_means_two_things_in_one_context(context):
    seen: dict[tuple[str, bool, bool], Intent] = {}
    for binding in KEYMAP[context]:
        for combo in _combos(binding):
            assert combo not in seen, f"{combo} is both {seen[combo]} and {binding.intent} in {context}"
            seen[combo] = binding.intent


# ---------------------------------------------------------------------------- every set of contexts in force
def _screens(d: Driver) -> dict[str, object]:
    """Every screen of the registry (a new one is checked without a change here), built by the app's
    factory over a game in progress; the table's contexts are its own (``possible_table_contexts``)."""
    assert d.wait_for_person() == "act"
    return Samples(d).every_scene(leave_out=("table",))


def _screen_sets(tmp_path) -> dict[str, list[Context]]:
    """The contexts each screen puts in force, read from the real scenes (with and without a
    focused button, and the settings with a value being edited)."""
    d = Driver(str(tmp_path), rules="standard", seed=3)
    app = d.app
    scenes = _screens(d)
    sets: dict[str, list[Context]] = {}
    for name, scene in scenes.items():
        group = getattr(scene, "group", None)
        if group is not None and group.buttons:
            for focus in (-1, 0):
                group.focus = focus
                sets[f"{name}, focus {focus}"] = scene.key_contexts()
        else:
            sets[name] = scene.key_contexts()
    settings = scenes["settings"]
    settings._start_edit(next(row for row in settings.rows() if not row.disabled()))
    sets["settings, editing"] = settings.key_contexts()
    pygame.key.stop_text_input()
    settings.editing = None
    settings.search.start()
    sets["settings, typing a search"] = settings.key_contexts()
    settings.search.done_typing()
    sets["settings, a search's rows"] = settings.key_contexts()
    settings.search.close()
    for cls in (HandSummaryScene, GameOverScene):  # a table's panels: their contexts come from the class
        for focus in (-1, 0):
            stub = SimpleNamespace(group=ButtonGroup([Button("x", lambda: None)]), keys=cls.keys)
            stub.group.focus = focus
            sets[f"{cls.__name__}, focus {focus}"] = cls.key_contexts(stub)  # type: ignore[arg-type]
    app.writer.close()
    return sets


def _all_sets(tmp_path) -> dict[str, list[Context]]:
    sets = {f"table {[c.name for c in s]}": s for s in possible_table_contexts()}
    sets.update(_screen_sets(tmp_path))
    return {name: [Context.GLOBAL, *contexts] for name, contexts in sets.items()}  # the app looks first


def _scene_classes() -> set[type]:
    import spades_desktop.ui.registry  # noqa: F401  (loads every scene class)
    from spades_desktop.ui.core.scene import Scene

    found, todo = set(), [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub)
            todo.append(sub)
    return found


def test_the_sets_checked_cover_every_screen(tmp_path):
    """A new screen must read its keys through the keymap and join the sets checked below."""
    from spades_desktop.ui.screens.replay import HandReplayScene
    from spades_desktop.ui.table.scene import TableScene

    d = Driver(str(tmp_path), rules="standard", seed=3)
    built = {type(scene) for scene in _screens(d).values()} | {HandSummaryScene, GameOverScene, HandReplayScene}
    for cls in _scene_classes() - {TableScene}:
        if not cls.__module__.startswith("spades_desktop."):
            continue
        assert hasattr(cls, "key_contexts"), f"{cls.__name__} reads keys without the keymap"
        bases = ("ButtonScene", "MenuScene", "ModalScene", "OverlayInfo", "ListScene")
        if not getattr(cls, "__abstractmethods__", None) and cls.__name__ not in bases:
            assert cls in built, f"{cls.__name__}: add it to _screens so its keys are checked"
    pygame.key.stop_text_input()
    d.app.writer.close()


def test_a_key_means_one_thing_in_every_set_of_contexts_in_force(tmp_path):
    """The 'one key, one meaning' guarantee.  Where two contexts in force bind the same key to two
    intents, the earlier one takes it and must say so (``over``); a declaration no set needs is
    stale and fails too."""
    used: set[tuple[Context, Intent, Intent]] = set()
    for name, contexts in _all_sets(tmp_path).items():
        assert len(set(contexts)) == len(contexts), name
        if Context.TEXT_ENTRY in contexts:
            assert contexts[:2] == [Context.GLOBAL, Context.TEXT_ENTRY], f"{name}: a text box's keys come first"
        for i, context in enumerate(contexts):
            for binding in KEYMAP[context]:
                for key, ctrl, shift in _combos(binding):
                    if key == ANY_KEY:
                        continue
                    found = binding_for(contexts, KeyPress(key, ctrl, shift))
                    assert found is not None
                    winner_context, winner = found
                    if winner.intent is binding.intent:
                        continue
                    assert contexts.index(winner_context) < i, name
                    assert binding.intent in winner.over, (
                        f"{name}: {key} means {winner.intent} in {winner_context} but {binding.intent} in {context}"
                        f" and {winner_context} does not say it takes it")
                    used.add((winner_context, winner.intent, binding.intent))
        # a text box takes every key that types
        if Context.TEXT_ENTRY in contexts:
            for letter in "abcnsyqx ":
                assert intent_of(contexts, KeyPress(letter if letter != " " else "space")) is Intent.TYPE, name
    declared = {(context, b.intent, over) for context, bindings in KEYMAP.items() for b in bindings
                for over in b.over if TYPING not in b.keys}
    assert declared <= used, f"declared but never needed: {sorted(declared - used, key=str)}"


def test_every_intent_has_a_key_or_is_mouse_only():
    bound = {b.intent for bindings in KEYMAP.values() for b in bindings}
    assert set(Intent) - MOUSE_ONLY == bound, set(Intent) - MOUSE_ONLY - bound
    assert not bound & MOUSE_ONLY


def test_every_key_of_the_table_does_something():
    handled = set(TABLE_ACTIONS) | set(PHASE_ACTIONS) | set(TYPED_BIDS) | {
        Intent.GO_ON, Intent.CONFIRM, Intent.DIGIT, Intent.ERASE, Intent.CURSOR_LEFT, Intent.CURSOR_RIGHT,
        Intent.CHOOSE, Intent.PICK, Intent.FOCUS_NEXT, Intent.FOCUS_PREVIOUS, Intent.ACTIVATE}
    table = {b.intent for s in possible_table_contexts() for c in s for b in KEYMAP[c]}
    assert table <= handled, table - handled


def test_every_text_edit_has_its_effect():
    from spades_desktop.ui.core.text_box import EDITS

    edits = {b.intent for b in KEYMAP[Context.TEXT_ENTRY]} - {Intent.TYPE}
    assert edits == set(EDITS)


def test_the_most_specific_context_decides():
    # S is the score sheet at the table, but spades while naming trump
    assert intent_of_key([Context.TABLE], "s") is Intent.SCORE_SHEET
    assert intent_of_key([Context.TRUMP, Context.TABLE], "s") is Intent.TRUMP_SPADES
    assert intent_of_key([Context.TABLE], "z", ctrl=True) is Intent.UNDO
    assert intent_of_key([Context.TABLE], "z") is None
    assert intent_of_key([Context.TABLE], "s", ctrl=True) is None  # Ctrl must match: Ctrl+S is not S
    # Shift+Tab goes back, Tab (and Shift+Down) forward
    assert intent_of_key([Context.CHOICES], "tab", shift=True) is Intent.FOCUS_PREVIOUS
    assert intent_of_key([Context.CHOICES], "tab") is Intent.FOCUS_NEXT
    assert intent_of_key([Context.CHOICES], "down", shift=True) is Intent.FOCUS_NEXT
    # 'any key' closes a page only when nothing more specific takes the key
    assert intent_of_key([Context.SCORE_SHEET, Context.LIST, Context.OVERLAY], "up") is Intent.SCROLL_UP
    assert intent_of_key([Context.SCORE_SHEET, Context.LIST, Context.OVERLAY], "x") is Intent.CLOSE
    # a pygame event is read the same way
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="")
    assert intent_for([Context.TABLE], event) is Intent.UNDO


def test_help_is_generated_from_the_keymap():
    text = " ".join(how_to_play_keys(auction=True, draw=True))
    for context in (Context.TABLE, Context.GLOBAL, Context.WATCH, Context.TRUMP, Context.DRAW):
        for binding in KEYMAP[context]:
            # (Enter in the draw takes the hint's outlined choice: 'Enter confirm' would not say which)
            said = "takes the hint's" if (context, binding.intent) == (Context.DRAW, Intent.CONFIRM) else None
            assert f"{binding.label} {said or binding.intent.value}" in text, binding
    how_to_play = " ".join(rules_text(preset("standard")))
    assert " ".join(how_to_play_keys()) in how_to_play
    assert "N nil, B blind nil" in how_to_play and "S spades" not in how_to_play
    auction = " ".join(rules_text(preset("auction")))
    assert "P pass" in auction and "S spades" in auction and "blind nil." not in auction
    assert "K keep, D discard" in " ".join(rules_text(preset("two_player")))
    assert "C (or the Claim chip)" in how_to_play and "Enter agrees, Esc plays on" in how_to_play
    first, second = table_key_help([Context.TABLE])
    assert first == "Esc menu · L last trick · S score sheet" and second == "Ctrl+Z undo · H hint · A speed"
    # while trump is named S and H are spades and hearts: the help leaves them out instead of lying
    first, second = table_key_help([Context.TRUMP, Context.CHOICES, Context.TABLE])
    assert "S score sheet" not in first and "H hint" not in second and "Esc menu" in first
    # a watched game: nothing to undo or hint, its own keys instead
    first, second = table_key_help([Context.WATCH, Context.TABLE])
    assert second == "F show or hide every hand · P pause · A speed" and "undo" not in second + first


def test_help_and_labels_follow_the_keymap(tmp_path, monkeypatch):
    """Change a key in the table and its button's label and the key itself follow."""
    abandon = tuple(Binding(("f",), b.intent) if b.intent is Intent.SAVE_FIRST else b
                    for b in KEYMAP[Context.ABANDON])
    monkeypatch.setitem(KEYMAP, Context.ABANDON, abandon)
    table = tuple(Binding(("k",), b.intent) if b.intent is Intent.SCORE_SHEET else b for b in KEYMAP[Context.TABLE])
    monkeypatch.setitem(KEYMAP, Context.TABLE, table)
    assert "K score sheet" in how_to_play_keys()[0]
    d = Driver(str(tmp_path), rules="standard", seed=3)
    assert d.wait_for_person() == "act"
    d.app.stack.push(d.app.scenes.abandon(lambda: None, d.app.session.traits))
    d.step()
    assert d.button("save_first").label == "Save it first (F)"
    d.key(pygame.K_s)  # S is nothing here now
    assert isinstance(d.app.stack.top, AbandonScene)
    d.key(pygame.K_f)
    assert type(d.app.stack.top).__name__ == "SaveNameScene"
    d.app.writer.close()


def test_every_button_has_a_name_of_its_own(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    screens = _screens(d)
    groups = {name: scene.group for name, scene in screens.items() if getattr(scene, "group", None) is not None}
    groups["table"] = d.table.panel.group
    assert {"title", "pause", "abandon", "save_name", "load", "statistics", "confirm"} <= set(groups)
    for where, group in groups.items():
        names = [b.name for b in group.buttons]
        assert len(set(names)) == len(names), f"{where}: {names}"
        assert all(name and name.replace("_", "").isalnum() and name.islower() for name in names), names
    assert [b.name for b in groups["abandon"].buttons] == ["abandon", "save_first", "keep"]
    assert [b.name for b in groups["title"].buttons][:2] == ["continue", "new_game"]
    pygame.key.stop_text_input()
    d.app.writer.close()


def test_buttons_are_named():
    assert button_name("Save it first (S)") == "save_it_first"  # the fallback, from the label
    assert button_name("Undo (Ctrl+Z)") == "undo"
    assert Button("Save it first (S)", lambda: None, name="save_first").name == "save_first"


def test_the_driver_lists_the_names_when_a_button_is_missing(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    assert d.wait_for_person() == "act"
    with pytest.raises(AssertionError, match=r"no button 'nope' on TableScene; there are \[.*'look'"):
        d.click_button("nope")
    d.app.writer.close()


# ---------------------------------------------------------------------------- the real app answers through it
@pytest.mark.slow
def test_the_table_answers_keys_and_buttons_by_name(tmp_path):
    d = Driver(str(tmp_path), rules="auction", seed=11)
    assert d.wait_for_person() == "act"
    assert d.table.ctl.state.phase is Phase.BIDDING
    assert "pass" in d.buttons() and "bid_7" in d.buttons()
    d.key(pygame.K_s)  # the score sheet, at the table
    assert type(d.app.stack.top).__name__ == "ScoreSheetScene"
    d.key(pygame.K_ESCAPE)
    d.click_button("pass")
    assert (d.table.ctl.state.turn is not None) and any(
        seat.name == "S" and call is None for seat, call in d.table.ctl.state.calls), "South passed"


def test_enter_presses_the_choice_the_keyboard_is_on(tmp_path):
    """Tab moves the focus over the panel's choices and Enter presses the focused one, before
    what Enter means in the phase: on the blind-nil question, Enter alone looks at the cards, but
    Enter on 'Blind nil' bids blind nil."""
    d = Driver(str(tmp_path), rules="standard", seed=8)
    d.app.update_settings(blind_nil_prompt="always")
    d.app.new_game()
    assert d.wait_for_person() == "act"
    table = d.table
    assert table.ctl.state.phase is Phase.BLIND_DECISION
    assert [b.name for b in table.panel.buttons] == ["blind_nil", "look"]
    assert table.input.contexts()[0] is Context.BLIND_DECISION
    d.key(pygame.K_TAB)
    assert table.panel.group.focused().name == "blind_nil"
    assert table.input.contexts()[0] is Context.FOCUSED
    d.key(pygame.K_RETURN)
    assert A.BLIND_NIL in table.ctl.state.log
    d.app.writer.close()


@pytest.mark.slow
def test_space_goes_on_after_a_held_trick_even_when_the_person_plays_next(tmp_path):
    """'Click to continue after each trick': Space gathers the held trick, also when the person won
    it and leads next (the play's Space does not swallow it)."""
    d = Driver(str(tmp_path), rules="standard", seed=2)
    d.app.update_settings(click_after_trick=True)
    for held in range(200):
        assert d.play_until(lambda t: t.pending_gather is not None)
        if d.table.ctl.human_turn():
            break
        d.key(pygame.K_SPACE if held % 2 else pygame.K_RETURN)  # a trick the person does not lead after
        assert d.table.pending_gather is None
    table = d.table
    assert table.ctl.human_turn() and table.input.contexts()[:2] == [Context.TRICK_HELD, Context.PLAY]
    d.key(pygame.K_SPACE)
    assert table.pending_gather is None
    d.app.writer.close()


def test_menus_and_dialogs_answer_through_the_keymap(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    assert d.wait_for_person() == "act"
    d.act_once()
    d.key(pygame.K_ESCAPE)  # the pause menu
    pause = d.app.stack.top
    assert type(pause).__name__ == "PauseScene" and Context.PAUSE in pause.key_contexts()
    assert pause.group.focus == 0  # Resume
    d.key(pygame.K_DOWN)
    assert pause.group.focus > 0
    d.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert pause.group.focus == 0
    d.key(pygame.K_ESCAPE)  # Esc: back to the table
    assert d.app.stack.top is d.table
    d.key(pygame.K_ESCAPE)
    d.click_button("quit_to_title")
    assert type(d.app.stack.top).__name__ == "TitleScene"
    d.key(pygame.K_n)  # New game asks first: a game is in progress
    assert isinstance(d.app.stack.top, AbandonScene)
    d.key(pygame.K_n)  # Keep it
    assert type(d.app.stack.top).__name__ == "TitleScene"
    d.click_button("statistics")
    d.click_button("reset")
    assert isinstance(d.app.stack.top, ConfirmScene)
    d.key(pygame.K_n)  # No
    assert type(d.app.stack.top).__name__ == "StatisticsScene"
    d.key(pygame.K_ESCAPE)
    assert type(d.app.stack.top).__name__ == "TitleScene"
    d.app.writer.close()


def test_a_text_box_takes_the_letters_that_are_keys_elsewhere(tmp_path):
    """In the save-name box Y, N and S are letters, not the dialog's keys; Esc still cancels."""
    d = Driver(str(tmp_path), rules="standard", seed=3)
    assert d.wait_for_person() == "act"
    d.key(pygame.K_ESCAPE)
    d.click_button("save")
    box = d.app.stack.top
    assert type(box).__name__ == "SaveNameScene"
    for key in (pygame.K_n, pygame.K_y, pygame.K_s, pygame.K_SPACE, pygame.K_q):
        d.key(key)
    assert box.name == "nys q"
    d.key(pygame.K_LEFT)
    d.key(pygame.K_BACKSPACE)
    assert box.name == "nysq"
    d.key(pygame.K_ESCAPE)
    assert type(d.app.stack.top).__name__ == "PauseScene"
    d.app.writer.close()


def test_a_binding_matches_the_character_typed_as_well_as_the_key():
    """'?' is Shift+/ on a US keyboard and another key elsewhere: pygame names the key ('/'), so a
    binding of '?' answers the character the key typed (issue 42 item 2)."""
    from spades_desktop.ui.core.keymap import Binding, KeyPress, _matches

    question = Binding(("?",), Intent.HINT)
    assert _matches(question, KeyPress("/", shift=True, text="?"), "/")
    assert not _matches(question, KeyPress("/", text="/"), "/")
    assert not _matches(question, KeyPress("/", ctrl=True, shift=True, text="?"), "/")  # Ctrl+? is another key
    hint = Binding(("h",), Intent.HINT)
    assert _matches(hint, KeyPress("h", text="h"), "h") and not _matches(hint, KeyPress("j", text="j"), "j")
