"""The settings in groups a player expects, a search over them, the mark on a changed row, and
the seams a newcomer met (issue 58): the cores row's choices against its help, the Boston row's
amount.  Real pygame events, buttons found by name."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine.rule_table import RULE_SPECS, SPECS
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.core.theme import GOLD, ROW_INSET
from spades_desktop.ui.screens.settings import GROUPS, SettingsScene
from tests.ui_driver import Driver


def _open(d: Driver) -> SettingsScene:
    d.app.to_title()
    d.step(2)
    d.click_button("settings")
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def _note(scene: SettingsScene, key: str) -> str:
    """The note drawn under the row ``key`` (it must be in view), its lines joined."""
    scene.draw(scene.app.screen)
    rows = scene.rows()
    assert scene.layout is not None
    place = next(p for p in scene.layout.placed if rows[p.index].key == key)
    return " ".join(" ".join(place.note).split())


def _focus(d: Driver, scene: SettingsScene, key: str) -> None:
    while scene.rows()[scene.focus].key != key:
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)


def test_the_groups_are_tabs_and_hold_every_row_once(tmp_path):
    """Rules, computer players, table, display, sound: a tab each (clicked by name), every row in
    exactly one of them, every house rule of the rule table under Rules."""
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    assert GROUPS == ("Rules", "Computer players", "Table", "Display", "Sound")
    seen: list[str] = []
    for index, group in enumerate(GROUPS):
        d.click_button(group.lower().replace(" ", "_"))
        assert scene.section == index and scene.focus == 0
        seen += [row.key for row in scene.rows()]
    assert len(seen) == len(set(seen)), "a row in two groups"
    rules = {row.key for row in scene.choices.rows("Rules")}
    assert {spec.key for spec in RULE_SPECS} | {"preset"} == rules
    computers = {r.key for r in scene.choices.rows("Computer players")}
    assert {"level_N", "name_N", "computer_cores", "table_talk"} <= computers
    assert {"name_S", "hints", "confirm_play"} <= {r.key for r in scene.choices.rows("Table")}


def test_a_groups_number_key_shows_it(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    d.key(pygame.K_3)
    assert GROUPS[scene.section] == "Table"
    d.key(pygame.K_KP5)
    assert GROUPS[scene.section] == "Sound"
    d.key(pygame.K_9)  # no ninth group: nothing
    assert GROUPS[scene.section] == "Sound"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_group_that_fits_in_two_columns_does_not_scroll(tmp_path, size):
    """Computer players and Display (ten rows each) would scroll in one column: in two they are
    whole on the page, as are Table and Sound; only Rules (25 rows) scrolls."""
    d = Driver(str(tmp_path), rules=None, size=size)
    scene = _open(d)
    for group in GROUPS:
        scene.draw(d.app.screen)
        shown = len(scene.row_rects)
        if group == "Rules":
            assert shown < len(scene.rows()) and scene.columns == 2
        else:
            assert shown == len(scene.rows()), f"{group} scrolls at {size}"
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)


def test_a_search_finds_rows_of_every_group_and_esc_closes_it_before_the_screen(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    d.press(Intent.SEARCH, Context.SETTINGS)
    assert scene.search.typing
    d.type_text("blind")
    found = [row.key for row in scene.rows()]
    assert "blind_nil_value" in found and "blind_nil_prompt" in found, "a rule and a Table row"
    assert all("blind" in (row.label + row.explanation).lower() for row in scene.rows())
    assert "target_score" not in found and scene.search.query == "blind"
    d.type_text(" val")  # every word must be found: the values of blind nil
    assert [row.key for row in scene.rows()] == ["blind_nil_value"]
    d.press(Intent.CLOSE_SEARCH, Context.SETTINGS_FOUND)  # Esc: the search goes, the screen stays
    assert d.app.stack.top is scene and not scene.search.open
    assert [row.key for row in scene.rows()] == [row.key for row in scene.choices.rows("Rules")]
    d.press(Intent.BACK, Context.SCREEN)  # the second Esc leaves
    assert d.app.stack.top is not scene


def test_a_search_done_typing_changes_the_rows_it_found(tmp_path):
    """Ctrl+F opens the field too; Enter takes the keys back to the rows found, where Right changes
    a value; Esc still closes the search first."""
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    d.key(pygame.K_f, pygame.KMOD_CTRL)
    assert scene.search.typing
    d.type_text("mute")
    d.press(Intent.SUBMIT, Context.SETTINGS_SEARCH)
    assert scene.search.open and not scene.search.typing
    assert scene.rows()[scene.focus].key == "mute"
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.mute is True
    d.key(pygame.K_ESCAPE)
    assert d.app.stack.top is scene and not scene.search.open
    d.key(pygame.K_ESCAPE)
    assert d.app.stack.top is not scene


def test_a_click_on_the_search_field_opens_it_and_a_tab_closes_it(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    d.click_button("search")
    assert scene.search.typing
    d.type_text("zzz")
    assert scene.rows() == []
    d.click_button("display")
    assert not scene.search.open and GROUPS[scene.section] == "Display"


def test_a_changed_row_is_marked_until_it_is_set_back(tmp_path):
    """The gold dot before the label and 'changed: default 500' in its note, from the defaults of
    the rule table; gone when the value is back at its default."""
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    _focus(d, scene, "target_score")

    def dot() -> bool:
        scene.draw(d.app.screen)
        rect = scene.row_rects[scene.focus]
        x = rect.left + ROW_INSET // 2
        column = [d.app.screen.get_at((x, y))[:3] for y in range(rect.top + 4, rect.bottom - 4)]
        return GOLD in column

    assert "changed" not in _note(scene, "target_score") and not dot()
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.house_rules().target_score == 550
    assert _note(scene, "target_score").startswith("Changed: default 500") and dot()
    d.press(Intent.VALUE_DOWN, Context.SETTINGS)
    assert "changed" not in _note(scene, "target_score").lower() and not dot()


def test_a_changed_setting_names_its_default_in_its_own_words(tmp_path):
    d = Driver(str(tmp_path), rules=None)  # the driver sets animation to instant: off its default
    scene = _open(d)
    d.click_button("display")
    assert _note(scene, "animation_speed").startswith("Changed: default Normal")
    d.click_button("sound")
    _focus(d, scene, "mute")
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert _note(scene, "mute").startswith("Changed: default Off")
    volume = _note(scene, "volume")  # greyed out by the mute, at its default: the reason alone before the help
    assert volume.startswith("Sound is muted") and "changed" not in volume.lower()
    d.press(Intent.VALUE_DOWN, Context.SETTINGS)
    assert "changed" not in _note(scene, "mute").lower()


@pytest.mark.parametrize(("cpus", "most"), [(2, 1), (1, 1), (8, 7)])
def test_the_cores_row_offers_what_its_help_says(tmp_path, monkeypatch, cpus, most):
    """The window keeps a core: a two-core machine offered '2 cores' under a help that said so."""
    monkeypatch.setattr(os, "cpu_count", lambda: cpus)
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    d.click_button("computer_players")
    row = next(r for r in scene.rows() if r.key == "computer_cores")
    assert row.choices == tuple(range(1, most + 1))
    assert row.get() == most and row.default_word() is None  # the default: all but the window's
    if most > 1:
        assert f"up to {most}, the window keeps one" in row.explanation
    else:
        assert "one, on a machine this size" in row.explanation
    _focus(d, scene, "computer_cores")
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert row.get() == most, "no more than the help says"


def test_a_stored_core_count_above_the_machines_is_shown_as_it_is(tmp_path, monkeypatch):
    """A settings file from a larger machine: the row shows its number (the game uses it), and Left
    goes down to the ones this machine offers."""
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    d = Driver(str(tmp_path), rules=None)
    d.app.update_settings(computer_cores=6)
    scene = _open(d)
    row = next(r for r in scene.choices.rows("Computer players") if r.key == "computer_cores")
    assert row.choices == (1, 2, 3, 6) and row.get() == 6 and not row.can_step(1)


def test_the_boston_row_says_how_much(tmp_path):
    """'scores extra' did not say how much: the help names each amount the rule offers, from its
    choices in the rule table."""
    spec = SPECS["all_tricks_bonus"]
    amounts = [v for v in spec.choices if v]
    assert amounts and all(str(v) in spec.help for v in amounts)
    d = Driver(str(tmp_path), rules=None)
    scene = _open(d)
    d.key(pygame.K_1)
    for _ in range(len(scene.rows()) - 2):
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)
    assert "scores 200 or 250 more" in _note(scene, "all_tricks_bonus")
