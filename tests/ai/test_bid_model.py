"""The bid model (issue 55 item 3): the shipped file, its predictions, and the script that makes it."""

from __future__ import annotations

import dataclasses
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from spades_desktop.ai import bid_model
from spades_desktop.ai.bid_features import FEATURES, features
from spades_desktop.ai.bid_model import at_least, expected, load_model, nil_made, own_tricks, side_tricks
from spades_desktop.engine import actions as A
from spades_desktop.engine.rule_values import BiddingStyle, Deck, Mode
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.tools.bid_selfplay import TABLES, Unit, play_unit, units
from tests.ai_helpers import deal, position
from tests.deals import hand

ROOT = Path(__file__).resolve().parents[2]
STRONG = hand("AS KS QS JS AH AD AC KH KD KC QH QD QC")
WEAK = hand("2S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C")


def south_view(cards: list[str], rules: HouseRules | None = None, bids: tuple[str, ...] = (),
               dealer: Seat = Seat.E):
    """South's view when it is to bid, holding ``cards`` (dealer East: South bids first unless
    ``bids`` come before it)."""
    return _looked(position(rules or HouseRules(), deal(S=cards), list(bids), [], dealer=dealer)).view(Seat.S)


def _looked(state: GameState) -> GameState:
    """The state once the seat to bid has looked at its cards (declining blind nil)."""
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    view = state.view(Seat.S)
    assert view.turn is Seat.S and view.hand is not None
    return state


def test_the_shipped_model_loads_and_says_what_it_was_trained_on():
    model = load_model()
    info = model.info
    assert info["training"]["seat_hands"] > 10_000
    assert {"own", "side", "nil"} <= set(info["held_out"])
    assert (str(Mode.PARTNERSHIP), str(Deck.STANDARD)) in model.tables
    assert {"normal", "hard"} <= model.levels
    data = json.loads(bid_model.MODEL_PATH.read_text())
    assert data["features"] == list(FEATURES)
    assert data["command"].startswith("python -m spades_desktop.tools.fit_bid_model")


def first_bid_view(rules: HouseRules, seed: int):
    """The first bidder's view in a new game of ``rules`` (its cards looked at; two-player: drawn)."""
    state, _ = GameState.new_game(rules, seed)
    while state.phase is not Phase.BIDDING:
        legal = state.legal_actions()
        state.apply(A.LOOK if A.LOOK in legal else legal[0])
    assert state.turn is not None
    return state.view(state.turn)


@pytest.mark.parametrize("rules", [HouseRules(), HouseRules(mode=Mode.CUTTHROAT), HouseRules(mode=Mode.TWO_PLAYER),
                                   HouseRules(deck=Deck.JOKERS_DEUCES), HouseRules(nil_exchange=2)])
def test_the_distributions_cover_every_count_and_sum_to_one(rules):
    for seed in range(3):
        view = first_bid_view(rules, seed)
        for dist in (own_tricks(view), side_tricks(view), own_tricks(view, "hard")):
            assert dist is not None and len(dist) == 14
            assert math.isclose(sum(dist), 1.0, abs_tol=1e-9)
            assert min(dist) > 0.0
        chance = nil_made(view)
        assert chance is not None and 0.0 < chance < 1.0


def test_a_hand_of_honours_takes_more_tricks_and_makes_nil_less_often_than_a_hand_of_low_cards():
    strong, weak = south_view(STRONG), south_view(WEAK)
    assert expected(own_tricks(strong)) > expected(own_tricks(weak)) + 5
    assert expected(own_tricks(strong)) > 8
    assert expected(own_tricks(weak)) < 2
    assert at_least(own_tricks(strong), 8) > 0.5
    assert nil_made(weak) > 0.6 > 0.05 > nil_made(strong)


def test_the_side_counts_the_partners_tricks_too():
    """With the partner (North) at four, the side takes more than the seat alone; a cutthroat seat is
    a side of one."""
    view = south_view(WEAK, bids=("4", "3"), dealer=Seat.W)  # North bids 4, East 3, South to bid
    assert expected(side_tricks(view)) > expected(own_tricks(view)) + 2
    lone = south_view(WEAK, HouseRules(mode=Mode.CUTTHROAT), bids=("4", "3"), dealer=Seat.W)
    assert side_tricks(lone) == own_tricks(lone)


def test_a_table_the_model_never_played_falls_back_to_none():
    for rules in (HouseRules(mode=Mode.THREE_PLAYER), HouseRules(mode=Mode.AUCTION),
                  HouseRules(bidding=BiddingStyle.WHIZ)):
        view = first_bid_view(rules, 3)
        assert view.hand is not None
        assert own_tricks(view) is None and side_tricks(view) is None and nil_made(view) is None
    view = south_view(STRONG)
    assert own_tricks(view, "easy") is None
    assert own_tricks(dataclasses.replace(view, hand=None)) is None


def test_the_games_predictions_are_the_fitting_scripts():
    """The file carries held-out rows the script predicted with numpy; the game's plain Python gives
    the same numbers for the same rows."""
    data = json.loads(bid_model.MODEL_PATH.read_text())
    model = load_model()
    assert data["checks"]
    for check in data["checks"]:
        assert model.own.distribution(check["x"]) == pytest.approx(check["own"], abs=1e-12)
        assert model.side.distribution(check["x"]) == pytest.approx(check["side"], abs=1e-12)
        assert bid_model._sigmoid(bid_model._dot(model.nil_weights, check["x"]) + model.nil_bias) == pytest.approx(
            check["nil"], abs=1e-12)


def test_the_features_read_only_the_seats_view():
    """Two deals alike for South (its hand, the bids so far) but not for the other seats give one
    row: nothing of the hidden hands reaches the model."""
    hands = deal(S=STRONG)
    swapped = {**hands, Seat.N: hands[Seat.E], Seat.E: hands[Seat.W], Seat.W: hands[Seat.N]}
    rows = []
    for dealt in (hands, swapped):
        state = _looked(position(HouseRules(), dealt, ["3", "2"], [], dealer=Seat.W))
        rows.append(features(state.view(Seat.S)))
    assert rows[0] == rows[1]
    named = dict(zip(FEATURES, rows[0], strict=True))
    assert named["partner_bid"] == 3 and named["opponent_sum"] == 2 and named["place_3"] == 1
    assert named["top_trump_1"] == 1 and named["side_aces"] == 3


def test_the_game_never_imports_numpy_for_the_model():
    probe = ("import sys; from spades_desktop.ai import bid_model; bid_model.load_model(); "
             "assert 'numpy' not in sys.modules, 'numpy was imported'")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_self_play_records_each_bidding_seat_and_repeats_under_a_seed():
    unit = Unit("partnership", "normal", 11, 2, 0)
    rows = play_unit(unit)
    assert rows == play_unit(unit)
    assert len(rows) == 8  # four bids a hand
    for row in rows:
        assert len(row["x"]) == len(FEATURES)
        assert 0 <= row["tricks"] <= row["side_tricks"] <= 13
    two = play_unit(Unit("two_player", "normal", 11, 1, 0))
    assert len(two) == 2 and all(r["tricks"] == r["side_tricks"] for r in two)


def test_the_hands_are_shared_out_among_the_tables_by_their_shares():
    work = units(1000, 100, 5)
    normal = {t.name: sum(u.hands for u in work if u.table == t.name and u.level == "normal") for t in TABLES}
    assert normal["partnership"] == round(1000 * TABLES[0].normal_share)
    assert sum(u.hands for u in work if u.level == "hard") == 100
    assert work == units(1000, 100, 5)


def test_the_numpy_predictions_are_the_games_for_any_weights():
    """The fitting script's vectorised predictions (both kinds) against the game's, random weights."""
    np = pytest.importorskip("numpy")
    from spades_desktop.tools.bid_fit import Fitted
    rng = np.random.default_rng(7)
    x = rng.normal(size=(5, 6))
    for kind, counts in (("cumulative", 13), ("softmax", 14)):
        fitted = Fitted(kind, rng.normal(size=(counts, 6)), rng.normal(size=counts))
        ours = bid_model.CountModel(kind, fitted.weights.tolist(), fitted.bias.tolist())
        for row, predicted in zip(x, fitted.predict(x), strict=True):
            assert ours.distribution(row.tolist()) == pytest.approx(predicted.tolist(), abs=1e-12)


def test_the_script_writes_the_same_model_twice_from_the_same_seed(tmp_path):
    """A few seconds (two tiny runs); skipped without numpy (the ``fit`` extra), as in CI."""
    pytest.importorskip("numpy")
    outs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        done = subprocess.run([sys.executable, "-m", "spades_desktop.tools.fit_bid_model", "--hands", "60",
                               "--hard-hands", "4", "--seed", "3", "--workers", "1", "--tables",
                               "partnership,two_player", "--out", str(out)], capture_output=True, text=True,
                              cwd=ROOT, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        summary = json.loads(done.stdout.strip().splitlines()[-1])
        assert summary["seat_hands"] > 100
        outs.append(out.read_text())
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert data["tables"] == [["partnership", "standard"], ["two_player", "standard"]]
    assert data["held_out"]["own"]["rows"] > 0
