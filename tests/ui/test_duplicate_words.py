"""Issue 56: what the duplicate score says, read without pygame (the page's rows, the total, the hand
that differs most, the progress of the computer's game)."""

from __future__ import annotations

import subprocess
import sys

from spades_desktop.session.duplicate import HandScore, compare
from spades_desktop.ui.text.duplicate_words import (
    duplicate_page,
    par_progress_text,
    signed,
    total_line,
    unplayed_text,
    widest_text,
)

YOURS = [HandScore(1, "4", 4, 80), HandScore(2, "nil", 1, -60), HandScore(3, "3", 3, 70)]
PAR = [HandScore(1, "4", 5, 81), HandScore(2, "2", 2, 50)]


def test_the_page_has_a_row_a_hand_both_played_and_a_total_row():
    comparison = compare(YOURS, PAR)
    page = duplicate_page(comparison)
    rows = [(row.lead, row.cells[""]) for row in page.rows]
    assert rows == [("1", ("4", "4", "80", "4", "5", "81", "-1")),
                    ("2", ("nil", "1", "-60", "2", "2", "50", "-110")),
                    ("All", ("", "", "20", "", "", "131", "-111"))]
    assert [c.title for c in page.columns][-1] == "Difference" and page.lead is not None
    waiting = duplicate_page(None, par_progress_text(1, 4))
    assert waiting.rows == () and waiting.empty == "The computer is playing hand 2 of 4 with your cards"
    assert par_progress_text(4, 4) == "The computer is playing hand 4 of 4 with your cards"


def test_the_total_and_the_hand_that_differs_most_in_words():
    comparison = compare(YOURS, PAR)
    assert total_line(comparison) == "You 20, the computer 131 with your cards over 2 hands: 111 under par"
    assert widest_text(comparison.widest()) == "Hand 2 differs most: the computer scored 110 points more"
    better = compare([HandScore(1, "4", 4, 40)], [HandScore(1, "4", 4, 17)])
    assert total_line(better).endswith("+23 over par")
    assert widest_text(better.widest()) == "Hand 1 differs most: you scored 23 points more"
    assert widest_text(None) == "You and the computer scored the same in every hand"
    assert (signed(5), signed(-5), signed(0)) == ("+5", "-5", "0")
    assert unplayed_text([1, 2, 3], [1, 2]) == "The computer's game ended before your hand 3: it is not compared"
    assert unplayed_text([1, 2, 3], [1]) == "The computer's game ended before your hands 2, 3: they are not compared"
    assert unplayed_text([1, 2], [1, 2]) == ""


def test_the_words_need_no_pygame():
    code = ("import sys; import spades_desktop.ui.text.duplicate_words, spades_desktop.session.par; "
            "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)")
    subprocess.run([sys.executable, "-c", code], check=True)
