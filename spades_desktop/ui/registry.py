"""The one place that knows every scene class: it builds scenes for the app and for other scenes.

Each scene is declared once, in ``SCENES``: its name and where its class lives.  Its parameters are
its constructor's and are written nowhere else: the registry's methods (``app.scenes.pause(table)``)
are made from ``SCENES`` below, and the typed interface the scenes see (``SceneFactory``, at the end
of ``core/scene.py``) is made from the constructors by ``python -m spades_desktop.tools.scene_factory``
(``tests/project/test_scene_factory.py`` fails when it is out of date).

Scenes ask for each other through ``app.scenes`` instead of importing one another, and the table
receives its painter, animator and choice panel from here; so every import points one way, from the
app down to the scenes.  Each scene's module is imported when that scene is first built: the title
screen's first frame does not wait for the table, the summaries, How to play's pictures or the
statistics' charts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .core.scene import AppContext, Scene

if TYPE_CHECKING:
    from ..engine import events as E
    from ..session.game_session import GameSession
    from .table.scene import TableScene


@dataclass(frozen=True)
class SceneHome:
    """Where a scene's class (or the function that builds it) lives: its module under ``ui/`` and its name."""

    module: str
    name: str


#: every scene by the name the factory gives it; what it is built from takes the app, then the
#: scene's own parameters
SCENES: dict[str, SceneHome] = {
    "table": SceneHome("registry", "build_table"),
    "title": SceneHome("screens.title", "TitleScene"),
    "pause": SceneHome("screens.pause", "PauseScene"),
    "settings": SceneHome("screens.settings", "SettingsScene"),
    "load": SceneHome("screens.files", "LoadScene"),
    "statistics": SceneHome("screens.statistics", "StatisticsScene"),
    "help": SceneHome("screens.help", "HelpScene"),
    "info": SceneHome("screens.menu_base", "InfoScene"),
    "abandon": SceneHome("screens.files", "AbandonScene"),
    "save_name": SceneHome("screens.files", "SaveNameScene"),
    "confirm": SceneHome("screens.files", "ConfirmScene"),
    "score_sheet": SceneHome("screens.score_sheet", "ScoreSheetScene"),
    "last_trick": SceneHome("screens.replay", "LastTrickScene"),
    "text": SceneHome("screens.help", "TextScene"),
    "page": SceneHome("screens.list_scene", "ListPageScene"),
    "hand_replay": SceneHome("screens.replay", "HandReplayScene"),
    "game_review": SceneHome("screens.game_review", "GameReviewScene"),
    "duplicate": SceneHome("screens.duplicate_view", "DuplicateScene"),
    "hand_summary": SceneHome("screens.summaries", "HandSummaryScene"),
    "game_over": SceneHome("screens.summaries", "GameOverScene"),
    "deal_code": SceneHome("screens.deal_code", "DealCodeScene"),
    "daily_start": SceneHome("screens.daily", "DailyStartScene"),
    "daily_result": SceneHome("screens.daily", "DailyResultScene"),
}


def maker_of(name: str) -> Callable[..., Scene]:
    """What scene ``name`` is built from (its module imported now, if it was not yet)."""
    home = SCENES[name]
    return getattr(import_module(f"{__package__}.{home.module}"), home.name)


class SceneRegistry:
    """Builds any scene of ``SCENES`` for one app: ``registry.pause(table)`` is ``PauseScene(app, table)``.
    It implements ``SceneFactory`` (``core/scene.py``), whose methods are made from the same table."""

    def __init__(self, app: AppContext) -> None:
        self.app = app

    def build(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        return maker_of(name)(self.app, *args, **kwargs)

    if TYPE_CHECKING:  # (for the type checker: the methods below are made at import; SceneFactory types them)
        def __getattr__(self, name: str) -> Callable[..., Scene]: ...


def _opener(name: str) -> Callable[..., Scene]:
    def open_scene(self: SceneRegistry, *args: Any, **kwargs: Any) -> Scene:
        return self.build(name, *args, **kwargs)

    open_scene.__name__ = open_scene.__qualname__ = name
    open_scene.__doc__ = f"The {name.replace('_', ' ')} scene (see ``SCENES``)."
    return open_scene


for _name in SCENES:
    setattr(SceneRegistry, _name, _opener(_name))


def build_table(app: AppContext, session: GameSession, events: list[E.Event] | None = None) -> TableScene:
    """The table, with the parts it is made of (so that the table's modules need not import one another)."""
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
    return TableScene(app, session, parts, events)
