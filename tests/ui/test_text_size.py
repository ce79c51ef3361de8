"""The text size setting (issue 41, "Legible at every size"): kept in the settings file, applied
at start-up and at once from the settings screen, and the table's smallest texts (its key help and
the plates' second lines) never under 15 px at 1280x720.  That no text then overlaps another or
leaves the window is the text-layout walk's (``test_text_layout.py``, at every text size)."""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest

from spades_desktop.engine.seats import Seat
from spades_desktop.storage.paths import user_paths
from spades_desktop.storage.settings import TEXT_SIZES, Settings, load_settings, save_settings
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.core.text_log import TextLog, recording
from spades_desktop.ui.screens.settings import GROUPS, SettingsScene, words
from tests.ui_driver import Driver


def test_text_size_is_kept_in_the_settings_file_and_a_bad_value_falls_back(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().text_size == 100 and TEXT_SIZES == (100, 125, 150)
    for size in TEXT_SIZES:
        save_settings(path, Settings().with_changes(text_size=size))
        assert json.loads(path.read_text())["text_size"] == size
        assert load_settings(path) == (Settings().with_changes(text_size=size), [])
    for bad in (120, "150", 150.0, True, None, [150]):  # not one of the three, or not a whole number
        data = json.loads(path.read_text())
        data["text_size"] = bad
        path.write_text(json.dumps(data))
        loaded, problems = load_settings(path)
        assert loaded.text_size == 100, bad
        assert any("text_size" in problem and "100, 125 or 150" in problem for problem in problems), problems


def test_the_settings_row_shows_percentages():
    assert [words("text_size", size) for size in TEXT_SIZES] == ["100%", "125%", "150%"]


def test_the_text_size_in_the_settings_file_applies_from_the_start(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADES_DESKTOP_HOME", str(tmp_path))
    settings_file = user_paths().settings_file
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    save_settings(settings_file, Settings().with_changes(text_size=125))
    d = Driver(str(tmp_path))
    assert d.app.fonts.scale == 1.25
    assert d.app.fonts.px(0.03) == int(21 * 1.25)  # 3% of 720 is under the floor of 21: the floor grows too


def _table_texts(d: Driver) -> list[tuple[str, int]]:
    """The texts the table draws now, with their heights in pixels."""
    log = TextLog()
    with recording(log):
        d.table.draw(d.app.screen)
    return [(drawn.text, drawn.px) for drawn in log.texts]


def _smallest_lines(d: Driver) -> dict[str, int]:
    """The heights of the table's key help lines and of each plate's second line, by their words."""
    d.app.redraw_all()
    d.step(2)
    table = d.table
    wanted = set(table.painter.corner.key_help())
    for seat in table.ctl.state.seats:
        look = table.painter.plates[seat].inputs()
        assert look is not None
        for line in look.lines[1:]:  # (the level's line and the bid and tricks', under the name)
            wanted.update(line)
    found = {text: px for text, px in _table_texts(d) if text in wanted}
    assert set(found) == wanted, f"not drawn: {wanted - set(found)}"
    return found


@pytest.mark.parametrize("text_size", TEXT_SIZES)
def test_the_key_help_and_the_plates_second_lines_are_at_least_15_px_at_1280x720(tmp_path, text_size):
    d = Driver(str(tmp_path), seed=6)
    d.app.update_settings(text_size=text_size)
    assert d.wait_for_person() == "act"
    d.act_once()  # a bid made: the plates say "bid ... · tricks 0"
    assert d.wait_for_person() == "act"
    heights = _smallest_lines(d)
    small = {text: px for text, px in heights.items() if px < 15}
    assert not small, f"under 15 px at {text_size}%: {small}"
    if text_size > 100:  # and larger than at 100%: the setting reaches them
        assert min(heights.values()) > 16


def test_changing_the_text_size_in_the_settings_screen_changes_the_table_at_once(tmp_path):
    """Esc, the pause menu's Settings button, Tab to Display, Down to Text size, Right: every text of
    the table under the menu is drawn larger, its plates wider, before the game goes on."""
    d = Driver(str(tmp_path), seed=6)
    assert d.wait_for_person() == "act"
    table = d.table
    before = dict(_table_texts(d))
    plate = table.painter.plate_rects[Seat.N].copy()
    d.press(Intent.MENU)
    d.click_button("settings")
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene)
    while GROUPS[scene.section] != "Display":
        d.press(Intent.NEXT_SECTION, Context.SETTINGS)
    while scene.rows()[scene.focus].key != "text_size":
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.text_size == 125
    assert json.loads(d.app.paths.settings_file.read_text())["text_size"] == 125
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.text_size == 150 and not scene.rows()[scene.focus].can_step(1)  # the largest
    d.press(Intent.BACK, Context.SCREEN)  # back to the pause menu, then the table
    d.press(Intent.BACK, Context.SCREEN)
    assert d.app.stack.top is table
    after = dict(_table_texts(d))
    shared = set(before) & set(after)
    assert len(shared) > 5
    assert all(after[text] >= before[text] for text in shared)
    assert sum(after[text] > before[text] for text in shared) >= len(shared) * 3 // 4, "most texts larger"
    assert table.painter.plate_rects[Seat.N].w > plate.w, "a plate sized from its words grows with them"
    d.step(5)  # and the game goes on
    assert d.wait_for_person() == "act"


def test_spades_broken_stays_off_the_cards_of_the_trick_at_the_largest_text(tmp_path):
    """At 960x540 150% the words under the trump badge, wider than the badge, lay on East's card in
    the trick: they go beside the badge there."""
    import pygame

    from spades_desktop.engine.state import Phase
    from spades_desktop.ui.core.text_log import TextLog, recording
    from spades_desktop.ui.table.widgets.middle import BadgeLook

    d = Driver(str(tmp_path), seed=6, size=(960, 540))
    d.app.update_settings(text_size=150)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.ctl.human_turn() and t.settled
                        and not t.message)  # (a message moves the badge aside)
    table = d.table
    badge = table.painter.badge
    look = badge.inputs()
    assert look is not None
    look = BadgeLook(look.place, look.label, look.trump, look.colour, "Spades broken", look.size)
    surface = d.app.screen.copy()
    with recording(TextLog()) as log:
        badge.paint(surface, look)
    (words,) = [drawn.rect for drawn in log.texts if drawn.text == "Spades broken"]
    lay = table.layout
    for seat in table.ctl.state.seats:
        card = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        card.center = (int(lay.trick_spot(seat)[0]), int(lay.trick_spot(seat)[1]))
        assert not words.colliderect(card), seat
    assert surface.get_rect().contains(words)
