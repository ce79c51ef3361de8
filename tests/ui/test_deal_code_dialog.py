"""Play a deal by code (issue 56): the title's key opens a box; each kind of bad code is refused
with its reason under the box and nothing is dealt; a good code says what it will deal and under
which rules, and Enter deals exactly its cards in a game that is kept; the pause menu offers it
too, and the hand summary and the hand record name each hand's code."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from spades_desktop.engine.deal_codes import DealCode, code_of_hand, parse_code
from spades_desktop.engine.record import check_record
from spades_desktop.engine.rule_values import Deck, Mode
from spades_desktop.engine.seats import Seat
from spades_desktop.session.game_session import SessionMode
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.deal_code import DealCodeScene
from tests.ui.daily_helpers import to_fresh_title
from tests.ui_driver import Driver

GOOD = DealCode(Mode.CUTTHROAT, Deck.JOKERS, Seat.E, 7, 12345).text()


def _open_dialog(d: Driver) -> DealCodeScene:
    to_fresh_title(d)
    d.press(Intent.DEAL_BY_CODE, Context.TITLE)
    dialog = d.app.stack.top
    assert isinstance(dialog, DealCodeScene)
    return dialog


def _type(d: Driver, text: str) -> None:
    for ch in text:
        if ch == "-":
            d.key(pygame.K_MINUS)
        else:
            d.type_text(ch)


@pytest.mark.parametrize(("typed", "reason"), [
    ("158W0-30E8", "a deal code has 10 characters"),  # one short
    ("158W0-30E8CC", "a deal code has 10 characters"),  # one too many
    ("1O8W0-30E8C", "O is not used in deal codes: did you mean 0?"),
    ("158W0-30E8D", "the code's check fails"),  # the last character mistyped
    ("Z58W0-30E8C", "the code's check fails"),
])
def test_a_bad_code_is_refused_with_its_reason_and_nothing_is_dealt(tmp_path, typed, reason):
    d = Driver(str(tmp_path))
    dialog = _open_dialog(d)
    _type(d, typed)
    d.press(Intent.SUBMIT, Context.TEXT_FORM)
    assert d.app.stack.top is dialog, "the box stays open"
    words, _ = dialog.under_box()
    assert reason.lower() in words.lower()
    assert d.table is None and d.app.games.session is None, "nothing was dealt"


def test_a_newer_versions_code_says_so(tmp_path):
    from spades_desktop.engine.deal_codes import ALPHABET, _check_symbol

    symbols = [2] + [ALPHABET.index(c) for c in GOOD.replace("-", "")[1:9]]
    newer = "".join(ALPHABET[v] for v in [*symbols, _check_symbol(symbols)])
    d = Driver(str(tmp_path))
    dialog = _open_dialog(d)
    _type(d, newer)
    d.click_button("deal")
    assert "newer version" in dialog.under_box()[0] and d.table is None


def test_a_good_code_says_what_it_deals_and_enter_deals_exactly_its_cards(tmp_path):
    d = Driver(str(tmp_path))
    dialog = _open_dialog(d)
    _type(d, GOOD.lower())  # (typed as read: lower case is the same code)
    words, _ = dialog.under_box()
    assert words.startswith("Cutthroat, jokers deck, hand 7, East deals")
    assert "the mode and deck from the code, your other house rules" in words
    d.press(Intent.SUBMIT, Context.TEXT_FORM)
    table = d.table
    assert table is not None and table.session.mode is SessionMode.PLAY  # a kept game, as New game's
    state = table.ctl.state
    expected = parse_code(GOOD).deal(d.app.settings.house_rules())
    assert state.hands == expected.hands and state.dealer == Seat.E and state.hand_number == 7
    assert code_of_hand(state).text() == GOOD
    assert d.app.games.has_autosave()


def test_the_pause_menu_offers_a_deal_by_code_and_asks_before_the_game_in_progress_goes(tmp_path):
    d = Driver(str(tmp_path))
    d.wait_for_person()
    d.press(Intent.MENU, Context.TABLE)
    d.click_button("by_code")
    _type(d, GOOD)
    d.click_button("deal")
    assert "abandon" in d.buttons(), "the game in progress is asked about first"
    d.click_button("abandon")
    assert d.table.ctl.state.hand_number == 7


def test_the_hand_summary_and_the_hand_record_name_the_hands_code(tmp_path):
    d = Driver(str(tmp_path), seed=77)
    code = code_of_hand(d.table.ctl.state).text()
    outcome = None
    while outcome != "modal":
        outcome = d.wait_for_person()
        if outcome == "act":
            d.act_once()
    summary = d.app.stack.top
    assert summary.code == f"Deal code {code}"
    d.click_button("export")
    [path] = list(d.app.paths.records.glob("hand-1-*.json"))
    record = json.loads(path.read_text())
    assert record["deal_code"] == code
    assert check_record(record)["legal"] is True  # check-hand reads a record with its code


def test_the_replay_of_a_hand_names_its_deal_code(tmp_path):
    """The score sheet's (and the review's) replay of a hand says its code in its title."""
    from spades_desktop.engine.deal_codes import code_of_result
    from spades_desktop.ui.core.text_log import TextLog, recording
    from tests.ui_driver import Driver

    d = Driver(str(tmp_path), seed=9)
    d.play_hands(1)
    state = d.table.ctl.state
    code = code_of_result(state, state.hand_history[0])
    assert code is not None
    d.app.stack.push(d.app.scenes.score_sheet(state, []))
    d.step()
    assert d.app.stack.top.activate(0)
    d.step()
    log = TextLog()
    with recording(log):
        d.app.stack.top.draw(d.app.screen)
    assert any(f"deal code {code.text()}" in t.text for t in log.texts), [t.text for t in log.texts][:5]
    d.app.close()
