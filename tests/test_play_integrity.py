"""Play integrity through the real app and real events: rules that must hold at the table,
games that must not be lost, and the table's help that must be usable (issue 10)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.errors import BlindNilNotAllowed
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.app import App, Options
from spades_desktop.ui.menus import PauseScene
from spades_desktop.ui.settings_scene import SECTIONS, SettingsScene
from tests.ui_driver import Driver


def _settings_row(d: Driver, scene: SettingsScene, key: str) -> None:
    """Walk the settings screen with Tab and Down to the row ``key``."""
    section = next(i for i, _ in enumerate(SECTIONS) if _rows_of(scene, i, key))
    while scene.section != section:
        d.key(pygame.K_TAB)
    while scene.rows()[scene.focus].key != key:
        d.key(pygame.K_DOWN)


def _rows_of(scene: SettingsScene, section: int, key: str) -> bool:
    keep = scene.section
    scene.section = section
    found = any(r.key == key for r in scene.rows())
    scene.section = keep
    return found


def _cards_shown_before_my_bid(d: Driver) -> None:
    """Run frames until the person's 13 cards are face up while a computer is still to bid first."""
    for _ in range(2000):
        table = d.table
        st = table.ctl.state
        if (table.face_up_hand and len(table.hands_shown.get(Seat.S, [])) == 13 and not table.tweener.busy
                and st.phase in (Phase.BIDDING, Phase.BLIND_DECISION) and st.turn != Seat.S):
            return
        d.step()
    raise AssertionError("the cards were never shown before the person's bid")


def _switch_prompt_to_every_hand(d: Driver) -> None:
    d.key(pygame.K_ESCAPE)
    pause = d.app.stack.top
    assert isinstance(pause, PauseScene)
    settings_button = next(b for b in pause.group.buttons if b.label == "Settings")
    d.step()
    d.click(settings_button.rect.center)
    scene = d.app.stack.top
    assert isinstance(scene, SettingsScene)
    _settings_row(d, scene, "blind_nil_prompt")
    while d.app.settings.blind_nil_prompt != "always":
        d.key(pygame.K_RIGHT)
    d.key(pygame.K_ESCAPE)  # settings -> pause
    d.key(pygame.K_ESCAPE)  # pause -> table


def _first_seed_where_south_bids_late() -> int:
    from spades_desktop.engine.rules import preset
    from spades_desktop.engine.state import GameState

    for seed in range(1, 200):
        state, _ = GameState.new_game(preset("standard"), seed)
        if state.turn != Seat.S:
            return seed
    raise AssertionError("no seed")


def test_blind_nil_is_never_offered_once_the_cards_were_seen(tmp_path):
    """The exact sequence a tester found: 'when behind', not behind, cards face up; Settings during
    the bidding switch the offer to 'every hand'; the table must not ask, and B must not bid."""
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late(), speed="normal")
    d.app.update_settings(blind_nil_prompt="when_behind")
    d.app.new_game()
    _cards_shown_before_my_bid(d)
    _switch_prompt_to_every_hand(d)
    assert d.wait_for_person() == "act"
    table = d.table
    st = table.ctl.state
    assert st.phase is Phase.BIDDING and st.looked[Seat.S], "blind nil was offered after the cards were shown"
    assert table.face_up_hand
    assert "blind" not in table.panel.title().lower()
    before = list(st.log)
    d.key(pygame.K_b)
    assert table.ctl.state.log == before and table.ctl.state.bids[Seat.S] is None
    with pytest.raises(BlindNilNotAllowed):
        table.ctl.submit(A.BLIND_NIL)


def test_a_resumed_game_remembers_that_the_cards_were_seen(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late(), speed="normal")
    d.app.update_settings(blind_nil_prompt="when_behind")
    d.app.new_game()
    _cards_shown_before_my_bid(d)
    d.table.ctl.cancel()
    d.app.autosave(d.table.ctl)
    d.app.writer.flush()
    d.app.update_settings(blind_nil_prompt="always")
    d.app.writer.close()
    # a new start of the app on the same folder: Continue
    again = App(Options(size=(1280, 720)))
    again.continue_game()
    resumed = Driver.__new__(Driver)
    resumed.app, resumed.mouse, resumed.frames = again, False, 0
    assert resumed.wait_for_person() == "act"
    table = resumed.table
    assert table.ctl.state.phase is Phase.BIDDING and table.face_up_hand
    assert table.ctl.cards_seen
    again.writer.close()


def test_cards_kept_face_down_still_offer_blind_nil(tmp_path):
    """The guard must not take blind nil away from a person who has not seen the cards."""
    d = Driver(str(tmp_path), rules="standard", seed=_first_seed_where_south_bids_late())
    d.app.update_settings(blind_nil_prompt="always")
    d.app.new_game()
    assert d.wait_for_person() == "act"
    table = d.table
    assert table.ctl.state.phase is Phase.BLIND_DECISION and not table.face_up_hand
    assert not table.ctl.cards_seen
    d.key(pygame.K_b)
    assert table.ctl.state.blind[Seat.S]
