"""What the daily deal's screens and the deal-code dialog say (no pygame): the title's button, the
start panel, the result table against par, the statistics' Daily tab, and a code's deal in words."""

from __future__ import annotations

from datetime import date

from ...engine.deal_codes import EXAMPLE, DealCode
from ...engine.rule_table import DECK_WORDS, MODE_WORDS
from ...engine.seats import SEAT_NAMES
from ...session.daily_run import DailyLine, DailyRun, average_difference, practice_reason, record_of, streak
from ...session.duplicate import Comparison, HandComparison, total_words
from ..core.keymap import Context, Intent, label_of
from .statistics_text import BarData, ChartData, Note, Tone

DAILY_TITLE = "Daily deal"
DAILY_TERMS = "Partnership, standard rules, you sit South"
DAILY_ABOUT = ("Four hands, the same for every player today. Par is the same hands played by the computer in your"
               " seat with the same partner and opponents.")
RECORD_RULE = "Your first playing of the day is for the record; a hint or an undo makes it practice."
CODE_TITLE = "Play a deal by code"
CODE_HINT = f"Type the code (ten characters, like {EXAMPLE}); {label_of(Intent.SUBMIT, Context.TEXT_FORM)} deals it"
#: the result's chart of each hand's difference
DIFFERENCE_CHART = "Your points less par's, hand by hand"
#: the statistics' Daily tab's name
DAILY_TAB = "Daily"
#: the last days the Daily tab charts
CHART_DAYS = 14


def day_words(day: date) -> str:
    """'Saturday 2 May 2026'."""
    return f"{day.strftime('%A')} {day.day} {day.strftime('%B')} {day.year}"


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def title_label(lines: list[DailyLine], today: date) -> str:
    """The title's button: 'Daily deal · new', 'Daily deal · done: +23 over par' ('done' alone
    while the par of that playing is not known)."""
    line = record_of(lines, today)
    if line is None:
        return f"{DAILY_TITLE} · new"
    if line.difference is None:
        return f"{DAILY_TITLE} · done"
    return f"{DAILY_TITLE} · done: {total_words(line.difference)}"


def start_lines(lines: list[DailyLine], today: date, begun: dict[str, str] | None = None) -> list[str]:
    """The start panel's words under the date: the terms, what par is, and record or practice
    (``begun``: the days a playing for the record was begun, ``Statistics.daily_begun``)."""
    reason = practice_reason(lines, today, begun)
    standing = f"This playing is practice: {reason}." if reason else RECORD_RULE
    return [DAILY_TERMS, DAILY_ABOUT, standing]


def practice_now(reason: str) -> str:
    """Said at the table when a daily deal's playing becomes practice."""
    return f"This daily deal is practice now: {reason}"


def level_label(seat_word: str, level: str) -> str:
    """'Partner: normal' (a button that changes it)."""
    return f"{seat_word}: {level}"


def standing_words(run: DailyRun) -> str:
    """'for the record' or 'practice: you used a hint'."""
    return "for the record" if run.for_record else f"practice: {run.practice_words()}"


def result_title(run: DailyRun) -> str:
    """'Daily deal, Saturday 2 May 2026 · for the record'."""
    return f"{DAILY_TITLE}, {day_words(run.day)} · {standing_words(run)}"


def par_missing(reason: str) -> str:
    """Said in place of the par when it could not be played (the statistics keep the day's points)."""
    return f"Par could not be worked out ({reason}): your points are kept without it" if reason else \
        "Par could not be worked out: your points are kept without it"


def par_waiting(progress: tuple[int, int]) -> str:
    """'Par: hand 3 of 4…' while the par is still being played."""
    done, total = progress
    return f"Par: hand {min(done + 1, total)} of {total}…"


RESULT_HEADER = ["Hand", "Your bid", "Tricks", "Points", "Par's bid", "Tricks", "Points", "Difference"]


def your_points_line(points: int, hands: int) -> str:
    """Under the par's progress: what the person scored meanwhile."""
    return f"Your points in the {hands} hands: {points}"


def result_rows(comparison: Comparison) -> list[list[str]]:
    """The table: a header, then a row a hand (your bid, tricks and points against par's, the
    difference), then the totals."""
    rows = [list(RESULT_HEADER)]
    for h in comparison.hands:
        rows.append([str(h.hand), h.yours.bid, str(h.yours.tricks), str(h.yours.points), h.par.bid,
                     str(h.par.tricks), str(h.par.points), signed(h.difference)])
    rows.append(["Total", "", "", str(comparison.yours), "", "", str(comparison.par), signed(comparison.total)])
    return rows


def total_line(comparison: Comparison) -> str:
    """'+23 over par (you 212, par 189)', 'Level with par (...)'."""
    words = total_words(comparison.total)
    return f"{words[0].upper()}{words[1:]} (you {comparison.yours}, par {comparison.par})"


def hand_bar_caption(difference: int) -> str:
    return signed(difference)


def widest_line(hand: HandComparison | None) -> str:
    """What the hand with the largest difference was, or that you and par scored alike."""
    if hand is None:
        return "You and par scored the same in every hand."
    return (f"Hand {hand.hand} made the most difference: you bid {hand.yours.bid} and took {hand.yours.tricks},"
            f" par bid {hand.par.bid} and took {hand.par.tricks} ({signed(hand.difference)}).")


def deal_code_words(code: DealCode) -> str:
    """'Deal code 10R74-PVRGR' (the hand summary's, the review's)."""
    return f"Deal code {code.text()}"


def code_preview(code: DealCode) -> str:
    """What a good code will deal, and under which rules: 'Cutthroat, jokers deck, hand 7, East
    deals — the mode and deck from the code, your other house rules'."""
    deck = DECK_WORDS.get(code.deck, str(code.deck)).lower()
    return (f"{MODE_WORDS.get(code.mode, str(code.mode))}, {deck} deck, hand {code.hand},"
            f" {SEAT_NAMES[code.dealer]} deals — the mode and deck from the code, your other house rules")


def daily_figures(lines: list[DailyLine], today: date) -> list[tuple[str, str]]:
    """The Daily tab's figures: days in a row, days played for the record, average against par,
    the best day, practices."""
    records = [line for line in lines if line.record]
    average = average_difference(lines)
    known = [line.difference for line in records if line.difference is not None]
    return [("Days in a row", str(streak(lines, today))), ("Days played", str(len(records))),
            ("Average against par", "-" if average is None else f"{average:+.1f}"),
            ("Best day", "-" if not known else signed(max(known))),
            ("Practice playings", str(len(lines) - len(records)))]


def daily_chart(lines: list[DailyLine]) -> ChartData:
    """The last days played for the record with a known par, oldest first: each day's points
    against par, a bar up (over par) or down ('2/5' under it: day and month)."""
    known = [line for line in lines if line.record and line.difference is not None][-CHART_DAYS:]
    bars = tuple(BarData(f"{int(line.day[8:])}/{int(line.day[5:7])}", line.difference or 0,
                         signed(line.difference or 0), Tone.GOOD if (line.difference or 0) >= 0 else Tone.BAD)
                 for line in known)
    return ChartData(f"Against par, your last {CHART_DAYS} days", bars,
                     "Against par, day by day: after your first daily deal for the record", short="Against par")


def daily_panels(lines: list[DailyLine], today: date) -> list[ChartData | Note]:
    """The Daily tab under its figures: the chart (or what it will show) and the last playings."""
    chart = daily_chart(lines)
    notes = Note("Daily deal", tuple(daily_notes(lines, today)))
    if chart.bars:
        return [chart, notes]
    return [notes, Note("Still to come", (chart.coming,))]


def daily_notes(lines: list[DailyLine], today: date) -> list[str]:
    """The lines beside the chart: today's standing and the last playings in words."""
    notes = [title_label(lines, today).replace(f"{DAILY_TITLE} · ", "Today: ")]
    for line in reversed(lines[-4:]):
        against = "par not worked out" if line.difference is None else total_words(line.difference)
        kind = "for the record" if line.record else f"practice ({line.practice})"
        notes.append(f"{line.day}: {line.points} points, {against}, {kind}")
    return notes


#: the least the hands' chart reaches each side of zero (a point or two would fill the chart)
DIFFERENCE_SCALE = 10


def difference_scale(differences: list[int]) -> tuple[int, int]:
    """The hands' chart's scale: the same each side of zero, at least ``DIFFERENCE_SCALE``, so a
    difference of 1 is a small bar and the captions over the bars keep clear of the chart's title."""
    reach = max([DIFFERENCE_SCALE, *(abs(d) for d in differences)])
    reach = -(-reach * 5 // 4)  # (a quarter more: room for the caption over the longest bar)
    return -reach, reach
