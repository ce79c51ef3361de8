"""Saving and loading through the window with real events, buttons found by name: the suggested
name in the box (typing replaces it, Enter saves it as it is), the load list newest first with
each save's game, hand, scores and a picture of its table, Delete that asks first, a plain
picture for a save that cannot be read, and no abandon question when the game in progress was
just saved."""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from spades_desktop.engine.rules import preset
from spades_desktop.engine.state import GameState
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.core.theme import FELT, PICTURE_NONE
from spades_desktop.ui.screens.files import AbandonScene, ConfirmScene, LoadScene, SaveNameScene
from spades_desktop.ui.screens.table_pictures import draw_table
from spades_desktop.ui.table.scene import TableScene
from tests.ui_driver import Driver


def _save_box(d: Driver) -> SaveNameScene:
    d.press(Intent.MENU)
    d.step()
    d.click_button("save")
    scene = d.app.stack.top
    assert isinstance(scene, SaveNameScene)
    return scene


def _load_list(d: Driver) -> LoadScene:
    d.app.to_title()
    d.step(2)
    d.click_button("load")
    scene = d.app.stack.top
    assert isinstance(scene, LoadScene)
    d.step(2)
    return scene


def _felt_of_picture(scene: LoadScene, index: int) -> tuple[int, int, int]:
    """A pixel of row ``index``'s picture as drawn: between the left hand and the trick, where
    only the felt lies (or the plain placeholder)."""
    rect = scene.picture_rects[index]
    return tuple(scene.app.screen.get_at((rect.left + rect.w * 3 // 10, rect.centery)))[:3]


def test_the_save_box_suggests_a_name_that_typing_replaces_and_enter_keeps(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=2)
    d.play_moves(2)
    box = _save_box(d)
    assert box.name.startswith("Partnership 0-0, "), box.name  # the mode, the scores, the day
    assert box.box.field.all_selected  # selected: what is typed replaces it
    d.press(Intent.SUBMIT, Context.TEXT_FORM)  # Enter saves it as it is
    assert not isinstance(d.app.stack.top, SaveNameScene)
    infos, _ = d.app.saves.list()
    assert [info.name for info in infos] == [box.name]
    d.click_button("save")  # (back on the pause menu)
    box = d.app.stack.top
    assert isinstance(box, SaveNameScene)
    d.type_text("Mine")
    assert box.name == "Mine"
    d.press(Intent.SUBMIT, Context.TEXT_FORM)
    assert sorted(info.name for info in d.app.saves.list()[0]) == sorted([infos[0].name, "Mine"])
    d.app.writer.close()


def test_the_load_list_is_newest_first_with_each_game_hand_score_and_its_table(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    d.play_moves(6)
    state = d.table.ctl.state
    older = d.app.saves.save("A older game", state, d.app.session.game_id)
    document = json.loads(older.read_text())
    older.write_text(json.dumps({**document, "saved_at": document["saved_at"] - 3 * 86400}))  # three days ago
    cutthroat, _ = GameState.new_game(preset("cutthroat"), 4)
    d.app.saves.save("Z newer game", cutthroat)
    scene = _load_list(d)
    rows = [row.cells[""] for row in scene.page().rows]
    assert [cells[0] for cells in rows] == ["Z newer game", "A older game"]  # by date, not by name
    newer, old = rows
    assert newer[1].startswith("today ") and not old[1].startswith(("today", "yesterday"))
    assert newer[2:] == ("Cutthroat to 500", "hand 1", "You 0, North 0, East 0, West 0")
    assert old[2] == "Partnership to 500" and old[3] == f"hand {state.hand_number}"
    assert old[4] == f"North & You {state.scores['NS']}, East & West {state.scores['EW']}"
    for index in range(2):  # each row with a picture of its table: the felt shows
        assert _felt_of_picture(scene, index) == FELT["green"]
    d.app.writer.close()


def test_delete_asks_first_no_keeps_the_save_and_yes_removes_it(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.play_moves(2)
    path = d.app.saves.save("Evening game", d.table.ctl.state, d.app.session.game_id)
    scene = _load_list(d)
    d.click_button("delete")  # the button
    question = d.app.stack.top
    assert isinstance(question, ConfirmScene) and question.question == "Delete 'Evening game'?"
    d.step()
    d.click_button("no")
    assert d.app.stack.top is scene and path.exists() and len(scene.infos) == 1
    d.press(Intent.DELETE, Context.LOAD)  # the keymap's key asks too
    assert isinstance(d.app.stack.top, ConfirmScene)
    d.step()
    d.click_button("yes")
    assert d.app.stack.top is scene and not scene.infos
    assert not path.exists() and not list(path.parent.glob(f"{path.stem}*"))  # nothing of it is left
    d.step()
    assert not d.button("delete").enabled  # nothing left to delete
    d.app.writer.close()


def test_a_save_that_cannot_be_read_shows_a_plain_picture(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=5)
    saves = d.app.paths.saves
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "broken.json").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\xff" * 64)  # not a save at all
    (saves / "huge.json").write_text(json.dumps({"format": "spades-desktop/save", "version": 3, "game": {
        "format": "spades-desktop/game", "actions": list(range(10**5))}}))
    scene = _load_list(d)
    assert len(scene.infos) == 2 and all(info.problem for info in scene.infos)
    for index in range(2):
        assert _felt_of_picture(scene, index) == PICTURE_NONE
    d.app.writer.close()


def test_a_picture_is_drawn_for_any_moment_of_any_mode_at_any_size():
    pygame.init()
    for mode in ("standard", "cutthroat", "two_player", "auction", "three_player", "jokers"):
        state, _ = GameState.new_game(preset(mode), 7)
        for step in range(400):
            if state.is_terminal():
                break
            if step % 37 == 0:
                for size in ((16, 9), (91, 51), (182, 102)):
                    assert draw_table(state, size, FELT["green"]).get_size() == size
            state.apply(state.legal_actions()[step % len(state.legal_actions())])
        assert draw_table(state, (91, 51), FELT["blue"]).get_size() == (91, 51)


def test_load_asks_nothing_right_after_the_game_in_progress_was_saved(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=6)
    d.play_moves(3)
    other, _ = GameState.new_game(preset("standard"), 99)
    d.app.saves.save("Another game", other)
    _save_box(d)
    d.type_text("Kept")
    d.press(Intent.SUBMIT, Context.TEXT_FORM)
    d.press(Intent.BACK, Context.SCREEN)  # the pause menu closes: no move since the save
    scene = _load_list(d)
    index = next(i for i, info in enumerate(scene.infos) if info.name == "Another game")
    scene.view.select(index)
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    assert not isinstance(d.app.stack.top, AbandonScene), "asked to abandon a game that was just saved"
    assert isinstance(d.app.stack.top, TableScene) and d.table.ctl.state.seed == other.seed  # loaded
    # a move after the save: the game in progress is no longer all in the save, so Load asks again
    d.app.writer.flush()
    d.play_moves(1)
    scene = _load_list(d)
    index = next(i for i, info in enumerate(scene.infos) if info.name == "Kept")
    scene.view.select(index)
    d.press(Intent.ACTIVATE, Context.FOCUSED)
    assert isinstance(d.app.stack.top, AbandonScene)
    d.app.writer.close()
