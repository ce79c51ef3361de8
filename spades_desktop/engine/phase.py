"""The phases a game goes through (their own module so views and results can name them
without importing the state machine)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DRAW = "draw"  # two-player: keep or discard the card shown
    BLIND_DECISION = "blind_decision"  # bid blind nil before seeing the cards, or look
    EXCHANGE = "exchange"  # blind-nil card exchange
    BIDDING = "bidding"
    TRUMP = "trump"  # auction: the highest bidder names trump
    PLAY = "play"
    HAND_OVER = "hand_over"  # only for states told to stop after one hand
    GAME_OVER = "game_over"
