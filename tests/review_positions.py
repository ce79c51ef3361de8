"""Positions built for the review's tests (issue 27): a clear blunder at the end of a hand."""

from __future__ import annotations

import random

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import card_id, mask_from_ids
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase

#: the last two cards of each hand: North leads the KC (the AC is gone, so it is a sure winner)
#: and South, void in clubs, may trump it with the AS (then must lead the 2D, which East's
#: diamonds take) or throw the 2D (North's KC wins, North leads the 3C, South's AS wins)
LAST_TWO = {Seat.N: ["KC", "3C"], Seat.E: ["QD", "JD"], Seat.S: ["AS", "2D"], Seat.W: ["4C", "5C"]}


def _deal(rng: random.Random) -> dict[Seat, int]:
    kept = {card for cards in LAST_TWO.values() for card in cards}
    rest = [card_id(c) for c in range(52) if card_id(c) not in kept]
    rng.shuffle(rest)
    return {seat: mask_from_ids(LAST_TWO[seat] + rest[11 * i:11 * i + 11]) for i, seat in enumerate(Seat)}


def _play_eleven(state: GameState, rng: random.Random, reserved: set[int]) -> list[int] | None:
    """Eleven tricks of cards never reserved (None if some seat had to play one), North winning the
    eleventh so that it leads the twelfth."""
    played: list[int] = []
    while state.trick_count < 11:
        legal = [a for a in state.legal_actions() if a not in reserved]
        if not legal:
            return None
        card = rng.choice(legal)
        played.append(card)
        state.apply(card)
    return played if state.turn == Seat.N else None


def overtaking_blunder(seed: int = 0) -> tuple[GameState, int, int]:
    """A hand at South's decision in the twelfth trick, where North and South bid exactly the
    tricks they take if South throws the 2D: trumping North's sure winner with the AS sets the
    contract.  Returns the state, the blunder (AS) and the better card (2D)."""
    rules = preset("standard").with_changes(blind_nil_allowed=False)
    reserved_cards = {card for cards in LAST_TWO.values() for card in range(52) if mask_from_ids(cards) >> card & 1}
    rng = random.Random(seed)
    for _ in range(5000):
        hands = _deal(rng)
        trial = GameState.from_deal(rules, Seat.W, hands)
        for _ in range(4):
            trial.apply(A.bid_action(3))
        plays = _play_eleven(trial, rng, reserved_cards)
        if plays is None:
            continue
        ours = trial.tricks[Seat.N] + trial.tricks[Seat.S]
        if not 2 <= ours + 2 <= 13:
            continue
        state = GameState.from_deal(rules, Seat.W, hands)
        north = max(1, (ours + 2) // 2)
        for bid in (north, 3, ours + 2 - north, 3):  # N, E, S, W: the bidding from the dealer's left
            state.apply(A.bid_action(bid))
        for card in plays:
            state.apply(card)
        state.apply(mask_from_ids(["KC"]).bit_length() - 1)  # North leads the KC
        state.apply(state.legal_actions()[0])  # East throws a diamond
        assert state.phase is Phase.PLAY and state.turn == Seat.S
        return state, mask_from_ids(["AS"]).bit_length() - 1, mask_from_ids(["2D"]).bit_length() - 1
    raise AssertionError("no deal found")
