"""Hand history, from the pause menu: every finished hand of the game, a row each, with each side's
bid, the tricks it took, the points it scored that hand and its score after it (no pygame).

A side of two seats shows both its players' bids and tricks, in the order its heading names them
('North & You': '3 + nil', '2 + 0'); in an auction the side that won the bidding shows its
contract and trump ('9 hearts'), its opponents 'defend'.
"""

from __future__ import annotations

from ...engine.cards import SUIT_NAMES
from ...engine.hand_result import HandResult
from ...engine.seats import Seat
from ...engine.state import GameState
from .list_page import Column, ListPage, Row
from .score_sheet import NUMBER_HEADER
from .words import action_bid_text, side_name

HISTORY_TITLE = "Hand history"
NO_HAND_FINISHED = "No hand has been played to the end yet"
#: each side's columns: the points a lost contract costs are a warning; the score after the hand in bold
HISTORY_COLUMNS = (Column("Bid"), Column("Took"), Column("Points", losses=True), Column("Score", strong=True))
#: between the two players' bids and tricks of a side of two
BETWEEN_PLAYERS = " + "
DEFENDING = "defend"


def contract_words(contract: int, trump: int | None) -> str:
    """An auction's contract: '9 hearts', '8 no trump'."""
    return f"{contract} {'no trump' if trump is None else SUIT_NAMES[trump]}"


def bid_cell(result: HandResult, side: str, auction: bool) -> str:
    """What the side bid: each player's bid ('3 + nil'), or in an auction its contract or 'defend'."""
    breakdown = result.breakdown[side]
    if auction:
        return contract_words(breakdown.contract, result.trump) if breakdown.made is not None else DEFENDING
    bids = dict(result.bids)  # (one bid a seat outside an auction)
    return BETWEEN_PLAYERS.join(action_bid_text(bids[Seat[letter]]) for letter in side)


def took_cell(result: HandResult, side: str) -> str:
    """The tricks each of the side's players took: '2 + 6', or '5' for a side of one."""
    return BETWEEN_PLAYERS.join(str(result.tricks[Seat[letter]]) for letter in side)


def history_row(result: HandResult, sides: list[str], auction: bool) -> Row:
    cells = {}
    for side in sides:
        breakdown = result.breakdown[side]
        cells[side] = (bid_cell(result, side, auction), took_cell(result, side), f"{breakdown.total:+d}",
                       str(breakdown.score_after))
    return Row(str(result.hand_number), cells)


def hand_history_page(state: GameState, names: dict[str, str]) -> ListPage:
    """Every finished hand of ``state``, oldest first, the latest selected; ``names``: each seat's
    name as the table says it ('You' for the person)."""
    sides = list(state.sides)
    rows = tuple(history_row(result, sides, state.is_auction) for result in state.hand_history)
    groups = tuple((side, side_name(side, names)) for side in sides)
    return ListPage(HISTORY_TITLE, HISTORY_COLUMNS, rows, groups=groups, lead=Column(NUMBER_HEADER),
                    empty=NO_HAND_FINISHED, at_end=True, counted="Hands")
