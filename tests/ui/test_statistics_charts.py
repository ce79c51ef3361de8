"""Statistics you want to look at (issue 25 item 5): the file keeps the last games and contracts by
bid per mode, the screen shows a tab per mode, its figures and four charts drawn in the theme."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from spades_desktop.engine.rules import preset
from spades_desktop.storage.statistics import (
    MAX_RECENT_GAMES,
    GameLine,
    ModeStats,
    Statistics,
    load_statistics,
    save_statistics,
)
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.core.theme import CHART_LOST, CHART_NEUTRAL, CHART_WON
from spades_desktop.ui.screens.statistics import StatisticsScene
from spades_desktop.ui.text.statistics_text import Tone, bags_chart, contracts_chart, figures, nil_chart, results_chart
from tests.ui_driver import Driver

SHORT_GAME = {**preset("standard").to_dict(), "target_score": 100}


@pytest.mark.slow
def test_a_finished_game_adds_its_line_and_its_contracts_by_bid(tmp_path):
    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.play_hands(50)
    state = d.table.ctl.state
    d.app.writer.flush()
    stats = load_statistics(d.app.paths.statistics_file)[0].per_mode["partnership"]
    mine = state.side_of_seat(state.seats[0].__class__.S)
    other = next(side for side in state.sides if side != mine)
    assert stats.recent == [GameLine(state.winner == mine, state.scores[mine], state.scores[other],
                                     len(state.hand_history),
                                     sum(r.breakdown[mine].bags for r in state.hand_history), d.app.session.game_id)]
    contracts = [r.breakdown[mine] for r in state.hand_history if r.breakdown[mine].made is not None]
    assert sum(tried for _, tried in stats.levels.values()) == len(contracts)
    for bid, (made, tried) in stats.levels.items():
        assert tried == sum(b.contract == bid for b in contracts)
        assert made == sum(b.contract == bid and b.made for b in contracts)
    d.app.writer.close()


def test_only_the_last_games_are_kept(tmp_path):
    stats = Statistics()
    mode = stats.per_mode["partnership"]
    mode.started = mode.games = mode.won = MAX_RECENT_GAMES + 5
    mode.best_score, mode.worst_score = 500, 500
    mode.recent = [GameLine(True, 500, n, 10, 3) for n in range(MAX_RECENT_GAMES)]
    save_statistics(tmp_path / "s.json", stats)
    again, problems = load_statistics(tmp_path / "s.json")
    assert not problems and again.per_mode["partnership"].recent == mode.recent


def _file(tmp_path, **mode) -> tuple[Statistics, list[str]]:
    counts = {"started": 2, "games": 1, "won": 1, "hands": 8, "contracts_made": 5, "contracts_set": 2,
              "best_score": 300, "worst_score": 300, **mode}
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 3, "tracked": {},
                                "modes": {"partnership": counts}}))
    return load_statistics(path)


def test_a_file_of_version_3_with_its_charts_loads(tmp_path):
    stats, problems = _file(tmp_path, levels={"4": [3, 4], "7": [2, 3]},
                            recent=[{"won": True, "score": 300, "against": 120, "hands": 8, "bags": 6}])
    assert problems == []
    assert stats.per_mode["partnership"].levels == {4: [3, 4], 7: [2, 3]}
    assert stats.per_mode["partnership"].recent == [GameLine(True, 300, 120, 8, 6)]


@pytest.mark.parametrize("bad", [
    {"levels": {"4": [5, 4]}},  # more made than tried
    {"levels": {"40": [1, 1]}},  # a bid no side can make
    {"levels": {"4": [6, 6]}},  # more contracts made by bid than made at all
    {"levels": {"4": [1, 8]}},  # more contracts by bid than contracts
    {"levels": ["4"]},
    {"recent": [{"won": True, "score": 300, "against": 120, "hands": 8}]},  # a field missing
    {"recent": [{"won": "yes", "score": 300, "against": 120, "hands": 8, "bags": 6}]},
    {"recent": [{"won": True, "score": 300, "against": 120, "hands": 1, "bags": 60}]},  # more bags than tricks
    {"recent": [{"won": True, "score": 1, "against": 1, "hands": 1, "bags": 0}] * 2},  # more than finished
    {"recent": "everything"},
])
def test_charts_that_cannot_be_true_set_the_file_aside(tmp_path, bad):
    stats, problems = _file(tmp_path, **bad)
    assert len(problems) == 1 and "could not be read" in problems[0], problems
    assert stats.per_mode["partnership"].hands == 0, "fresh statistics"
    assert list(tmp_path.glob("statistics.json.corrupt-*")), "the file is kept aside"


def test_the_words_and_bars_of_a_mode():
    mode = ModeStats(started=3, games=2, won=1, lost=1, hands=20, contracts_made=9, contracts_set=3, nil_attempts=2,
                     nil_made=1, bags=30, best_score=510, worst_score=-120, levels={4: [3, 4], 6: [0, 2]},
                     recent=[GameLine(True, 510, 300, 12, 14), GameLine(False, -120, 500, 8, 16)])
    shown = dict(figures(mode))
    assert shown["Finished games"] == "2" and shown["Unfinished"] == "1" and shown["Won"] == "1 (50%)"
    assert shown["Contracts made"] == "75%" and shown["Bags a hand"] == "1.5" and shown["Nils made"] == "1 of 2"
    results = results_chart(mode)
    assert [(b.label, b.value, b.tone) for b in results.bars] == [("1", 210, Tone.GOOD), ("2", -620, Tone.BAD)]
    assert results.title == "The last 2 games: won 1, lost 1 (margin)"
    assert [(b.label, b.value, b.caption) for b in contracts_chart(mode).bars] == [("4", 75, "3/4"), ("6", 0, "0/2")]
    assert [(b.label, b.caption) for b in nil_chart(mode).bars] == [("Nil", "1 of 2")]
    assert [b.value for b in bags_chart(mode).bars] == [round(14 / 12, 1), 2.0]
    empty = ModeStats()
    assert all(not chart.bars for chart in (results_chart(empty), contracts_chart(empty), nil_chart(empty)))


def _colour_count(screen: pygame.Surface, colour) -> int:
    w, h = screen.get_size()
    return sum(all(abs(a - b) <= 12 for a, b in zip(colour, tuple(screen.get_at((x, y)))[:3], strict=True))
               for x in range(0, w, 3) for y in range(0, h, 3))


@pytest.mark.slow
def test_the_statistics_screen_charts_each_mode_on_its_tab(tmp_path):
    stats = Statistics()
    mode = stats.per_mode["cutthroat"]
    mode.started, mode.games, mode.won, mode.lost, mode.hands = 2, 2, 1, 1, 10
    mode.contracts_made, mode.contracts_set, mode.bags, mode.best_score, mode.worst_score = 6, 4, 8, 300, 100
    mode.recent = [GameLine(True, 300, 200, 5, 4), GameLine(False, 100, 300, 5, 4)]
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    save_statistics(home / "data" / "statistics.json", stats)
    d = Driver(str(home), rules="standard", seed=2)
    d.app.to_title()
    d.step()
    d.click_button("statistics")
    screen = d.app.stack.top
    assert isinstance(screen, StatisticsScene) and screen.mode.value == "partnership", "the rules in force first"
    d.step()
    assert _colour_count(d.app.screen, CHART_WON) == 0, "no game in this mode: no bars"
    d.click_button("tab_cutthroat")
    assert screen.mode.value == "cutthroat"
    d.step()
    for colour in (CHART_WON, CHART_LOST, CHART_NEUTRAL):
        assert _colour_count(d.app.screen, colour) > 30, colour
    d.press(Intent.BACK, Context.SCREEN)
    assert not isinstance(d.app.stack.top, StatisticsScene)
    d.app.writer.close()


@pytest.mark.slow
def test_a_finished_games_review_adds_the_persons_accuracy_to_its_chart(tmp_path):
    """Issue 27 item 4: reviewed to the end, a finished game's line keeps the person's accuracy
    (the statistics file, version 4, keeps it), and the accuracy chart shows it."""
    from spades_desktop.session.review import decisions_of, figures
    from spades_desktop.ui.screens.game_review import GameReviewScene
    from spades_desktop.ui.text.statistics_text import accuracy_chart

    d = Driver(str(tmp_path), rules=SHORT_GAME, seed=11)
    d.app.options.review_samples = 16
    d.play_hands(50)
    d.step(2)
    d.press(Intent.REVIEW, Context.GAME_OVER)
    page = d.app.stack.top
    assert isinstance(page, GameReviewScene)
    for _ in range(20000):
        if page.reviewer.done:
            break
        d.step()
    d.step()
    d.app.writer.flush()
    state = d.table.ctl.state
    expected = figures(decisions_of(state), page.reviewer.review, state.seats[0].__class__.S).accuracy
    stats = load_statistics(d.app.paths.statistics_file)[0].per_mode["partnership"]
    assert stats.recent[-1].accuracy == pytest.approx(expected)
    chart = accuracy_chart(stats)
    assert [b.caption for b in chart.bars] == [f"{round(100 * expected)}%"]


@pytest.mark.parametrize("bad", [{"accuracy": 1.5}, {"accuracy": "high"}, {"accuracy": -0.1},
                                 {"game_id": 7}, {"game_id": "x" * 200}, {"reviewed": True}])
def test_a_recent_games_accuracy_or_id_that_cannot_be_true_is_refused(bad):
    line = {"won": True, "score": 300, "against": 200, "hands": 5, "bags": 4, **bad}
    with pytest.raises(ValueError):
        GameLine.from_dict(line)


def test_a_bar_of_nothing_draws_no_line_on_the_axis():
    """The review's chart drew a red pixel-high bar for a hand that lost nothing (read as a line)."""
    from spades_desktop.ui.core.charts import Bar, draw_bar_chart
    from spades_desktop.ui.core.typeface import typeface

    pygame.font.init()
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    bars = [Bar("1", 0, CHART_LOST), Bar("2", 50, CHART_LOST)]
    plot = draw_bar_chart(surface, surface.get_rect(), typeface(21), bars, low=0)
    from spades_desktop.ui.core.theme import CHART_MIN_SLOTS

    slot = plot.w / CHART_MIN_SLOTS  # two bars, centred as a group: the middle two of eight places
    for place, value in ((CHART_MIN_SLOTS / 2 - 0.5, 0), (CHART_MIN_SLOTS / 2 + 0.5, 50)):
        x = round(plot.left + slot * place)
        column = [tuple(surface.get_at((x, y)))[:3] for y in range(plot.top, plot.bottom + 1)]
        assert (CHART_LOST in column) == (value > 0), f"a bar only where the value is not 0 ({value})"
