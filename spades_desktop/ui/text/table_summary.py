"""What the table tells about the hand at a glance, as plain data (no pygame: tested on its own).

A player should never add up bids or count bags in their head: each side's contract and
progress ("Bid 7 · Won 3 · Need 4", then "Made" or "Set" as soon as it is decided), every
nil's fate, bags against the limit, the trump and whose turn it is.  ``summarize`` computes
all of it from the engine's state and from what the table has revealed so far (bids, tricks
and scores shown, which run behind the engine while cards are still moving); the painter
only draws the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ...engine.cards import SUIT_MASKS, SUIT_NAMES
from ...engine.consequences import ContractCount, count_contract, tricks_to_set
from ...engine.seats import Seat
from ...engine.state import GameState, Phase
from ...engine.words import plural
from .variants import draw_progress

SUIT_SYMBOLS = {0: "♣", 1: "♦", 2: "♥", 3: "♠"}
#: under a computer's plate while it decides, with one to three dots that move
THINKING = "thinking"


class Contract(Enum):
    """Where a side stands with its contract in the hand being played."""

    BIDDING = "bidding"  # not every bid of the side is in
    NONE = "none"  # no contract: only nils, or the defenders of an auction
    OPEN = "open"  # still to be made
    MADE = "made"
    SET = "set"
    MADE_NIL_BROKEN = "made_nil_broken"  # the contract is made but a nil of the side broke: not a success


@dataclass(frozen=True)
class SideLine:
    side: str
    name: str
    contract: Contract
    progress: str  # "Bid 7 · Won 3 · Need 4", "Made · 1 bag", "Set", ...
    score: int
    bags: int
    bag_limit: int
    nils_text: str = ""  # every nil of the side and its fate: "North nil: broken · Your blind nil: intact"
    nil_broken: bool = False  # one of them is broken

    @property
    def negative(self) -> bool:
        return self.score < 0

    @property
    def bags_text(self) -> str:
        return f"Bags {self.bags}/{self.bag_limit}"

    @property
    def bags_warning(self) -> bool:
        """From two short of the limit on, the bags are worth a warning colour."""
        return self.bags >= self.bag_limit - 2


@dataclass(frozen=True)
class NilLine:
    seat: Seat
    blind: bool
    broken: bool
    hand_over: bool = False  # every trick is taken: a nil not broken is made

    @property
    def text(self) -> str:
        return f"{'Blind nil' if self.blind else 'Nil'}: {nil_state(self.broken, self.hand_over)}"


@dataclass(frozen=True)
class TableSummary:
    sides: tuple[SideLine, ...]
    nils: dict[Seat, NilLine]
    trump: int | None  # the suit, None for no trump (or not named yet)
    trump_text: str  # "Trump: ♠", "No trump", "Trump: to be named"
    broken_text: str  # "Spades broken" once it happened, else ""
    turn_text: str  # "Your lead", "Your turn: follow clubs", "West is thinking", ""
    target_text: str  # "Game to 500"


@dataclass(frozen=True)
class ShownBid:
    """A bid as the table shows it: a number of tricks, nil, blind nil or an auction pass."""

    tricks: int | None
    nil: bool = False
    blind: bool = False

    @classmethod
    def parse(cls, label: str) -> ShownBid | None:
        if not label or label == "pass":
            return None
        if label in ("nil", "blind nil"):
            return cls(0, True, label == "blind nil")
        return cls(int(label))


def summarize(state: GameState, bids: dict[Seat, str], tricks: dict[Seat, int], scores: dict[str, int],
              bags: dict[str, int], turn: Seat | None, human: Seat | None,
              name: Callable[[Seat], str], led_suit: int | None) -> TableSummary:
    """The table's summary of the hand.  ``bids``, ``tricks``, ``scores`` and ``bags`` are what the
    table has shown so far; ``turn`` is the seat to act (None while cards are still moving) and
    ``led_suit`` the suit of the trick's first card on the table."""
    rules = state.rules
    shown = {seat: ShownBid.parse(bids.get(seat, "")) for seat in state.seats}
    played = sum(tricks.get(seat, 0) for seat in state.seats)
    left = state.hand_size - played  # 13 tricks, 17 with three players
    lines = []
    for side, members in state.sides.items():
        label = " & ".join(name(s) for s in members)
        contract, progress = _side_progress(state, side, members, shown, tricks, left)
        side_nils = [(seat, bid.blind, tricks.get(seat, 0) > 0) for seat in members
                     if (bid := shown.get(seat)) is not None and bid.nil]
        if contract is Contract.MADE and any(broken for _, _, broken in side_nils):
            contract = Contract.MADE_NIL_BROKEN
        nils_text = " · ".join(nil_fate(seat, blind, broken, human, name, left == 0)
                               for seat, blind, broken in side_nils)
        lines.append(SideLine(side, label, contract, progress, scores.get(side, 0), bags.get(side, 0),
                              rules.bag_limit, nils_text, any(broken for _, _, broken in side_nils)))
    nils = {seat: NilLine(seat, bid.blind, tricks.get(seat, 0) > 0, left == 0)
            for seat, bid in shown.items() if bid is not None and bid.nil}
    trump_text, trump = _trump(state)
    broken = ""
    if state.broken and trump is not None and state.phase is Phase.PLAY:
        broken = f"{SUIT_NAMES[trump].capitalize()} broken"
    return TableSummary(tuple(lines), nils, trump, trump_text, broken,
                        _turn_text(state, turn, human, name, led_suit), f"Game to {rules.target_score}")


def nil_state(broken: bool, hand_over: bool = False) -> str:
    """A nil's fate so far: broken once its bidder took a trick, made once every trick is taken
    without one, and until then intact (not 'safe': a nil that took nothing yet can still be broken)."""
    if broken:
        return "broken"
    return "made" if hand_over else "intact"


def nil_fate(seat: Seat, blind: bool, broken: bool, human: Seat | None, name: Callable[[Seat], str],
             hand_over: bool = False) -> str:
    """'North nil: broken', 'Your blind nil: intact', 'East nil: made'."""
    owner = "Your" if seat == human else name(seat)
    return f"{owner} {'blind nil' if blind else 'nil'}: {nil_state(broken, hand_over)}"


def _side_progress(state: GameState, side: str, members: tuple[Seat, ...], shown: dict[Seat, ShownBid | None],
                   tricks: dict[Seat, int], left: int) -> tuple[Contract, str]:
    won_all = sum(tricks.get(s, 0) for s in members)
    if state.is_auction:
        if state.high_bidder is None or state.phase is Phase.BIDDING or state.phase is Phase.TRUMP:
            return Contract.BIDDING, "Bidding"
        if state.side_of_seat(state.high_bidder) != side:
            to_set = tricks_to_set(state.hand_size, state.high_bid)
            if won_all >= to_set:
                return Contract.NONE, f"Won {won_all} · Contract set"
            if won_all + left < to_set:
                return Contract.NONE, f"Defending · Won {won_all}"
            return Contract.NONE, f"Won {won_all} · {to_set - won_all} more sets it"
        return _contract_line(count_contract(state.rules, [(state.high_bid, won_all)]), left)
    if state.is_two and state.stock:  # the two-player draw: the cards are still being taken
        return Contract.BIDDING, f"Drawing · {draw_progress(state, members[0])}"
    bids = {s: shown[s] for s in members}
    if any(bid is None for bid in bids.values()):
        return Contract.BIDDING, "Bidding"
    count = count_contract(state.rules, [(0 if bid.nil else bid.tricks, tricks.get(s, 0))
                                         for s, bid in bids.items() if bid is not None])
    if not count.has_contract:
        return Contract.NONE, f"No contract · Won {won_all}"
    return _contract_line(count, left)


def _contract_line(count: ContractCount, left: int) -> tuple[Contract, str]:
    """The line of a side with a contract: which tricks count, and the bags, are the engine's."""
    contract, won = count.contract, count.counted
    if count.made:
        return Contract.MADE, f"Bid {contract} · Made" + (f" · {plural(count.bags, 'bag')}" if count.bags else "")
    if won + left < contract:
        return Contract.SET, f"Bid {contract} · Won {won} · Set"
    return Contract.OPEN, f"Bid {contract} · Won {won} · Need {contract - won}"


def _trump(state: GameState) -> tuple[str, int | None]:
    if state.is_auction and state.phase in (Phase.BIDDING, Phase.TRUMP):
        return "Trump: to be named", None
    if state.trump is None:
        return "No trump", None
    return f"Trump: {SUIT_SYMBOLS[state.trump]}", state.trump


def _turn_text(state: GameState, turn: Seat | None, human: Seat | None, name: Callable[[Seat], str],
               led_suit: int | None) -> str:
    if turn is None or state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return ""
    if turn != human:
        return f"{name(turn)} is {THINKING}"
    phase = state.phase
    if phase is Phase.PLAY:
        if led_suit is None:
            return "Your lead"
        if state.hands[turn] & SUIT_MASKS[led_suit]:
            return f"Your turn: follow {SUIT_NAMES[led_suit]}"
        return f"Your turn: no {SUIT_NAMES[led_suit]}, play any card"
    return {Phase.BIDDING: "Your call" if state.is_auction else "Your bid",
            Phase.BLIND_DECISION: "Your choice: blind nil or look at your cards",
            Phase.DRAW: "Your draw: keep or discard", Phase.EXCHANGE: "Your exchange",
            Phase.TRUMP: "Name trump"}.get(phase, "")
