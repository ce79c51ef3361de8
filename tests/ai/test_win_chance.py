"""The win-chance model (issue 55 item 1): the shipped tables read as a game's chances should, and
they are what the script derives from the recorded hands under the game's own scoring."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_desktop.ai import hand_outcomes, win_chance
from spades_desktop.engine.events import HandScored, TrickWon
from spades_desktop.engine.presets import preset
from spades_desktop.engine.rule_values import Mode
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.state import GameState

STANDARD = preset("standard")
SCORES = st.integers(min_value=-300, max_value=499)
BAGS = st.integers(min_value=0, max_value=9)


def chance(rules: HouseRules, ns: int, ew: int, ns_bags: int = 0, ew_bags: int = 0, side: str = "NS") -> float:
    found = win_chance.win_chance(rules, {"NS": ns, "EW": ew}, {"NS": ns_bags, "EW": ew_bags}, side)
    assert found is not None
    return found


def test_a_table_serves_every_two_side_mode_and_none_serves_more_sides():
    for mode in (Mode.PARTNERSHIP, Mode.TWO_PLAYER, Mode.AUCTION):
        assert win_chance.table_for(HouseRules(mode=mode)) is not None
    cutthroat = HouseRules(mode=Mode.CUTTHROAT)
    assert win_chance.table_for(cutthroat) is None
    scores = {"N": 100, "E": 50, "S": 0, "W": 20}
    assert win_chance.win_chance(cutthroat, scores, dict.fromkeys(scores, 0), "N") is None  # hand points instead


@settings(max_examples=60, deadline=None)
@given(SCORES, SCORES, BAGS, BAGS)
def test_the_two_sides_chances_add_up_to_one(ns, ew, ns_bags, ew_bags):
    ns, ew = ns - ns % 10 + ns_bags, ew - ew % 10 + ew_bags
    total = chance(STANDARD, ns, ew, ns_bags, ew_bags) + chance(STANDARD, ns, ew, ns_bags, ew_bags, "EW")
    assert total == pytest.approx(1.0, abs=2e-4)


@settings(max_examples=60, deadline=None)
@given(SCORES, SCORES)
def test_more_points_never_lower_the_chance(ns, ew):
    ns, ew = ns - ns % 10, ew - ew % 10
    assert chance(STANDARD, ns + 10, ew) >= chance(STANDARD, ns, ew) - 1e-4
    assert chance(STANDARD, ns, ew + 10) <= chance(STANDARD, ns, ew) + 1e-4


def test_even_scores_are_even_and_the_lead_counts_more_near_the_end():
    assert chance(STANDARD, 0, 0) == pytest.approx(0.5, abs=1e-4)
    early = chance(STANDARD, 100, 0) - 0.5
    late = chance(STANDARD, 450, 350) - 0.5
    assert 0.05 < early < late


def test_bags_near_the_limit_lower_the_chance():
    """Nine bags: the next one costs 100 points; the table knows it (the bag outlook's fact)."""
    assert chance(STANDARD, 309, 300, ns_bags=9) < chance(STANDARD, 300, 300) - 0.05
    assert chance(STANDARD, 301, 300, ns_bags=1) > chance(STANDARD, 309, 300, ns_bags=9)


def test_a_game_that_is_over_is_certain():
    assert chance(STANDARD, 520, 480) == 1.0
    assert chance(STANDARD, 480, 520) == 0.0


def test_every_target_reads_the_same_table_by_the_points_still_to_go():
    quick = HouseRules(target_score=300)
    assert chance(quick, 250, 100) == pytest.approx(chance(STANDARD, 450, 300), abs=1e-9)


def test_another_bag_limit_is_read_by_the_share_of_it_reached():
    five = HouseRules(bag_limit=5, bag_penalty=50)
    assert chance(five, 304, 300, ns_bags=4) == pytest.approx(chance(STANDARD, 304, 300, ns_bags=8), abs=0.02)


def test_the_recorded_hands_score_as_the_game_scored_them():
    """A hand outcome rescored by the game's scoring gives what the game gave (the tables read the
    house rules through it)."""
    rules = STANDARD
    state, _ = GameState.new_game(rules, 4)
    rng = random.Random(4)
    checked = 0
    while checked < 3:
        before = hand_outcomes.HandOutcome(tuple(-1 if b is None else b for b in state.bids), tuple(state.blind),
                                           tuple(state.tricks))
        tricks = list(before.tricks)
        bags_before = dict(state.bags)
        for event in state.apply(rng.choice(state.legal_actions())):
            if isinstance(event, TrickWon):
                tricks[event.winner] += 1
            elif isinstance(event, HandScored):
                outcome = hand_outcomes.HandOutcome(before.bids, before.blind, tuple(tricks))
                for side, members in state.sides.items():
                    points, bags = outcome.side_result(rules, members, bags_before[side])
                    assert (points, bags) == (event.breakdown[side].total, event.breakdown[side].bags_after)
                checked += 1


def test_the_shipped_file_says_what_it_was_made_from():
    data = json.loads(win_chance.TABLE_FILE.read_text(encoding="utf-8"))
    for name in ("partnership", "two_player", "auction"):
        entry = data["tables"][name]
        assert entry["hands"] > 5000 and entry["sweeps"] > 5
        assert win_chance.table(name) is not None


def test_a_small_grid_recomputed_by_the_script_equals_the_file():
    """States of every table recomputed from their neighbours by one hand of the recorded
    outcomes (the script's own step) give the shipped values: the file is the script's fixed point,
    not numbers of its own (``python -m spades_desktop.ai.win_chance_build`` rebuilds it whole)."""
    np = pytest.importorskip("numpy")
    from spades_desktop.ai import win_chance_build as build

    data = json.loads(win_chance.TABLE_FILE.read_text(encoding="utf-8"))
    outcomes = build.read_outcomes()
    rng = random.Random(55)
    for name, entry in data["tables"].items():
        rules = build.profile_rules(name)
        grid = build.Grid(entry["units"], entry["bag_limit"])
        points = (grid.units - 1) // entry["stride"] + 1
        packed = json.loads(build.values_file(win_chance.TABLE_FILE, name).read_text(encoding="utf-8"))
        shipped = build.decode(packed["values"], (points * grid.bag_limit,) * 2)
        full = build.widen(shipped, grid, entry["stride"])
        steps = build.hand_steps(rules, grid, outcomes[name])
        for _ in range(6):
            a = (1 + entry["stride"] * rng.randrange(0, 30), rng.randrange(grid.bag_limit))
            b = (1 + entry["stride"] * rng.randrange(0, 30), rng.randrange(grid.bag_limit))
            again = build.one_step(steps, grid, full, a, b)
            assert again == pytest.approx(float(full[grid.index(*a), grid.index(*b)]), abs=3e-3), (name, a, b)
    assert np is not None


def test_the_calibration_is_fitted_and_applied():
    """The slope fitted from simulated games recovers a known one, and the players read the table's
    chance through it (the two sides' chances still add up to one)."""
    np = pytest.importorskip("numpy")
    from spades_desktop.ai import win_chance_build as build

    rng = np.random.default_rng(5)
    raw = rng.uniform(0.02, 0.98, 40_000)
    truth = 1.0 / (1.0 + (1.0 / raw - 1.0) ** 1.4)
    won = rng.uniform(size=raw.size) < truth
    assert build.fit_slope(list(raw), list(won)) == pytest.approx(1.4, abs=0.05)
    table = win_chance.table("partnership")
    assert table is not None
    scores, bags = {"NS": 300, "EW": 200}, {"NS": 3, "EW": 5}
    before = win_chance.raw_win_chance(STANDARD, scores, bags, "NS")
    after = win_chance.win_chance(STANDARD, scores, bags, "NS")
    assert before is not None and after is not None
    assert after == pytest.approx(1.0 / (1.0 + (1.0 / before - 1.0) ** table.slope))
    assert after + chance(STANDARD, 300, 200, 3, 5, "EW") == pytest.approx(1.0, abs=2e-4)
