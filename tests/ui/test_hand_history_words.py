"""Hand history's words (``ui/text/hand_history.py``), without pygame: a row per finished hand, each
side's bid, tricks, points and running score, in every mode."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine import actions as A
from spades_desktop.engine.hand_result import HandResult
from spades_desktop.engine.rules import preset
from spades_desktop.engine.scoring import SideBreakdown
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.ui.text.hand_history import HISTORY_TITLE, NO_HAND_FINISHED, hand_history_page

NAMES = {"N": "North", "E": "East", "S": "You", "W": "West"}
MODES = ["standard", "cutthroat", "two_player", "three_player", "auction"]


def _played(mode: str, hands: int = 3) -> GameState:
    state = GameState.new_game(preset(mode).with_changes(target_score=1000), 21)[0]
    players = {seat: ComputerPlayer(Level.EASY, seed=int(seat)) for seat in state.seats}
    while len(state.hand_history) < hands:
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


@pytest.mark.parametrize("mode", MODES)
def test_a_row_per_finished_hand_with_each_sides_points_and_running_score(mode):
    state = _played(mode)
    page = hand_history_page(state, NAMES)
    assert page.title == HISTORY_TITLE and page.at_end and page.selects
    assert [title for title in (c.title for c in page.columns)] == ["Bid", "Took", "Points", "Score"]
    assert [row.lead for row in page.rows] == ["1", "2", "3"]
    assert [key for key, _ in page.groups] == list(state.sides)
    before = {side: 0 for side in state.sides}
    for row, result in zip(page.rows, state.hand_history, strict=True):
        for side, seats in state.sides.items():
            bid, took, points, score = row.cells[side]
            assert int(score) == before[side] + int(points), f"{mode}: the running score adds the hand's points"
            assert points == f"{result.breakdown[side].total:+d}" and score == str(result.scores[side])
            assert [int(t) for t in took.split(" + ")] == [result.tricks[seat] for seat in seats]
            if state.is_auction:  # the side that won the bidding: its contract and trump
                declared = result.breakdown[side].made is not None
                assert bid.split()[0] == (str(result.breakdown[side].contract) if declared else "defend"), bid
            else:  # each player's bid
                assert len(bid.split(" + ")) == len(seats) and all(bid.split(" + ")), bid
            before[side] = int(score)
    assert before == state.scores


@pytest.mark.parametrize("mode", MODES)
def test_each_side_is_headed_by_its_players_names(mode):
    state = _played(mode, hands=1)
    headings = dict(hand_history_page(state, NAMES).groups)
    expected = {"standard": {"NS": "North & You", "EW": "East & West"}, "auction": {"NS": "North & You",
                "EW": "East & West"}, "cutthroat": NAMES, "two_player": {"N": "North", "S": "You"},
                "three_player": {"N": "North", "S": "You", "W": "West"}}[mode]
    assert headings == expected


def _side(side: str, contract: int, tricks: int, made: bool | None, total: int, after: int) -> SideBreakdown:
    return SideBreakdown(side=side, contract=contract, tricks=tricks, made=made, contract_points=0, bonus=0, bags=0,
                         bag_points=0, nils=(), nil_points=0, blind_nil_points=0, defence_points=0, penalty=0,
                         total=total, score_before=after - total, score_after=after, bags_before=0, bags_after=0)


def _result(number: int, bids: dict[Seat, int], tricks: tuple[int, ...], breakdown: dict[str, SideBreakdown],
            trump: int | None = 3) -> HandResult:
    seats = tuple(Seat)
    return HandResult(number, Seat.W, trump, seats, (0,) * 4, (), tuple(bids.items()), (), tricks, breakdown,
                      {side: b.score_after for side, b in breakdown.items()}, {side: 0 for side in breakdown})


def test_a_partnership_shows_both_players_bids_and_tricks_in_the_order_of_its_name():
    result = _result(4, {Seat.N: A.bid_action(5), Seat.E: A.BLIND_NIL, Seat.S: A.NIL, Seat.W: A.bid_action(4)},
                     (6, 1, 0, 6), {"NS": _side("NS", 5, 6, True, 151, 380), "EW": _side("EW", 4, 7, True, -159, 90)})
    state = SimpleNamespace(sides={"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}, hand_history=[result],
                            is_auction=False)
    row = hand_history_page(state, NAMES).rows[0]  # type: ignore[arg-type]
    assert row.lead == "4"
    assert row.cells["NS"] == ("5 + nil", "6 + 0", "+151", "380")  # North's 5, your nil
    assert row.cells["EW"] == ("blind nil + 4", "1 + 6", "-159", "90")


def test_in_an_auction_the_declarers_show_their_contract_and_trump_the_others_defend():
    spades = _result(1, {Seat.N: A.bid_action(9), Seat.E: A.PASS, Seat.S: A.PASS, Seat.W: A.PASS}, (5, 2, 4, 2),
                     {"NS": _side("NS", 9, 9, True, 90, 90), "EW": _side("EW", 0, 4, None, 0, 0)}, trump=2)
    no_trump = _result(2, {Seat.N: A.PASS, Seat.E: A.bid_action(8), Seat.S: A.PASS, Seat.W: A.PASS}, (3, 3, 3, 4),
                       {"NS": _side("NS", 0, 6, None, 60, 150), "EW": _side("EW", 8, 7, False, -80, -80)}, trump=None)
    state = SimpleNamespace(sides={"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}, hand_history=[spades, no_trump],
                            is_auction=True)
    first, second = hand_history_page(state, NAMES).rows  # type: ignore[arg-type]
    assert first.cells["NS"][:2] == ("9 hearts", "5 + 4") and first.cells["EW"][0] == "defend"
    assert second.cells["EW"] == ("8 no trump", "3 + 4", "-80", "-80") and second.cells["NS"][0] == "defend"


def test_a_game_of_no_finished_hand_says_so():
    state = GameState.new_game(preset("standard"), 3)[0]
    page = hand_history_page(state, NAMES)
    assert page.rows == () and page.empty == NO_HAND_FINISHED


def test_the_words_need_no_pygame():
    import subprocess
    import sys

    code = "import sys; import spades_desktop.ui.text.hand_history; print('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() \
        == "False"
