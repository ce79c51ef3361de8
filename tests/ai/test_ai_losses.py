"""benchmarks/ai_losses.py (issue 43 item 1): the kinds a decision is counted under, and the sums."""

import importlib.util
import json
from pathlib import Path

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import parse_card
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from tests.ai_helpers import deal, position

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "ai_losses.py"
_spec = importlib.util.spec_from_file_location("ai_losses", _PATH)
assert _spec is not None and _spec.loader is not None
losses = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(losses)

RULES = preset("standard").with_changes(blind_nil_allowed=False)


def _hands():
    return deal(N=["AC", "KC", "2D", "3D"], E=["QC", "3C", "4D"], S=["2C", "5D", "6D"], W=["4C", "5C"])


def test_a_bid_is_a_nil_decision_only_when_nil_was_bid_or_best():
    state = position(RULES, _hands(), [], [])
    view = state.view(state.turn)
    assert losses.decision_kind(view, A.bid_action(3), A.bid_action(4)) == "bid"
    assert losses.decision_kind(view, A.bid_action(3), A.NIL) == "nil decision"


def test_plays_are_counted_by_what_the_seat_was_doing():
    state = position(RULES, _hands(), [3, 3, 3, 3], [])  # North leads (dealer West)
    assert losses.decision_kind(state.view(Seat.N), parse_card("AC"), parse_card("AC")) == "opening lead"
    state.apply(parse_card("AC"))
    assert losses.decision_kind(state.view(Seat.E), parse_card("3C"), parse_card("3C")) == "follow"
    nil = position(RULES, _hands(), ["nil", 3, 3, 3], [])
    assert losses.decision_kind(nil.view(Seat.N), parse_card("2D"), parse_card("2D")) == "nil play"
    nil.apply(parse_card("2D"))
    nil.apply(parse_card("4D"))
    assert losses.decision_kind(nil.view(Seat.S), parse_card("5D"), parse_card("6D")) == "nil cover"


def test_the_losses_are_mistakes_only_summed_per_hand_and_a_game_cut_short_is_played_again(tmp_path):
    results = tmp_path / "r.jsonl"
    row = {"level": "normal", "game": 1, "hand": 1, "trick": 2, "seat": "N", "kind": "follow", "chosen": "2C",
           "best": "AC", "loss": 12.0, "noise": 1.0, "samples": 50, "mistake": True, "cost": 12.0}
    close = {**row, "index": 9, "kind": "lead", "loss": 2.0, "mistake": False, "cost": 0.0}
    game = {"level": "normal", "game": 1, "complete": True, "hands": 2, "scale": 2.0}
    cut = {**row, "game": 2, "index": 4}  # a game without its last line: not counted
    results.write_text("\n".join(json.dumps(r) for r in ({**row, "index": 5}, {**row, "index": 5}, close, game, cut)))
    rows = losses.read_rows(str(results))
    assert len(rows) == 3, "the decision written twice counts once; the unfinished game not at all"
    line = losses.summarize("normal", rows)
    assert line["hands"] == 2 and line["points_lost_per_hand"] == 6.0
    assert line["by_kind"]["follow"] == {"count": 1, "mistakes": 1, "lost": 12.0, "per_hand": 6.0}
    assert line["by_kind"]["lead"]["lost"] == 0.0 and line["costliest"][0] == ["follow", 6.0]
