"""Hand history from the pause menu, through real events: the button found by name opens the list
of the game's finished hands; a key closes it, back to the menu."""

from __future__ import annotations

import pygame
import pytest

from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.text.hand_history import HISTORY_TITLE, hand_history_page
from tests.ui_driver import Driver


@pytest.mark.parametrize("mode", ["standard", "cutthroat", "two_player", "three_player", "auction"])
def test_the_pause_menus_hand_history_lists_every_finished_hand(tmp_path, mode):
    d = Driver(str(tmp_path), rules=mode, seed=4)
    assert d.play_hands(1) == 1
    d.close_modal()
    assert d.wait_for_person() == "act"
    d.press(Intent.MENU)
    pause = d.app.stack.top
    assert type(pause).__name__ == "PauseScene"
    d.click_button("hand_history")
    history = d.app.stack.top
    assert type(history).__name__ == "ListPageScene"
    state = d.table.ctl.state
    page = history.page()
    assert page == hand_history_page(state, d.table.names) and page.title == HISTORY_TITLE
    assert [row.lead for row in page.rows] == ["1"] and history.view.selected == 0
    assert set(history.row_rects) == {0}, "the hand is on screen"
    d.press(Intent.LAST, Context.LIST)  # the list's keys move in it
    assert d.app.stack.top is history
    d.key(pygame.K_x)  # any other key closes it
    assert d.app.stack.top is pause
    d.app.writer.close()


def test_before_a_hand_ends_hand_history_says_there_is_none(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.wait_for_person() == "act"
    d.press(Intent.MENU)
    pause = d.app.stack.top
    for _ in pause.group.buttons:  # the keyboard reaches it too
        if pause.group.focused().name == "hand_history":
            break
        d.press(Intent.FOCUS_NEXT, Context.CHOICES)
    assert pause.group.focused().name == "hand_history"
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    history = d.app.stack.top
    assert history.page().rows == () and history.view.selected is None
    d.app.writer.close()
