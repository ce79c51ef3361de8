"""Table seams of issue 58, each through the real app headless: the forced last card plays itself,
..."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent
from tests.ui_driver import Driver


def _last_card_to_play(table) -> bool:
    """The person is to play the hand's last card."""
    state = table.ctl.state
    return (state.phase is Phase.PLAY and state.turn == table.ctl.human
            and len(table.view.held(table.ctl.human)) == 1)


def test_the_forced_last_card_plays_itself(tmp_path):
    """"Play a forced card" on, one card left: it is played without a click (the table waited for one)."""
    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.app.update_settings(auto_play_forced=True)
    assert d.play_until(_last_card_to_play), "the person never came to their last card"
    table = d.table
    hand, before = table.ctl.state.hand_number, len(table.ctl.state.log)
    for _ in range(2000):  # no key, no click: frames only
        d.step()
        if len(table.ctl.state.log) > before or table.ctl.state.hand_number != hand:
            break
    assert len(table.ctl.state.log) > before, "the last card waited for the person"
    assert table.message.startswith("Your last card")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_trump_badge_keeps_its_place_and_words_keep_clear_of_it(tmp_path, size):
    """The badge jumped down for a long message (24_m4.png): it has a place of its own, and the
    message goes beside it instead; at 960x540, where a long message beside a tall scoreboard has
    no other room, the badge waits hidden, never elsewhere."""
    d = Driver(str(tmp_path), rules="standard", seed=4, size=size)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.accepting_input())
    table = d.table
    table.message = ""
    d.app.redraw_all()
    d.step()
    before = table.painter.badge_rect
    assert before is not None
    for text in ("Your only legal card, the 5 of clubs (5C), was played for you", "East names hearts trump",
                 "Click again (or press Enter) to play it"):
        table.flash(text)
        d.app.redraw_all()
        d.step()
        badge = table.painter.badge_rect
        assert badge == before or (badge is None and size == (960, 540)), f"the badge moved for {text!r} at {size}"
        box = table.painter.message.box
        assert box is not None and (badge is None or not box.colliderect(badge)), f"{text!r} on the badge at {size}"
        assert pygame.Rect((0, 0), size).contains(box)


def _key_help_drawn(d: Driver) -> list[str]:
    """The key help's two lines as the frame drew them."""
    d.app.redraw_all()
    d.step()
    return [drawn.text for drawn in d.app.texts.texts if "Esc menu" in drawn.text or "A speed" in drawn.text]


def test_key_help_shows_the_last_trick_key_only_once_a_trick_was_played(tmp_path):
    """'L last trick' was offered at the hand's first bid (107_2p_draw_hint.png, 111_auction_start.png),
    where L only says no trick has been played; nor is Ctrl+Z offered with nothing to take back."""
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.wait_for_person() == "act"
    if d.table.ctl.state.phase is Phase.BLIND_DECISION:  # (where L looks at the cards)
        d.press(Intent.LOOK, Context.BLIND_DECISION)
        assert d.wait_for_person() == "act"
    assert d.table.ctl.state.phase is Phase.BIDDING
    texts = " | ".join(_key_help_drawn(d))
    assert "L last trick" not in texts and "Ctrl+Z undo" not in texts, texts
    assert "Esc menu" in texts and "S score sheet" in texts and "H hint" in texts
    assert d.play_until(lambda t: bool(t.view.last_trick) and t.accepting_input())
    texts = " | ".join(_key_help_drawn(d))
    assert "L last trick" in texts, texts


def _panel_labels(d: Driver) -> list[tuple[str, pygame.Rect, int, pygame.Rect]]:
    """Each of the choice panel's buttons: its label, where the label was drawn, its type's height,
    and the button."""
    d.app.redraw_all()
    d.step()
    buttons = {b.label: b.rect for b in d.table.panel.buttons}
    return [(t.text, t.rect, t.px, buttons[t.text]) for t in d.app.texts.texts
            if t.text in buttons and buttons[t.text].contains(t.rect)]


@pytest.mark.parametrize("rules", ["auction", "standard"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_row_of_buttons_shares_one_type_size_and_each_label_fits(tmp_path, rules, size):
    """'Pass (P)' overran its button beside the bids' digits and read as a smaller type
    (107_2p_draw_hint.png, 111_auction_start.png): one type size per row, each label clear of its
    button's ends."""
    from spades_desktop.ui.core.theme import BUTTON_PADDING

    d = Driver(str(tmp_path), rules=rules, seed=4, size=size)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.BIDDING and t.accepting_input()
                        and t.panel.is_current())
    labels = _panel_labels(d)
    assert len(labels) == len(d.table.panel.buttons)
    assert len({px for _, _, px, _ in labels}) == 1, labels
    for text, drawn, _, button in labels:
        assert drawn.w + 2 * BUTTON_PADDING <= button.w, f"{text!r} overruns its button at {size}"


def test_a_key_that_does_nothing_here_says_so_once(tmp_path):
    """A key the table has no use for now was silently ignored: it says so in a word, once (a held
    or repeated key does not say it again); Shift alone says nothing."""
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.PLAY and t.accepting_input())
    table = d.table
    table.message = ""
    d.key(pygame.K_LSHIFT)
    assert table.message == "", "Shift alone asks for nothing"
    d.key(pygame.K_x)
    assert table.message.startswith("X does nothing here"), table.message
    d.key(pygame.K_d)  # (D discards in the two-player draw and names diamonds trump: not now)
    assert table.message.startswith("D does nothing here"), table.message
    table.message = ""
    d.key(pygame.K_d)
    assert table.message == "", "said once, not at every press"


def test_why_a_key_did_nothing_leaves_when_the_person_acts(tmp_path):
    """A digit pressed at the blind-nil question says 'B then Enter bids it, L shows your cards'; once
    the cards are shown that sentence is about a moment gone by, and it stood over the bid panel."""
    d = Driver(str(tmp_path), rules="standard", seed=4)
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.BLIND_DECISION and t.accepting_input())
    table = d.table
    d.key(pygame.K_3)
    assert "blind nil" in table.message.lower(), table.message
    d.press(Intent.LOOK, Context.BLIND_DECISION)
    d.step(3)
    assert table.ctl.state.phase is not Phase.BLIND_DECISION
    assert table.message == "", f"{table.message!r} outlived the question it was about"


def test_the_words_for_a_key_that_does_nothing():
    from spades_desktop.ui.core.keymap import KeyPress
    from spades_desktop.ui.text.idle_keys import key_does_nothing

    assert key_does_nothing(KeyPress("d", text="d")) == "D does nothing here: the keys in use are listed top right"
    assert key_does_nothing(KeyPress("/", shift=True, text="?")).startswith("? does nothing")
    assert key_does_nothing(KeyPress("f5")).startswith("F5 does nothing")
    assert key_does_nothing(KeyPress("x", ctrl=True)).startswith("Ctrl+X does nothing")
    assert key_does_nothing(KeyPress("left shift")) == "" and key_does_nothing(KeyPress("caps lock")) == ""


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_auctions_bid_panel_keeps_clear_of_the_side_plates(tmp_path, size):
    """At 960x540 the auction's one row of bids lay over East's and West's plates (4_auction_table.png):
    two rows there; the walk of the frame's texts finds nothing drawn over another."""
    from tests.ui.test_text_layout import TextRecorder, _check

    d = Driver(str(tmp_path), rules="auction", seed=4, size=size)
    assert d.wait_for_person() == "act"
    table = d.table
    d.app.redraw_all()
    d.step()
    frame = table.panel.frame_rect
    assert frame is not None
    for seat, plate in table.painter.plate_rects.items():
        assert not frame.colliderect(plate), f"the bid panel {frame} over {seat.name}'s plate {plate} at {size}"
    d.app.redraw_all()
    d.step()
    _check(TextRecorder().frame(d)[0], size, "the auction's bid panel")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_watched_souths_bid_bubble_keeps_clear_of_the_turn_line(tmp_path, size):
    """In a watched game South's bid lay in a bubble on the turn line ('West w[Nil]e trick',
    6_watch_later.png): every seat's bubble keeps clear of it, and of the plates."""
    from spades_desktop.engine.seats import Seat

    d = Driver(str(tmp_path), rules="standard", seed=4, size=size)
    d.app.watch_game()
    table = d.table
    assert d.play_until(lambda t: t.view.trick_winner is not None), "a trick was won"
    for seat in Seat:
        table.view.bubbles[seat] = "Nil"
    table.painter.refresh()  # (at once: the trick's winner is named for a moment)
    line = table.painter.turn_line()
    assert line is not None and "wins the trick" in line[0]
    for seat in Seat:
        bubble = table.painter.bubbles[seat].rect
        assert bubble is not None
        assert not bubble.colliderect(line[2]), f"{seat.name}'s bubble on the turn line at {size}"
        for other, plate in table.painter.plate_rects.items():
            assert not bubble.colliderect(plate), f"{seat.name}'s bubble on {other.name}'s plate at {size}"


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_tab_on_the_blind_nil_question_shows_its_focus(tmp_path, size):
    """Tab moved the focus among the blind-nil question's buttons but nothing showed it: the panel's
    picture read the buttons' focus from its last drawing.  Now the focused button has its gold ring."""
    from spades_desktop.ui.core.theme import FOCUS_RING_GAP, GOLD

    d = Driver(str(tmp_path), rules="standard", seed=3, size=size)
    assert d.wait_for_person() == "act" and d.table.ctl.state.phase is Phase.BLIND_DECISION
    table = d.table
    d.app.redraw_all()
    d.step()
    for _ in range(2):
        d.press(Intent.FOCUS_NEXT, Context.CHOICES)
        d.step()
        focused = table.panel.group.focused()
        assert focused is not None
        ring = focused.rect.inflate(2 * FOCUS_RING_GAP, 2 * FOCUS_RING_GAP)
        assert d.app.screen.get_at((ring.centerx, ring.top))[:3] == GOLD, f"no focus ring on {focused.label!r}"
        others = [b for b in table.panel.buttons if b is not focused]
        for b in others:
            around = b.rect.inflate(2 * FOCUS_RING_GAP, 2 * FOCUS_RING_GAP)
            assert d.app.screen.get_at((around.centerx, around.top))[:3] != GOLD, f"a ring left on {b.label!r}"
