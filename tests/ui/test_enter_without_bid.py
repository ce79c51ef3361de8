"""Enter in the bidding with no bid chosen (issue 41's seam: it did nothing and said nothing): it
says, once a hand, how to choose a bid, in the keys of the keymap."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.engine.state import Phase
from spades_desktop.ui.core.keymap import Context, Intent, label_of
from spades_desktop.ui.text.idle_keys import enter_without_bid
from tests.ui_driver import Driver


def test_the_words_name_the_keys_of_each_bidding():
    bidding = enter_without_bid(Context.BIDDING)
    assert f"({label_of(Intent.NIL, Context.BIDDING)} for nil)" in bidding and "Enter" in bidding
    auction = enter_without_bid(Context.AUCTION)
    assert f"{label_of(Intent.PASS, Context.AUCTION)} to pass" in auction and "nil" not in auction
    assert enter_without_bid(Context.PLAY) == ""


def test_enter_with_no_bid_chosen_says_how_to_choose_one_once(tmp_path):
    d = Driver(str(tmp_path), seed=3)
    table = d.table
    assert table is not None
    assert d.play_until(lambda t: t.ctl.state.phase is Phase.BIDDING and t.ctl.human_turn() and t.accepting_input())
    table.hinted = None
    table.typed = ""
    log_length = len(table.ctl.state.log)
    d.press(Intent.CONFIRM, Context.BIDDING)
    assert len(table.ctl.state.log) == log_length, "no bid was made"
    assert table.message.startswith("No bid chosen: type a number"), table.message
    table.message = ""
    d.press(Intent.CONFIRM, Context.BIDDING)
    assert table.message == "", "said once a hand"
