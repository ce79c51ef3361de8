"""Scoring (docs/RULES.md section 2 and the scoring house rules), by the pure functions and end to end.

Every expected number below is worked out by hand from docs/RULES.md, not read off the engine.

End-to-end tests replay constructed hands whose trick counts are known in advance:

DEAL_Y, DEAL_X and DEAL_T2 (with their plays) are described in tests/deals.py.
"""

from __future__ import annotations

import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import mask_from_ids, parse_card
from spades_desktop.engine.record import check_record
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.scoring import apply_bag_penalty, game_winner, score_auction_side, score_side
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from tests.deals import DEAL_T2, DEAL_X, DEAL_Y, PLAYS_T2, PLAYS_X, PLAYS_Y, RANKS, plays_of

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
# --------------------------------------------------------------------------- constructed hands (tests/deals.py)


def record(bids, *, rules=None, hands=None, plays=None, dealer="W", **extra):
    rec = {"dealer": dealer, "hands": hands or DEAL_Y, "bids": bids, "plays": PLAYS_Y if plays is None else plays}
    if rules is not None:
        rec["rules"] = rules
    rec.update(extra)
    return rec


def checked(rec):
    result = check_record(rec)
    assert result.get("legal") is True and result.get("complete") is True, result
    return result


def side(rules, bids, tricks, *, seats=(N, S), blind=(), before=0, bags=0):
    """score_side for a side, with bids and tricks given per seat (others bid None, took 0)."""
    bid_list: list[int | None] = [None] * 4
    trick_list = [0] * 4
    blind_list = [False] * 4
    for seat, value in bids.items():
        bid_list[seat] = value
    for seat, value in tricks.items():
        trick_list[seat] = value
    for seat in blind:
        blind_list[seat] = True
    return score_side(rules, "X", seats, bid_list, blind_list, trick_list, before, bags)


R = HouseRules()


def test_constructed_deals_take_the_planned_tricks():
    assert checked(record([["N", 3], ["E", 2], ["S", 2], ["W", 2]]))["tricks"] == {"N": 8, "E": 3, "S": 0, "W": 2}
    assert checked(record([["N", 3], ["E", 2], ["S", 2], ["W", 2]], hands=DEAL_X, plays=PLAYS_X))["tricks"] == {
        "N": 13, "E": 0, "S": 0, "W": 0}
    two = record([["S", 7], ["N", 5]], rules={"mode": "two_player"}, hands=DEAL_T2, plays=PLAYS_T2, dealer="N")
    assert checked(two)["tricks"] == {"N": 6, "S": 7}


# --------------------------------------------------------------------------- worked examples of section 2


def test_example_bid_5_took_8_scores_53():
    b = side(R, {N: 3, S: 2}, {N: 5, S: 3})
    assert (b.contract, b.tricks, b.made) == (5, 8, True)
    assert (b.contract_points, b.bags, b.bag_points, b.penalty, b.total) == (50, 3, 3, 0, 53)
    assert (b.score_after, b.bags_after) == (53, 3)
    single = side(R, {E: 5}, {E: 8}, seats=(E,))
    assert single.total == 53


def test_example_bid_7_took_8_scores_71():
    b = side(R, {N: 4, S: 3}, {N: 2, S: 6})
    assert (b.contract, b.made, b.contract_points, b.bags, b.total) == (7, True, 70, 1, 71)


def test_example_bid_4_took_3_scores_minus_40_without_bags():
    b = side(R, {N: 2, S: 2}, {N: 3, S: 0})
    assert (b.made, b.contract_points, b.bags, b.bag_points, b.total) == (False, -40, 0, 0, -40)
    assert b.bags_after == 0


def test_example_bags_3_3_4_then_1_give_one_penalty_and_one_bag_carried():
    score, bags, penalties = 0, 0, []
    for took in (7, 7, 8, 5):  # bid 4 each time: 3, 3, 4 and 1 bags
        b = side(R, {N: 4}, {N: took}, seats=(N,), before=score, bags=bags)
        score, bags = b.score_after, b.bags_after
        penalties.append(b.penalty)
    assert penalties == [0, 0, -100, 0]
    assert bags == 1
    assert score == 43 + 43 + 44 - 100 + 41
    assert apply_bag_penalty(R, 11) == (-100, 1)  # 3+3+4+1 counted at once


def test_examples_end_to_end():
    # bid 5 took 8 (NS) and EW bid 4 took 5
    r = checked(record([["N", 3], ["E", 2], ["S", 2], ["W", 2]]))
    assert r["scores_after"] == {"NS": 53, "EW": 41}
    assert r["bags_after"] == {"NS": 3, "EW": 1}
    # bid 7 took 8 (NS); EW bid 6 took 5
    r = checked(record([["N", 4], ["E", 3], ["S", 3], ["W", 3]]))
    assert r["scores_after"] == {"NS": 71, "EW": -60}
    assert r["breakdown"]["EW"]["made"] is False and r["breakdown"]["EW"]["bags"] == 0
    # bid 4 took 3: East alone in cutthroat
    r = checked(record([["N", 5], ["E", 4], ["S", 2], ["W", 2]], rules={"mode": "cutthroat"}))
    assert r["scores_after"]["E"] == -40


def test_bag_penalty_end_to_end_carry_and_reset():
    bids = [["N", 3], ["E", 2], ["S", 2], ["W", 2]]
    r = checked(record(bids, bags_before={"NS": 7, "EW": 0}, scores_before={"NS": 100, "EW": 0}))
    ns = r["breakdown"]["NS"]
    assert (ns["bags"], ns["penalty"], ns["total"], ns["bags_after"]) == (3, -100, -47, 0)
    assert r["scores_after"] == {"NS": 53, "EW": 41}
    carry = checked(record(bids, bags_before={"NS": 8, "EW": 0}))
    assert carry["bags_after"]["NS"] == 1 and carry["scores_after"]["NS"] == -47
    reset = checked(record(bids, rules={"bags_reset": True}, bags_before={"NS": 8, "EW": 0}))
    assert reset["bags_after"]["NS"] == 0 and reset["scores_after"]["NS"] == -47
    higher_limit = checked(record(bids, rules={"bag_limit": 12}, bags_before={"NS": 8, "EW": 0}))
    assert higher_limit["bags_after"]["NS"] == 11 and higher_limit["scores_after"]["NS"] == 53


# --------------------------------------------------------------------------- bags


@pytest.mark.parametrize(
    ("bags_reset", "expected"), [(False, (-100, 2)), (True, (-100, 0))]
)
def test_bag_penalty_carry_or_reset(bags_reset, expected):
    rules = HouseRules(bags_reset=bags_reset)
    b = side(rules, {N: 4}, {N: 8}, seats=(N,), bags=8)  # 8 + 4 = 12 bags
    assert (b.penalty, b.bags_after) == expected
    assert b.total == 40 + 4 - 100


def test_bags_below_limit_no_penalty():
    b = side(R, {N: 4}, {N: 5}, seats=(N,), bags=8)
    assert (b.penalty, b.bags_after, b.total) == (0, 9, 41)


@pytest.mark.parametrize("penalty", [50, 100, 110, 150])
def test_bag_penalty_value(penalty):
    b = side(HouseRules(bag_penalty=penalty), {N: 4}, {N: 5}, seats=(N,), bags=9)
    assert (b.penalty, b.bags_after, b.total) == (-penalty, 0, 41 - penalty)


@pytest.mark.parametrize(("limit", "bags_before", "penalty", "after"), [
    (5, 3, 0, 4), (5, 4, -100, 0), (15, 13, 0, 14), (15, 14, -100, 0), (7, 10, -100, 4)])
def test_bag_limit(limit, bags_before, penalty, after):
    b = side(HouseRules(bag_limit=limit), {N: 4}, {N: 5}, seats=(N,), bags=bags_before)
    assert (b.penalty, b.bags_after) == (penalty, after)


def test_several_penalties_at_once_carry_but_one_with_reset():
    # bid 4 took 13: 9 bags on top of 4 = 13 with a limit of 5
    carry = side(HouseRules(bag_limit=5), {N: 4}, {N: 13}, seats=(N,), bags=4)
    assert (carry.penalty, carry.bags_after, carry.total) == (-200, 3, 40 + 9 - 200)
    reset = side(HouseRules(bag_limit=5, bags_reset=True), {N: 4}, {N: 13}, seats=(N,), bags=4)
    assert (reset.penalty, reset.bags_after) == (-100, 0)


def test_apply_bag_penalty_directly():
    assert apply_bag_penalty(R, 9) == (0, 9)
    assert apply_bag_penalty(R, 10) == (-100, 0)
    assert apply_bag_penalty(R, 23) == (-200, 3)
    assert apply_bag_penalty(HouseRules(bags_reset=True), 23) == (-100, 0)
    assert apply_bag_penalty(HouseRules(bag_limit=6, bag_penalty=150), 13) == (-300, 1)


# --------------------------------------------------------------------------- nil and blind nil


def test_nil_made_and_failed_default_values():
    made = side(R, {N: 0, S: 4}, {N: 0, S: 4})
    assert (made.nil_points, made.blind_nil_points, made.contract_points, made.total) == (100, 0, 40, 140)
    assert made.contract == 4 and made.made is True
    assert [(n.seat, n.blind, n.tricks, n.made, n.points) for n in made.nils] == [(N, False, 0, True, 100)]
    failed = side(R, {N: 0, S: 4}, {N: 1, S: 4})  # nil trick counts for the partner: 5 >= 4, 1 bag
    assert (failed.nil_points, failed.bags, failed.total) == (-100, 1, 40 + 1 - 100)
    assert failed.nils[0].made is False


@pytest.mark.parametrize(("value", "made_total", "failed_total"), [(100, 140, -59), (50, 90, -9)])
def test_nil_value(value, made_total, failed_total):
    rules = HouseRules(nil_value=value)
    assert side(rules, {N: 0, S: 4}, {N: 0, S: 4}).total == made_total
    assert side(rules, {N: 0, S: 4}, {N: 1, S: 4}).total == failed_total


@pytest.mark.parametrize(("value", "made_total", "failed_total"), [(200, 240, -159), (100, 140, -59)])
def test_blind_nil_value(value, made_total, failed_total):
    rules = HouseRules(blind_nil_value=value)
    made = side(rules, {N: 0, S: 4}, {N: 0, S: 4}, blind=(N,))
    assert (made.blind_nil_points, made.nil_points, made.total) == (value, 0, made_total)
    assert made.nils[0].blind is True
    failed = side(rules, {N: 0, S: 4}, {N: 1, S: 4}, blind=(N,))
    assert (failed.blind_nil_points, failed.total) == (-value, failed_total)


def test_failed_nil_counts_for_partner_true():
    # South bid 4 and took 3; North bid nil and took 2: 5 tricks count toward 4 -> made, 1 bag
    b = side(HouseRules(failed_nil_counts_for_partner=True), {N: 0, S: 4}, {N: 2, S: 3})
    assert (b.made, b.tricks, b.contract_points, b.bags, b.nil_points, b.total) == (True, 5, 40, 1, -100, -59)


def test_failed_nil_counts_for_partner_false_tricks_become_bags():
    # the same hand: South's 3 < 4 -> set (-40); North's 2 tricks are bags for the side (README decision)
    b = side(HouseRules(failed_nil_counts_for_partner=False), {N: 0, S: 4}, {N: 2, S: 3})
    assert (b.made, b.contract_points, b.bags, b.bag_points, b.nil_points) == (False, -40, 2, 2, -100)
    assert b.total == -40 + 2 - 100
    # when the partner makes it anyway, the nil tricks are bags on top of the overtricks
    made = side(HouseRules(failed_nil_counts_for_partner=False), {N: 0, S: 3}, {N: 2, S: 4})
    assert (made.made, made.bags, made.total) == (True, 1 + 2, 30 + 3 - 100)


def test_failed_nil_bags_can_trigger_a_penalty():
    b = side(HouseRules(failed_nil_counts_for_partner=False), {N: 0, S: 3}, {N: 2, S: 3}, bags=8)
    assert (b.bags, b.penalty, b.bags_after, b.total) == (2, -100, 0, 30 + 2 - 100 - 100)


def test_both_partners_nil_no_contract():
    b = side(R, {N: 0, S: 0}, {N: 0, S: 0}, blind=(S,))
    assert (b.contract, b.made, b.nil_points, b.blind_nil_points, b.total) == (0, None, 100, 200, 300)
    b = side(R, {N: 0, S: 0}, {N: 1, S: 0})
    assert (b.nil_points, b.bags, b.total) == (0, 1, 1)  # -100 + 100 + 1 bag


def test_nil_end_to_end_and_failed_nil_rule():
    bids = [["N", 5], ["E", 4], ["S", "nil"], ["W", "nil"]]
    r = checked(record(bids))
    # NS: 5 bid, 8 taken -> 53, South's nil made +100; EW: East 3 + West's 2 = 5 >= 4 -> 41, nil -100
    assert r["scores_after"] == {"NS": 153, "EW": -59}
    assert r["bags_after"] == {"NS": 3, "EW": 1}
    assert r["breakdown"]["NS"]["nil"] == [{"seat": "S", "bid": "nil", "tricks": 0, "made": True, "points": 100}]
    r = checked(record(bids, rules={"failed_nil_counts_for_partner": False}))
    # East 3 < 4 -> -40; West's 2 tricks are bags; nil -100
    assert r["scores_after"] == {"NS": 153, "EW": -138}
    assert r["bags_after"] == {"NS": 3, "EW": 2}
    r = checked(record(bids, rules={"nil_value": 50}))
    assert r["scores_after"] == {"NS": 103, "EW": -9}


def test_blind_nil_end_to_end():
    bids = [["N", 5], ["E", 4], ["S", "blind_nil"], ["W", "blind_nil"]]
    r = checked(record(bids))
    assert r["scores_after"] == {"NS": 253, "EW": -159}
    assert r["breakdown"]["NS"]["blind_nil_points"] == 200 and r["breakdown"]["EW"]["blind_nil_points"] == -200
    r = checked(record(bids, rules={"blind_nil_value": 100}))
    assert r["scores_after"] == {"NS": 153, "EW": -59}


# --------------------------------------------------------------------------- 13 bids and ten for two hundred


def test_thirteen_bid_double():
    normal = side(R, {N: 7, S: 6}, {N: 9, S: 4})
    assert (normal.contract_points, normal.bonus, normal.total) == (130, 0, 130)
    double = side(HouseRules(thirteen_bid_double=True), {N: 7, S: 6}, {N: 9, S: 4})
    assert (double.contract_points, double.bonus, double.total) == (130, 130, 260)
    # only a contract of 13: bid 12 taking 13 is 120 + 1 bag even with the rule
    assert side(HouseRules(thirteen_bid_double=True), {N: 6, S: 6}, {N: 9, S: 4}).total == 121


def test_thirteen_bid_fail_bags():
    plain = side(R, {N: 7, S: 6}, {N: 8, S: 4})
    assert (plain.total, plain.bags, plain.bags_after) == (-130, 0, 0)
    rule = HouseRules(thirteen_bid_fail_bags=True)
    b = side(rule, {N: 7, S: 6}, {N: 8, S: 4})
    # 13 bags at once: one penalty of 100, 3 bags carried, no points for those bags
    assert (b.contract_points, b.bags, b.bag_points, b.penalty, b.bags_after, b.total) == (-130, 13, 0, -100, 3, -230)
    b = side(rule, {N: 7, S: 6}, {N: 8, S: 4}, bags=9)  # 22 bags: two penalties
    assert (b.penalty, b.bags_after, b.total) == (-200, 2, -330)
    # a set contract of 12 gets no bags
    assert side(rule, {N: 6, S: 6}, {N: 8, S: 3}).bags == 0


def test_ten_for_two_hundred():
    rule = HouseRules(ten_for_two_hundred=True)
    b = side(rule, {N: 6, S: 4}, {N: 7, S: 4})
    assert (b.contract_points, b.bonus, b.bags, b.total) == (100, 100, 1, 201)
    assert side(rule, {N: 6, S: 6}, {N: 8, S: 4}).total == 240
    assert side(rule, {N: 6, S: 4}, {N: 5, S: 4}).total == -100  # set: as usual
    assert side(rule, {N: 5, S: 4}, {N: 5, S: 4}).total == 90  # below 10: as usual
    assert side(R, {N: 6, S: 4}, {N: 7, S: 4}).total == 101  # rule off


def test_thirteen_and_ten_rules_end_to_end():
    bids13 = [["N", 7], ["E", 1], ["S", 6], ["W", 1]]
    assert checked(record(bids13, hands=DEAL_X, plays=PLAYS_X))["scores_after"] == {"NS": 130, "EW": -20}
    r = checked(record(bids13, hands=DEAL_X, plays=PLAYS_X, rules={"thirteen_bid_double": True}))
    assert r["scores_after"] == {"NS": 260, "EW": -20}
    bids10 = [["N", 6], ["E", 1], ["S", 4], ["W", 1]]
    r = checked(record(bids10, hands=DEAL_X, plays=PLAYS_X, rules={"ten_for_two_hundred": True}))
    assert r["scores_after"] == {"NS": 203, "EW": -20}
    # contract 13 set on DEAL_Y (8 tricks): -130 and 13 bags -> -100, 3 bags left
    r = checked(record(bids13, rules={"thirteen_bid_fail_bags": True}))
    assert r["scores_after"]["NS"] == -230 and r["bags_after"]["NS"] == 3


# --------------------------------------------------------------------------- modes


def test_cutthroat_scores_each_seat_alone():
    r = checked(record([["N", 5], ["E", 4], ["S", "nil"], ["W", 2]], rules={"mode": "cutthroat"},
                       scores_before={"N": 10, "E": 20, "S": 30, "W": 40},
                       bags_before={"N": 8, "E": 0, "S": 0, "W": 0}))
    # N bid 5 took 8: 53 with 3 bags (8 + 3 = 11 -> -100, 1 left); E bid 4 took 3: -40; S nil: +100; W 2 of 2: 20
    assert r["scores_after"] == {"N": 10 + 53 - 100, "E": 20 - 40, "S": 130, "W": 60}
    assert r["bags_after"] == {"N": 1, "E": 0, "S": 0, "W": 0}
    assert set(r["breakdown"]) == {"N", "E", "S", "W"}
    assert r["breakdown"]["S"]["made"] is None and r["breakdown"]["S"]["contract"] == 0


def test_cutthroat_failed_nil_tricks_are_bags():
    # a cutthroat nil has no contract to count toward: its tricks are bags (README decision)
    b = side(R, {W: 0}, {W: 2}, seats=(W,))
    assert (b.nil_points, b.bags, b.bag_points, b.total, b.bags_after) == (-100, 2, 2, -98, 2)
    r = checked(record([["N", 5], ["E", 4], ["S", 2], ["W", "nil"]], rules={"mode": "cutthroat"}))
    assert r["scores_after"]["W"] == -98 and r["bags_after"]["W"] == 2
    assert r["scores_after"]["S"] == -20


def test_two_player_scoring_end_to_end():
    rec = record([["S", 7], ["N", 5]], rules={"mode": "two_player"}, hands=DEAL_T2, plays=PLAYS_T2, dealer="N",
                 scores_before={"N": 100, "S": 200}, bags_before={"N": 9, "S": 2})
    r = checked(rec)
    # N bid 5 took 6: 51, 9 + 1 bags -> -100; S bid 7 took 7: 70
    assert r["scores_after"] == {"N": 100 + 51 - 100, "S": 270}
    assert r["bags_after"] == {"N": 0, "S": 2}
    assert set(r["breakdown"]) == {"N", "S"}


def test_two_player_through_the_state_machine():
    hands = {Seat.parse(k): mask_from_ids(v) for k, v in DEAL_T2.items()}
    state = GameState.from_deal(HouseRules(mode="two_player"), N, hands)
    for value in (7, 5):
        if state.phase is Phase.BLIND_DECISION:
            state.apply(A.LOOK)
        state.apply(A.bid_action(value))
    for _, card in PLAYS_T2:
        state.apply(parse_card(card))
    assert state.phase is Phase.HAND_OVER
    assert state.scores == {"N": 51, "S": 70}
    assert state.bags == {"N": 1, "S": 0}


def test_auction_declarers_made_defenders_nothing():
    made = score_auction_side(R, "NS", True, 8, 9, True, 0, 0)
    assert (made.contract, made.made, made.contract_points, made.bags, made.total) == (8, True, 80, 1, 81)
    defence = score_auction_side(R, "EW", False, 8, 4, True, 0, 0)
    assert (defence.defence_points, defence.bags, defence.total) == (0, 0, 0)


def test_auction_declarers_set_defenders_ten_per_trick():
    set_ = score_auction_side(R, "NS", True, 9, 8, False, 0, 0)
    assert (set_.made, set_.contract_points, set_.bags, set_.total) == (False, -90, 0, -90)
    defence = score_auction_side(R, "EW", False, 9, 5, False, 0, 0)
    assert (defence.defence_points, defence.bags, defence.total) == (50, 0, 50)


def test_auction_end_to_end():
    passes = [["E", "pass"], ["S", "pass"], ["W", "pass"]]
    rules = {"mode": "auction"}
    r = checked(record([["N", 7], *passes], rules=rules, trump="S"))
    assert r["scores_after"] == {"NS": 71, "EW": 0} and r["bags_after"] == {"NS": 1, "EW": 0}
    r = checked(record([["N", 9], *passes], rules=rules, trump="S"))
    assert r["scores_after"] == {"NS": -90, "EW": 50}
    assert r["breakdown"]["EW"]["defence_points"] == 50 and r["breakdown"]["EW"]["bags"] == 0
    # no trump on DEAL_X: North leads spades and wins all 13 -> 70 + 6 bags
    r = checked(record([["N", 7], *passes], rules=rules, hands=DEAL_X, plays=PLAYS_X, trump="NT"))
    assert r["scores_after"] == {"NS": 76, "EW": 0}
    # hearts trump on DEAL_X: East ruffs the first trick and wins every trick
    hearts = plays_of([("N", "2S 2H 2D 2C")] + [("E", f"{r}H {r}D {r}C {r}S") for r in RANKS[1:]])
    r = checked(record([["N", 7], *passes], rules=rules, hands=DEAL_X, plays=hearts, trump="H"))
    assert r["tricks"] == {"N": 0, "E": 13, "S": 0, "W": 0}
    assert r["scores_after"] == {"NS": -70, "EW": 130}
    # a declarer's bags can trigger the penalty
    r = checked(record([["N", 7], *passes], rules=rules, trump="S", bags_before={"NS": 9, "EW": 9}))
    assert r["scores_after"] == {"NS": -29, "EW": 0} and r["bags_after"] == {"NS": 0, "EW": 9}


# --------------------------------------------------------------------------- game end


@pytest.mark.parametrize(("scores", "winner"), [
    ({"NS": 499, "EW": 300}, None),
    ({"NS": 500, "EW": 300}, "NS"),
    ({"NS": 520, "EW": 530}, "EW"),  # both over: the higher wins
    ({"NS": 480, "EW": 530}, "EW"),
    ({"NS": 510, "EW": 510}, None),  # tie on top: play on
    ({"NS": -900, "EW": 0}, None),  # no losing score set
])
def test_game_winner_target(scores, winner):
    assert game_winner(R, scores) == winner


def test_game_winner_other_target():
    assert game_winner(HouseRules(target_score=300), {"NS": 300, "EW": 0}) == "NS"
    assert game_winner(HouseRules(target_score=1000), {"NS": 990, "EW": 0}) is None


@pytest.mark.parametrize(("scores", "winner"), [
    ({"NS": -199, "EW": 100}, None),
    ({"NS": -200, "EW": 100}, "EW"),  # at the losing score
    ({"NS": -250, "EW": -300}, "NS"),  # both below: the higher wins
    ({"NS": -250, "EW": -250}, None),  # tie on top: play on
])
def test_game_winner_losing_score(scores, winner):
    assert game_winner(HouseRules(losing_score=-200), scores) == winner


def test_game_winner_cutthroat():
    rules = HouseRules(mode="cutthroat")
    assert game_winner(rules, {"N": 500, "E": 200, "S": 100, "W": 0}) == "N"
    assert game_winner(rules, {"N": 450, "E": 200, "S": 100, "W": 0}) is None
    assert game_winner(rules, {"N": 510, "E": 520, "S": 100, "W": 0}) == "E"
    assert game_winner(rules, {"N": 520, "E": 520, "S": 530, "W": 0}) == "S"
    assert game_winner(rules, {"N": 520, "E": 520, "S": 100, "W": 0}) is None
    low = HouseRules(mode="cutthroat", losing_score=-300)
    assert game_winner(low, {"N": -300, "E": 20, "S": 100, "W": 40}) == "S"


# --------------------------------------------------------------------------- all tricks bonus (Boston)


@pytest.mark.parametrize("bonus", [200, 250])
def test_all_tricks_bonus_is_added_whatever_the_side_bid(bonus):
    rules = HouseRules(all_tricks_bonus=bonus)
    b = side(rules, {N: 3, S: 2}, {N: 9, S: 4})  # bid 5, took all 13: 50 + 8 bags + the bonus
    assert (b.contract_points, b.bonus, b.bags, b.total) == (50, bonus, 8, 50 + 8 + bonus)
    assert side(rules, {N: 3, S: 2}, {N: 8, S: 4}).bonus == 0  # 12 of 13: no bonus
    assert side(R, {N: 3, S: 2}, {N: 9, S: 4}).total == 58  # the rule off (the default)


def test_all_tricks_bonus_comes_after_the_doubled_thirteen():
    rules = HouseRules(all_tricks_bonus=200, thirteen_bid_double=True)
    b = side(rules, {N: 7, S: 6}, {N: 9, S: 4})
    assert (b.contract_points, b.bonus, b.total) == (130, 130 + 200, 460)  # 260 doubled, then +200


def test_all_tricks_bonus_beside_a_broken_nil():
    b = side(HouseRules(all_tricks_bonus=250), {N: 0, S: 5}, {N: 2, S: 11})
    assert b.nils[0].made is False and b.nil_points == -100
    assert (b.contract_points, b.bonus, b.bags) == (50, 250, 8)
    assert b.total == 50 + 8 + 250 - 100


def test_all_tricks_bonus_for_a_single_seat_and_for_seventeen_tricks():
    cut = side(HouseRules(mode="cutthroat", all_tricks_bonus=200), {E: 4}, {E: 13}, seats=(E,))
    assert cut.bonus == 200
    three = HouseRules(mode="three_player", all_tricks_bonus=200)
    assert side(three, {N: 6}, {N: 13}, seats=(N,)).bonus == 0  # 13 of 17 is not every trick
    assert side(three, {N: 6}, {N: 17}, seats=(N,)).bonus == 200


def test_all_tricks_bonus_in_an_auction_only_for_the_declarers():
    rules = HouseRules(mode="auction", all_tricks_bonus=200)
    declarers = score_auction_side(rules, "NS", True, 9, 13, True, 0, 0)
    assert (declarers.contract_points, declarers.bonus, declarers.total) == (90, 200, 90 + 4 + 200)
    defenders = score_auction_side(rules, "EW", False, 9, 13, False, 0, 0)
    assert defenders.bonus == 0


def test_all_tricks_bonus_end_to_end_in_a_hand_record():
    bids = [["N", 7], ["E", 1], ["S", 6], ["W", 1]]
    r = checked(record(bids, hands=DEAL_X, plays=PLAYS_X, rules={"all_tricks_bonus": 250}))
    assert r["scores_after"] == {"NS": 130 + 250, "EW": -20}
    assert r["breakdown"]["NS"]["bonus"] == 250


def test_all_tricks_bonus_takes_only_its_values():
    from spades_desktop.engine.rules import RulesError

    for bad in (100, 300, -200, True, "200", None):
        with pytest.raises(RulesError, match="all_tricks_bonus"):
            HouseRules(all_tricks_bonus=bad)


def test_the_computer_players_value_the_all_tricks_bonus():
    """The players' hand evaluation scores through the engine's scoring, so Boston is in it."""
    from spades_desktop.ai.evaluation import HandEvaluator

    values = {}
    for bonus in (0, 250):
        state, _ = GameState.new_game(HouseRules(all_tricks_bonus=bonus), 5)
        while state.phase is not Phase.PLAY:
            state.apply(next(a for a in state.legal_actions() if A.is_bid(a) and A.bid_value(a) == 3)
                        if state.phase is Phase.BIDDING else state.legal_actions()[0], seat=state.turn)
        evaluator = HandEvaluator(state.view(S))
        values[bonus] = evaluator.side_points("NS", (N, S), [7, 0, 6, 0])
    assert values[250] - values[0] == pytest.approx(250)
