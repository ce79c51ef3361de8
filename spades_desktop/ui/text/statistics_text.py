"""What the statistics screen says and charts for one mode (no pygame).

The figures are the mode's counts in words; each chart is a title, its bars (label, value,
caption and whether the bar is good news) and what it says when there is nothing to draw yet.
The screen gives the bars their colours and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...session.files import ModeStats

#: the last games the results and bags charts show
CHART_GAMES = 20


class Tone(Enum):
    """What a bar means to the person, which the screen turns into a colour."""

    GOOD = "good"
    BAD = "bad"
    PLAIN = "plain"


@dataclass(frozen=True)
class BarData:
    label: str
    value: float
    caption: str
    tone: Tone


@dataclass(frozen=True)
class ChartData:
    title: str
    bars: tuple[BarData, ...]
    empty: str  # said in place of the bars when there are none
    percent: bool = False  # a share from 0 to 100


def share(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "-"


def figures(stats: ModeStats) -> list[tuple[str, str]]:
    """The mode's headline numbers, label and value, in the order they are read."""
    decided = stats.won + stats.lost
    contracts = stats.contracts_made + stats.contracts_set
    return [
        ("Finished games", str(stats.games)),
        ("Unfinished", str(stats.unfinished)),
        ("Won", f"{stats.won} ({share(stats.won, decided)})" if decided else "-"),
        ("Hands", str(stats.hands)),
        ("Contracts made", share(stats.contracts_made, contracts)),
        ("Nils made", f"{stats.nil_made} of {stats.nil_attempts}" if stats.nil_attempts else "-"),
        ("Bags a hand", f"{stats.bags / stats.hands:.1f}" if stats.hands else "-"),
        ("Best score", "-" if stats.best_score is None else str(stats.best_score)),
        ("Worst score", "-" if stats.worst_score is None else str(stats.worst_score)),
    ]


def results_chart(stats: ModeStats) -> ChartData:
    """The last games, each a bar as long as the lead it was won or lost by."""
    games = stats.recent[-CHART_GAMES:]
    first = len(stats.recent) - len(games) + 1
    bars = tuple(BarData(str(first + i), game.score - game.against, "",
                         Tone.PLAIN if game.won is None else Tone.GOOD if game.won else Tone.BAD)
                 for i, game in enumerate(games))
    won = sum(game.won is True for game in games)
    last = "The last game" if len(games) == 1 else f"The last {len(games)} games"  # never "the last 1 games"
    title = f"{last}: won {won}, lost {sum(game.won is False for game in games)} (margin)" \
        if games else "The last games"
    return ChartData(title, bars, "Finish a game to see its result here")


def contracts_chart(stats: ModeStats) -> ChartData:
    """Contracts made by the side's bid, as a share, with the count over each bar."""
    bars = tuple(BarData(str(bid), 100 * made / tried, f"{made}/{tried}",
                         Tone.GOOD if made * 2 >= tried else Tone.BAD)
                 for bid, (made, tried) in sorted(stats.levels.items()) if tried)
    return ChartData("Contracts made by bid (%)", bars, "Play a hand with a contract to see it here", percent=True)


def nil_chart(stats: ModeStats) -> ChartData:
    """Nil and blind nil: the share made, with the count over each bar."""
    pairs = [("Nil", stats.nil_made, stats.nil_attempts), ("Blind nil", stats.blind_nil_made, stats.blind_nil_attempts)]
    bars = tuple(BarData(label, 100 * made / tried, f"{made} of {tried}", Tone.GOOD if made * 2 >= tried else Tone.BAD)
                 for label, made, tried in pairs if tried)
    return ChartData("Nils made (%)", bars, "No nil bid yet", percent=True)


def bags_chart(stats: ModeStats) -> ChartData:
    """Bags a hand in each of the last games."""
    games = stats.recent[-CHART_GAMES:]
    first = len(stats.recent) - len(games) + 1
    bars = tuple(BarData(str(first + i), round(game.bags / game.hands, 1) if game.hands else 0, "", Tone.PLAIN)
                 for i, game in enumerate(games))
    return ChartData("Bags a hand in the last games", bars, "Finish a game to see its bags here")


def accuracy_chart(stats: ModeStats) -> ChartData:
    """The person's accuracy in each reviewed game of the last ones, as the game review measured it."""
    games = stats.recent[-CHART_GAMES:]
    first = len(stats.recent) - len(games) + 1
    bars = tuple(BarData(str(first + i), round(100 * game.accuracy), f"{round(100 * game.accuracy)}%", Tone.PLAIN)
                 for i, game in enumerate(games) if game.accuracy is not None)
    return ChartData("Your accuracy in reviewed games (%)", bars,
                     "Review a finished game to see it here", percent=True)


def charts(stats: ModeStats) -> list[ChartData]:
    return [results_chart(stats), contracts_chart(stats), nil_chart(stats), bags_chart(stats), accuracy_chart(stats)]
