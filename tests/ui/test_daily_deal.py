"""The daily deal played through the UI (issue 56): the start panel, the four hands to a result
against par and its record, a second playing and a clock moved back as practice, a hint marking
practice, and a playing closed mid-deal resumed as the same deal and counted once.  Par comes from
the real par (``session/par.py``), with few worlds a hard decision in the tests."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from datetime import date

from spades_desktop.engine.daily import daily_game
from spades_desktop.engine.seats import Seat
from spades_desktop.session.daily_run import PRACTICE_HINT
from spades_desktop.storage.daily_stats import CLOCK_BACK, PLAYED_BEFORE, DailyLine
from spades_desktop.storage.saves import read_save_only
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.screens.daily import DailyResultScene, DailyStartScene
from spades_desktop.ui.screens.title import TitleScene
from tests.ui.daily_helpers import play_to_result, reopened, set_today, start_daily, to_fresh_title
from tests.ui_driver import Driver

DAY = date(2026, 5, 2)


def test_the_start_panel_deals_the_days_cards_with_the_levels_chosen(tmp_path, monkeypatch):
    set_today(monkeypatch, DAY)
    d = Driver(str(tmp_path))
    to_fresh_title(d)
    assert d.button("daily_deal").label == "Daily deal · new"
    d.click_button("daily_deal")
    assert isinstance(d.app.stack.top, DailyStartScene)
    assert d.button("level_e").label == "Right (East): normal"
    d.click_button("level_e")  # normal -> hard
    assert d.button("level_e").label == "Right (East): hard"
    d.click_button("start")
    session = d.table.session
    assert session.daily.day == DAY and session.daily.for_record
    assert session.controller.players[Seat.E].level.value == "hard"
    assert session.controller.players[Seat.W].level.value == "normal"
    assert session.state.hands == daily_game(DAY).hands  # the day's cards, every seat
    assert not session.traits.offers_checker and not session.traits.offers_save


def test_a_daily_played_to_its_end_gives_the_result_against_par_and_one_record(tmp_path, monkeypatch):
    set_today(monkeypatch, DAY)
    d = Driver(str(tmp_path))
    to_fresh_title(d)
    start_daily(d)
    result = play_to_result(d)
    assert result.run.for_record and len(result.comparison.hands) == 4
    assert {"review", "statistics", "title"} <= set(d.buttons())
    [line] = d.app.files.stats.daily
    assert (line.day, line.record, line.points) == ("2026-05-02", True, result.comparison.yours)
    assert line.par == result.comparison.par  # the par, once in, kept with the day's result
    assert not d.app.games.has_autosave()  # its autosave gone: Continue plays no fifth hand of it
    widest = result.comparison.widest()
    if widest is not None:  # the hand that differs most: the review's costliest decision, and its moment
        d.click_button("costliest")
        page = d.app.stack.top
        assert type(page).__name__ == "DuplicateScene"
        for _ in range(600):  # (the page judges the person's decisions once the par is in)
            if "duplicate_moment" in d.buttons():
                break
            d.step()
        d.press(Intent.BACK, Context.SCREEN)
        assert d.app.stack.top is result
    d.click_button("title")
    assert isinstance(d.app.stack.top, TitleScene)
    assert d.button("daily_deal").label.startswith("Daily deal · done")

    start_daily(d)  # the same day again: practice from the start, and said so
    assert d.table.session.daily.practice == [PLAYED_BEFORE]
    again = play_to_result(d)
    assert result_title_words(again).endswith("practice: you played this day's deal for the record already")
    lines = d.app.files.stats.daily
    assert [(x.record, x.practice) for x in lines] == [(True, ""), (False, PLAYED_BEFORE)]


def test_a_clock_moved_back_gives_no_second_record_for_a_day(tmp_path, monkeypatch):
    set_today(monkeypatch, DAY)
    d = Driver(str(tmp_path))
    d.app.files.stats.record_daily(DailyLine("2026-05-03", "earlier", 200, 180, True, "", 1.0))  # played "tomorrow"
    to_fresh_title(d)
    start_daily(d)  # the clock now says the day before the last one recorded
    assert d.table.session.daily.practice == [CLOCK_BACK]
    play_to_result(d)
    assert [line.record for line in d.app.files.stats.daily] == [True, False]


def test_a_hint_makes_the_playing_practice_and_the_result_says_so(tmp_path, monkeypatch):
    set_today(monkeypatch, DAY)
    d = Driver(str(tmp_path))
    to_fresh_title(d)
    start_daily(d)
    assert d.wait_for_person() == "act"
    d.press(Intent.HINT, Context.TABLE)
    session = d.table.session
    assert session.daily.practice == [PRACTICE_HINT]
    d.app.files.writer.flush()
    document = read_save_only(d.app.paths.autosave_file)[1]
    assert document["daily"]["practice"] == [PRACTICE_HINT]  # kept: a resumed playing stays practice
    result = play_to_result(d)
    assert "practice: you used a hint" in result_title_words(result)
    [line] = d.app.files.stats.daily
    assert not line.record and line.practice == PRACTICE_HINT


def result_title_words(result: DailyResultScene) -> str:
    from spades_desktop.ui.text.daily_words import result_title

    return result_title(result.run)


def test_a_playing_closed_mid_deal_resumes_as_the_same_deal_and_counts_once(tmp_path, monkeypatch):
    set_today(monkeypatch, DAY)
    d = Driver(str(tmp_path))
    to_fresh_title(d)
    start_daily(d)
    d.play_hands(1)
    game_id = d.table.session.game_id
    history = [r.to_dict() for r in d.table.ctl.state.hand_history]
    d.app.close()

    set_today(monkeypatch, date(2026, 5, 3))  # reopened the next morning
    again = reopened(str(tmp_path))
    assert again.button("daily_deal").label == "Daily deal · new"  # (the 3rd's deal: nothing played yet)
    again.click_button("continue")
    session = again.table.session
    assert session.daily is not None and session.daily.day == DAY and session.game_id == game_id
    assert [r.to_dict() for r in session.state.hand_history] == history
    assert session.state.seed == daily_game(DAY).seed
    play_to_result(again)
    [line] = again.app.files.stats.daily
    assert (line.day, line.game_id, line.record) == ("2026-05-02", game_id, True)
    again.app.close()


def test_a_days_deal_seen_and_left_is_not_played_again_for_the_record(tmp_path, monkeypatch):
    """Start the daily, see the cards, leave it for a new game: playing the day again is practice
    (before, only a finished playing counted, so a deal could be looked at and begun again)."""
    from spades_desktop.storage.daily_stats import BEGUN_BEFORE

    set_today(monkeypatch, DAY)
    d = Driver(str(tmp_path))
    to_fresh_title(d)
    start_daily(d)
    first = d.table.session
    assert first.daily.for_record
    d.app.files.writer.flush()
    assert d.app.files.stats.daily_begun == {DAY.isoformat(): first.game_id}
    to_fresh_title(d)  # (the playing let go, as a new game over it would)
    start_daily(d)
    again = d.table.session.daily
    assert not again.for_record and BEGUN_BEFORE in again.practice
    d.app.close()
    d = reopened(str(tmp_path))  # what was begun is kept in the statistics file
    assert d.app.files.stats.daily_begun == {DAY.isoformat(): first.game_id}
    d.app.close()
