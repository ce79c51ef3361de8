"""The daily deal's results in the statistics file (issue 56): a playing counted once, one record a
day whatever the clock says, the streak and the average against par, and files of version 5 (before
the daily deal) loading with none."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest

from spades_desktop.storage.daily_stats import (
    CLOCK_BACK,
    PLAYED_BEFORE,
    DailyLine,
    add_playing,
    average_difference,
    practice_reason,
    record_of,
    streak,
    with_par,
)
from spades_desktop.storage.statistics import VERSION, Statistics, load_statistics, save_statistics


def _line(day: str, game: str, points: int = 200, par: int | None = 180, record: bool = True) -> DailyLine:
    return DailyLine(day, game, points, par, record, "" if record else "a hint", 1_700_000_000.0)


def test_a_playing_is_counted_once_and_a_day_has_one_record():
    lines = add_playing([], _line("2026-05-02", "a"))
    assert add_playing(lines, _line("2026-05-02", "a", points=999)) == lines  # the same playing, resumed
    second = add_playing(lines, _line("2026-05-02", "b"))
    assert [(line.record, line.practice) for line in second] == [(True, ""), (False, PLAYED_BEFORE)]
    assert record_of(second, date(2026, 5, 2)).game_id == "a"


def test_a_clock_moved_back_gives_no_second_record_and_no_day_before_the_last_one():
    lines = add_playing([], _line("2026-05-02", "a"))
    assert practice_reason(lines, date(2026, 5, 2)) == PLAYED_BEFORE
    assert practice_reason(lines, date(2026, 5, 1)) == CLOCK_BACK  # the clock set back a day
    earlier = add_playing(lines, _line("2026-05-01", "b"))
    assert not earlier[-1].record and earlier[-1].practice == CLOCK_BACK
    assert practice_reason(lines, date(2026, 5, 3)) == ""


def test_the_streak_counts_days_in_a_row_ending_today_or_yesterday_and_the_average_is_against_par():
    lines: list[DailyLine] = []
    for day, points in (("2026-04-28", 150), ("2026-04-30", 200), ("2026-05-01", 170), ("2026-05-02", 230)):
        lines = add_playing(lines, _line(day, day, points, par=180))
    lines = add_playing(lines, _line("2026-05-02", "practice", 500, par=100))  # practice: not in either
    assert streak(lines, date(2026, 5, 2)) == 3
    assert streak(lines, date(2026, 5, 3)) == 3  # today not played yet: the streak still stands
    assert streak(lines, date(2026, 5, 4)) == 0
    assert average_difference(lines) == pytest.approx((-30 + 20 - 10 + 50) / 4)
    pending = with_par(add_playing(lines, _line("2026-05-03", "new", 100, par=None)), "new", 90)
    assert pending[-1].par == 90 and pending[-1].difference == 10


def test_the_daily_lines_survive_the_file(tmp_path):
    stats = Statistics()
    stats.record_daily(_line("2026-05-02", "a", par=None))
    stats.daily_par("a", 150)
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    assert json.loads(path.read_text())["version"] == VERSION == 6
    again, problems = load_statistics(path)
    assert problems == [] and again.daily == [_line("2026-05-02", "a", par=150)]


def test_a_file_of_version_5_loads_with_no_daily_deals(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 5, "tracked": {}, "modes": {
        "partnership": {"started": 2, "games": 1, "won": 1, "hands": 8, "contracts_made": 5,
                        "best_score": 510, "worst_score": 510}}}))
    stats, problems = load_statistics(path)
    assert problems == [] and stats.daily == [] and stats.per_mode["partnership"].won == 1
    assert stats.to_dict()["version"] == 6 and stats.to_dict()["daily"] == []


def test_two_records_of_one_day_in_a_file_set_it_aside(tmp_path):
    path = tmp_path / "statistics.json"
    lines = [_line("2026-05-02", "a").to_dict(), _line("2026-05-02", "b").to_dict()]
    path.write_text(json.dumps({"format": "spades-desktop/statistics", "version": 6, "tracked": {}, "modes": {},
                                "daily": lines}))
    stats, problems = load_statistics(path)
    assert len(problems) == 1 and stats.daily == []


def test_a_day_begun_in_one_game_is_for_the_record_only_in_that_game():
    from spades_desktop.storage.daily_stats import BEGUN_BEFORE, add_playing, practice_reason, with_begun

    day = date(2026, 12, 2)
    begun = with_begun({}, day, "game-a")
    assert with_begun(begun, day, "game-b") == begun, "the first playing begun stays the day's"
    assert practice_reason([], day, begun, "game-a") == ""
    assert practice_reason([], day, begun, "game-b") == BEGUN_BEFORE
    line = DailyLine(day.isoformat(), "game-b", 120, None, True)
    [kept] = add_playing([], line, begun)
    assert not kept.record and kept.practice == BEGUN_BEFORE
    [kept] = add_playing([], replace(line, game_id="game-a"), begun)
    assert kept.record
