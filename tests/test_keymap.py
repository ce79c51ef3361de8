"""One keymap: a key means one thing in a context; help is generated from it; the table and its
panel answer keys through it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import KEYMAP, Context, Intent, how_to_play_keys, intent_for
from spades_desktop.ui.core.widgets import button_name
from spades_desktop.ui.table.input import PHASE_ACTIONS, TABLE_ACTIONS
from spades_desktop.ui.table.painter import KEY_HELP
from tests.ui_driver import Driver


@pytest.mark.parametrize("context", list(Context), ids=lambda c: c.name)
def test_no_key_means_two_things_in_one_context(context):
    seen: dict[tuple[str, bool, bool], Intent] = {}
    for binding in KEYMAP[context]:
        for key in binding.keys:
            chord = (key, binding.ctrl, binding.shift)
            assert chord not in seen, f"{key} is both {seen[chord]} and {binding.intent}"
            seen[chord] = binding.intent


def test_every_bound_intent_does_something_at_the_table():
    handled = set(TABLE_ACTIONS) | set(PHASE_ACTIONS) | {
        Intent.CONFIRM, Intent.ERASE, Intent.CURSOR_LEFT, Intent.CURSOR_RIGHT, Intent.CHOOSE,
        Intent.FULLSCREEN, Intent.SCREENSHOT}
    table_contexts = set(Context) - {Context.MENU, Context.REPLAY, Context.TEXT_ENTRY}
    bound = {b.intent for context in table_contexts for b in KEYMAP[context]}
    assert bound <= handled, bound - handled


def test_the_most_specific_context_decides():
    # S is the score sheet at the table, but spades while naming trump
    assert intent_for([Context.TABLE], "s") is Intent.SCORE_SHEET
    assert intent_for([Context.TRUMP, Context.TABLE], "s") is Intent.TRUMP_SPADES
    assert intent_for([Context.TABLE], "z", ctrl=True) is Intent.UNDO
    assert intent_for([Context.TABLE], "z") is None


def test_help_is_generated_from_the_keymap():
    text = " ".join(how_to_play_keys())
    for binding in KEYMAP[Context.TABLE]:
        assert f"{binding.label} {binding.intent.value}" in text
    assert "Esc menu" in KEY_HELP[0] and "Ctrl+Z undo" in KEY_HELP[1]


def test_shift_tab_goes_back_and_every_text_edit_has_its_effect():
    from spades_desktop.ui.core.text_box import EDITS

    assert intent_for([Context.MENU], "tab", shift=True) is Intent.FOCUS_PREVIOUS
    assert intent_for([Context.MENU], "tab") is Intent.FOCUS_NEXT
    assert intent_for([Context.MENU], "down", shift=True) is Intent.FOCUS_NEXT  # shift ignored where unbound
    edits = {b.intent for b in KEYMAP[Context.TEXT_ENTRY]} - {Intent.SUBMIT, Intent.CANCEL}
    assert edits == set(EDITS)


def test_buttons_are_named_from_their_labels():
    assert button_name("Save it first (S)") == "save_it_first"
    assert button_name("Undo (Ctrl+Z)") == "undo"
    assert button_name("How to play") == "how_to_play"


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
