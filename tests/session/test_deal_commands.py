"""``spades-desktop deal CODE --print`` and ``spades-desktop daily [--date YYYY-MM-DD] --print``:
the hands and the day's codes on stdout; a bad code or date one line on stderr and exit status 2."""

from __future__ import annotations

import subprocess
import sys
from datetime import date

import pytest

from spades_desktop.deal_cli import daily_main, deal_main
from spades_desktop.engine.daily import daily_codes


def test_deal_prints_the_four_hands_of_a_code(capsys):
    assert deal_main(["1004G-G47R9", "--print"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Deal 1004G-G47R9: Partnership, standard deck, hand 1, North deals"
    assert [line.split(":")[0] for line in out[1:]] == ["North", "East", "South", "West"]
    assert sum(len(line.split(": ")[1].split()) for line in out[1:]) == 52


def test_daily_prints_the_days_codes(capsys):
    assert daily_main(["--date", "2026-12-02", "--print"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Daily deal of 2026-12-02")
    assert [line.split()[2] for line in out[1:]] == [c.text() for c in daily_codes(date(2026, 12, 2))]
    assert daily_main(["--print"], today=date(2031, 5, 6)) == 0
    assert "Daily deal of 2031-05-06" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "says"), [
    (["deal", "1004G-G47R8", "--print"], "spades-desktop deal: the code's check fails"),
    (["deal", "1004G-G47R", "--print"], "spades-desktop deal: a deal code has 10 characters"),
    (["deal", "1004G-G47R9"], "usage: spades-desktop deal CODE --print"),
    (["daily", "--date", "2026-13-01", "--print"], "spades-desktop daily: 2026-13-01 is not a date of the calendar"),
    (["daily", "--date", "12345-01-01", "--print"], "write it as YYYY-MM-DD"),
    (["daily", "--date"], "usage: spades-desktop daily"),
])
def test_a_bad_code_or_date_is_one_line_and_status_2(args, says):
    done = subprocess.run([sys.executable, "-m", "spades_desktop", *args], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], done.stderr
