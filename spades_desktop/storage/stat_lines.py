"""The lines the statistics file keeps per mode for its charts: a finished game (``GameLine``), one
scored hand as the person played it (``HandLine``), and contracts by bid; each read back strictly
(a count that cannot be true is a damaged file)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import actions as A
from ..engine.hand_result import HandResult
from ..engine.rules import Mode
from ..engine.seats import Seat
from .reading import short

MAX_SCORE = 10**7
MAX_COUNT = 10**9
MAX_HAND_NUMBER = 10**6
#: the highest contract a side can bid (three players hold 17 cards each)
MAX_CONTRACT = 17
#: a time a game ended, in seconds since 1970: later than this is not one this game wrote
MAX_TIME = 10**11


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _game_id(data: dict[str, Any], what: str) -> str:
    game_id = data.get("game_id", "")
    if not isinstance(game_id, str) or len(game_id) > 80 or not game_id.isprintable():
        raise ValueError(f"a recent {what}'s id must be short printable text")
    return game_id


@dataclass(frozen=True)
class GameLine:
    """One finished game as the charts show it: won or lost (None: nobody won, a watched end),
    the side's final score and the best other side's, its hands and the bags it took; which game
    it was, the person's accuracy once the game is reviewed (a share from 0 to 1), and when it
    ended (seconds since 1970; None in files before version 5: the title says 'Last game' without
    a day).  When is not part of what the game was: two lines alike but for it are equal."""

    won: bool | None
    score: int
    against: int
    hands: int
    bags: int
    game_id: str = ""
    accuracy: float | None = None
    ended: float | None = field(default=None, compare=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameLine:
        required = {"won", "score", "against", "hands", "bags"}
        if not isinstance(data, dict) or not required <= set(data) <= required | {"game_id", "accuracy", "ended"}:
            raise ValueError("a recent game must give won, score, against, hands and bags")
        _game_id(data, "game")
        accuracy = data.get("accuracy")
        if accuracy is not None and (type(accuracy) not in (int, float) or not 0 <= accuracy <= 1):
            raise ValueError("a recent game's accuracy must be a share from 0 to 1, or null")
        ended = data.get("ended")
        if ended is not None and (type(ended) not in (int, float) or not 0 <= ended <= MAX_TIME):
            raise ValueError("a recent game's end must be a time, or null")
        if data["won"] is not None and not isinstance(data["won"], bool):
            raise ValueError("a recent game's won must be true, false or null")
        for name in ("score", "against"):
            if not whole(data[name]) or abs(data[name]) > MAX_SCORE:
                raise ValueError(f"a recent game's {name} must be a whole number of at most {MAX_SCORE} either way")
        for name in ("hands", "bags"):
            if not whole(data[name]) or not 0 <= data[name] <= MAX_HAND_NUMBER:
                raise ValueError(f"a recent game's {name} must be a whole number from 0")
        line = cls(**data)
        if line.bags > 17 * line.hands:
            raise ValueError("its counts cannot be true (a recent game with more bags than tricks)")
        return line


@dataclass(frozen=True)
class HandLine:
    """One scored hand as the person played it: what they bid (0 for nil; None when they bid no
    number: an auction's defenders, and a declarer's contract is the side's), whether it was blind
    nil, the tricks taken against it (the person's own; in an auction the side's), and whether the
    side made its contract (None: it had none).  Kept for the last hands of a mode (``MAX_RECENT_HANDS``),
    so a newcomer's statistics mean something after one hand."""

    game_id: str
    hand: int
    bid: int | None
    taken: int
    made: bool | None
    blind: bool = False

    @property
    def nil(self) -> bool:
        return self.bid == 0

    @classmethod
    def from_dict(cls, data: Any) -> HandLine:
        required = {"game_id", "hand", "bid", "taken", "made"}
        if not isinstance(data, dict) or not required <= set(data) <= required | {"blind"}:
            raise ValueError("a recent hand must give game_id, hand, bid, taken and made")
        _game_id(data, "hand")
        if not whole(data["hand"]) or not 1 <= data["hand"] <= MAX_HAND_NUMBER:
            raise ValueError("a recent hand's number must be a whole number from 1")
        bid = data["bid"]
        if bid is not None and (not whole(bid) or not 0 <= bid <= MAX_CONTRACT):
            raise ValueError(f"a recent hand's bid must be a whole number from 0 to {MAX_CONTRACT}, or null")
        if not whole(data["taken"]) or not 0 <= data["taken"] <= MAX_CONTRACT:
            raise ValueError(f"a recent hand's tricks must be a whole number from 0 to {MAX_CONTRACT}")
        if data["made"] is not None and not isinstance(data["made"], bool):
            raise ValueError("a recent hand's made must be true, false or null")
        blind = data.get("blind", False)
        if not isinstance(blind, bool) or (blind and bid != 0):
            raise ValueError("a recent hand's blind must be true or false, true only for a nil")
        return cls(**data)


def hand_line(game_id: str, result: HandResult, mode: str, seat: Seat, side: str) -> HandLine:
    """``seat``'s line of one scored hand (its side ``side``)."""
    b = result.breakdown[side]
    if mode == Mode.AUCTION.value:  # the contract is the declaring side's, bid for both of its players
        declared = b.made is not None and 1 <= b.contract <= MAX_CONTRACT
        return HandLine(game_id, result.hand_number, b.contract if declared else None,
                        min(b.tricks, MAX_CONTRACT), b.made)
    bids = [action for who, action in result.bids if who == seat and action != A.PASS]
    bid: int | None = None
    blind = False
    if bids:
        blind = bids[-1] == A.BLIND_NIL
        bid = 0 if blind else min(MAX_CONTRACT, max(0, A.bid_value(bids[-1])))
    return HandLine(game_id, result.hand_number, bid, min(result.tricks[seat], MAX_CONTRACT), b.made, blind)


def levels_from(data: Any) -> dict[int, list[int]]:
    """Contracts by bid: {"4": [made, tried]} as written, keys from 1 to ``MAX_CONTRACT``."""
    if not isinstance(data, dict) or len(data) > MAX_CONTRACT:
        raise ValueError("its contracts by bid are not ones the game writes")
    levels: dict[int, list[int]] = {}
    for key, pair in data.items():
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= MAX_CONTRACT):
            raise ValueError(f"a bid of {short(key)} is not one a side can make")
        if (not isinstance(pair, list) or len(pair) != 2 or not all(whole(v) and 0 <= v <= MAX_COUNT for v in pair)
                or pair[0] > pair[1]):
            raise ValueError("a bid's count must be [made, tried], made at most tried")
        levels[int(key)] = list(pair)
    return levels
