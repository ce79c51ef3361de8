"""The one place that knows every scene class: it builds scenes for the app and for other scenes.

Scenes ask for each other through ``app.scenes`` (the ``SceneFactory`` interface declared in
``scene.py``) instead of importing one another, and the table receives its painter, animator and
choice panel from here; so every import points one way, from the app down to the scenes.  Each
scene's module is imported when that scene is first built: the title screen's first frame does not
wait for the table, the summaries, How to play's pictures or the statistics' charts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .core.scene import AppContext, Scene, TableContext

if TYPE_CHECKING:
    from ..engine import events as E
    from ..engine.hand_result import HandResult
    from ..engine.rules import HouseRules
    from ..engine.seats import Seat
    from ..engine.state import GameState
    from ..session.game_session import GameSession, ModeTraits
    from ..session.review import GameReview
    from .table.scene import TableScene


class SceneRegistry:
    """Implements ``SceneFactory`` for one app."""

    def __init__(self, app: AppContext) -> None:
        self.app = app

    def table(self, session: GameSession, events: list[E.Event] | None = None) -> TableScene:
        from .table.animator import EventAnimator
        from .table.choice_panel import ChoicePanel
        from .table.clock import TableClock
        from .table.input import TableInput
        from .table.moves import TableMoves
        from .table.painter import TablePainter
        from .table.scene import TableParts, TableScene
        from .table.shown_cards import ShownCards

        parts = TableParts(painter=TablePainter, animator=EventAnimator, panel=ChoicePanel, input=TableInput,
                           moves=TableMoves, clock=TableClock, cards=ShownCards)
        return TableScene(self.app, session, parts, events)

    def title(self) -> Scene:
        from .screens.title import TitleScene

        return TitleScene(self.app)

    def pause(self, table: TableContext) -> Scene:
        from .screens.pause import PauseScene

        return PauseScene(self.app, table)

    def settings(self, in_game: bool) -> Scene:
        from .screens.settings import SettingsScene

        return SettingsScene(self.app, in_game=in_game)

    def load(self) -> Scene:
        from .screens.files import LoadScene

        return LoadScene(self.app)

    def statistics(self) -> Scene:
        from .screens.statistics import StatisticsScene

        return StatisticsScene(self.app)

    def help(self, rules: HouseRules) -> Scene:
        from .screens.help import HelpScene

        return HelpScene(self.app, rules)

    def info(self, title: str, text: str) -> Scene:
        from .screens.menu_base import InfoScene

        return InfoScene(self.app, title, text)

    def abandon(self, go_on: Callable[[], None], traits: ModeTraits) -> Scene:
        from .screens.files import AbandonScene

        return AbandonScene(self.app, go_on, traits)

    def save_name(self, state: GameState, game_id: str, cards_seen: list[str] | None = None,
                  then: Callable[[], None] | None = None, review: dict | None = None) -> Scene:
        from .screens.files import SaveNameScene

        return SaveNameScene(self.app, state, game_id, cards_seen, then, review)

    def score_sheet(self, state: GameState, marks: list | None = None) -> Scene:
        from .screens.score_sheet import ScoreSheetScene

        return ScoreSheetScene(self.app, state, marks)

    def last_trick(self, trick: tuple[tuple[Seat, int], ...], marks: tuple[Seat, Seat] | None,
                   name: Callable[[Seat], str]) -> Scene:
        from .screens.replay import LastTrickScene

        return LastTrickScene(self.app, trick, marks, name)

    def confirm(self, question: str, on_yes: Callable[[], None]) -> Scene:
        from .screens.files import ConfirmScene

        return ConfirmScene(self.app, question, on_yes)

    def text(self, title: str, lines: list[str]) -> Scene:
        from .screens.help import TextScene

        return TextScene(self.app, title, lines)

    def hand_replay(self, result: HandResult, name: Callable[[Seat], str], marks: list | None = None,
                    hands: Sequence[HandResult] = (), trick: int = 0) -> Scene:
        from .screens.replay import HandReplayScene

        return HandReplayScene(self.app, result, name, marks, hands, trick)

    def game_review(self, state: GameState, title: str, review: GameReview | None = None,
                    keep: Callable[[GameReview], None] = lambda review: None) -> Scene:
        from .screens.game_review import GameReviewScene

        return GameReviewScene(self.app, state, title, review, keep)

    def hand_summary(self, table: TableContext, event: E.HandScored) -> Scene:
        from .screens.summaries import HandSummaryScene

        return HandSummaryScene(self.app, table, event)

    def game_over(self, table: TableContext, event: E.GameOver) -> Scene:
        from .screens.summaries import GameOverScene

        return GameOverScene(self.app, table, event)
