"""What a table's start imports: the words of a hand's end (the banner's, the table talk's) come
with the first hand's end, not with the table (their enums and dataclasses cost the start 4-5 ms)."""

from __future__ import annotations

import subprocess
import sys

LATER = ("spades_desktop.ui.text.table_talk", "spades_desktop.ui.text.banners", "spades_desktop.ui.screens.celebration")


def test_the_table_starts_without_the_words_of_a_hands_end():
    code = ("import sys; from spades_desktop.ui.table import scene, painter, animator, clock, input, moves; "
            f"print([m for m in {LATER!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": ""}).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_the_window_starts_without_openssl():
    """``hashlib`` loads OpenSSL's library (3-4 ms of a start): the start takes its two hashes from
    the interpreter's own modules (``engine/digests.py``)."""
    code = ("import sys; from spades_desktop.ui.app import App; from spades_desktop.ui.table import scene, painter; "
            "print(sorted(m for m in ('hashlib', '_hashlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": ""}).stdout
    assert out.strip().splitlines()[-1] == "[]"
