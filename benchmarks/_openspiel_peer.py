"""Peer benchmark: random full hands of OpenSpiel's ``spades``, driven from Python.

Used only as a point of comparison for our own engine's hands-per-second
figure. OpenSpiel (``pip install open_spiel``) is optional: when ``pyspiel``
cannot be imported, :func:`peer_hands_per_s` returns ``None``.
"""

from __future__ import annotations

import importlib
import random
import time

# One OpenSpiel "spades" game is exactly one hand: 52 chance actions (the deal,
# one card at a time, to seats 0,1,2,3,0,...), 4 bids (one per seat), then 52
# card plays (13 tricks), after which the state is terminal and ScoreUp() has
# scored the hand. The history of every terminal state is therefore 108 long.
_DEAL_ACTIONS = 52
_BID_ACTIONS = 4
_PLAY_ACTIONS = 52
_HAND_HISTORY_LEN = _DEAL_ACTIONS + _BID_ACTIONS + _PLAY_ACTIONS


def peer_hands_per_s(seconds: float = 3.0, seed: int = 1) -> float | None:
    """Return OpenSpiel's random-play throughput for spades, in hands per second.

    Returns ``None`` if ``pyspiel`` (the ``open_spiel`` package) is not
    importable.

    The game is ``pyspiel.load_game("spades")`` with its default parameters.
    No parameters need overriding to get one hand per game: in OpenSpiel a
    ``spades`` game always ends (``is_terminal()``) after the 52nd card is
    played (``MaxGameLength() == 4 + 52`` player actions). The "play to a
    score" parameters (``win_threshold``, ``use_mercy_rule``,
    ``mercy_threshold``, ``win_or_loss_bonus``) only add or subtract a bonus
    to that one hand's returns, and ``num_tricks`` only sets how many past
    tricks the observation tensor shows; none of them changes the game length.

    One counted hand is therefore one complete game, timed from
    ``game.new_initial_state()`` to the terminal state:

    * the deal: 52 chance nodes, each resolved by sampling from
      ``state.chance_outcomes()`` by probability;
    * the auction: 4 bids, each drawn uniformly from ``state.legal_actions()``;
    * the play: 52 cards (13 tricks), each drawn uniformly from
      ``state.legal_actions()``;
    * the scoring that OpenSpiel performs when the last card is applied.

    Every action goes through ``state.apply_action`` from Python, so the figure
    includes the pybind11 call overhead, as our own Python-driven loop would.
    Randomness comes from ``random.Random(seed)``. Hands are played until at
    least ``seconds`` of wall time have passed (checked between hands); only
    completed hands are counted, and each is checked to have had exactly 108
    actions.
    """
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choices = rng.choices
    choice = rng.choice

    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(choices(outcomes, weights=probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        if len(state.history()) != _HAND_HISTORY_LEN:
            msg = f"spades game had {len(state.history())} actions, not one hand"
            raise RuntimeError(msg)
        hands += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    return hands / (now - start)


if __name__ == "__main__":
    print(peer_hands_per_s())
