"""What the daily deal's screens and the deal-code dialog say (issue 56), without pygame."""

from __future__ import annotations

import sys
from datetime import date

from spades_desktop.engine.deal_codes import DealCode
from spades_desktop.engine.rule_values import Deck, Mode
from spades_desktop.engine.seats import Seat
from spades_desktop.session.daily_run import PRACTICE_HINT, PRACTICE_UNDO, DailyRun
from spades_desktop.session.duplicate import HandScore, compare
from spades_desktop.storage.daily_stats import DailyLine
from spades_desktop.ui.text import daily_words as W

DAY = date(2026, 5, 2)


def test_the_words_need_no_pygame():
    import subprocess

    code = "import sys, spades_desktop.ui.text.daily_words; print('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


def test_the_title_says_whether_todays_deal_is_done_and_against_par():
    played = [DailyLine("2026-05-02", "a", 212, 189, True, "", 1.0)]
    assert W.title_label([], DAY) == "Daily deal · new"
    assert W.title_label(played, DAY) == "Daily deal · done: +23 over par"
    under = [DailyLine("2026-05-02", "a", 150, 181, True, "", 1.0)]
    assert W.title_label(under, DAY) == "Daily deal · done: 31 under par"
    assert W.title_label([DailyLine("2026-05-02", "a", 150, None, True, "", 1.0)], DAY) == "Daily deal · done"
    assert W.title_label(played, date(2026, 5, 3)) == "Daily deal · new"


def test_the_start_panel_says_the_terms_and_record_or_practice():
    assert W.day_words(DAY) == "Saturday 2 May 2026"
    lines = W.start_lines([], DAY)
    assert lines[0] == "Partnership, standard rules, you sit South" and lines[-1] == W.RECORD_RULE
    again = W.start_lines([DailyLine("2026-05-02", "a", 212, 189, True, "", 1.0)], DAY)
    assert again[-1] == "This playing is practice: you played this day's deal for the record already."


def test_the_result_says_the_standing_hand_by_hand_the_total_and_the_widest_hand():
    run = DailyRun(DAY)
    assert W.result_title(run) == "Daily deal, Saturday 2 May 2026 · for the record"
    run.mark_practice(PRACTICE_HINT)
    run.mark_practice(PRACTICE_UNDO)
    assert W.result_title(run).endswith("practice: you used a hint and you took a move back")
    yours = [HandScore(1, "4", 4, 40), HandScore(2, "nil", 0, 100), HandScore(3, "3", 2, -30)]
    par = [HandScore(1, "4", 5, 41), HandScore(2, "2", 3, 31), HandScore(3, "3", 3, 30)]
    comparison = compare(yours, par)
    rows = W.result_rows(comparison)
    assert rows[0] == W.RESULT_HEADER
    assert rows[2] == ["2", "nil", "0", "100", "2", "3", "31", "+69"]
    assert rows[-1] == ["Total", "", "", "110", "", "", "102", "+8"]
    assert W.total_line(comparison) == "+8 over par (you 110, par 102)"
    assert W.widest_line(comparison.widest()).startswith("Hand 2 made the most difference: you bid nil")
    assert W.par_waiting((2, 4)) == "Par: hand 3 of 4…"


def test_a_codes_deal_is_said_with_the_rules_it_is_played_under():
    code = DealCode(Mode.CUTTHROAT, Deck.JOKERS, Seat.E, 7, 12345)
    assert W.code_preview(code) == ("Cutthroat, jokers deck, hand 7, East deals — the mode and deck from the code,"
                                    " your other house rules")
    assert W.deal_code_words(code) == f"Deal code {code.text()}"


def test_the_daily_tab_counts_the_streak_the_average_and_charts_a_bar_a_day():
    lines = [DailyLine("2026-05-01", "a", 200, 180, True, "", 1.0),
             DailyLine("2026-05-02", "b", 150, 190, True, "", 1.0),
             DailyLine("2026-05-02", "c", 300, 100, False, "a hint", 1.0)]
    figures = dict(W.daily_figures(lines, DAY))
    assert figures["Days in a row"] == "2" and figures["Average against par"] == "-10.0"
    assert figures["Best day"] == "+20" and figures["Practice playings"] == "1"
    chart = W.daily_chart(lines)
    assert [(b.label, b.value, b.caption) for b in chart.bars] == [("1/5", 20, "+20"), ("2/5", -40, "-40")]
    assert W.daily_panels([], DAY)[-1].title == "Still to come"


def test_the_hands_chart_keeps_a_scale_a_small_difference_does_not_fill():
    from spades_desktop.ui.text.daily_words import DIFFERENCE_SCALE, difference_scale

    low, high = difference_scale([0, 0, 0, -1])
    assert low == -high and high > DIFFERENCE_SCALE  # (a point under par was a bar the chart's whole height)
    assert difference_scale([40, -3]) == (-50, 50)
