"""Seeded self-play that records, at every bid, the bidding seat's feature row and what came of it.

The data of the bid model (``ai/bid_model.py``; fitted by ``tools/fit_bid_model.py``). Whole games
are played from their first hand, so the scores and bags before a hand vary as they do in play, by
one level at every seat of a table (the normal level, or the hard level at a small fixed number of
worlds per decision, for speed). A row holds the seat's ``bid_features`` row, the bid it made, the
tricks it and its side took, and the normal player's own figures for the same hand (its count, the
side fit of the second bidder, the nil risk), which the fitting script measures the model against.
A few bids are turned into nil whatever the player chose (``EXPLORE_NIL``), so that nils are seen
with every kind of hand.

Pure Python (no numpy): the rows are plain dictionaries, the same for the same seed on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..ai import bid_forecast, normal
from ..ai.bid_features import features
from ..ai.handeval import estimate_tricks
from ..ai.players import ComputerPlayer, Level
from ..engine import actions as A
from ..engine.events import HandScored
from ..engine.rule_values import Deck, Mode
from ..engine.rules import HouseRules
from ..engine.state import GameState, Phase
from ..engine.view import SeatView

#: worlds per decision of the hard seats: far fewer than in play (hard is slow), so the hands are
#: the hard level's bids and card play at a reduced search
HARD_ITERATIONS = 20


@dataclass(frozen=True)
class Table:
    """A kind of table the bids serve: its rules, and its share of the normal and hard hands."""

    name: str
    mode: Mode
    deck: Deck = Deck.STANDARD
    nil_exchange: int = 0
    normal_share: float = 0.0
    hard_share: float = 0.0

    def rules(self) -> HouseRules:
        return HouseRules(mode=self.mode, deck=self.deck, nil_exchange=self.nil_exchange)

    @property
    def seats(self) -> int:
        return 2 if self.mode == Mode.TWO_PLAYER else 4


#: the tables played, most of the hands at the standard partnership table (the shares add up to 1)
TABLES: tuple[Table, ...] = (
    Table("partnership", Mode.PARTNERSHIP, normal_share=0.40, hard_share=0.60),
    Table("partnership_exchange_1", Mode.PARTNERSHIP, nil_exchange=1, normal_share=0.04),
    Table("partnership_exchange_2", Mode.PARTNERSHIP, nil_exchange=2, normal_share=0.06),
    Table("partnership_exchange_3", Mode.PARTNERSHIP, nil_exchange=3, normal_share=0.04),
    Table("partnership_jokers", Mode.PARTNERSHIP, Deck.JOKERS, normal_share=0.08, hard_share=0.05),
    Table("partnership_jokers_deuces", Mode.PARTNERSHIP, Deck.JOKERS_DEUCES, normal_share=0.06, hard_share=0.05),
    Table("cutthroat", Mode.CUTTHROAT, normal_share=0.12, hard_share=0.20),
    Table("cutthroat_jokers", Mode.CUTTHROAT, Deck.JOKERS, normal_share=0.06),
    Table("cutthroat_jokers_deuces", Mode.CUTTHROAT, Deck.JOKERS_DEUCES, normal_share=0.04),
    Table("two_player", Mode.TWO_PLAYER, normal_share=0.10, hard_share=0.10),
)
TABLES_BY_NAME = {t.name: t for t in TABLES}
#: The share of bids turned into nil, whatever the player chose (where nil is legal and the partner
#: has not bid it): the players bid nil only with hands that suit it, so without these the nil
#: model would never see a nil with an ace of spades, and would guess where it should know. The
#: hands they are made in are left out of the own and side tricks' training (``hand_explored``),
#: whose outcomes follow the players' own bids.
EXPLORE_NIL = 0.05
#: hands a unit of work plays (a few whole games), so that the workers share the run evenly
UNIT_HANDS = 120


@dataclass(frozen=True)
class Unit:
    """Games one worker plays: from ``seed`` on, whole games one after another until ``hands`` are played."""

    table: str
    level: str
    seed: int
    hands: int
    index: int


def units(total_hands: int, hard_hands: int, seed: int, tables: tuple[str, ...] | None = None) -> list[Unit]:
    """The run's work: each table's share of the hands of each level, cut into units of UNIT_HANDS."""
    out: list[Unit] = []
    chosen = [t for t in TABLES if tables is None or t.name in tables]
    for level, total in ((Level.NORMAL, total_hands), (Level.HARD, hard_hands)):
        shares = {t.name: t.normal_share if level is Level.NORMAL else t.hard_share for t in chosen}
        share_sum = sum(shares.values())
        for table in chosen:
            hands = round(total * shares[table.name] / share_sum) if share_sum else 0
            index = 0
            while hands > 0:
                n = min(UNIT_HANDS, hands)
                unit_seed = random.Random(f"{seed}/{table.name}/{level}/{index}").randrange(1 << 31)
                out.append(Unit(table.name, str(level), unit_seed, n, index))
                hands -= n
                index += 1
    return out


def today_estimate(view: SeatView) -> float:
    """The count the normal player bids from (``normal.bid_value_for``): the hand's estimate, with
    what covering a nil partner adds (the nil exchange's cards counted as if not blind)."""
    est = estimate_tricks(view.hand or 0, 3, 1 if view.rules.mode == Mode.TWO_PLAYER else 2, view.deck_mask)
    partner = next((s for s in view.sides[view.my_side] if s != view.seat), None)
    if partner is not None and view.bids[partner] == 0:
        exchange = view.rules.blind_nil_exchange if view.blind[partner] else view.rules.nil_exchange_in_force
        est += normal.NIL_COVER_TRICKS + 0.35 * (exchange or 0)
    return est


def today_side(view: SeatView) -> float | None:
    """The side's tricks by the side fit (``bid_forecast.SIDE_FIT``), where it applies: the
    second bidder of a partnership side at the standard deck, the partner and an opponent having
    bid numbers (None elsewhere)."""
    if view.rules.mode != Mode.PARTNERSHIP or view.rules.deck_in_force != Deck.STANDARD:
        return None
    partner_bid = view.bids[view.seat.partner()]
    known = [bid for s in view.seats if s not in view.sides[view.my_side] and (bid := view.bids[s]) is not None]
    if not partner_bid or not known or 0 in known:
        return None
    a, b, c, d = bid_forecast.SIDE_FIT[len(known)]
    est = estimate_tricks(view.hand or 0, 3, 2, view.deck_mask)
    return a + b * est + c * partner_bid + d * sum(known)


def _record(view: SeatView, level: str, game: str) -> dict[str, Any]:
    partner = next((s for s in view.sides[view.my_side] if s != view.seat), None)
    return {"game": game, "level": level, "x": features(view, level), "estimate": today_estimate(view),
            "side_fit": today_side(view), "nil_risk": normal.nil_risk_for(view, view.hand or 0),
            "alone": partner is None}


def _nil_open(view: SeatView) -> bool:
    """Nil is legal for this seat and its partner has not bid it."""
    partner = next((s for s in view.sides[view.my_side] if s != view.seat), None)
    return A.NIL in view.legal_actions and (partner is None or view.bids[partner] != 0)


def _finish(row: dict[str, Any], state: GameState, seat_index: int, members: tuple[int, ...]) -> None:
    result = state.hand_history[-1]
    bids = {int(s): 0 if action == A.BLIND_NIL else A.bid_value(action) for s, action in result.bids}
    row["tricks"] = result.tricks[seat_index]
    row["side_tricks"] = sum(result.tricks[m] for m in members)
    row["side_contract"] = sum(bids.get(m, 0) for m in members)
    partner = next((m for m in members if m != seat_index), None)
    row["partner_final"] = bids.get(partner) if partner is not None else None


def play_unit(unit: Unit) -> list[dict[str, Any]]:
    """The rows of one unit's games, in the order the bids were made."""
    table = TABLES_BY_NAME[unit.table]
    rules = table.rules()
    rows: list[dict[str, Any]] = []
    explore = random.Random(unit.seed * 31 + 1)
    played = 0
    game = 0
    while played < unit.hands:
        game_seed = unit.seed + 7919 * game
        state, _ = GameState.new_game(rules, game_seed)
        iterations = HARD_ITERATIONS if unit.level == Level.HARD else None
        players = {s: ComputerPlayer(unit.level, seed=game_seed * 7 + int(s), iterations=iterations)
                   for s in state.seats}
        name = f"{unit.table}/{unit.level}/{unit.seed}/{game}"
        pending: dict[int, dict[str, Any]] = {}
        while not state.is_terminal() and played < unit.hands:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            row = _record(view, unit.level, name) if view.phase is Phase.BIDDING and int(seat) not in pending else None
            action = players[seat].decide(view)
            if row is not None:
                assert A.is_bid(action), action
                row["explored"] = explore.random() < EXPLORE_NIL and action != A.NIL and _nil_open(view)
                if row["explored"]:
                    action = A.NIL
                row["bid"] = A.bid_value(action)
                pending[int(seat)] = row
            for event in state.apply(action):
                if isinstance(event, HandScored):
                    explored = any(done["explored"] for done in pending.values())
                    for index, done in pending.items():
                        _finish(done, state, index, tuple(int(s) for s in state.sides[state.side_of[index]]))
                        done["hand_explored"] = explored
                        rows.append(done)
                    pending = {}
                    played += 1
        game += 1
    return rows
