"""The sorting of late bag tricks into avoidable and forced (benchmarks/late_bags_forced.py): a
trick counts as avoidable only when some choice of the side's own legal cards, the opponents'
as played, gives it away."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import late_bags_forced as F
import partner_trust as P

from spades_desktop.engine.cards import parse_card
from spades_desktop.engine.seats import Seat

SPADES = 3
SIDE_OF = ["NS", "EW", "NS", "EW"]  # by seat: N, E, S, W
SEATS = (Seat.W, Seat.N, Seat.E, Seat.S)


def cards(*ids: str) -> list[int]:
    return [parse_card(i) for i in ids]


def test_a_side_whose_every_legal_card_wins_is_forced():
    # West leads 2H, North's AH, East 3H; South has only hearts above nothing of East's: NS take it
    played = cards("2H", "AH", "3H", "5H")
    legal = {Seat.W: cards("2H"), Seat.N: cards("AH"), Seat.E: cards("3H"), Seat.S: cards("5H", "9H")}
    assert not F.side_could_lose(played, SEATS, SPADES, legal, SIDE_OF, "NS")


def test_a_side_that_held_a_card_under_the_opponents_could_have_given_it_away():
    # North could have played 2H under West's 4H, and South's 5H is under East's 6H: both low
    played = cards("4H", "AH", "6H", "5H")
    legal = {Seat.W: cards("4H"), Seat.N: cards("AH", "2H"), Seat.E: cards("6H"), Seat.S: cards("5H")}
    assert F.side_could_lose(played, SEATS, SPADES, legal, SIDE_OF, "NS")
    # with South's 9H in place of the 5H and no lower heart, North's 2H alone does not lose it
    legal[Seat.S] = cards("9H")
    played = cards("4H", "AH", "6H", "9H")
    assert not F.side_could_lose(played, SEATS, SPADES, legal, SIDE_OF, "NS")


def test_a_run_sorts_every_counted_trick():
    out = F.run(P.Level.NORMAL, 40, 1, 4)
    assert out["hands"] == 40
    per = 1000 / 40
    assert round(out["crossings"] * per, 1) == out["late_set_or_bag"]
    assert abs(out["avoidable"] + out["forced"] - out["late_set_or_bag"]) < 0.2
