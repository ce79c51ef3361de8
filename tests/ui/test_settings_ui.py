"""The settings screen through real events: every option changes the stored settings, and
house rules reach the next new game."""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine.rules import HouseRules, preset
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.settings import GROUPS, SettingsScene
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.text.messages import sentence
from tests.ui_driver import Driver


def _open(d: Driver) -> SettingsScene:
    d.app.to_title()
    d.step(2)
    d.app.open_settings()
    d.step(2)
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def _stored(d: Driver) -> dict:
    return json.loads(d.app.paths.settings_file.read_text())


def _go_to(d: Driver, scene: SettingsScene, section: int, row: int) -> None:
    while scene.section != section:
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)
    while scene.focus != row:
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)


@pytest.mark.slow
def test_keyboard_reaches_every_option(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    reached: set[str] = set()
    for _ in GROUPS:
        rows = scene.rows()
        for _ in range(len(rows) + 1):
            if scene.focus < len(rows):
                reached.add(rows[scene.focus].key)
            else:
                reached.add("restore_defaults")
            d.press(Intent.SCROLL_DOWN, Context.SETTINGS)
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)
    every = {row.key for s in range(len(GROUPS)) for row in _rows_of(scene, s)} | {"restore_defaults"}
    assert reached == every
    assert set(HouseRules().to_dict()) <= reached


def _rows_of(scene: SettingsScene, section: int) -> list:
    keep = scene.section
    scene.section = section
    rows = scene.rows()
    scene.section = keep
    return rows


@pytest.mark.slow
@pytest.mark.parametrize("key", list(HouseRules().to_dict()))
def test_each_house_rule_changes_the_file_and_the_next_game(tmp_path, key):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    rows = scene.rows()
    index = next(i for i, r in enumerate(rows) if r.key == key)
    _go_to(d, scene, 0, index)
    if rows[index].disabled():  # depends on another option: turn that one on first
        pytest.skip(f"{key} is disabled by default: {rows[index].disabled()}")
    before = d.app.settings.house_rules()
    step = Intent.VALUE_UP if rows[index].can_step(1) else Intent.VALUE_DOWN  # the arrows stop at the ends
    d.press(step, Context.SETTINGS)
    after = d.app.settings.house_rules()
    assert getattr(after, key) != getattr(before, key)
    assert _stored(d)["rules"][key] == getattr(after, key)
    d.app.new_game()
    table = next(s for s in d.app.stack.scenes if isinstance(s, TableScene))
    assert table.ctl.state.rules == after


def test_dependent_options_are_disabled_with_a_reason(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    rows = scene.rows()
    nil = next(i for i, r in enumerate(rows) if r.key == "nil_allowed")
    _go_to(d, scene, 0, nil)
    d.press(Intent.CHANGE, Context.SETTINGS)  # nil off
    assert d.app.settings.house_rules().nil_allowed is False
    rows = scene.rows()
    value_row = next(r for r in rows if r.key == "blind_nil_value")
    assert value_row.disabled() == "blind nil is off"
    index = rows.index(value_row)
    _go_to(d, scene, 0, index)
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.house_rules().blind_nil_value == 200  # unchanged: the row is disabled
    preset_row = scene.rows()[0]
    assert preset_row.get() == "minimum_bid_one" or preset_row.get() == "custom"


@pytest.mark.slow
def test_every_other_option_changes_the_stored_settings(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    for section in range(1, len(GROUPS)):
        for index, row in enumerate(_rows_of(scene, section)):
            _go_to(d, scene, section, index)
            if row.key == "fullscreen" or row.disabled() or (not row.text and len(row.choices) < 2):
                continue  # (the cores row on a two-core machine has one choice: the window keeps the other)
            before = _stored(d)
            if row.text:
                d.press(Intent.CHANGE, Context.SETTINGS)
                for ch in "Zed":
                    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
                d.step()
                d.press(Intent.SUBMIT, Context.TEXT_FORM)
            else:
                d.press(Intent.VALUE_UP if row.can_step(1) else Intent.VALUE_DOWN, Context.SETTINGS)
            after = _stored(d)
            assert after != before, row.key
    stored = _stored(d)
    assert stored["names"]["S"].endswith("Zed") and stored["animation_speed"] != "instant"
    assert stored["window_size"] != [1280, 720]
    assert d.app.screen.get_size() == tuple(stored["window_size"])  # display applies at once


def test_rules_changed_during_a_game_apply_from_the_next_game(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    d.step(5)
    table = d.table
    started_with = table.ctl.state.rules
    d.press(Intent.MENU)
    d.app.open_settings()
    d.step()
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene) and scene.in_game
    index = next(i for i, r in enumerate(scene.rows()) if r.key == "target_score")
    _go_to(d, scene, 0, index)
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert "next game" in scene.message
    assert table.ctl.state.rules == started_with
    assert d.app.settings.house_rules().target_score == 550


def test_restore_defaults_asks_first(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    display = GROUPS.index("Display")
    speed = next(i for i, r in enumerate(_rows_of(scene, display)) if r.key == "animation_speed")
    _go_to(d, scene, display, speed)
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.animation_speed != "normal"
    _go_to(d, scene, display, len(scene.rows()))
    d.press(Intent.CHANGE, Context.SETTINGS)  # asks
    assert d.app.settings.animation_speed != "normal"
    d.press(Intent.YES, Context.CONFIRM)
    assert d.app.settings.animation_speed == "normal" and _stored(d)["animation_speed"] == "normal"


def test_mouse_changes_a_value(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    d.step()
    d.app.stack.top.draw(d.app.screen)
    arrows = [rect for rect, _ in scene.hit_boxes if rect.w == rect.h]  # the arrow buttons, last row first
    before = d.app.settings.house_rules()
    for target in arrows:  # an arrow at the end of its list does nothing: click until one steps
        d.click(target.center)
        if d.app.settings.house_rules() != before:
            break
    assert d.app.settings.house_rules() != before


@pytest.mark.slow
def test_arrow_keys_on_every_row_never_fail_and_leave_a_name_alone(tmp_path):
    """Left and Right step a choice; on a free-text row (a name) they do nothing."""
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    for section in range(len(GROUPS)):
        for row_index, row in enumerate(_rows_of(scene, section)):
            _go_to(d, scene, section, row_index)
            before = row.get()
            d.press(Intent.VALUE_UP, Context.SETTINGS)
            d.press(Intent.VALUE_DOWN, Context.SETTINGS)
            if row.text:
                assert row.get() == before
    names = [row for row in _rows_of(scene, GROUPS.index("Computer players")) if row.text]
    assert names, "the Computer players group has name rows"


@pytest.mark.slow
def test_the_boston_row_comes_from_the_rule_table_and_leaves_the_presets_alone(tmp_path):
    """all_tricks_bonus has its settings row (label, help, Off/200/250) from its record alone, in
    every mode; setting it makes the rules Custom, and no preset sets it."""
    from spades_desktop.engine.rules import PRESETS, Mode, preset, preset_name
    from spades_desktop.ui.screens.settings import words

    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    rows = scene.rows()
    index = next(i for i, r in enumerate(rows) if r.key == "all_tricks_bonus")
    row = rows[index]
    assert row.label == "All tricks bonus (Boston)" and "scores 200 or 250 more" in row.explanation
    assert [words(row.key, v) for v in row.choices] == ["Off", "200", "250"] and row.get() == 0
    _go_to(d, scene, 0, index)
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert _stored(d)["rules"]["all_tricks_bonus"] == 200
    assert next(r for r in scene.rows() if r.key == "preset").get() == "custom"
    for mode in Mode:
        d.app.update_settings(rules=HouseRules(mode=mode, all_tricks_bonus=250).to_dict())
        boston = next(r for r in scene.rows() if r.key == "all_tricks_bonus")
        assert boston.disabled() == "" and words(boston.key, boston.get()) == "250"
    for p in PRESETS:
        assert preset(p.name).all_tricks_bonus == 0
        assert preset_name(preset(p.name).with_changes(all_tricks_bonus=250)) == "custom"


def _wheel(d: Driver, y: float) -> None:
    """The wheel turned ``y`` notches (toward the person is positive, as SDL reports it)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=int(y), flipped=False, precise_x=0.0,
                                         precise_y=float(y), touch=False, which=0))
    d.step()


@pytest.mark.slow
def test_the_wheel_keeps_the_highlight_on_a_row_in_view(tmp_path):
    """Each notch moves the list a row and the highlight with it; at either end the highlight goes
    on to the first or the last row; never between rows, off the list or out of view."""
    d = Driver(str(tmp_path), rules=None, size=(1280, 720))
    scene = _open(d)
    count = len(scene.rows())
    assert count > scene.visible_rows

    def on_a_row_in_view() -> None:
        d.step()
        assert 0 <= scene.focus < count, f"the highlight left the rows: {scene.focus}"
        assert scene.scroll <= scene.focus < scene.scroll + scene.visible_rows, (scene.focus, scene.scroll)

    line = scene.columns  # a notch moves the list a line: a row, or two side by side
    for notch in range(1, 4):
        _wheel(d, -1)
        on_a_row_in_view()
        assert scene.focus == scene.scroll == notch * line  # the highlight keeps its place on the panel
    _wheel(d, -0.5)  # half a notch of a touchpad: nothing yet
    assert scene.focus == 3 * line
    _wheel(d, -0.5)
    assert scene.focus == 4 * line
    for _ in range(count):
        _wheel(d, -1)
        on_a_row_in_view()
    assert scene.focus == count - 1  # the end of the list: the highlight on the last row
    for _ in range(count):
        _wheel(d, 1)
        on_a_row_in_view()
    assert scene.focus == scene.scroll == 0
    d.press(Intent.SCROLL_UP, Context.SETTINGS)  # round to Restore defaults, under the list
    assert scene.focus == count
    _wheel(d, 1)
    on_a_row_in_view()
    assert scene.focus == count - 1


def _boxes_of_row(scene: SettingsScene, index: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The '<' arrow, the value between the arrows and the '>' arrow of row ``index`` as last drawn."""
    line = scene.row_rects[index]
    inside = [rect for rect, _ in scene.hit_boxes if line.contains(rect) and rect != line]
    arrows = sorted((r for r in inside if r.w == r.h), key=lambda r: r.x)
    value = next(r for r in inside if r.w > r.h)
    return arrows[0], value, arrows[-1]


@pytest.mark.slow
def test_on_off_rows_step_as_every_other_row(tmp_path):
    """Every row's choices run from 'off' up, so Right (and '>') is the next choice, Left (and '<')
    the one before, stopping at the ends; Enter and a click on the value take the next, round to
    the first. An On/Off row is Off first: Right turns it on."""
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    bools = 0
    for section in range(len(GROUPS)):
        for index, row in enumerate(_rows_of(scene, section)):
            if set(row.choices) == {False, True}:
                assert row.choices == (False, True), f"{row.key} steps On then Off"
            if row.key == "fullscreen" or row.text or row.disabled() or set(row.choices) != {False, True}:
                continue
            bools += 1
            _go_to(d, scene, section, index)
            while row.can_step(-1):
                d.press(Intent.VALUE_DOWN, Context.SETTINGS)
            assert row.get() is False, row.key
            d.press(Intent.VALUE_UP, Context.SETTINGS)
            assert row.get() is True, f"Right on {row.key} did not turn it on"
            d.press(Intent.VALUE_UP, Context.SETTINGS)  # the end of its choices
            assert row.get() is True
            d.press(Intent.VALUE_DOWN, Context.SETTINGS)
            assert row.get() is False
            d.press(Intent.CHANGE, Context.SETTINGS)
            assert row.get() is True
            scene.draw(d.app.screen)
            left, value, right = _boxes_of_row(scene, index)
            d.click(left.center)
            assert row.get() is False, f"'<' on {row.key}"
            d.click(right.center)
            assert row.get() is True, f"'>' on {row.key}"
            d.click(value.center)  # as Enter: round to the first
            assert row.get() is False, f"a click on {row.key}'s value"
            d.click(value.center)
            assert row.get() is True
    assert bools >= 8


def test_a_click_on_a_value_steps_it_as_enter_does(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    display = GROUPS.index("Display")
    index = next(i for i, r in enumerate(_rows_of(scene, display)) if r.key == "animation_speed")
    _go_to(d, scene, display, index)
    row = scene.rows()[index]
    assert row.get() == "instant"
    scene.draw(d.app.screen)
    _, value, _ = _boxes_of_row(scene, index)
    d.click(value.center)
    assert row.get() == "slow"  # round to the first, as Enter
    d.click(value.center)
    assert row.get() == "normal"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_rows_fill_the_list(tmp_path, size):
    """As many rows as the panel's height holds, with no empty band under the last one; a short
    section's panel ends under its last row."""
    d = Driver(str(tmp_path), rules=None, size=size)
    scene = _open(d)
    for section in GROUPS:
        d.step()
        scene.draw(d.app.screen)
        rows = scene.rows()
        shown = sorted(scene.row_rects)
        assert len(shown) == min(len(rows), scene.visible_rows), section
        last = scene.row_rects[shown[-1]]
        gap = scene.panel.bottom - last.bottom
        assert gap < last.h // 2, f"{section}: {gap} px empty under the last row at {size} (rows {last.h} px)"
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)


@pytest.mark.slow
def test_the_window_size_row_shows_the_windows_real_size(tmp_path, monkeypatch):
    """A window of a size none of the choices has (dragged, or --size) shows that size; Right and
    Left go to the listed sizes either side of it."""
    from spades_desktop.ui.screens import settings_layout as settings_module

    drawn: list[str] = []
    original = settings_module.draw_text

    def recording(surface, font, text, colour, **anchor):
        drawn.append(text)
        return original(surface, font, text, colour, **anchor)

    monkeypatch.setattr(settings_module, "draw_text", recording)
    d = Driver(str(tmp_path), rules=None, size=(1400, 800))
    scene = _open(d)
    index = next(i for i, r in enumerate(_rows_of(scene, GROUPS.index("Display"))) if r.key == "window_size")
    _go_to(d, scene, GROUPS.index("Display"), index)
    drawn.clear()
    scene.draw(d.app.screen)
    assert "1400 x 800" in drawn and "1280 x 720" not in drawn
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.screen.get_size() == (1600, 900)
    d.app.resize_window((1400, 800))
    d.step()
    d.press(Intent.VALUE_DOWN, Context.SETTINGS)
    assert d.app.screen.get_size() == (1280, 720)
    drawn.clear()
    scene.draw(d.app.screen)
    assert "1280 x 720" in drawn


@pytest.mark.slow
@pytest.mark.parametrize(("size", "text_size"), [((960, 540), 100), ((1280, 720), 100), ((1920, 1080), 100),
                                                 ((960, 540), 150), ((1280, 720), 150)])
def test_every_rows_help_is_shown_whole(tmp_path, size, text_size):
    """A row's note is read whole at every size, wrapped where it needs to be: its help, and a
    greyed-out row's reason before it (the cores row's help was cut at 1280x720, four more at
    960x540, and the reasons' helps under greyed-out rules at 960x540); nothing ends in an ellipsis."""
    d = Driver(str(tmp_path), rules=None, size=size)
    d.app.update_settings(text_size=text_size)
    scene = _open(d)
    for rules in (None, preset("auction").with_changes(deck="jokers", bidding="whiz", nil_exchange=2)):
        if rules is not None:
            scene.choices.store_rules(rules)
        for group in GROUPS:
            rows = scene.rows()
            for index in range(len(rows)):
                scene.focus = index  # every row in view in turn
                scene.draw(d.app.screen)
                for place in scene.layout.placed:
                    row = rows[place.index]
                    note = " ".join(" ".join(place.note).split())
                    assert not note.endswith("…"), f"{group} at {size}: {note!r}"
                    reason = row.disabled()
                    whole = sentence(reason) if reason else " ".join(row.explanation.split())
                    assert (note.startswith if reason else note.endswith)(whole), f"{group} at {size}: {note!r}"
            d.press(Intent.NEXT_SECTION, Context.SETTINGS)
