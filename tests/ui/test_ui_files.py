"""The app with damaged or hostile files in its user folder, driven with real pygame events:
Continue greyed with the reason, a damaged autosave recovered as far as it is legal, kept aside
before a new game writes, statistics counted per hand and never twice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from spades_desktop.storage.statistics import load_statistics
from spades_desktop.ui.app import App, Options
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.files import SaveNameScene
from spades_desktop.ui.screens.settings import GROUPS
from spades_desktop.ui.screens.statistics import StatisticsScene
from spades_desktop.ui.screens.title import TitleScene
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.text.statistics_text import figures
from tests.ui_driver import Driver, key_of


def _press(app: App, intent: Intent, context: Context) -> None:
    """Press the key the keymap binds to ``intent`` in ``context`` on an app without a driver."""
    key, mod = key_of(intent, context)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    app.frame(1 / 60)


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(1 / 60)


def _title_app(home) -> App:
    os.environ["SPADES_DESKTOP_HOME"] = str(home)
    app = App(Options())
    app.to_title()
    app.frame(1 / 60)
    return app


def test_continue_is_greyed_with_the_reason_when_the_autosave_cannot_be_read(tmp_path):
    (tmp_path / "data").mkdir()
    autosave = tmp_path / "data" / "autosave.json"
    autosave.write_text("garbage{")
    app = _title_app(tmp_path)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    cont = title.group.named("continue")
    assert cont.label == "Continue" and not cont.enabled
    assert title.continue_reason == "autosave.json cannot be used: it is damaged (not complete JSON)."
    _click(app, cont.rect.center)  # a greyed button does nothing
    assert app.stack.top is title and autosave.exists()
    _press(app, Intent.NEW_GAME, Context.TITLE)  # New game: the damaged autosave is kept aside and named first
    assert isinstance(app.stack.top, TableScene)
    kept = list((tmp_path / "data").glob("autosave.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text() == "garbage{"
    assert any(kept[0].name in note for note in app.notices)
    app.writer.close()


@pytest.mark.slow
def test_continue_offers_the_longest_legal_part_of_a_damaged_autosave(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=9)
    d.play_moves(8)
    state = d.table.ctl.state
    log, scores = list(state.log), dict(state.scores)
    autosave = d.app.paths.autosave_file
    d.app.to_title()
    d.app.writer.flush()
    doc = json.loads(autosave.read_text())
    doc["game"]["actions"] += ["bid 14", "7Z"]  # two bogus actions appended
    autosave.write_text(json.dumps(doc))
    d.app.to_title()
    d.step()
    assert d.button("continue").enabled  # part of the game can be used: Continue is offered
    d.click_button("continue")
    table = d.table
    assert table is not None, "Continue went back to the title instead of the recovered game"
    assert table.ctl.state.log == log and table.ctl.state.scores == scores
    assert d.app.toast.text.startswith("autosave.json was damaged; the game was recovered up to hand 1")
    assert list(autosave.parent.glob("autosave.json.corrupt-*"))
    d.app.writer.close()


@pytest.mark.slow
def test_statistics_count_the_hands_of_an_unfinished_game_once_across_continue(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=5)
    assert d.play_hands(1) == 1
    stats_file = d.app.paths.statistics_file
    stats = load_statistics(stats_file)[0].per_mode["partnership"]
    assert stats.hands == 1 and stats.started == 1 and stats.games == 0 and stats.unfinished == 1
    d.app.to_title()
    d.step()
    d.press(Intent.ACTIVATE, Context.FOCUSED)  # Continue (focused): the same game
    assert d.table is not None and len(d.table.ctl.state.hand_history) == 1
    d.app.writer.flush()
    assert load_statistics(stats_file)[0].per_mode["partnership"].hands == 1  # not counted again
    d.close_modal() if d.wait_for_person() == "modal" else None
    d.play_hands(1)
    hands = len(d.table.ctl.state.hand_history)
    stats = load_statistics(stats_file)[0].per_mode["partnership"]
    assert hands >= 2 and stats.hands == hands and stats.started == 1
    d.app.to_title()
    d.step()
    d.click_button("statistics")
    screen = d.app.stack.top
    assert isinstance(screen, StatisticsScene)
    assert screen.mode.value == "partnership"
    values = dict(figures(d.app.stats.per_mode[screen.mode.value]))
    assert values["Unfinished"] == "1" and values["Hands"] == str(hands) and values["Finished games"] == "0"
    d.app.writer.close()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_the_app_starts_with_named_pipes_for_its_files_and_leaves_them(tmp_path):
    for folder in ("config", "data"):
        (tmp_path / folder).mkdir()
    pipes = [tmp_path / "config" / "settings.json", tmp_path / "data" / "statistics.json",
             tmp_path / "data" / "autosave.json"]
    for pipe in pipes:
        os.mkfifo(pipe)
    env = {**os.environ, "SPADES_DESKTOP_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "spades_desktop", "--frames", "5"], env=env,
                          capture_output=True, timeout=60, text=True)
    assert done.returncode == 0, done.stderr
    assert "named pipe" in done.stderr
    assert all(p.exists() for p in pipes)


@pytest.mark.slow
def test_the_smoke_test_leaves_a_damaged_autosave_as_it_is(tmp_path):
    """The smoke test plays its table as a watched game (issue 39): the autosave is the player's, even
    a damaged one, and is only kept aside when a real game replaces it."""
    (tmp_path / "data").mkdir()
    damaged = '{"format": "spades-desktop/save", "version": 2}'
    (tmp_path / "data" / "autosave.json").write_text(damaged)
    stale = tmp_path / "data" / ".autosave.json.abcd1234.tmp"
    stale.write_text("half a file")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    env = {**os.environ, "SPADES_DESKTOP_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "spades_desktop", "--smoke-test"], env=env,
                          capture_output=True, timeout=60, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "data" / "autosave.json").read_text() == damaged
    assert not list((tmp_path / "data").glob("autosave.json.corrupt-*"))
    assert not stale.exists(), "an interrupted write's leftover is still cleared at start"


@pytest.mark.slow
def test_the_load_screen_survives_names_the_font_cannot_draw_and_deletes_damaged_saves(tmp_path):
    from spades_desktop.ui.screens.files import LoadScene

    d = Driver(str(tmp_path), rules="standard", seed=2)
    d.play_moves(3)
    saves = d.app.paths.saves
    good = d.app.saves.save("Evening game", d.table.ctl.state, d.app.session.game_id)
    doc = json.loads(good.read_text())
    (saves / "nul.json").write_text(json.dumps({**doc, "name": "bad\u0000name"}))
    os.close(os.open(os.fsencode(saves) + b"/\xff\xfeodd.json", os.O_CREAT | os.O_WRONLY, 0o644))  # not UTF-8
    (saves / "folder.json").mkdir()
    d.app.to_title()
    d.step()
    d.click_button("load")
    scene = d.app.stack.top
    assert isinstance(scene, LoadScene)
    d.step(3)  # drawn without an exception
    rows = scene.page().rows
    assert rows[0].cells[""][0] == "Evening game" and sum(row.note.startswith("damaged:") for row in rows) == 3
    assert rows[0].cells[""][-1] == "North & You 0, East & West 0"  # the sides by name, never 'NS 0'
    for _ in range(3):  # each damaged entry: select it and delete it with the delete key
        index = next(i for i, info in enumerate(scene.infos) if info.problem)
        scene.view.select(index)
        d.press(Intent.DELETE, Context.LOAD)
        d.press(Intent.YES, Context.CONFIRM)
    assert not any(info.problem for info in scene.infos) and good.exists()
    assert sorted(p.name for p in saves.iterdir()) == [good.name]
    d.app.writer.close()


def test_a_new_game_keeps_an_unreadable_autosave_aside_without_calling_it_damaged(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    autosave = tmp_path / "data" / "autosave.json"
    autosave.write_text("{}")
    real_open = os.open

    def no_permission(file, flags, *args, **kwargs):
        if str(file) == str(autosave):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_permission)  # as mode 000 does, even for root
    app = _title_app(tmp_path)
    title = app.stack.top
    assert not title.group.named("continue").enabled
    assert title.continue_reason == "autosave.json cannot be used: it could not be read (permission denied)."
    assert autosave.exists()  # reported, left where it is
    _press(app, Intent.NEW_GAME, Context.TITLE)
    kept = list((tmp_path / "data").glob("autosave.json.unreadable-*"))
    assert len(kept) == 1 and kept[0].read_text() == "{}"
    assert not list((tmp_path / "data").glob("autosave.json.corrupt-*"))
    assert any(kept[0].name in note for note in app.notices)
    monkeypatch.undo()
    app.writer.close()


def _to_the_abandon_question(d: Driver) -> None:
    """A game in progress, then New game from the title: the abandon question."""
    assert d.wait_for_person() == "act"
    d.act_once()
    d.press(Intent.MENU)
    d.click_button("quit_to_title")
    d.click_button("new_game")
    assert type(d.app.stack.top).__name__ == "AbandonScene"


@pytest.mark.slow
@pytest.mark.parametrize("text_later", [False, True], ids=["text in the same batch", "text a frame later"])
def test_the_key_that_opens_the_save_name_box_is_not_typed_into_it(tmp_path, text_later):
    """"Save it first (S)": SDL sends the S key and then its text "s" (in the same batch of events,
    or with an input method a frame later); the key opens the save-name box and its text must not
    land in it.  What the person types next does."""
    d = Driver(str(tmp_path), rules="standard", seed=3)
    _to_the_abandon_question(d)
    down, text, up = d.key_events(*d.key_for(Intent.SAVE_FIRST, Context.ABANDON))
    assert text.type == pygame.TEXTINPUT and text.text == pygame.key.name(down.key)
    pygame.event.post(down)
    if text_later:
        d.step()
        assert isinstance(d.app.stack.top, SaveNameScene)
    pygame.event.post(text)
    pygame.event.post(up)
    d.step()
    scene = d.app.stack.top
    assert isinstance(scene, SaveNameScene)
    assert scene.name.startswith("Partnership 0-0, "), scene.name  # the suggested name, still selected: not "s"
    d.type_text("x")  # later typing is the person's: it replaces the selected default name
    assert scene.name == "x"
    d.type_text("s")
    assert scene.name == "xs"
    d.app.writer.close()


def test_a_settings_value_opened_with_space_does_not_get_the_space(tmp_path):
    """Space on a name in the settings opens its text box: the space is not typed into it."""
    d = Driver(str(tmp_path), rules="standard", seed=3)
    d.app.to_title()
    d.step()
    d.click_button("settings")
    settings = d.app.stack.top
    for _ in range(len(GROUPS)):
        named = [i for i, row in enumerate(settings.rows()) if row.text and not row.disabled()]
        if named:
            break
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)
    settings.focus = named[0]
    before = str(settings.rows()[named[0]].get())
    d.key(pygame.K_SPACE)
    assert settings.editing is not None
    assert settings.edit_box.text == before
    d.press(Intent.CANCEL, Context.TEXT_FORM)
    assert settings.editing is None
    d.app.writer.close()
