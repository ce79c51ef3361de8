"""Scoring of one hand and the end-of-game decision, as pure functions.

Kept apart from the state machine so the rules of docs/RULES.md section 2 can be read,
tested and reused (score sheet, hand records, AI evaluation) on their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .consequences import count_contract
from .rules import HouseRules
from .seats import Seat


@dataclass(frozen=True, slots=True)
class NilResult:
    seat: Seat
    blind: bool
    tricks: int
    made: bool
    points: int

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat.name,
            "bid": "blind_nil" if self.blind else "nil",
            "tricks": self.tricks,
            "made": self.made,
            "points": self.points,
        }


@dataclass(slots=True)
class SideBreakdown:
    """How one side's score changed in one hand; ``total`` is the sum of the parts.

    Not frozen only because frozen dataclasses are slow to build and AI search scores
    many hands; nothing mutates a breakdown.
    """

    side: str
    contract: int
    tricks: int
    made: bool | None  # None when the side had no contract (only nil bids, or auction defenders)
    contract_points: int  # +10 or -10 per trick of the contract
    bonus: int  # extra for ten-for-two-hundred, the doubled thirteen and taking every trick (Boston)
    bags: int  # bags taken this hand
    bag_points: int  # +1 per bag
    nils: tuple[NilResult, ...]
    nil_points: int
    blind_nil_points: int
    defence_points: int  # auction defenders who set the contract
    penalty: int  # bag penalties (zero or negative)
    total: int
    score_before: int
    score_after: int
    bags_before: int
    bags_after: int

    def to_dict(self) -> dict[str, object]:
        return {
            "contract": self.contract,
            "tricks": self.tricks,
            "made": self.made,
            "contract_points": self.contract_points,
            "bonus": self.bonus,
            "bags": self.bags,
            "bag_points": self.bag_points,
            "nil": [n.to_dict() for n in self.nils],
            "nil_points": self.nil_points,
            "blind_nil_points": self.blind_nil_points,
            "defence_points": self.defence_points,
            "penalty": self.penalty,
            "total": self.total,
            "score_before": self.score_before,
            "score_after": self.score_after,
            "bags_before": self.bags_before,
            "bags_after": self.bags_after,
        }


def apply_bag_penalty(rules: HouseRules, bags: int) -> tuple[int, int]:
    """(penalty points, remaining bags) for a bag count, per the reset/carry rule."""
    if bags < rules.bag_limit:
        return 0, bags
    if rules.bags_reset:
        return -rules.bag_penalty, 0
    # carried over: one penalty per full limit, in constant time (a hand record may claim any count)
    times, left = divmod(bags, rules.bag_limit)
    return -rules.bag_penalty * times, left


def contract_points(rules: HouseRules, contract: int, counted: int) -> tuple[bool, int, int]:
    """(made, points, bonus) for a contract and the tricks counted toward it."""
    if counted < contract:
        return False, -10 * contract, 0
    base = 10 * contract
    points = 20 * contract if rules.ten_for_two_hundred and contract >= 10 else base
    every = rules.tricks_per_hand  # the "all tricks" bid: 13, or 17 with three players
    if rules.thirteen_bid_double and contract == every and counted == every:
        points *= 2
    return True, base, points - base



def contract_outcomes(rules: HouseRules, contract: int) -> tuple[int, int]:
    """(made, set): what a contract of ``contract`` tricks scores made with no trick over and set
    by one, from no bags: its bonuses (a doubled or ten-for-two-hundred contract, Boston for all the
    tricks) and a failed thirteen's bags included, nils apart.  The computer players weigh a bid, a
    set and a game point by these and never by numbers of their own, so a house rule that changes a
    contract's score changes their judgement with it (tests/ai/test_rule_values.py holds these to
    ``score_side`` under every house rule)."""
    if contract <= 0:
        return 0, 0
    _, made, bonus = contract_points(rules, contract, contract)
    _, set_points, _ = contract_points(rules, contract, contract - 1)
    made += bonus + all_tricks_bonus(rules, contract)
    if contract == rules.tricks_per_hand and rules.thirteen_bid_fail_bags:
        set_points += apply_bag_penalty(rules, contract)[0]  # the failed thirteen's bags, and their penalty
    return made, set_points

def all_tricks_bonus(rules: HouseRules, taken: int) -> int:
    """Boston: the bonus of a side whose players took every trick of the hand (whatever they bid);
    added after the contract's points, so a doubled thirteen does not double it."""
    return rules.all_tricks_bonus if taken == rules.tricks_per_hand else 0


def score_side(
    rules: HouseRules,
    side: str,
    seats: Sequence[Seat],
    bids: Sequence[int | None],
    blind: Sequence[bool],
    tricks: Sequence[int],
    score_before: int,
    bags_before: int,
) -> SideBreakdown:
    """Score a side (partnership pair or single cutthroat/two-player seat) for a bid hand."""
    nils: list[NilResult] = []
    for seat in seats:
        if bids[seat] == 0:
            taken = tricks[seat]
            value = rules.blind_nil_value if blind[seat] else rules.nil_value
            nil_made = taken == 0
            nils.append(NilResult(seat, blind[seat], taken, nil_made, value if nil_made else -value))
    contract, counted, loose, has_contract = count_contract(rules, [(bids[seat], tricks[seat]) for seat in seats])
    bags = loose  # tricks of a nil bidder with nothing to count toward are bags
    made: bool | None = None
    points = bonus = 0
    if has_contract:
        made, points, bonus = contract_points(rules, contract, counted)
        if made:
            bags += counted - contract
        elif contract == rules.tricks_per_hand and rules.thirteen_bid_fail_bags:
            bags += contract
    if rules.all_tricks_bonus:  # the sum is skipped when the rule is off (scored in every search playout)
        bonus += all_tricks_bonus(rules, sum(tricks[seat] for seat in seats))
    nil_points = blind_points = 0
    for n in nils:
        if n.blind:
            blind_points += n.points
        else:
            nil_points += n.points
    # the 13 bags of a failed thirteen are a penalty count, not overtricks: no points for them
    failed_all = made is False and contract == rules.tricks_per_hand and rules.thirteen_bid_fail_bags
    bag_points = bags - contract if failed_all else bags
    penalty, bags_after = apply_bag_penalty(rules, bags_before + bags)
    total = points + bonus + bag_points + nil_points + blind_points + penalty
    # positional, in field order (keywords cost three times as much, and every search playout scores)
    return SideBreakdown(
        side,
        contract,
        counted if has_contract else loose,  # tricks (without a contract: the nils' tricks)
        made,
        points,  # contract_points
        bonus,
        bags,
        bag_points,
        tuple(nils),
        nil_points,
        blind_points,  # blind_nil_points
        0,  # defence_points
        penalty,
        total,
        score_before,
        score_before + total,  # score_after
        bags_before,
        bags_after,
    )


def score_auction_side(
    rules: HouseRules,
    side: str,
    declarer: bool,
    contract: int,
    side_tricks: int,
    declarer_made: bool,
    score_before: int,
    bags_before: int,
) -> SideBreakdown:
    """Auction: the declarers play their contract, the defenders score only a set."""
    if declarer:
        made, points, bonus = contract_points(rules, contract, side_tricks)
        if rules.all_tricks_bonus:
            bonus += all_tricks_bonus(rules, side_tricks)
        bags = side_tricks - contract if made else (13 if contract == 13 and rules.thirteen_bid_fail_bags else 0)
        bag_points = side_tricks - contract if made else 0
        defence = 0
        shown_contract: int = contract
        shown_made: bool | None = made
    else:
        points = bonus = bags = bag_points = 0
        defence = 0 if declarer_made else 10 * side_tricks
        shown_contract = 0
        shown_made = None
    penalty, bags_after = apply_bag_penalty(rules, bags_before + bags)
    total = points + bonus + bag_points + defence + penalty
    return SideBreakdown(
        side=side,
        contract=shown_contract,
        tricks=side_tricks,
        made=shown_made,
        contract_points=points,
        bonus=bonus,
        bags=bags,
        bag_points=bag_points,
        nils=(),
        nil_points=0,
        blind_nil_points=0,
        defence_points=defence,
        penalty=penalty,
        total=total,
        score_before=score_before,
        score_after=score_before + total,
        bags_before=bags_before,
        bags_after=bags_after,
    )


def game_winner(rules: HouseRules, scores: Mapping[str, int]) -> str | None:
    """The winning side after a hand, or None to play on (no end reached, or a tie on top)."""
    values = scores.values()
    top = max(values)
    reached = top >= rules.target_score
    fell = rules.losing_score is not None and min(values) <= rules.losing_score
    if not (reached or fell):
        return None
    leaders = [side for side, v in scores.items() if v == top]
    return leaders[0] if len(leaders) == 1 else None
