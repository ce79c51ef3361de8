"""Bid positions played out by the normal computer player (the judge's bid verdicts held to play,
issue 55): a position from a seeded deal, and the game's value of a bid there over deals like it."""

from __future__ import annotations

import random
import statistics

from spades_desktop.ai import normal, world_search
from spades_desktop.ai.judge_bids import position_on_deal
from spades_desktop.ai.knowledge import knowledge_from_view
from spades_desktop.ai.win_chance import points_per_game, win_chance
from spades_desktop.engine.phase import Phase
from spades_desktop.engine.presets import preset
from spades_desktop.engine.state import GameState
from spades_desktop.engine.view import SeatView

RULES = preset("standard")


def bid_position(seed: int, scores: dict[str, int], bidders_before: int) -> SeatView:
    """Game ``seed``'s first deal at ``scores``, bid by the normal player up to the seat with
    ``bidders_before`` bids before it."""
    dealt, _ = GameState.new_game(RULES, seed)
    state = GameState.from_deal(RULES, dealt.dealer, {s: dealt.hands[s] for s in dealt.seats}, scores,
                                {"NS": 0, "EW": 0})
    rng = random.Random(seed)
    while True:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        if view.phase is Phase.BIDDING and sum(b is not None for b in view.bids) == bidders_before:
            return view
        state.apply(normal.decide(view, rng))


def played_value(view: SeatView, bid: int, hands: list[int], seed: int) -> float:
    """The game's value for the seat's side of the position played on ``hands``: the seat bids
    ``bid``, every other decision is the normal player's."""
    state = position_on_deal(view, hands)
    state.apply(bid)
    rng = random.Random(seed)
    while state.phase is not Phase.HAND_OVER and not state.is_terminal():
        seat = state.turn
        assert seat is not None
        state.apply(normal.decide(state.view(seat), rng))
    chance = win_chance(view.rules, dict(state.scores), dict(state.bags), view.my_side)
    assert chance is not None
    return chance * points_per_game(view.rules)


def played_gain(view: SeatView, better: int, worse: int, deals: int, seed: int) -> tuple[float, float]:
    """The mean and standard error of ``better``'s value less ``worse``'s over ``deals`` played deals."""
    knowledge = knowledge_from_view(view)
    gains = []
    for i in range(deals):
        hands = world_search.weighted_sample(view, knowledge, random.Random(seed * 1_000 + i))
        gains.append(played_value(view, better, hands, i) - played_value(view, worse, hands, i))
    return statistics.fmean(gains), statistics.stdev(gains) / len(gains) ** 0.5
