"""The one list scene through real events: the keymap's keys and the wheel move the selected row and
the view, the selected row stays on screen, highlighted, and what a row does (the load screen
loads it); a page of text scrolls; the footers name the keys from the keymap."""

from __future__ import annotations

import pygame

from spades_desktop.engine.rules import preset
from spades_desktop.engine.state import GameState
from spades_desktop.ui.core.keymap import Context, Intent, label_of
from spades_desktop.ui.core.theme import GOLD
from spades_desktop.ui.text.key_help import list_page_keys, list_scroll_keys, load_footer
from tests.ui_driver import Driver


def _wheel(d: Driver, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    d.step()


def _selected_row_on_screen(scene) -> pygame.Rect:
    """The selected row's place: drawn, inside the panel, framed in gold."""
    rect = scene.row_rects[scene.view.selected]
    assert scene.panel.contains(rect)
    assert tuple(scene.app.screen.get_at((rect.left, rect.centery)))[:3] == GOLD, "the selected row is highlighted"
    return rect


def test_the_keys_and_the_wheel_move_through_a_long_list_of_saves(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3, size=(960, 540))
    state = d.table.ctl.state
    for i in range(30):
        d.app.saves.save(f"Game {i:02d}", state)
    d.app.to_title()
    d.app.stack.push(d.app.scenes.load())
    d.step()
    load = d.app.stack.top
    view = load.view
    assert view.scrolls and view.selected == 0 and load.shown_range() == (0, view.fit)
    _selected_row_on_screen(load)
    d.press(Intent.SCROLL_DOWN, Context.LIST)
    d.press(Intent.SCROLL_DOWN, Context.LIST)
    assert (view.first, view.selected) == (2, 2), "the view moves and the selected row with it"
    _wheel(d, -3)  # toward the person: down the list
    assert (view.first, view.selected) == (5, 5)
    _wheel(d, 1)
    assert (view.first, view.selected) == (4, 4)
    d.press(Intent.PAGE_DOWN, Context.LIST)
    assert (view.first, view.selected) == (min(4 + view.fit, 30 - view.fit), 4 + view.fit)
    d.press(Intent.LAST, Context.LIST)
    assert load.shown_range() == (30 - view.fit, 30) and view.selected == 29
    top = _selected_row_on_screen(load).top
    d.press(Intent.SCROLL_DOWN, Context.LIST)  # the end: nothing moves
    assert view.selected == 29 and _selected_row_on_screen(load).top == top
    d.press(Intent.FIRST, Context.LIST)
    assert load.shown_range() == (0, view.fit) and view.selected == 0
    names = [info.name for info in load.infos]
    d.press(Intent.SCROLL_DOWN, Context.LIST)
    d.press(Intent.DELETE, Context.LOAD)  # the selected save, after asking
    d.press(Intent.YES, Context.CONFIRM)
    assert [info.name for info in load.infos] == names[:1] + names[2:]
    assert view.selected == 1, "the next save is selected in its place"
    d.press(Intent.ACTIVATE, Context.FOCUSED)  # Enter loads the selected save
    assert type(d.app.stack.top).__name__ in ("TableScene", "AbandonScene")
    d.app.writer.close()


def test_a_click_on_a_row_loads_that_save(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    for name, seed in (("Older", 101), ("Newer", 202)):
        d.app.saves.save(name, GameState.new_game(preset("standard"), seed)[0])
    d.app.to_title()
    d.step()
    d.app.stack.push(d.app.scenes.load())
    d.step()
    load = d.app.stack.top
    second = load.infos[1]
    d.click(load.row_rects[1].center)
    assert load.view.selected == 1
    question = d.app.stack.top  # (a game is in progress: it asks first)
    assert type(question).__name__ == "AbandonScene"
    d.press(Intent.ABANDON, Context.ABANDON)
    assert d.app.session is not None and d.table is not None
    assert d.table.ctl.state.seed == d.app.files.open_save(second.path)[0].seed
    d.app.writer.close()


def test_a_long_page_of_text_scrolls_and_any_other_key_closes_it(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3, size=(960, 540))
    lines = [f"Line {i} of a long explanation" for i in range(60)]
    d.app.stack.push(d.app.scenes.text("A long text", lines))
    d.step()
    page = d.app.stack.top
    assert page.view.scrolls and page.view.selected is None
    assert page.footer(page.page()) == list_page_keys("Lines", 1, page.view.fit, 60)
    _wheel(d, -2)
    d.press(Intent.PAGE_DOWN, Context.LIST)
    assert page.view.first == 2 + page.view.fit
    d.press(Intent.LAST, Context.LIST)
    assert page.shown_range() == (60 - page.view.fit, 60)
    d.key(pygame.K_x)
    assert d.app.stack.top is d.table


def test_the_footers_name_the_keys_from_the_keymap():
    scroll = list_scroll_keys()
    assert scroll == "Up/Down, PgUp/PgDn, Home/End or the wheel"
    assert list_page_keys("Lines", 1, 12, 12) == "Any key closes"
    assert list_page_keys("Hands", 16, 40, 40) == f"Hands 16-40 of 40: {scroll} scroll · Any other key closes"
    enter = label_of(Intent.ACTIVATE, Context.FOCUSED)
    assert load_footer(True).startswith(f"{enter} or a click loads · R: review the game · Delete (or X) deletes")
    assert load_footer(True).endswith(f"{scroll} choose · Esc back")
    assert load_footer(False) == "No saved games yet: save one from the pause menu (Esc)."


def test_a_save_that_cannot_be_opened_any_more_says_why_under_the_list(tmp_path, monkeypatch):
    """The reason was lost: the list was read again after it was noted, and that cleared it."""
    from spades_desktop.session.files import SaveError

    d = Driver(str(tmp_path), rules="standard", seed=3)
    d.app.saves.save("Evening game", d.table.ctl.state)
    d.app.to_title()
    d.app.stack.push(d.app.scenes.load())
    d.step()
    load = d.app.stack.top

    def vanished(path):
        raise SaveError("evening-game.json could not be read: it is no longer there")

    monkeypatch.setattr(d.app.files, "open_save", vanished)
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    assert d.app.stack.top is load
    assert load.notes()[-1] == "evening-game.json could not be read: it is no longer there"
    d.press(Intent.REVIEW, Context.LOAD)
    assert d.app.stack.top is load and load.notes()[-1].endswith("it is no longer there")
    d.app.writer.close()
