"""The hard player's card play valued by the game (issue 55 item 2): a position where the hand's
points and the chance of winning the game disagree, the points' card wrong and the game's right."""

from spades_desktop.ai import ComputerPlayer, Level, world_search
from spades_desktop.engine.cards import card_id, mask_from_ids
from spades_desktop.engine.presets import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState

RULES = preset("standard")
# A deal from a real game's state (spades-sim --game-states, deal 131): North-South at 337 with 7
# bags, East-West at 213; the hand played to North's choice with three cards left (every action
# below, from the deal: the bids, then the cards).
HANDS = {"N": "3C QC 7D 8D 9D 3H 9H JH QH 4S 8S KS AS", "E": "4C 8C 6D QD AD 2H TH AH 3S 5S 7S 9S QS",
         "S": "6C 9C TC AC 3D 4D TD KD 5H 6H 8H 6S JS", "W": "2C 5C 7C JC KC 2D 5D JD 4H 7H KH 2S TS"}
ACTIONS = [75, 61, 75, 58, 75, 56, 75, 60, 25, 14, 22, 18, 38, 29, 37, 27, 23, 24, 16, 19, 4, 3, 10, 2, 1, 6, 7,
           5, 8, 0, 51, 17, 20, 40, 15, 13, 34, 32, 31, 35, 33, 26, 30, 28, 36, 42, 12, 39, 49, 48, 47]


def _north():
    hands = {Seat[name]: mask_from_ids(cards.split()) for name, cards in HANDS.items()}
    state = GameState.from_deal(RULES, Seat.N, hands, {"NS": 337, "EW": 213}, {"NS": 7, "EW": 3},
                                exchange=True, stop_after_hand=True)
    for action in ACTIONS:
        state.apply(action)
    view = state.view(Seat.N)
    assert view.turn == Seat.N and (view.hand or 0).bit_count() == 3
    return view


def _best(view, by_win_chance: bool) -> str:
    search = world_search.WorldSearch(view, list(view.legal_actions))
    search.evaluator.by_win_chance = by_win_chance
    totals = dict.fromkeys(view.legal_actions, 0.0)
    for index in range(100):
        for card, value in search.world(123, index).items():
            totals[card] += value
    return card_id(max(totals, key=lambda c: (totals[c], -c)))


def test_seven_bags_up_the_low_trump_keeps_the_game_the_king_the_points():
    """Three bags from the limit, 124 points ahead: over the same sampled worlds the hand's points
    prefer the KS (by 1.5 points) and the chance of winning the game the 8S (by about 2% of the
    game): the points count a bag's point, the game the penalty the bags bring nearer."""
    view = _north()
    assert _best(view, by_win_chance=False) == "KS"
    assert _best(view, by_win_chance=True) == "8S"
    assert card_id(ComputerPlayer(Level.HARD, seed=3, iterations=100).decide(view)) == "8S"
