"""Keys mean one thing (issue 24, item 2): N and B type a nil that only Enter bids (blind nil is a
200-point gamble: one key must not bid it), Enter bids the hint's outlined bid, and a key that does
nothing where it was pressed says why, once."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from spades_desktop.engine import actions as A
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.text.idle_keys import blind_nil_reason
from tests.ui_driver import Driver


def _to_the_blind_question(tmp_path) -> Driver:
    d = Driver(str(tmp_path), rules="standard", seed=3)
    assert d.wait_for_person() == "act"
    assert d.table.ctl.state.phase is Phase.BLIND_DECISION
    return d


def test_b_alone_never_bids_blind_nil_enter_does(tmp_path):
    d = _to_the_blind_question(tmp_path)
    table = d.table
    d.key(pygame.K_b)
    state = table.ctl.state
    assert not state.blind[Seat.S] and state.phase is Phase.BLIND_DECISION, "one key bid blind nil"
    assert "blind nil" in table.panel.title().lower() and "enter" in table.panel.title().lower()
    d.key(pygame.K_RETURN)
    assert table.ctl.state.blind[Seat.S]


def test_enter_with_nothing_typed_at_the_blind_question_shows_the_cards(tmp_path):
    d = _to_the_blind_question(tmp_path)
    d.key(pygame.K_RETURN)
    state = d.table.ctl.state
    assert state.looked[Seat.S] and not state.blind[Seat.S]


def _to_my_bid(tmp_path) -> Driver:
    d = _to_the_blind_question(tmp_path)
    d.key(pygame.K_l)
    assert d.wait_for_person() == "act" and d.table.ctl.state.phase is Phase.BIDDING
    return d


def test_n_types_a_nil_that_enter_bids(tmp_path):
    d = _to_my_bid(tmp_path)
    table = d.table
    d.key(pygame.K_n)
    assert table.ctl.state.bids[Seat.S] is None and table.typed == "nil"
    d.key(pygame.K_RETURN)
    assert table.ctl.state.bids[Seat.S] == 0


@pytest.mark.slow
def test_enter_bids_the_hints_outlined_bid(tmp_path):
    d = _to_my_bid(tmp_path)
    table = d.table
    d.key(pygame.K_h)
    for _ in range(3000):  # the judge thinks (here in the frames' slices) before the hint is shown
        if table.hinted is not None:
            break
        d.step()
    hinted = table.hinted
    assert hinted is not None and A.is_bid(hinted)
    d.step()
    outlined = [b for b in table.panel.buttons if b.selected]
    assert [b.action for b in outlined] == [hinted], "the hint's bid is the outlined button"
    d.key(pygame.K_RETURN)
    bid = table.ctl.state.bids[Seat.S]
    assert bid == (0 if hinted == A.NIL else A.bid_value(hinted))


def test_enter_takes_the_hints_outlined_choice_in_the_two_player_draw(tmp_path):
    """H outlines Keep or Discard in gold, as it outlines a bid; Enter then did nothing in the draw."""
    d = Driver(str(tmp_path), rules="two_player", seed=5)
    assert d.play_until(lambda table: table.ctl.state.phase is Phase.DRAW and table.ctl.human_turn()
                        and table.accepting_input())
    table = d.table
    state = table.ctl.state
    d.key(pygame.K_h)
    hinted = table.hinted
    assert hinted in (A.KEEP, A.DISCARD)
    d.step()
    assert [b.action for b in table.panel.buttons if b.selected] == [hinted], "the hint's choice is outlined"
    log = len(state.log)
    d.key(pygame.K_RETURN)
    assert state.log[log:log + 1] == [hinted], "Enter took the outlined choice"
    d.app.writer.close()


def test_a_key_that_does_nothing_says_why_once(tmp_path):
    d = _to_my_bid(tmp_path)
    table = d.table
    d.key(pygame.K_b)  # the cards are shown: blind nil is over
    reason = blind_nil_reason(table.ctl.state, Seat.S)
    assert reason == "Blind nil is over: your cards were shown"
    assert table.message.startswith(reason)
    assert table.ctl.state.bids[Seat.S] is None
    table.message = ""
    d.key(pygame.K_b)  # said once a hand: a held or repeated key does not repeat it
    assert table.message == ""


def test_a_bid_typed_at_the_blind_question_says_the_question_comes_first(tmp_path):
    """A digit typed at the blind-nil question was ignored without a word."""
    from spades_desktop.ui.text.idle_keys import blind_question_first

    d = _to_the_blind_question(tmp_path)
    table = d.table
    table.message = ""
    d.type_text("4")
    assert table.message.startswith(blind_question_first()), table.message
    assert table.ctl.state.phase is Phase.BLIND_DECISION and not table.typed
    assert "B" in blind_question_first() and "L" in blind_question_first()
