"""spades-sim's ``LEVEL@REF`` sides (an earlier commit's players on today's engine) and ``--bag-cost``
(issue 43 item 3: the stronger players are measured against the ones they replace)."""

import json

import pytest

from spades_desktop import sim, sim_levels
from spades_desktop.ai.players import Level


def test_a_level_names_a_revision_after_an_at():
    assert sim_levels.split_level("hard@base") == (Level.HARD, "base")
    assert sim_levels.split_level("normal") == (Level.NORMAL, None)
    for wrong in ("expert", "hard@", "expert@base"):
        with pytest.raises(ValueError):
            sim_levels.split_level(wrong)
    assert sim.parse_args(["--a", "normal", "--b", "normal@base"]).b == "normal@base"


def test_the_old_players_import_todays_engine_and_their_own_modules():
    source = ("from ..engine import actions as A\nfrom ..engine.cards import SUIT_OF\n"
              "from . import normal\nfrom .playout import playout\n    from ..engine.state import Phase\n")
    assert sim_levels.rewrite(source) == (
        "from spades_desktop.engine import actions as A\nfrom spades_desktop.engine.cards import SUIT_OF\n"
        "from . import normal\nfrom .playout import playout\n    from spades_desktop.engine.state import Phase\n")


def _base_or_skip() -> str:
    try:
        return sim_levels.resolve("base")
    except RuntimeError:
        pytest.skip("this checkout has no git history with the base commit (a shallow clone)")


def test_the_base_players_play_from_the_copy_and_today_against_base_is_measured(tmp_path, capsys):
    """Today's normal against the base commit's copy: the copy is a package of its own (not today's
    module), and a deal's line carries the bag cost it was measured with."""
    commit = _base_or_skip()
    player = sim_levels.make_player("normal@base", seed=1, budget=None, iterations=None, halving=True)
    assert type(player).__module__ == f"baseline_{commit[:12]}.players"
    results = tmp_path / "n.jsonl"
    assert sim.main(["--a", "normal", "--b", "normal@base", "--hands", "3", "--duplicate", "--workers", "1",
                     "--json", "--bag-cost", "10", "--results", str(results)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["b_level"] == "normal@base" and summary["bag_cost"] == 10.0
    assert set(summary["decision_ms"]) == {"normal", "normal@base"}
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == 3 and all(row["bag_cost"] == 10.0 for row in rows)
    assert sim.read_results(str(results), 0.0) == {}, "a run without the bag cost plays its deals again"


def test_a_bag_costs_its_points_in_the_difference():
    """The same deals with and without the bag cost: the difference moves by the cost of each side's
    bags (a side's bags counted once however many of its seats took them)."""
    from spades_desktop.engine.rules import preset

    rules = preset("standard")
    group_a, _ = sim._seat_groups(rules)
    levels = {s: ("normal" if s in group_a else "easy") for s in rules_seats()}
    for seed in range(1, 30):  # the first deal where bags were taken
        plain, costed = sim.MatchResult(), sim.MatchResult()
        free = sim.play_table(rules, seed, levels, None, 1, plain, group_a)
        bags_a, bags_b = plain.side["a"].bags, plain.side["b"].bags  # one side each
        if bags_a + bags_b:
            break
    assert bags_a + bags_b > 0
    charged = sim.play_table(rules, seed, levels, None, 1, costed, group_a, bag_cost=10.0)
    assert charged["a"] == pytest.approx(free["a"] - 10.0 * bags_a)
    assert charged["b"] == pytest.approx(free["b"] - 10.0 * bags_b)


def rules_seats():
    from spades_desktop.engine.seats import Seat

    return [Seat.N, Seat.E, Seat.S, Seat.W]


def test_a_revisions_players_bring_their_data_along():
    """The players of a commit that reads data files (the win-chance tables, the bid model) find
    that commit's files beside their modules: without them ``LEVEL@REF`` of such a commit crashed."""
    try:
        commit = sim_levels.resolve("HEAD")
    except RuntimeError:
        pytest.skip("this checkout has no git history")
    target = sim_levels.CACHE / sim_levels.materialize(commit)
    assert (target / "data" / "win_chance.json").exists() and (target / "data" / "bid_model.json").exists()
    player = sim_levels.make_player("normal@HEAD", seed=1, budget=None, iterations=None, halving=True)
    assert sim.main(["--a", "normal", "--b", "normal@HEAD", "--games", "1", "--workers", "1", "--json"]) == 0
    assert player is not None
