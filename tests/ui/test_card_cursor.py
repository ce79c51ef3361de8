"""The keyboard's cursor and the mouse's hover in the person's hand (issue 24, item 2): they look
different (the cursor is a gold frame, the hover lifts the card), and once the person plays by
keyboard, the cursor waits on a card at each turn so the first Enter plays it."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.core.theme import GOLD
from tests.ui_driver import Driver


def _my_turn_to_play(d: Driver, least_legal: int = 1) -> None:
    """Bid and play as the driver's player until the person must play a card with a choice of
    at least ``least_legal`` cards."""
    for _ in range(200):
        assert d.wait_for_person() == "act"
        table = d.table
        if table.ctl.state.phase is Phase.PLAY and len(table.cards.legal_cards()) >= least_legal:
            return
        d.act_once()
    raise AssertionError("the person never had a card to play")


def _point_at(d: Driver, card: int) -> None:
    table = d.table
    cards = table.view.hands[Seat.S]
    sprite = table.view.human_sprites[card]
    last = cards.index(card) == len(cards) - 1  # cards overlap to the right: aim at the visible strip
    x = sprite.x if last else sprite.x - table.layout.card_w * 0.5 + 6
    pos = (int(x), int(sprite.y + table.layout.card_h * 0.3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.step()


@pytest.mark.slow
def test_the_hover_lifts_and_the_cursor_frames_so_they_never_look_alike(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    _my_turn_to_play(d, least_legal=2)
    table = d.table
    cards = table.view.hands[Seat.S]
    d.press(Intent.CURSOR_RIGHT, Context.PLAY)
    cursor = table.selected
    assert cursor >= 0
    other = next(i for i, card in enumerate(cards) if card in table.cards.legal_cards() and i != cursor)
    _point_at(d, cards[other])
    d.step()
    assert table.hover == other and table.selected == cursor
    sprites = table.view.human_sprites
    assert sprites[cards[other]].lift > 0, "the card under the mouse is lifted"
    assert sprites[cards[cursor]].lift == 0, "the keyboard's card is framed, not lifted"
    framed = sprites[cards[cursor]]
    left = int(framed.x - table.layout.card_w / 2) + 1
    assert tuple(d.app.screen.get_at((left, int(framed.y)))[:3]) == GOLD, "the cursor's gold frame"


@pytest.mark.slow
def test_after_a_keyboard_play_the_first_enter_of_the_next_turn_plays(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    _my_turn_to_play(d)
    table = d.table
    d.press(Intent.CURSOR_RIGHT, Context.PLAY)
    d.press(Intent.CHOOSE, Context.PLAY)
    left = table.ctl.state.hands[Seat.S].bit_count()
    assert left == 12, "the first card of the hand was played"
    _my_turn_to_play(d)  # the next trick
    state = table.ctl.state
    cards = table.view.hands[Seat.S]
    assert 0 <= table.selected < len(cards) and cards[table.selected] in table.cards.legal_cards()
    before = state.hands[Seat.S].bit_count()
    d.press(Intent.CHOOSE, Context.PLAY)  # once: it plays
    assert table.ctl.state.hands[Seat.S].bit_count() == before - 1


@pytest.mark.slow
def test_a_click_on_a_card_hands_the_hand_back_to_the_mouse(tmp_path):
    d = Driver(str(tmp_path), rules="standard", seed=3)
    _my_turn_to_play(d)
    table = d.table
    d.press(Intent.CURSOR_RIGHT, Context.PLAY)  # the keyboard first
    d.mouse = True
    d.play_card(table.view.hands[Seat.S][table.selected])  # then a click plays
    d.mouse = False
    _my_turn_to_play(d)
    assert table.selected == -1, "no cursor waits for a person who plays with the mouse"


@pytest.mark.slow
def test_with_hints_off_the_cursor_waits_near_where_it_was(tmp_path):
    """No hint nobody asked for: with hints off the waiting cursor is the playable card nearest to
    where the person left it."""
    d = Driver(str(tmp_path), rules="standard", seed=3)
    d.app.update_settings(hints=False)
    _my_turn_to_play(d)
    table = d.table
    d.press(Intent.CURSOR_RIGHT, Context.PLAY)
    d.press(Intent.CHOOSE, Context.PLAY)
    home = table.cursor_home
    _my_turn_to_play(d)
    cards = table.view.hands[Seat.S]
    stops = [i for i, card in enumerate(cards) if card in table.cards.legal_cards()]
    assert table.selected == min(stops, key=lambda i: (abs(i - min(home, len(cards) - 1)), i))
