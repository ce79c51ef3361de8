"""The game-over screen's story of a game (pure text) and the charts' arithmetic (no window)."""

from __future__ import annotations

import itertools
import math
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades_desktop.engine.seats import Seat
from spades_desktop.ui.core.charts import Scale, nice_ticks
from spades_desktop.ui.text.game_story import final_line, lead_change, moments, notable, score_lines

NAMES = {"S": "You"}


def part(before: int, after: int, made: bool | None = True, contract: int = 4, tricks: int = 4, nils=(),
         penalty: int = 0, bonus: int = 0):
    return SimpleNamespace(score_before=before, score_after=after, made=made, contract=contract, tricks=tricks,
                           contract_points=(after - before) if made is False else contract * 10, nils=nils,
                           penalty=penalty, bonus=bonus)


def game(*scores: tuple[int, int]):
    """Hands whose scores after are ``scores`` (NS, EW), starting from 0 to 0."""
    history, before = [], (0, 0)
    for number, after in enumerate(scores, start=1):
        history.append(SimpleNamespace(hand_number=number, breakdown={"NS": part(before[0], after[0]),
                                                                      "EW": part(before[1], after[1])}))
        before = after
    return history


def test_score_lines_start_at_the_first_hands_score_and_follow_every_hand():
    lines = score_lines(game((40, 60), (90, 100), (150, 120)), ["NS", "EW"])
    assert lines == {"NS": (0, 40, 90, 150), "EW": (0, 60, 100, 120)}


def test_the_lead_change_is_where_the_winner_went_ahead_to_stay():
    history = game((40, 60), (90, 80), (100, 130), (200, 150), (260, 240))
    lead = lead_change(history, ["NS", "EW"])
    assert (lead.hand, lead.side, lead.changes) == (4, "NS", 3)
    assert lead.words(NAMES) == "North & You took the lead for good in hand 4 (the lead changed 3 times)"


def test_a_side_ahead_from_the_start_led_to_the_end_and_a_tie_is_not_a_change():
    lead = lead_change(game((50, 40), (80, 80), (130, 90)), ["NS", "EW"])
    assert (lead.hand, lead.side, lead.changes) == (1, "NS", 0)
    assert lead.words(NAMES) == "North & You led from hand 1 to the end"
    assert lead_change(game((50, 50), (80, 80)), ["NS", "EW"]) is None


def test_moments_name_nils_sets_penalties_and_bonuses_with_their_points():
    nil = SimpleNamespace(seat=Seat.N, blind=False, tricks=2, made=False, points=-100)
    blind = SimpleNamespace(seat=Seat.S, blind=True, tricks=0, made=True, points=200)
    history = [SimpleNamespace(hand_number=3, breakdown={
        "NS": part(0, 100, nils=(nil, blind), penalty=-100, bonus=0),
        "EW": part(0, -60, made=False, contract=6, tricks=4, bonus=0)})]
    lines = [m.line for m in moments(history, ["NS", "EW"], NAMES)]
    assert lines == ["Hand 3: North's nil broken (2 tricks), \u2212100", "Hand 3: Your blind nil made, +200",
                     "Hand 3: North & You pay a bag penalty, \u2212100",
                     "Hand 3: East & West set: bid 6, took 4, \u221260"]


def test_notable_keeps_the_biggest_moments_in_order_and_counts_the_rest():
    nils = [SimpleNamespace(seat=Seat.E, blind=False, tricks=0, made=True, points=100)]
    history = [SimpleNamespace(hand_number=n, breakdown={
        "NS": part(0, 0, made=False, contract=5, tricks=4) if n != 2 else part(0, 0),
        "EW": part(0, 0, nils=nils if n == 2 else ())}) for n in (1, 2, 3)]
    every = moments(history, ["NS", "EW"], NAMES)
    assert len(every) == 3
    assert notable(history, ["NS", "EW"], NAMES, 3) == [m.line for m in every]
    shown = notable(history, ["NS", "EW"], NAMES, 2)
    assert shown == ["Hand 2: East's nil made, +100", "and 2 more on the score sheet"]


def test_a_game_without_moments_says_so():
    assert notable(game((40, 40)), ["NS", "EW"], NAMES, 4) == [
        "No nils, sets or bag penalties: every contract was made."]


def test_final_line_reads_the_scores_in_the_sides_order():
    assert final_line({"NS": 520, "EW": 310}, ["EW", "NS"], 11) == "310 to 520 after 11 hands"
    assert final_line({"NS": 100, "EW": 10}, ["NS", "EW"], 1) == "100 to 10 after 1 hand"


@given(st.integers(-2000, 2000), st.integers(-2000, 2000))
def test_nice_ticks_cover_the_range_in_round_even_steps(a, b):
    ticks = nice_ticks(a, b)
    low, high = min(a, b), max(a, b)
    assert ticks[0] <= low and ticks[-1] >= high
    assert 2 <= len(ticks) <= 8
    steps = {round(y - x, 6) for x, y in itertools.pairwise(ticks)}
    assert len(steps) == 1
    step = steps.pop()
    assert step >= 1 and float(step).is_integer(), "scores and counts: whole steps"
    power = 10 ** math.floor(math.log10(step))
    assert round(step / power, 6) in (1, 2, 2.5, 3, 5), ticks


@pytest.mark.parametrize(("low", "high", "expected"), [(0, 500, [0, 100, 200, 300, 400, 500]),
                                                      (-120, 310, [-200, -100, 0, 100, 200, 300, 400]),
                                                      (0, 7, [0, 2, 4, 6, 8])])
def test_nice_ticks_of_game_scores(low, high, expected):
    assert nice_ticks(low, high) == expected


def test_a_scale_puts_low_at_start_and_high_at_end_either_way_round():
    up = Scale(0, 500, 400, 100)  # a chart's values grow upward: the pixels fall
    assert up.at(0) == 400 and up.at(500) == 100 and up.at(250) == 250
