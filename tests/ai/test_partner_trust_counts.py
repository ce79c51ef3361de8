"""The partner-trust benchmark's counts read a trick as a player would (benchmarks/partner_trust.py):
who wins so far, and which plays overtake or trump a partner's winner."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import partner_trust as P

from spades_desktop.engine.cards import parse_card
from spades_desktop.engine.seats import Seat
from tests.ai.test_partner_rules import NIL_TO_COVER, _view

SPADES = 3


def cards(*ids: str) -> list[int]:
    return [parse_card(i) for i in ids]


def test_the_winner_so_far_is_the_highest_trump_else_the_highest_of_the_suit_led():
    seats = (Seat.W, Seat.N, Seat.E)
    assert P.winning(cards("TH", "AS", "JS"), seats, SPADES) == (Seat.N, parse_card("AS"))
    assert P.winning(cards("6H", "AC", "8H"), seats, SPADES) == (Seat.E, parse_card("8H"))


def test_a_card_beats_the_best_by_suit_or_by_trump():
    best = parse_card("AS")
    assert not P.beats(parse_card("3S"), best, 2, SPADES)  # (under the partner's ace: no trumping over it)
    assert P.beats(parse_card("2S"), parse_card("KH"), 2, SPADES)
    assert not P.beats(parse_card("AC"), parse_card("KH"), 2, SPADES)
    assert P.beats(parse_card("AH"), parse_card("KH"), 2, SPADES)


def test_a_run_gives_every_count_per_thousand_hands():
    out = P.play(P.Level.NORMAL, 6, 3, 4)
    assert out["hands"] == 6 and set(P.KEYS) <= set(out)
    assert all(value >= 0 for value in out.values())


def test_an_uncovered_nil_counts_when_the_judge_covers_it():
    """North's nil 9H on top, South holding the KH (a cover) and the 2H: the judge's card covers, so
    the 2H that lets the nil take the trick would be counted; a 'cover' the judge does not prefer
    (here the 2H named as one) is not."""
    view = _view(NIL_TO_COVER)
    counter = P.Counter(seed=1)
    assert counter.judge_covers(P.Uncovered(Seat.N, 0, view, frozenset({parse_card("KH")})))
    assert not counter.judge_covers(P.Uncovered(Seat.N, 0, view, frozenset({parse_card("2H")})))
