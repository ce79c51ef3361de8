"""Words said once: counts with their nouns, bids, seats and sides (no pygame)."""

from __future__ import annotations

from spades_desktop.engine import actions as A
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.words import plural
from spades_desktop.ui.text.words import action_bid_text, bid_text, call_text, seat_name, side_name

NAMES = {"N": "North", "E": "East", "S": "Ann", "W": "West"}


def test_plural_says_one_and_many():
    assert plural(1, "trick") == "1 trick"
    assert plural(0, "trick") == "0 tricks"
    assert plural(4, "bag") == "4 bags"
    assert plural(2, "later move") == "2 later moves"


def test_every_kind_of_bid_in_words():
    assert bid_text(None) == ""
    assert bid_text(0) == "nil" and bid_text(0, blind=True) == "blind nil"
    assert bid_text(7) == "7"
    assert call_text(None) == "pass" and call_text(9) == "9"
    assert action_bid_text(A.NIL) == "nil" and action_bid_text(A.BLIND_NIL) == "blind nil"
    assert action_bid_text(A.PASS) == "pass" and action_bid_text(A.bid_action(5)) == "5"


def test_seats_and_sides_by_name_in_every_mode():
    assert seat_name(Seat.S, NAMES) == "Ann"
    assert seat_name(Seat.E, {}) == "East"  # a name the settings lack: the seat's own
    assert side_name("NS", NAMES) == "North & Ann"  # partnership and auction
    assert side_name("EW", {}) == "East & West"
    assert side_name("W", NAMES) == "West"  # cutthroat, two-player, three-player: a seat alone
