"""Every scene of ``ui/registry.py``'s ``SCENES``, built through the app's factory with sample
arguments: the monkey test and the keymap's checks take their scenes from here, so a scene added to
the registry is tested without a change to them.  The samples are chosen by the type each
constructor writes for a parameter (a parameter with a default keeps it); a scene with a parameter
of a type not in ``SAMPLES`` fails with the type's name, to be added here."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine import events as E
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState
from spades_desktop.session.game_session import SessionMode
from spades_desktop.ui.core.scene import Scene
from spades_desktop.ui.registry import SCENES, maker_of
from spades_desktop.ui.text.list_page import text_page
from tests.ui_driver import Driver


def played_game(hands: int = 2, seed: int = 13) -> GameState:
    """A standard game with ``hands`` hands played by computer players."""
    state = GameState.new_game(preset("standard").with_changes(target_score=1000), seed)[0]
    players = {seat: ComputerPlayer(Level.NORMAL, seed=int(seat)) for seat in state.seats}
    while len(state.hand_history) < hands and not state.is_terminal():
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


class Samples:
    """Sample arguments for the scenes over ``driver``'s app: its table (a new game if there is
    none), a game with two hands played."""

    def __init__(self, driver: Driver) -> None:
        self.d = driver
        self.state = played_game()

    def table(self):
        if self.d.table is None:
            self.d.app.new_game()
        return self.d.table

    def last_hand(self) -> E.HandScored:
        result = self.state.hand_history[-1]
        return E.HandScored(result.hand_number, result.breakdown, result.scores, result.bags)

    @property
    def samples(self) -> dict[str, Callable[[], object]]:
        """A sample for each type a scene's constructor writes, by the type as written."""
        return {
            "TableContext": self.table,
            "GameSession": lambda: self.d.app.games.watch_game()[0],  # (a watched table, in place of the stack)
            "GameState": lambda: self.state,
            "HandResult": lambda: self.state.hand_history[0],
            "E.HandScored": self.last_hand,
            "E.GameOver": lambda: E.GameOver(next(iter(self.state.sides)), dict(self.state.scores)),
            "HouseRules": lambda: self.d.app.settings.house_rules(),
            "ModeTraits": lambda: SessionMode.PLAY.traits,
            "ListPage": lambda: text_page("A page", [f"Row {i}" for i in range(40)]),
            "str": lambda: "Monkey",
            "bool": lambda: True,
            "list[str]": lambda: [f"A line of words, number {i}" for i in range(30)],
            "Callable[[], None]": lambda: lambda: None,
            "Callable[[Seat], str]": lambda: lambda seat: seat.name,
            "tuple[tuple[Seat, int], ...]": lambda: ((Seat.N, 0), (Seat.E, 5)),
            "ParJob | None": lambda: self.d.app.games.start_par(self.state),  # (the duplicate score's par)
        }

    def arguments(self, name: str) -> list[object]:
        """Samples for scene ``name``'s parameters that have no default."""
        maker = maker_of(name)
        parameters = list(inspect.signature(maker).parameters.values())[1:]  # (the app first)
        samples = self.samples
        arguments = []
        for parameter in parameters:
            if parameter.default is not parameter.empty:
                continue
            annotation = parameter.annotation
            assert annotation in samples, f"{name}: add a sample of {annotation!r} to tests/scene_samples.py"
            arguments.append(samples[annotation]())
        return arguments

    def build(self, name: str) -> Scene:
        return self.d.app.scenes.build(name, *self.arguments(name))

    def every_scene(self, leave_out: tuple[str, ...] = ()) -> dict[str, Scene]:
        return {name: self.build(name) for name in SCENES if name not in leave_out}
