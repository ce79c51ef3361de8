"""The words of saving and loading, without pygame: the suggested save name, when a save was
made, the delete question, and the one order of the scores that the title's Continue line and the
load list share."""

from __future__ import annotations

import time
from pathlib import Path

from spades_desktop.engine.rules import preset
from spades_desktop.engine.state import GameState
from spades_desktop.storage.saves import SaveInfo
from spades_desktop.ui.text.saves_list import delete_question, save_cells, saved_when, suggested_name
from spades_desktop.ui.text.title_words import SEPARATOR, continue_line

DEC_2 = time.strptime("2026-12-02 21:04", "%Y-%m-%d %H:%M")


def test_the_suggested_name_says_the_mode_the_scores_and_the_day():
    assert suggested_name("partnership", {"NS": 240, "EW": 180}, DEC_2) == "Partnership 240-180, 2 Dec"
    # the person's side first, as every list says the scores
    assert suggested_name("cutthroat", {"N": 22, "E": 10, "S": 32, "W": 30}, DEC_2) == "Cutthroat 32-22-10-30, 2 Dec"
    assert suggested_name("two_player", {"N": -40, "S": 120}, DEC_2) == "Two-player 120--40, 2 Dec"
    long = suggested_name("cutthroat", {"N": -12345678, "E": -12345678, "S": -12345678, "W": -1}, DEC_2)
    assert long == "Cutthroat, 2 Dec"  # never longer than the box takes


def test_when_a_save_was_made_reads_as_a_person_says_it():
    now = time.mktime(DEC_2)
    assert saved_when(now - 60, now) == "today 21:03"
    assert saved_when(now - 86400, now) == "yesterday 21:04"
    assert saved_when(now - 5 * 86400, now) == "27 Nov 21:04"
    assert saved_when(now - 400 * 86400, now).endswith(" 2025")


def test_delete_asks_by_the_save_s_name():
    assert delete_question("Evening game") == "Delete 'Evening game'?"


def test_the_continue_line_and_the_load_list_order_the_scores_the_same_way():
    names = {"N": "Nora", "S": "You"}  # (the settings name the person "You")
    for mode, scores in (("cutthroat", {"N": 22, "E": 10, "S": 32, "W": 30}),
                         ("partnership", {"NS": 120, "EW": 210}), ("two_player", {"N": 50, "S": 70}),
                         ("three_player", {"N": 5, "S": 6, "W": 7})):
        state, _ = GameState.new_game(preset(mode) if mode != "partnership" else preset("standard"), 1)
        state.scores = dict(scores)
        info = SaveInfo(Path("x.json"), "x", time.time(), state.rules.mode, dict(state.scores), state.hand_number,
                        rules=state.rules)
        on_title = continue_line(state, names).split(SEPARATOR)[-1]
        in_list = save_cells(info, names, time.time())[-1]
        assert on_title == in_list, (mode, on_title, in_list)
        assert in_list.startswith(("You", "Nora & You")), in_list  # the person's side first
