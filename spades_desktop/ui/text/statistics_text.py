"""What the statistics screen says and charts for one mode (no pygame).

The figures are the mode's counts in words; each chart is a title, its bars (label, value,
caption, whether the bar is good news, and a mark across it: the bid) and what will appear in its
place, and when, while there is nothing to draw.  ``panels`` orders what the screen shows: what
the person did in their last game (after one hand it already means something), their bids against
their tricks, the charts that have bars, and a note of those still to come; never an empty chart.
The screen gives the bars their colours and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...session.files import HandLine, ModeStats

#: the last games the results and bags charts show
CHART_GAMES = 20
#: the last hands the bids-and-tricks chart shows (a deal's worth)
CHART_HANDS = 13


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
    mark: float | None = None  # a value marked across the bar (the bid its tricks are measured against)


@dataclass(frozen=True)
class ChartData:
    title: str
    bars: tuple[BarData, ...]
    coming: str  # what will appear, and when, while there are no bars (listed under 'Still to come')
    percent: bool = False  # a share from 0 to 100
    short: str = ""  # the title where the whole one does not fit (four charts across a small window)


@dataclass(frozen=True)
class Note:
    """A panel of words in a chart's place: a title over a few lines."""

    title: str
    lines: tuple[str, ...]


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
    return ChartData(title, bars, "After a finished game: each game's result and margin",
                     short=f"Last {len(games)}: won {won} (margin)" if games else "")


def contracts_chart(stats: ModeStats) -> ChartData:
    """Contracts made by the side's bid, as a share, with the count over each bar."""
    bars = tuple(BarData(str(bid), 100 * made / tried, f"{made}/{tried}",
                         Tone.GOOD if made * 2 >= tried else Tone.BAD)
                 for bid, (made, tried) in sorted(stats.levels.items()) if tried)
    return ChartData("Contracts made by bid (%)", bars, "After a hand with a contract: how often each bid is made",
                     percent=True, short="Contracts by bid (%)")


def nil_chart(stats: ModeStats) -> ChartData:
    """Nil and blind nil: the share made, with the count over each bar."""
    pairs = [("Nil", stats.nil_made, stats.nil_attempts), ("Blind nil", stats.blind_nil_made, stats.blind_nil_attempts)]
    bars = tuple(BarData(label, 100 * made / tried, f"{made} of {tried}", Tone.GOOD if made * 2 >= tried else Tone.BAD)
                 for label, made, tried in pairs if tried)
    return ChartData("Nils made (%)", bars, "After a nil bid: how often your nils are made", percent=True)


def bags_chart(stats: ModeStats) -> ChartData:
    """Bags a hand in each of the last games."""
    games = stats.recent[-CHART_GAMES:]
    first = len(stats.recent) - len(games) + 1
    bars = tuple(BarData(str(first + i), round(game.bags / game.hands, 1) if game.hands else 0, "", Tone.PLAIN)
                 for i, game in enumerate(games))
    return ChartData("Bags a hand in the last games", bars, "After a finished game: your bags a hand, game by game",
                     short="Bags a hand")


def accuracy_chart(stats: ModeStats) -> ChartData:
    """The person's accuracy in each reviewed game of the last ones, as the game review measured it."""
    games = stats.recent[-CHART_GAMES:]
    first = len(stats.recent) - len(games) + 1
    bars = tuple(BarData(str(first + i), round(100 * game.accuracy), f"{round(100 * game.accuracy)}%", Tone.PLAIN)
                 for i, game in enumerate(games) if game.accuracy is not None)
    return ChartData("Your accuracy in reviewed games (%)", bars,
                     "After you review a finished game: how well you played", percent=True,
                     short="Your accuracy (%)")


def charts(stats: ModeStats) -> list[ChartData]:
    return [results_chart(stats), contracts_chart(stats), nil_chart(stats), bags_chart(stats), accuracy_chart(stats)]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _bid_words(line: HandLine) -> str:
    if line.bid is None:
        return "-"
    return "Blind nil" if line.blind else "Nil" if line.nil else str(line.bid)


def _met(line: HandLine) -> bool:
    """The person took what they bid: none for a nil, at least the bid otherwise."""
    assert line.bid is not None
    return line.taken == 0 if line.nil else line.taken >= line.bid


def bids_chart(stats: ModeStats) -> ChartData:
    """The last hands: the tricks the person took as a bar (good news where they took their bid,
    none for a nil), the bid marked across it, 'bid/taken' over it."""
    hands = stats.recent_hands[-CHART_HANDS:]
    bars = tuple(BarData(str(line.hand), line.taken, f"{_bid_words(line)}/{line.taken}",
                         Tone.PLAIN if line.bid is None else Tone.GOOD if _met(line) else Tone.BAD, line.bid)
                 for line in hands)
    last = "the last hand" if len(hands) == 1 else f"the last {len(hands)} hands"
    return ChartData(f"Your bid (gold) and tricks, {last}" if hands else "Your bid and tricks",
                     bars, "After a hand: what you bid and the tricks you took", short="Bid (gold) and tricks")


def last_game(stats: ModeStats, mode_name: str) -> Note:
    """What the person did in their last game of the mode (the one in progress, or the last
    finished): hands, contracts made and set, nils, tricks bid and taken; before any hand, what
    will show here."""
    if not stats.recent_hands:
        return Note(f"Your first game of {mode_name.lower()}",
                    ("Play a hand: what you bid and the tricks you took show here after it.",
                     "Each chart appears as soon as it has something to show."))
    game_id = stats.recent_hands[-1].game_id
    hands = [line for line in stats.recent_hands if line.game_id == game_id]
    finished = bool(stats.recent) and stats.recent[-1].game_id == game_id != ""
    made = sum(line.made is True for line in hands)
    set_ = sum(line.made is False for line in hands)
    lines = [f"{_count(len(hands), 'hand')} played" + ("" if hands[0].hand == 1 else f" (from hand {hands[0].hand})"),
             f"Contracts: {made} made, {set_} set" if made + set_ else "No contract yet"]
    nils = [line for line in hands if line.nil]
    lines.append(f"Nil: {len(nils)} bid, {sum(line.taken == 0 for line in nils)} made" if nils else "No nil bid")
    bid = [line for line in hands if line.bid is not None]
    if bid:
        lines.append(f"You bid {_count(sum(line.bid or 0 for line in bid), 'trick')} in all"
                     f" and took {sum(line.taken for line in bid)}")
    if finished:
        game = stats.recent[-1]
        result = "Won" if game.won else "Lost" if game.won is False else "Ended"
        lines.append(f"{result} {game.score} to {game.against}")
    return Note("Your last game" if finished else "This game so far", tuple(lines))


def coming(data: list[ChartData]) -> Note | None:
    """The charts with nothing to draw yet: what each will show, and when."""
    waiting = tuple(chart.coming for chart in data if not chart.bars)
    return Note("Still to come", waiting) if waiting else None


def panels(stats: ModeStats, mode_name: str) -> list[ChartData | Note]:
    """What the screen shows under the figures, in order: the last game, the bids and tricks (once
    there is a hand), the charts with bars, and what is still to come (never an empty chart)."""
    shown: list[ChartData | Note] = [last_game(stats, mode_name)]
    if stats.recent_hands:
        shown.append(bids_chart(stats))  # (before any hand the last game's note says what comes here)
    data = charts(stats)
    shown += [chart for chart in data if chart.bars]
    still = coming(data)
    return shown if still is None else [*shown, still]
