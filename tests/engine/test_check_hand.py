"""`spades-desktop check-hand FILE...` run as a real command (a subprocess of the installed module).

All record files are written once and checked by a single run, so the suite stays fast; each
test then reads the JSON line of its own file.  Expected numbers are worked out by hand.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.deals import DEAL_T2, DEAL_X, DEAL_Y, PLAYS_T2, PLAYS_X, PLAYS_Y, RANKS, plays_of

BIDS_Y = [["N", 3], ["E", 2], ["S", 2], ["W", 2]]
PASSES = [["E", "pass"], ["S", "pass"], ["W", "pass"]]


def rec(**kw):
    base = {"dealer": "W", "hands": DEAL_Y, "bids": BIDS_Y, "plays": PLAYS_Y}
    base.update(kw)
    return {k: v for k, v in base.items() if v is not None}


def with_hand(seat, cards, hands=None):
    hands = dict(hands or DEAL_Y)
    hands[seat] = cards
    return hands


def dumps(obj):
    return json.dumps(obj).encode()


# name -> bytes to write; None: a path that does not exist; "DIR": a directory
FILES: dict[str, object] = {
    "complete": dumps(rec(scores_before={"NS": 120, "EW": 45}, bags_before={"NS": 3, "EW": 9})),
    "incomplete_plays": dumps(rec(plays=PLAYS_Y[:10])),
    "incomplete_bids": dumps(rec(bids=BIDS_Y[:2], plays=[])),
    "incomplete_no_bids": dumps(rec(bids=None, plays=None)),
    "nil_and_blind_nil": dumps(rec(bids=[["N", 5], ["E", 4], ["S", "blind_nil"], ["W", "nil"]])),
    "bid_min_team": dumps(rec(rules={"min_team_bid": 4}, bids=[["N", 1], ["E", 2], ["S", 2], ["W", 2]])),
    "bid_nil_refused": dumps(rec(rules={"nil_allowed": False, "blind_nil_allowed": False},
                                 bids=[["N", 3], ["E", "nil"], ["S", 2], ["W", 2]])),
    "bid_blind_nil_refused": dumps(rec(rules={"blind_nil_allowed": False},
                                       bids=[["N", 3], ["E", 2], ["S", "blind_nil"], ["W", 2]])),
    "bid_out_of_turn": dumps(rec(bids=[["E", 2], ["N", 3]])),
    "bid_not_a_bid": dumps(rec(bids=[["N", 3], ["E", 14]])),
    "bid_too_many": dumps(rec(bids=[*BIDS_Y, ["N", 3]])),
    "play_follow": dumps(rec(plays=[["N", "AC"], ["E", "KD"], ["S", "AS"]])),
    "play_first_spade": dumps(rec(plays=[["N", "AS"]])),
    "play_not_broken": dumps(rec(plays=[*PLAYS_Y[:4], ["N", "AS"], ["E", "AD"]])),
    "play_not_in_hand": dumps(rec(plays=[["N", "4C"]])),
    "play_out_of_turn": dumps(rec(plays=[["E", "4C"]])),
    "play_before_bids_done": dumps(rec(bids=BIDS_Y[:3], plays=[["N", "AC"]])),
    "play_after_hand": dumps(rec(plays=[*PLAYS_Y, ["E", "AC"]])),
    "not_json": b"{this is not json",
    "empty": b"",
    "a_list": b"[]",
    "a_number": b"42",
    "binary": b"\xff\xfe\x00\x81 not utf-8",
    "missing_hands": dumps(rec(hands=None)),
    "missing_seat": dumps(rec(hands={k: v for k, v in DEAL_Y.items() if k != "W"})),
    "twelve_cards": dumps(rec(hands=with_hand("N", DEAL_Y["N"][:12]))),
    "fourteen_cards": dumps(rec(hands=with_hand("N", [*DEAL_Y["N"], "4H"]))),
    "duplicate_card": dumps(rec(hands=with_hand("N", [*DEAL_Y["N"][:12], "AC"]))),
    "card_in_two_hands": dumps(rec(hands=with_hand("N", [*DEAL_Y["N"][:12], "5C"]))),
    "bad_card_id": dumps(rec(hands=with_hand("N", [*DEAL_Y["N"][:12], "1X"]))),
    "unknown_rule": dumps(rec(rules={"jokers": True})),
    "bad_rule_value": dumps(rec(rules={"target_score": 475})),
    "bool_rule_as_number": dumps(rec(rules={"bags_reset": 1})),
    "bad_dealer": dumps(rec(dealer="X")),
    "bad_scores_before": dumps(rec(scores_before={"NS": 10})),
    "nonexistent": None,
    "directory": "DIR",
    "two_player": dumps(rec(rules={"mode": "two_player"}, dealer="N", hands=DEAL_T2, bids=[["S", 7], ["N", 5]],
                            plays=PLAYS_T2, scores_before={"N": 100, "S": 200})),
    "two_player_wrong_first_bidder": dumps(rec(rules={"mode": "two_player"}, dealer="N", hands=DEAL_T2,
                                               bids=[["N", 5], ["S", 7]], plays=[])),
    "two_player_with_east": dumps(rec(rules={"mode": "two_player"}, dealer="N",
                                      hands={**DEAL_T2, "E": DEAL_Y["E"]}, bids=[], plays=[])),
    "cutthroat": dumps(rec(rules={"mode": "cutthroat"}, bids=[["N", 5], ["E", 4], ["S", "nil"], ["W", 2]],
                           scores_before={"N": 0, "E": 10, "S": 20, "W": 30},
                           bags_before={"N": 8, "E": 0, "S": 0, "W": 0})),
    "auction_made": dumps(rec(rules={"mode": "auction"}, bids=[["N", 7], *PASSES], trump="S")),
    "auction_set": dumps(rec(rules={"mode": "auction"}, bids=[["N", 9], *PASSES], trump="S")),
    "auction_no_trump": dumps(rec(rules={"mode": "auction"}, hands=DEAL_X, plays=PLAYS_X,
                                  bids=[["N", 7], *PASSES], trump="NT")),
    "auction_hearts": dumps(rec(rules={"mode": "auction"}, hands=DEAL_X, bids=[["N", 7], *PASSES], trump="H",
                                plays=plays_of([("N", "2S 2H 2D 2C")]
                                               + [("E", f"{r}H {r}D {r}C {r}S") for r in RANKS[1:]]))),
    "auction_low_bid": dumps(rec(rules={"mode": "auction"}, bids=[["N", 7], ["E", 7]], plays=[])),
    "auction_nil": dumps(rec(rules={"mode": "auction"}, bids=[["N", "nil"]], plays=[])),
    "auction_no_trump_given": dumps(rec(rules={"mode": "auction"}, bids=[["N", 7], *PASSES], plays=[])),
    "auction_plays_without_trump": dumps(rec(rules={"mode": "auction"}, bids=[["N", 7], *PASSES])),
    "auction_lead_trump_first": dumps(rec(rules={"mode": "auction"}, hands=DEAL_Y, bids=[["N", 7], *PASSES],
                                          trump="H", plays=[["N", "AH"]])),
    # a seat spelled twice, and trump values that are not one suit
    "seat_given_twice": dumps(rec(hands={"N": DEAL_Y["S"], "n": DEAL_Y["N"], "E": DEAL_Y["E"], "S": DEAL_Y["S"],
                                         "W": DEAL_Y["W"]}, plays=[])),
    "trump_two_suits": dumps(rec(rules={"mode": "auction"}, bids=[["N", 7], *PASSES], trump="CD", plays=[])),
    "trump_empty": dumps(rec(rules={"mode": "auction"}, bids=[["N", 7], *PASSES], trump="", plays=[])),
    "trump_hs": dumps(rec(rules={"mode": "auction"}, bids=[["N", 7], *PASSES], trump="hs", plays=[])),
    # positions before the hand that no game reaches (issue 57), and their neighbours that games do
    "bags_at_the_limit": dumps(rec(bags_before={"NS": 10, "EW": 0})),
    "bags_far_past_the_limit": dumps(rec(bags_before={"NS": 0, "EW": 9999})),
    "bags_at_a_house_limit": dumps(rec(rules={"bag_limit": 5, "bags_reset": True}, bags_before={"NS": 5, "EW": 0})),
    "bags_under_a_house_limit": dumps(rec(rules={"bag_limit": 15}, bags_before={"NS": 14, "EW": 12})),
    "past_the_target_and_ahead": dumps(rec(rules={"target_score": 550}, scores_before={"NS": 600, "EW": 550})),
    "past_the_target_behind_the_other": dumps(rec(rules={"target_score": 550},
                                                  scores_before={"NS": 560, "EW": 600})),
    "level_past_the_target": dumps(rec(rules={"target_score": 550}, scores_before={"NS": 600, "EW": 600})),
    "level_at_the_target": dumps(rec(scores_before={"NS": 500, "EW": 500})),
    "under_a_house_target": dumps(rec(rules={"target_score": 1000}, scores_before={"NS": 600, "EW": 550})),
    "at_the_losing_score": dumps(rec(rules={"losing_score": -200}, scores_before={"NS": 10, "EW": -200})),
    "past_the_losing_score_level_on_top": dumps(rec(rules={"mode": "cutthroat", "losing_score": -200},
                                                    scores_before={"N": -250, "E": 100, "S": 100, "W": 0})),
    "without_a_losing_score_deep_down": dumps(rec(scores_before={"NS": -5000, "EW": 200})),
    "a_score_beyond_any_game": dumps(rec(scores_before={"NS": 10**15, "EW": 0})),
    "a_score_far_below_any_game": dumps(rec(scores_before={"NS": 0, "EW": -(10**15)})),
}
RECORD_ERRORS = [
    "not_json", "empty", "a_list", "a_number", "binary", "missing_hands", "missing_seat", "twelve_cards",
    "fourteen_cards", "duplicate_card", "card_in_two_hands", "bad_card_id", "unknown_rule", "bad_rule_value",
    "bool_rule_as_number", "bad_dealer", "bad_scores_before", "nonexistent", "directory", "two_player_with_east",
    "auction_plays_without_trump",
]


def run_check_hand(paths, cwd):
    return subprocess.run([sys.executable, "-m", "spades_desktop", "check-hand", *map(str, paths)],
                          capture_output=True, text=True, cwd=cwd, timeout=60)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    paths = []
    for name, content in FILES.items():
        path = folder / f"{name}.json"
        if content == "DIR":
            path.mkdir()
        elif content is not None:
            path.write_bytes(content)
        paths.append(path)
    proc = run_check_hand(paths, folder)
    lines = proc.stdout.splitlines()
    results = {name: json.loads(line) for name, line in zip(FILES, lines, strict=False)}
    return proc, lines, results


@pytest.fixture(scope="module")
def results(run):
    return run[2]


@pytest.mark.slow
def test_one_json_line_per_file_in_order_exit_zero_no_traceback(run):
    proc, lines, _ = run
    assert proc.returncode == 0
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert len(lines) == len(FILES)
    for line in lines:
        assert isinstance(json.loads(line), dict)
    # the order is the order of the files: spot-check distinct answers
    names = list(FILES)
    assert json.loads(lines[names.index("complete")])["tricks"] == {"N": 8, "E": 3, "S": 0, "W": 2}
    assert json.loads(lines[names.index("incomplete_plays")]) == {"legal": True, "complete": False}
    assert json.loads(lines[names.index("two_player")])["tricks"] == {"N": 6, "S": 7}
    assert json.loads(lines[names.index("not_json")])["error_at"] == "record"


@pytest.mark.slow
def test_same_file_twice_and_order_kept(tmp_path):
    a = tmp_path / "a.json"
    b = tmp_path / "b.json"
    a.write_bytes(FILES["complete"])
    b.write_bytes(FILES["not_json"])
    proc = run_check_hand([b, a, b], tmp_path)
    assert proc.returncode == 0
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["legal"] for r in out] == [False, True, False]
    assert out[0] == out[2]


def test_complete_hand(results):
    r = results["complete"]
    assert r["legal"] is True and r["complete"] is True
    assert r["tricks"] == {"N": 8, "E": 3, "S": 0, "W": 2}
    # NS bid 5 took 8: 53 (3 bags: 3 + 3 = 6); EW bid 4 took 5: 41, 9 + 1 bags -> -100, 0 left
    assert r["scores_after"] == {"NS": 120 + 53, "EW": 45 + 41 - 100}
    assert r["bags_after"] == {"NS": 6, "EW": 0}
    ns, ew = r["breakdown"]["NS"], r["breakdown"]["EW"]
    assert {k: ns[k] for k in ("contract", "tricks", "made", "contract_points", "bags", "bag_points", "penalty",
                               "total", "score_before", "score_after", "bags_before", "bags_after")} == {
        "contract": 5, "tricks": 8, "made": True, "contract_points": 50, "bags": 3, "bag_points": 3, "penalty": 0,
        "total": 53, "score_before": 120, "score_after": 173, "bags_before": 3, "bags_after": 6}
    assert (ew["contract"], ew["tricks"], ew["made"], ew["bags"], ew["penalty"], ew["total"]) == (4, 5, True, 1, -100,
                                                                                                   -59)
    assert (ew["score_before"], ew["score_after"], ew["bags_before"], ew["bags_after"]) == (45, -14, 9, 0)
    assert ns["nil"] == [] and ns["nil_points"] == 0 and ns["bonus"] == 0


def test_nil_and_blind_nil_record(results):
    r = results["nil_and_blind_nil"]
    # NS: 53 + blind nil 200; EW: East 3 + West 2 = 5 >= 4 -> 41, failed nil -100
    assert r["scores_after"] == {"NS": 253, "EW": -59}
    assert r["breakdown"]["NS"]["nil"] == [{"seat": "S", "bid": "blind_nil", "tricks": 0, "made": True,
                                            "points": 200}]
    assert r["breakdown"]["EW"]["nil"] == [{"seat": "W", "bid": "nil", "tricks": 2, "made": False, "points": -100}]


@pytest.mark.parametrize("name", ["incomplete_plays", "incomplete_bids", "incomplete_no_bids"])
def test_incomplete_hand(results, name):
    assert results[name] == {"legal": True, "complete": False}


@pytest.mark.parametrize(("name", "index", "words"), [
    ("bid_min_team", 2, ["minimum team bid", "4"]),
    ("bid_nil_refused", 1, ["nil is not allowed"]),
    ("bid_blind_nil_refused", 2, ["blind nil is not allowed"]),
    ("bid_out_of_turn", 0, ["N's turn", "not E's"]),
    ("bid_not_a_bid", 1, ["not a bid"]),
    ("bid_too_many", 4, ["bidding is over"]),
    ("auction_low_bid", 1, ["higher than 7"]),
    ("auction_nil", 0, ["7 to 13"]),
    ("two_player_wrong_first_bidder", 0, ["S's turn"]),
])
def test_first_illegal_bid(results, name, index, words):
    r = results[name]
    assert r["legal"] is False and r["error_at"] == "bids" and r["index"] == index, r
    for word in words:
        assert word in r["reason"]


@pytest.mark.parametrize(("name", "index", "words"), [
    ("play_follow", 1, ["must follow clubs"]),
    ("play_first_spade", 0, ["spades", "first trick"]),
    ("play_not_broken", 4, ["spades are not broken"]),
    ("play_not_in_hand", 0, ["does not hold 4C"]),
    ("play_out_of_turn", 0, ["N's turn"]),
    ("play_before_bids_done", 0, ["bidding is not finished"]),
    ("play_after_hand", 52, ["hand is over"]),
    ("auction_lead_trump_first", 0, ["hearts", "first trick"]),
])
def test_first_illegal_play(results, name, index, words):
    r = results[name]
    assert r["legal"] is False and r["error_at"] == "plays" and r["index"] == index, r
    for word in words:
        assert word in r["reason"]


@pytest.mark.parametrize("name", RECORD_ERRORS)
def test_not_a_record(results, name):
    r = results[name]
    assert r["legal"] is False and r["error_at"] == "record", r
    assert isinstance(r["reason"], str) and r["reason"]
    assert "Traceback" not in r["reason"] and "could not check" not in r["reason"]
    assert set(r) == {"legal", "error_at", "reason"}


@pytest.mark.parametrize(("name", "words"), [
    ("not_json", ["JSON"]),
    ("a_list", ["object"]),
    ("missing_hands", ["hands"]),
    ("missing_seat", ["W"]),
    ("twelve_cards", ["12"]),
    ("duplicate_card", ["AC", "twice"]),
    ("card_in_two_hands", ["5C"]),
    ("unknown_rule", ["jokers"]),
    ("bad_rule_value", ["target_score", "475"]),
    ("bool_rule_as_number", ["bags_reset"]),
    ("nonexistent", ["cannot read"]),
    ("two_player_with_east", ["E"]),
    ("auction_plays_without_trump", ["trump"]),
])
def test_record_error_reasons(results, name, words):
    for word in words:
        assert word in results[name]["reason"]


def test_two_player_record(results):
    r = results["two_player"]
    assert r["legal"] is True and r["complete"] is True
    assert r["tricks"] == {"N": 6, "S": 7}
    # N bid 5 took 6: 51 (1 bag); S bid 7 took 7: 70
    assert r["scores_after"] == {"N": 151, "S": 270}
    assert r["bags_after"] == {"N": 1, "S": 0}
    assert set(r["breakdown"]) == {"N", "S"}


def test_cutthroat_record(results):
    r = results["cutthroat"]
    assert r["tricks"] == {"N": 8, "E": 3, "S": 0, "W": 2}
    # N 5 of 8: 53, bags 8 + 3 -> -100, 1 left; E 4 of 3: -40; S nil: +100; W 2 of 2: +20
    assert r["scores_after"] == {"N": -47, "E": -30, "S": 120, "W": 50}
    assert r["bags_after"] == {"N": 1, "E": 0, "S": 0, "W": 0}
    assert set(r["breakdown"]) == {"N", "E", "S", "W"}


def test_auction_records(results):
    made = results["auction_made"]
    assert made["tricks"] == {"N": 8, "E": 3, "S": 0, "W": 2}
    assert made["scores_after"] == {"NS": 71, "EW": 0} and made["bags_after"] == {"NS": 1, "EW": 0}
    assert made["breakdown"]["NS"]["made"] is True and made["breakdown"]["EW"]["defence_points"] == 0
    set_ = results["auction_set"]
    assert set_["scores_after"] == {"NS": -90, "EW": 50}
    assert set_["breakdown"]["NS"]["made"] is False and set_["breakdown"]["EW"]["defence_points"] == 50
    nt = results["auction_no_trump"]
    assert nt["tricks"] == {"N": 13, "E": 0, "S": 0, "W": 0}
    assert nt["scores_after"] == {"NS": 76, "EW": 0}
    hearts = results["auction_hearts"]
    assert hearts["tricks"] == {"N": 0, "E": 13, "S": 0, "W": 0}
    assert hearts["scores_after"] == {"NS": -70, "EW": 130}
    assert results["auction_no_trump_given"] == {"legal": True, "complete": False}


def test_no_files_prints_usage(tmp_path):
    proc = run_check_hand([], tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "usage" in proc.stderr and "Traceback" not in proc.stderr


def test_seat_given_twice_is_refused(results):
    # "N" lists South's cards (every card also in "S"), "n" lists North's: not a valid deal
    assert results["seat_given_twice"]["error_at"] == "record"


@pytest.mark.parametrize("name", ["trump_two_suits", "trump_empty", "trump_hs"])
def test_bad_trump_is_refused(results, name):
    assert results[name]["error_at"] == "record"


@pytest.mark.slow
def test_a_record_with_the_all_tricks_bonus(tmp_path):
    """Boston in a hand record: North & South take all 13 tricks and score the bonus on top."""
    path = tmp_path / "boston.json"
    path.write_bytes(dumps(rec(hands=DEAL_X, plays=PLAYS_X, bids=[["N", 7], ["E", 1], ["S", 6], ["W", 1]],
                               rules={"all_tricks_bonus": 200, "thirteen_bid_double": True})))
    out = json.loads(run_check_hand([path], tmp_path).stdout)
    assert out["legal"] is True and out["complete"] is True
    assert out["breakdown"]["NS"]["bonus"] == 130 + 200 and out["scores_after"]["NS"] == 260 + 200



@pytest.mark.parametrize(("name", "at", "side", "words"), [
    ("bags_at_the_limit", "bags_before", "NS", ["10 bags", "bag limit of 10", "loses 100", "drop below 10"]),
    ("bags_far_past_the_limit", "bags_before", "EW", ["9,999 bags", "bag limit of 10"]),
    ("bags_at_a_house_limit", "bags_before", "NS", ["5 bags", "bag limit of 5", "go back to zero"]),
    ("past_the_target_and_ahead", "scores_before", "NS", ["already over", "NS had 600", "target of 550",
                                                          "NS won", "level"]),
    ("past_the_target_behind_the_other", "scores_before", "EW", ["EW had 600", "EW won"]),
    ("at_the_losing_score", "scores_before", "EW", ["already over", "EW had -200", "losing score of -200",
                                                   "NS won"]),
    ("a_score_beyond_any_game", "scores_before", "NS", ["1,000,000,000,000,000", "beyond any game"]),
    ("a_score_far_below_any_game", "scores_before", "EW", ["-1,000,000,000,000,000", "beyond any game"]),
])
def test_a_position_no_game_reaches_is_refused_with_the_rule_it_breaks(results, name, at, side, words):
    """Before: check-hand scored these (9,999 bags gave -100,397 after one hand)."""
    r = results[name]
    assert r == {"legal": False, "error_at": at, "side": side, "reason": r["reason"]}, r
    for word in words:
        assert word in r["reason"], r["reason"]


@pytest.mark.parametrize("name", [
    "bags_under_a_house_limit", "level_past_the_target", "level_at_the_target", "under_a_house_target",
    "past_the_losing_score_level_on_top", "without_a_losing_score_deep_down",
])
def test_a_position_a_game_reaches_is_played(results, name):
    """Sides level on top play on at or past the target (or the losing score), as the rules say;
    the bounds move with the house rules."""
    r = results[name]
    assert r["legal"] is True and r["complete"] is True, r


# The bounds in-process: engine/record_position.py

EXTREME_RULES = [
    {},
    {"mode": "three_player"},
    {"mode": "cutthroat", "bag_limit": 5, "bag_penalty": 150},
    {"mode": "auction", "thirteen_bid_double": True, "ten_for_two_hundred": True, "all_tricks_bonus": 250},
    {"bag_limit": 5, "bag_penalty": 150, "thirteen_bid_fail_bags": True, "failed_nil_counts_for_partner": False},
    {"mode": "two_player", "thirteen_bid_double": True, "all_tricks_bonus": 250, "nil_value": 50},
]


@pytest.mark.parametrize("changes", EXTREME_RULES)
def test_no_hand_moves_a_score_further_than_the_bound(changes):
    """``most_a_hand_moves`` is an upper bound: random play (failed nils, sets, bag penalties)
    never moves a side's score by more in one hand."""
    import random

    from spades_desktop.engine import GameState
    from spades_desktop.engine.record_position import most_a_hand_moves
    from spades_desktop.engine.rules import HouseRules

    rules = HouseRules.from_dict(changes)
    bound = most_a_hand_moves(rules)
    rng = random.Random(57)
    state, _ = GameState.new_game(rules, 57)
    while len(state.hand_history) < 40 and state.legal_actions():
        state.apply(rng.choice(state.legal_actions()))
    moves = [abs(b.total) for hand in state.hand_history for b in hand.breakdown.values()]
    assert len(moves) >= 40 and max(moves) <= bound


def test_the_furthest_score_is_played_and_one_past_it_refused():
    from spades_desktop.engine.record import check_record
    from spades_desktop.engine.record_position import longest_game, most_a_hand_moves
    from spades_desktop.engine.rules import HouseRules

    rules = HouseRules()
    furthest = longest_game(rules) * most_a_hand_moves(rules)
    assert 100_000 < furthest < 10**7  # a thousand hands' worth, far inside what a save keeps
    assert check_record(rec(scores_before={"NS": -furthest, "EW": 0}))["complete"] is True
    refused = check_record(rec(scores_before={"NS": -furthest - 1, "EW": 0}))
    assert refused["error_at"] == "scores_before" and f"{furthest:,} either way" in refused["reason"]


def test_the_bounds_come_from_the_records_rules():
    from spades_desktop.engine.record_position import longest_game, most_a_hand_moves
    from spades_desktop.engine.rules import HouseRules

    standard = HouseRules()
    assert most_a_hand_moves(HouseRules(bag_penalty=150, bag_limit=5)) > most_a_hand_moves(standard)
    assert most_a_hand_moves(HouseRules(all_tricks_bonus=250)) >= most_a_hand_moves(standard)
    assert longest_game(HouseRules.from_dict({"mode": "two_player"})) > longest_game(standard)


def test_the_readme_gives_the_standard_bounds_the_checker_uses():
    from pathlib import Path

    from spades_desktop.engine.record_position import longest_game, most_a_hand_moves
    from spades_desktop.engine.rules import HouseRules

    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8").split())
    rules = HouseRules()
    hands, per_hand = longest_game(rules), most_a_hand_moves(rules)
    assert (f"at most {per_hand:,} points with the standard rules and a saved game holds at most {hands:,} hands,"
            f" so ±{hands * per_hand:,})") in readme
