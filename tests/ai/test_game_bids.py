"""Bids by the game's value (issue 55 item 2): where the hand's points and the game disagree, the
points choose wrong and the game right.  Each position weighs the same candidate bids over the same
forecast two ways: by the side's points (the bag outlook charged, as the count's bids were tuned)
and by the chance of winning the game after the hand (``game_bids.bid_values``)."""

import pytest

from spades_desktop.ai import game_bids, normal
from spades_desktop.ai.game_bids import Forecast, normal_spread
from spades_desktop.ai.win_chance import points_per_game, win_chance
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import mask_from_ids
from spades_desktop.engine.phase import Phase
from spades_desktop.engine.presets import preset
from spades_desktop.engine.seats import Seat
from tests.ai_helpers import position

RULES = preset("standard")
HANDS = {Seat[name]: mask_from_ids(cards.split()) for name, cards in {
    "N": "2C 3C 4C KC 2D 4D TD TH QH 2S 6S JS QS", "E": "8C TC QC AC 3D 5D 6D AD 7H JH AH 8S TS",
    "S": "6C 7C 9C JC QD KD 3H 4H 5H 7S 9S KS AS", "W": "5C 7D 8D 9D JD 2H 6H 8H 9H KH 3S 4S 5S"}.items()}
#: South bids last (dealer South: West, North, East bid before it); its side takes about 6.6 tricks
STRONG = Forecast(normal_spread(6.6, 1.0, 13), 0.45, normal_spread(3.6, 1.3, 13), 2, opponent_bids=(3, 3))
#: a weaker side (about 4.5 tricks) whose hand could try a nil that makes 45% of the time
WEAK = Forecast(normal_spread(4.5, 1.0, 13), 0.45, normal_spread(3.6, 1.3, 13), 2, opponent_bids=(4, 3))


def south(scores: dict[str, int], bags: dict[str, int] | None = None, bids: tuple = (3, 2, 3)):
    state = position(RULES, HANDS, list(bids), [], dealer=Seat.S, scores=scores, bags=bags or {"NS": 0, "EW": 0})
    if state.phase is Phase.BLIND_DECISION:  # far behind, South may bid blind nil: it looks
        state.apply(A.LOOK)
    view = state.view(Seat.S)
    assert view.turn == Seat.S
    return view


def choices(view, candidates, forecast) -> tuple[int, int]:
    """(the points' choice, the game's choice)."""
    points = game_bids.bid_values(view, candidates, forecast, by_game=False)
    game = game_bids.bid_values(view, candidates, forecast)
    return max(points, key=points.get), max(game, key=game.get)


def test_far_ahead_the_safe_bid_that_reaches_the_target():
    """460 to 150: any made contract of four ends the game won; the points reach for a trick more."""
    by_points, by_game = choices(south({"NS": 460, "EW": 150}), [2, 3, 4], STRONG)
    assert (by_points, by_game) == (3, 2)


def test_far_behind_late_the_nil():
    """120 to 420: a contract made leaves the side far behind; the nil's hundred is the way back."""
    by_points, by_game = choices(south({"NS": 120, "EW": 420}, bids=(4, 2, 3)), [0, 2, 3], WEAK)
    assert (by_points, by_game) == (2, 0)
    # level early in a game the two agree on the number
    assert choices(south({"NS": 120, "EW": 120}, bids=(4, 2, 3)), [0, 2, 3], WEAK) == (2, 2)


def test_a_made_contract_that_still_loses_the_game():
    """460 to 470 with East-West bidding seven of the 8.5 tricks left to them: made, their contract
    ends the game above North-South's made two; only the nil's hundred wins it."""
    view = south({"NS": 460, "EW": 470}, bids=(4, 2, 3))
    by_points, by_game = choices(view, [0, 2, 3], WEAK)
    assert (by_points, by_game) == (2, 0)
    values = game_bids.bid_values(view, [0, 2], WEAK)
    assert values[0] - values[2] > 100  # more than a seventh of the game


def test_a_side_near_the_bag_limit_bids_its_overtricks():
    """Nine bags: the game's preference for the higher bid grows by more than the bag's point."""
    def preference(bags: int) -> float:
        values = game_bids.bid_values(south({"NS": 300 + bags, "EW": 300}, {"NS": bags, "EW": 0}), [3, 4], STRONG)
        return values[4] - values[3]

    assert preference(9) > preference(0) + 5


def test_the_values_are_win_chances_on_the_scale_of_points():
    view = south({"NS": 460, "EW": 150})
    values = game_bids.bid_values(view, [2], STRONG)
    now = win_chance(RULES, view.scores, view.bags, "NS")
    assert now is not None and 0.9 < now < 1.0
    assert values[2] == pytest.approx(points_per_game(RULES) * 0.99, rel=0.02)


SEED_ONE = {Seat[name]: mask_from_ids(cards.split()) for name, cards in {
    "N": "3C 7C JC KC AC 2D TD KD 2H 4H TH JS KS", "E": "6C QC 3D 6D JD AD 8H JH QH 3S 5S 7S 8S",
    "S": "2C 8C 4D 7D 8D QD KH AH 2S 4S 9S TS AS", "W": "4C 5C 9C TC 5D 9D 3H 5H 6H 7H 9H 6S QS"}.items()}


def north(scores: dict[str, int], bids: tuple) -> tuple[int, int]:
    """North's count's bid and its bid, last of the four (dealer North), after East, South and West
    bid ``bids``."""
    state = position(RULES, SEED_ONE, list(bids), [], dealer=Seat.N, scores=scores, bags={"NS": 0, "EW": 0})
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    view = state.view(Seat.N)
    assert view.turn == Seat.N
    side = normal.side_contract_bid(view)
    return (normal.bid_value_for(view) if side is None else side), A.bid_value(normal.choose_bid(view))


def test_normal_bids_the_safe_contract_that_wins_and_the_bold_one_a_made_contract_would_lose():
    """The same cards and bids before North (East 2, South 5, West 2): level early in the game North
    bids its count's 3; at 460 to 300 it bids 2 (a made 7 ends the game won); at 460 to 470 with West
    nil, East-West making theirs would end it above a made 8, so North bids 4."""
    assert north({"NS": 100, "EW": 100}, (2, 5, 2)) == (3, 3)
    assert north({"NS": 460, "EW": 300}, (2, 5, 2)) == (3, 2)
    assert north({"NS": 460, "EW": 470}, (2, 5, "nil")) == (3, 4)
