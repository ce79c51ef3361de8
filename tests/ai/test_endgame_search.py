"""Issue 26 item 6: the endgame search (three cards or fewer) gives plain minimax's value, pruned."""

from __future__ import annotations

import random

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.ai.exact import exact_value, minimax_value
from spades_desktop.ai.playout import legal_mask, play_card
from spades_desktop.ai.world_search import world_from_view
from spades_desktop.engine.cards import cards_of
from spades_desktop.engine.rules import preset
from spades_desktop.engine.state import GameState, Phase


def _endgames(count: int, cards_left: int, seed: int = 7):
    """Real positions with every hand known: games played by the normal player until the seat to
    play holds ``cards_left`` cards, in several modes, some in the middle of a trick."""
    rng = random.Random(seed)
    modes = ["standard", "cutthroat", "two_player", "auction", "three_player", "jokers"]
    found = []
    game = 0
    while len(found) < count:
        rules = preset(modes[game % len(modes)])
        state, _ = GameState.new_game(rules, 1000 + game)
        players = {s: ComputerPlayer(Level.NORMAL, seed=game) for s in state.seats}
        stop_in_trick = rng.randrange(4)
        while not state.is_terminal() and state.hand_number == 1:
            if (state.phase is Phase.PLAY and state.hands[state.turn].bit_count() <= cards_left
                    and len(state.trick_cards) >= min(stop_in_trick, len(state.seats) - 1)):
                view = state.view(state.turn)
                found.append((world_from_view(view, list(state.hands)), view))
                break
            state.apply(players[state.turn].decide(state.view(state.turn)))
        game += 1
    return found


def _random_leaves(rng: random.Random):
    """A value for every trick count, at random (nil-like jumps included): the search must agree
    with minimax whatever the scoring looks like."""
    table: dict[tuple[int, ...], float] = {}

    def evaluate(tricks: list[int]) -> float:
        key = tuple(tricks)
        if key not in table:
            table[key] = rng.choice([rng.uniform(-200, 200), rng.randrange(-10, 11) * 10.0])
        return table[key]

    return evaluate


@pytest.mark.slow
def test_alpha_beta_gives_minimax_value_on_random_endgames():
    rng = random.Random(3)
    checked = 0
    for world, view in _endgames(60, 3):
        seat = world.turn()
        evaluate = _random_leaves(rng)
        my_side = world.side[int(view.seat)]
        for card in cards_of(legal_mask(world, seat)):
            child = world.copy()
            play_card(child, seat, card)
            assert exact_value(child, my_side, evaluate) == minimax_value(child, my_side, evaluate)
            checked += 1
    assert checked >= 100


@pytest.mark.slow
def test_alpha_beta_visits_far_fewer_positions_than_minimax():
    """The point of it: with three cards left each, far fewer leaves are scored."""
    rng = random.Random(5)
    plain = pruned = 0
    for world, view in _endgames(20, 3, seed=11):
        my_side = world.side[int(view.seat)]
        leaves = _Counting(_random_leaves(rng))
        minimax_value(world, my_side, leaves)
        plain += leaves.calls
        leaves.calls = 0
        exact_value(world, my_side, leaves)
        pruned += leaves.calls
    assert pruned * 3 < plain, (pruned, plain)


class _Counting:
    """A leaf evaluation that counts how often it is asked."""

    def __init__(self, evaluate) -> None:
        self.evaluate = evaluate
        self.calls = 0

    def __call__(self, tricks: list[int]) -> float:
        self.calls += 1
        return self.evaluate(tricks)


def test_a_world_sampled_again_is_not_searched_again(monkeypatch):
    """With two cards left few deals of the unseen cards remain: the search solves each world
    and card once (a solved value is the same every time: the search is exact)."""
    from spades_desktop.ai import world_search

    _, view = _endgames(1, 2, seed=4)[0]
    searched = []
    real = world_search.exact_value
    monkeypatch.setattr(world_search, "exact_value", lambda w, side, ev: searched.append(1) or real(w, side, ev))
    legal = list(view.legal_actions)
    search = world_search.card_values(view, random.Random(1), legal)
    for _ in range(200):
        totals, worlds = next(search)
    assert worlds == 200 and len(searched) < worlds * len(legal) / 2, len(searched)
    assert set(totals) == set(legal)


@pytest.mark.slow
def test_cards_of_a_run_of_equals_take_the_same_tricks_and_only_one_is_searched():
    """``distinct_cards`` keeps one card of each run of equals; over every world, with any scoring,
    each dropped card's exact value is the kept card's, and no card with an unseen card, or a card
    of the trick being played, between it and its neighbour is ever dropped (a 7 of spades in the
    trick makes the 6 and the 8 differ: the search found that)."""
    from spades_desktop.ai.world_search import distinct_cards

    rng = random.Random(5)
    dropped_somewhere = 0
    for world, view in _endgames(80, 4, seed=11):
        seat = world.turn()
        legal = list(cards_of(legal_mask(world, seat)))
        kept = distinct_cards(view, legal)
        assert set(kept) <= set(legal) and kept, "only legal cards, and at least one"
        evaluate = _random_leaves(rng)
        my_side = world.side[int(view.seat)]

        def value(card: int, world=world, seat=seat, my_side=my_side, evaluate=evaluate) -> float:
            child = world.copy()
            play_card(child, seat, card)
            return exact_value(child, my_side, evaluate)

        for card in set(legal) - set(kept):
            dropped_somewhere += 1
            stand_in = max(k for k in kept if k < card and k // 13 == card // 13)
            live = view.unseen | sum(1 << c for _, c in view.current_trick)
            between = live & ((1 << card) - (1 << (stand_in + 1)))
            assert not between, "a card someone else could hold, or one in the trick, lies between them"
            assert value(card) == value(stand_in)
    assert dropped_somewhere >= 10, "the positions held runs of equals"


def test_a_card_with_an_unseen_card_between_is_kept():
    from spades_desktop.ai.world_search import distinct_cards

    for world, view in _endgames(30, 6, seed=3):
        legal = list(cards_of(legal_mask(world, world.turn())))
        for low in legal:
            for high in legal:
                live = view.unseen | sum(1 << c for _, c in view.current_trick)
                if low < high and low // 13 == high // 13 and live & ((1 << high) - (1 << (low + 1))):
                    kept = distinct_cards(view, [low, high])
                    assert kept == [low, high]
                    return
    raise AssertionError("no such pair found")
