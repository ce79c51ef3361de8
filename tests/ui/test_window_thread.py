"""The window's thread gets the interpreter back quickly from the game's other threads."""

from __future__ import annotations

import sys

from tests.ui_driver import Driver


def test_once_shown_the_window_takes_the_interpreter_back_within_a_millisecond(tmp_path):
    """A frame that handed a computer's question to the worker pool woke the pool's threads and
    waited out Python's default 5 ms turns (9-16 ms in all) to go on: the longest frames while the
    computers thought."""
    default = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)  # (Python's default, whatever an earlier test left)
        d = Driver(str(tmp_path))
        d.step()
        assert sys.getswitchinterval() <= 0.001
    finally:
        sys.setswitchinterval(default)
