"""Rule values in one home (issue 57 item 3): the computer players value a contract by asking
scoring, so their judgement moves with any house rule that changes a contract's points (a "double
set" rule tried in a scratch clone changed scoring and not the AI, and no test noticed)."""

from __future__ import annotations

import itertools

import pytest

from spades_desktop.ai.normal import contract_value
from spades_desktop.engine.rule_table import RULE_SPECS
from spades_desktop.engine.rule_values import Mode
from spades_desktop.engine.rules import HouseRules, RulesError
from spades_desktop.engine.scoring import score_side
from spades_desktop.engine.seats import Seat


def _every_rule_choice() -> list[HouseRules]:
    """The default rules with each choice of each rule of the table in turn (auction declarers are
    scored by ``score_auction_side`` and bid by the auction's own code), where the choice is legal."""
    found = []
    for spec in RULE_SPECS:
        for choice in spec.choices:
            if spec.key == "mode" and choice in (Mode.AUCTION, "auction"):
                continue
            try:
                found.append(HouseRules.from_dict({**HouseRules().to_dict(), spec.key: choice}))
            except RulesError:
                continue
    return found


def _scored(rules: HouseRules, bid: int, taken: int) -> int:
    """What scoring gives one seat's contract of ``bid`` that took ``taken`` tricks, from 0 and no bags."""
    bids: list[int | None] = [None] * 4
    tricks = [0] * 4
    bids[Seat.N], tricks[Seat.N] = bid, taken
    return score_side(rules, "N", [Seat.N], bids, [False] * 4, tricks, 0, 0).total


RULES = _every_rule_choice()


def test_every_rule_of_the_table_is_tried():
    assert len(RULES) > len(RULE_SPECS)
    assert {key for rules in RULES for key, value in rules.to_dict().items()
            if value != HouseRules().to_dict()[key]} >= {"bag_limit", "bag_penalty", "all_tricks_bonus"}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: next(
    (f"{k}={v}" for k, v in r.to_dict().items() if v != HouseRules().to_dict()[k]), "default"))
def test_the_computers_value_of_a_contract_made_and_set_is_scorings(rules):
    for bid in range(1, rules.tricks_per_hand + 1):
        assert contract_value(rules, bid, 1.0) == _scored(rules, bid, bid), ("made", bid)
        assert contract_value(rules, bid, 0.0) == _scored(rules, bid, bid - 1), ("set", bid)


def test_a_rule_that_doubles_a_set_changes_the_computers_value_with_scoring(monkeypatch):
    """The scratch clone's "double set": a set scoring -20 a trick. Made in scoring alone, the
    computer's value of a set follows it."""
    from spades_desktop.engine import scoring

    real = scoring.contract_points

    def double_set(rules, contract, counted):
        made, points, bonus = real(rules, contract, counted)
        return made, points if made else 2 * points, bonus

    monkeypatch.setattr(scoring, "contract_points", double_set)
    for rules, bid in itertools.product(RULES[:3], (1, 4, 9)):
        assert contract_value(rules, bid, 0.0) == _scored(rules, bid, bid - 1) == -20 * bid
