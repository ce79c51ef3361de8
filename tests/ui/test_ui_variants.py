"""The variants through the real app and real pygame events: a three-player game, a jokers game,
a mirror bid, a nil exchange, and the settings rows a mode excludes, disabled with the reason."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine.cards import BIG_JOKER, LITTLE_JOKER, SUIT_OF, cards_of
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.settings import SettingsScene
from spades_desktop.ui.screens.summaries import HandSummaryScene
from tests.ui_driver import Driver

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _bidding(d: Driver) -> bool:
    """The person's bid, the cards looked at first where blind nil was offered."""
    if d.wait_for_person() == "act" and d.table.ctl.state.phase is Phase.BLIND_DECISION:
        d.press(Intent.LOOK, Context.BLIND_DECISION)
    return d.wait_for_person() == "act" and d.table.ctl.state.phase is Phase.BIDDING


@pytest.mark.slow
def test_a_three_player_hand_through_the_ui(tmp_path):
    d = Driver(str(tmp_path), rules="three_player", seed=5, mouse=True)
    table = d.table
    assert _bidding(d)
    assert len(table.view.hands[S]) == 17
    d.step()
    assert set(table.painter.plate_rects) == {N, S, W}  # East's chair is empty
    labels = [b.label for b in table.panel.buttons]
    assert labels[0] == "Nil" and labels[-1] == "17"  # bids 0 to 17, one click each
    window = pygame.Rect(0, 0, *d.app.screen.get_size())
    assert all(window.contains(b.rect) for b in table.panel.buttons)
    assert d.play_until(lambda t: isinstance(t.modal, HandSummaryScene))
    modal = table.modal
    assert set(modal.event.breakdown) == {"N", "S", "W"}
    assert sum(b.tricks for b in modal.event.breakdown.values()) == 17


@pytest.mark.slow
def test_a_jokers_hand_sorts_and_draws_the_jokers(tmp_path):
    for seed in range(1, 30):
        d = Driver(str(tmp_path / str(seed)), rules="jokers", seed=seed)
        assert d.wait_for_person() == "act"
        hand = d.table.view.hands[S]
        jokers = [c for c in hand if c in (BIG_JOKER, LITTLE_JOKER)]
        if jokers:
            break
    else:
        pytest.fail("no deal gave South a joker")
    table = d.table
    assert hand[:len(jokers)] == sorted(jokers, reverse=True)  # at the top of the spades
    assert all(SUIT_OF[c] == 3 for c in hand[:len(jokers) + 1])
    face = table.art.face(jokers[0])
    assert face.get_size() == (table.layout.card_w, table.layout.card_h)
    d.step()
    assert d.play_hands(1) == 1


def test_a_mirror_bid_is_one_button_that_enter_confirms(tmp_path):
    d = Driver(str(tmp_path), rules={"bidding": "mirror"}, seed=3)
    assert _bidding(d)
    table = d.table
    state = table.ctl.state
    spades = state.trumps_held(S)
    words = str(spades) if spades else "nil"
    assert [b.label for b in table.panel.buttons] == [f"Bid {words} (Enter)"]
    expected = f"Mirror: you bid your {spades} spade" if spades else "Mirror: you hold no spades"
    assert table.panel.title().startswith(expected)
    d.press(Intent.CONFIRM, Context.BIDDING)
    assert table.ctl.state.bids[S] == spades


@pytest.mark.slow
def test_a_whiz_bid_offers_the_count_or_nil(tmp_path):
    d = Driver(str(tmp_path), rules={"bidding": "whiz"}, seed=2, mouse=True)
    assert _bidding(d)
    table = d.table
    spades = table.ctl.state.trumps_held(S)
    labels = [b.label for b in table.panel.buttons]
    assert labels == (["Nil", str(spades)] if spades else ["Bid nil (Enter)"])
    assert d.play_hands(1) == 1


def _exchange_seed(tmp_path, person_bids_nil: bool) -> Driver:
    """A game with a two-card nil exchange in which South is the nil bidder, or the partner."""
    for seed in range(1, 60):
        d = Driver(str(tmp_path / f"{person_bids_nil}{seed}"), rules={"nil_exchange": 2}, seed=seed)
        if not _bidding(d):
            continue
        north = d.table.ctl.state.bids[N]
        if person_bids_nil and north != 0:
            d.press(Intent.NIL, Context.BIDDING)
            d.press(Intent.CONFIRM, Context.BIDDING)
        elif not person_bids_nil and north == 0:
            d.bid(3)
        else:
            continue
        for _ in range(4):
            state = d.table.ctl.state
            if d.wait_for_person() == "act" and state.phase is Phase.EXCHANGE:
                return d
            if state.phase is not Phase.BIDDING:
                break
            d.act_once()
    pytest.fail("no deal led to the exchange")


@pytest.mark.slow
@pytest.mark.parametrize("person_bids_nil", [True, False])
def test_the_nil_exchange_says_what_it_is_and_passes_two_cards(tmp_path, person_bids_nil):
    d = _exchange_seed(tmp_path, person_bids_nil)
    table = d.table
    title = table.panel.title()
    if person_bids_nil:
        assert title == "You bid nil: choose 2 cards to pass to your partner"
    else:
        assert title == "Your partner bid nil: choose 2 cards to pass"
    button = table.panel.buttons[0]
    assert button.label == "Pass 0/2" and not button.enabled
    given = list(table.view.hands[S])[:2]
    d.exchange()  # clicks two cards and the button
    for _ in range(600):
        if table.ctl.state.phase is Phase.PLAY and not table.queue and not table.tweener.busy:
            break
        d.step()
    hand = set(table.view.hands[S])
    assert not hand & set(given) and len(hand) == 13
    assert hand == set(cards_of(table.ctl.state.hands[S]))  # the partner's two cards arrived


def _settings(d: Driver) -> SettingsScene:
    d.app.to_title()
    d.step(2)
    d.app.open_settings()
    d.step(2)
    return d.app.stack.top


def _focus(d: Driver, scene: SettingsScene, key: str) -> None:
    index = next(i for i, row in enumerate(scene.rows()) if row.key == key)
    while scene.focus != index:
        d.press(Intent.SCROLL_DOWN, Context.SETTINGS)


@pytest.mark.slow
def test_settings_rows_a_mode_excludes_are_disabled_with_the_reason(tmp_path):
    d = Driver(str(tmp_path), rules=None)
    scene = _settings(d)
    _focus(d, scene, "preset")
    while scene.rows()[0].get() != "two_player":
        d.press(Intent.VALUE_UP, Context.SETTINGS)
    rows = {row.key: row for row in scene.rows()}
    assert rows["deck"].disabled() == "Jokers decks: partnership, cutthroat and three-player only"
    assert rows["nil_exchange"].disabled() == "Nil exchange: partnership only"
    _focus(d, scene, "deck")
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.house_rules().deck == "standard"  # a disabled row does not change
    # the presets Jokers and Three-player are offered
    _focus(d, scene, "preset")
    while scene.rows()[0].get() != "jokers":
        d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.house_rules().deck == "jokers"
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.house_rules().mode == "three_player"
    rows = {row.key: row for row in scene.rows()}
    assert rows["deck"].choices == ("standard", "jokers")  # no jokers & deuces for three players
    assert rows["bidding"].choices == ("standard", "whiz", "mirror")
    # a style built on nil: nil_allowed does not apply
    _focus(d, scene, "bidding")
    d.press(Intent.VALUE_UP, Context.SETTINGS)
    assert d.app.settings.house_rules().bidding == "whiz"
    assert {row.key: row for row in scene.rows()}["nil_allowed"].disabled() == "Whiz bidding brings nil"
    d.step()  # the reason is drawn in the row's note
    d.press(Intent.NEXT_SECTION, Context.SETTINGS)  # Players: East's chair is empty in three-player
    east = next(row for row in scene.rows() if row.key == "level_E")
    assert east.disabled() == "East's chair is empty in three-player"
