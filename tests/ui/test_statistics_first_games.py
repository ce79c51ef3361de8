"""Issue 58: statistics that mean something after one hand.  Under the figures: what the person did
in their last game, their bids against their tricks hand by hand, the charts with something to
show, and in place of each empty chart what will appear there and when ('Still to come')."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from spades_desktop.storage.stat_lines import GameLine, HandLine
from spades_desktop.storage.statistics import ModeStats, Statistics, save_statistics
from spades_desktop.ui.screens import statistics as screen_module
from spades_desktop.ui.screens.statistics import StatisticsScene
from spades_desktop.ui.text.statistics_text import (
    ChartData,
    Note,
    Tone,
    bids_chart,
    charts,
    last_game,
    panels,
)
from tests.ui_driver import Driver


def test_a_new_player_sees_what_comes_and_when_never_an_empty_chart():
    shown = panels(ModeStats(), "Cutthroat")
    assert all(isinstance(panel, Note) for panel in shown), "no chart without bars"
    first, still = shown
    assert first.title == "Your first game of cutthroat" and "Play a hand" in first.lines[0]
    assert still.title == "Still to come" and len(still.lines) == len(charts(ModeStats())) == 5
    assert still.lines[0] == "After a finished game: each game's result and margin"
    assert all(line.startswith("After ") for line in still.lines)


def test_after_one_hand_the_game_so_far_and_the_bid_against_the_tricks():
    stats = ModeStats(started=1, hands=1, contracts_made=1, levels={3: [1, 1]},
                      recent_hands=[HandLine("g", 1, 3, 4, True)])
    shown = panels(stats, "Partnership")
    assert [type(p) for p in shown] == [Note, ChartData, ChartData, Note]
    note, bids, contracts, still = shown
    assert note == Note("This game so far", ("1 hand played", "Contracts: 1 made, 0 set", "No nil bid",
                                              "You bid 3 tricks in all and took 4"))
    assert bids.title == "Your bid (gold) and tricks, the last hand"
    assert [(b.label, b.value, b.mark, b.caption, b.tone) for b in bids.bars] == [("1", 4, 3, "3/4", Tone.GOOD)]
    assert contracts.title == "Contracts made by bid (%)"
    assert "After a hand with a contract: how often each bid is made" not in still.lines
    assert len(still.lines) == 4


def test_nils_count_as_met_with_no_trick_and_a_finished_game_says_how_it_ended():
    hands = [HandLine("a", 1, 4, 4, True), HandLine("b", 1, 0, 0, True), HandLine("b", 2, 0, 1, False, blind=True),
             HandLine("b", 3, 5, 3, False), HandLine("b", 4, None, 6, None)]
    stats = ModeStats(started=2, games=1, won=1, hands=5, contracts_made=2, contracts_set=2, best_score=512,
                      worst_score=512, recent=[GameLine(True, 512, 380, 4, 2, "b")], recent_hands=hands)
    assert [(b.caption, b.tone) for b in bids_chart(stats).bars] == [
        ("4/4", Tone.GOOD), ("Nil/0", Tone.GOOD), ("Blind nil/1", Tone.BAD), ("5/3", Tone.BAD), ("-/6", Tone.PLAIN)]
    note = last_game(stats, "Partnership")
    assert note.title == "Your last game"
    assert note.lines == ("4 hands played", "Contracts: 1 made, 2 set", "Nil: 2 bid, 1 made",
                          "You bid 5 tricks in all and took 4", "Won 512 to 380")


def _drawn(monkeypatch) -> tuple[list[str], list[tuple[str, int]]]:
    """What the statistics screen draws: its texts, and each bar chart's title and bar count."""
    texts: list[str] = []
    bar_charts: list[tuple[str, int]] = []
    real_text, real_chart = screen_module.draw_text, screen_module.draw_bar_chart

    def text(surface, font, words, *a, **k):
        texts.append(words)
        return real_text(surface, font, words, *a, **k)

    def chart(surface, rect, font, bars, *a, **k):
        bar_charts.append((k.get("title", ""), len(bars)))
        return real_chart(surface, rect, font, bars, *a, **k)

    monkeypatch.setattr(screen_module, "draw_text", text)
    monkeypatch.setattr(screen_module, "draw_bar_chart", chart)
    return texts, bar_charts


def _open_statistics(d: Driver) -> StatisticsScene:
    d.app.to_title()
    d.step(2)
    d.click_button("statistics")
    screen = d.app.stack.top
    assert isinstance(screen, StatisticsScene)
    d.step()
    return screen


def test_the_screen_for_a_new_player_draws_words_where_the_charts_will_be(tmp_path, monkeypatch):
    d = Driver(str(tmp_path), rules="standard", seed=2)
    d.app.files.reset_statistics()
    texts, bar_charts = _drawn(monkeypatch)
    _open_statistics(d)
    assert bar_charts == [], "no empty chart drawn"
    assert "Still to come" in texts and "Your first game of partnership" in texts
    assert any(t.startswith("After a finished game") for t in texts)
    d.app.writer.close()


@pytest.mark.slow
def test_after_one_hand_played_the_screen_charts_it(tmp_path, monkeypatch):
    d = Driver(str(tmp_path), rules="standard", seed=4)
    d.play_hands(1)
    texts, bar_charts = _drawn(monkeypatch)
    _open_statistics(d)
    assert bar_charts and all(count > 0 for _, count in bar_charts), "only charts with bars"
    assert bar_charts[0] == ("Your bid (gold) and tricks, the last hand", 1)
    assert "This game so far" in texts and "1 hand played" in texts
    assert "After a finished game: each game's result and margin" in texts
    d.app.writer.close()


def test_with_several_games_every_chart_is_drawn_and_nothing_is_still_to_come(tmp_path, monkeypatch):
    stats = Statistics()
    mode = stats.per_mode["cutthroat"]
    mode.started, mode.games, mode.won, mode.lost, mode.hands = 3, 3, 2, 1, 12
    mode.contracts_made, mode.contracts_set, mode.bags, mode.best_score, mode.worst_score = 7, 3, 9, 300, 100
    mode.nil_attempts, mode.nil_made, mode.levels = 2, 1, {3: [2, 3], 4: [5, 7]}
    mode.recent = [GameLine(True, 300, 200, 4, 3, "a", 0.8), GameLine(False, 100, 300, 4, 3, "b"),
                   GameLine(True, 250, 240, 4, 3, "c")]
    mode.recent_hands = [HandLine("c", n, 3, 3 + n % 2, True) for n in range(1, 5)]
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    save_statistics(home / "data" / "statistics.json", stats)
    d = Driver(str(home), rules="standard", seed=2)
    screen = _open_statistics(d)
    texts, bar_charts = _drawn(monkeypatch)
    d.click_button("tab_cutthroat")
    d.step()
    assert screen.mode.value == "cutthroat"
    assert len(bar_charts) == 6 and all(count > 0 for _, count in bar_charts)
    assert "Still to come" not in texts and "Your last game" in texts and "Won 250 to 240" in texts
    d.app.writer.close()
