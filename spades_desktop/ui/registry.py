"""The one place that knows every scene class: it builds scenes for the app and for other scenes.

Scenes ask for each other through ``app.scenes`` (the ``SceneFactory`` interface declared in
``scene.py``) instead of importing one another, and the table receives its painter, animator and
choice panel from here; so every import points one way, from the app down to the scenes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .core.scene import AppContext, Scene, TableContext
from .screens.files import AbandonScene, ConfirmScene, LoadScene, SaveNameScene
from .screens.help import HelpScene, TextScene
from .screens.menu_base import InfoScene
from .screens.pause import PauseScene
from .screens.replay import HandReplayScene, LastTrickScene
from .screens.score_sheet import ScoreSheetScene
from .screens.settings import SettingsScene
from .screens.statistics import StatisticsScene
from .screens.summaries import GameOverScene, HandSummaryScene
from .screens.title import TitleScene
from .table.animator import EventAnimator
from .table.choice_panel import ChoicePanel
from .table.input import TableInput
from .table.painter import TablePainter
from .table.scene import TableParts, TableScene

if TYPE_CHECKING:
    from ..engine import events as E
    from ..engine.hand_result import HandResult
    from ..engine.rules import HouseRules
    from ..engine.seats import Seat
    from ..engine.state import GameState
    from ..session.game_session import GameSession, ModeTraits

TABLE_PARTS = TableParts(painter=TablePainter, animator=EventAnimator, panel=ChoicePanel, input=TableInput)


class SceneRegistry:
    """Implements ``SceneFactory`` for one app."""

    def __init__(self, app: AppContext) -> None:
        self.app = app

    def table(self, session: GameSession, events: list[E.Event] | None = None) -> TableScene:
        return TableScene(self.app, session, TABLE_PARTS, events)

    def title(self) -> Scene:
        return TitleScene(self.app)

    def pause(self, table: TableContext) -> Scene:
        return PauseScene(self.app, table)

    def settings(self, in_game: bool) -> Scene:
        return SettingsScene(self.app, in_game=in_game)

    def load(self) -> Scene:
        return LoadScene(self.app)

    def statistics(self) -> Scene:
        return StatisticsScene(self.app)

    def help(self, rules: HouseRules) -> Scene:
        return HelpScene(self.app, rules)

    def info(self, title: str, text: str) -> Scene:
        return InfoScene(self.app, title, text)

    def abandon(self, go_on: Callable[[], None], traits: ModeTraits) -> Scene:
        return AbandonScene(self.app, go_on, traits)

    def save_name(self, state: GameState, game_id: str, cards_seen: list[str] | None = None,
                  then: Callable[[], None] | None = None) -> Scene:
        return SaveNameScene(self.app, state, game_id, cards_seen, then)

    def score_sheet(self, state: GameState, marks: list | None = None) -> Scene:
        return ScoreSheetScene(self.app, state, marks)

    def last_trick(self, trick: tuple[tuple[Seat, int], ...], marks: tuple[Seat, Seat] | None,
                   name: Callable[[Seat], str]) -> Scene:
        return LastTrickScene(self.app, trick, marks, name)

    def confirm(self, question: str, on_yes: Callable[[], None]) -> Scene:
        return ConfirmScene(self.app, question, on_yes)

    def text(self, title: str, lines: list[str]) -> Scene:
        return TextScene(self.app, title, lines)

    def hand_replay(self, result: HandResult, name: Callable[[Seat], str], marks: list | None = None,
                    hands: Sequence[HandResult] = ()) -> Scene:
        return HandReplayScene(self.app, result, name, marks, hands)

    def hand_summary(self, table: TableContext, event: E.HandScored) -> Scene:
        return HandSummaryScene(self.app, table, event)

    def game_over(self, table: TableContext, event: E.GameOver) -> Scene:
        return GameOverScene(self.app, table, event)
