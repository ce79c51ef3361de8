"""Scoring a finished determinized hand from one seat's point of view."""

from __future__ import annotations

from ..engine.rule_values import Mode
from ..engine.rules import HouseRules
from ..engine.scoring import game_winner, score_auction_side, score_side
from ..engine.seats import Seat
from ..engine.view import SeatView
from .bags import bag_outlook
from .win_chance import points_per_game, serves, win_chance

GAME_WIN_BONUS = 400
#: and this share of the hand's points (mine less the best rival's) on top: a tie-break where the
#: game is decided either way and the chance no longer moves.
TIE_BREAK_POINTS = 0.02


class HandEvaluator:
    """Turns final trick counts into a value: my side's points minus the best rival's,
    plus a bonus or malus when the hand would end the game (``game_bonus``: the computer players
    play to win the game; the review's judge counts points only, since what it says is points)."""

    def __init__(self, view: SeatView, bids: list[int | None] | None = None, game_bonus: bool = True) -> None:
        self.game_bonus = game_bonus
        self.rules: HouseRules = view.rules
        self.sides = view.sides
        self.my_side = view.my_side
        self.bids = list(view.bids) if bids is None else bids
        self.blind = list(view.blind)
        self.scores = dict(view.scores)
        self.bags = dict(view.bags)
        self.auction = view.rules.mode == Mode.AUCTION
        self.high_bidder = view.high_bidder
        self.high_bid = view.high_bid
        self.bags_outlook = bag_outlook(view.rules, view.scores)
        # the game's value: a win chance where a table serves (two sides); hand points elsewhere
        self.by_win_chance = game_bonus and serves(view.rules)
        self.game_points = points_per_game(view.rules) if self.by_win_chance else 0.0

    def side_points(self, side: str, members: tuple[Seat, ...], tricks: list[int]) -> float:
        """The side's points for the hand, less the bag penalties the bags it carries out of the
        hand are likely to cost before the game ends (see ``bags``: about penalty / limit a bag
        early in a game, nothing but its point late, nearly the penalty one short of the limit)."""
        b = self._breakdown(side, members, tricks)
        return b.total - self.bags_outlook.cost_after(b.bags_after)

    def _breakdown(self, side: str, members: tuple[Seat, ...], tricks: list[int]):
        if self.auction:
            declarer_side = next((s for s, m in self.sides.items() if self.high_bidder in m), None)
            taken = sum(tricks[s] for s in members)
            decl_taken = sum(tricks[s] for s in self.sides[declarer_side]) if declarer_side else 0
            made = decl_taken >= self.high_bid
            return score_auction_side(self.rules, side, side == declarer_side, self.high_bid, taken, made,
                                      self.scores[side], self.bags[side])
        return score_side(self.rules, side, members, self.bids, self.blind, tricks,
                          self.scores[side], self.bags[side])

    def value(self, tricks: list[int]) -> float:
        parts = {side: self._breakdown(side, members, tricks) for side, members in self.sides.items()}
        if self.by_win_chance:
            return self._game_value(parts)
        values = {side: b.total - self.bags_outlook.cost_after(b.bags_after) for side, b in parts.items()}
        mine = values[self.my_side]
        rival = max(v for s, v in values.items() if s != self.my_side)
        result = mine - rival
        if not self.game_bonus:
            return result
        after = {s: self.scores[s] + b.total for s, b in parts.items()}
        winner = game_winner(self.rules, after)
        if winner is not None:
            result += GAME_WIN_BONUS if winner == self.my_side else -GAME_WIN_BONUS
        return result

    def _game_value(self, parts: dict) -> float:
        """My side's chance of winning the game after the hand, times the game's worth in points at
        its start (``win_chance.points_per_game``: values stay on the scale of points the search's
        margins are written in), the hand's points as a tie-break."""
        scores = {side: b.score_after for side, b in parts.items()}
        bags = {side: b.bags_after for side, b in parts.items()}
        chance = win_chance(self.rules, scores, bags, self.my_side)
        assert chance is not None  # by_win_chance: a table serves these rules
        rival = next(side for side in parts if side != self.my_side)
        return self.game_points * chance + TIE_BREAK_POINTS * (parts[self.my_side].total - parts[rival].total)
