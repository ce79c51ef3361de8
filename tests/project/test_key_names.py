"""Key names a player reads come from the keymap (issue 42 item 2): no string anywhere in the
package names a key by hand (the engine's rule help once said "Ctrl+Z", unseen while this read only
``ui/``: issue 57), and the sentences that name keys follow a rebinding."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from spades_desktop.engine import GameState, preset
from spades_desktop.engine.seats import Seat
from spades_desktop.ui.core import keymap
from spades_desktop.ui.core.keymap import KEYMAP, Binding, Context, Intent
from spades_desktop.ui.text import key_help, settings_words
from spades_desktop.ui.text.score_sheet import sheet_footer
from spades_desktop.ui.text.variants import bid_prompt

UI = Path(keymap.__file__).resolve().parents[1]
PACKAGE = UI.parent
#: a key's name as a player reads it; one-letter keys where a
#: sentence says what they do (not a sentence's first word: 'A hint is given')
KEY_NAME = re.compile(r"\b(Esc|Enter|Space|Tab|F11|F12|Ctrl\+\w|PgUp|PgDn|Backspace|Up/Down|Left/Right)\b"
                      r"|\(or [A-Z]\)|\bDelete(?= \(| removes| deletes)|\bpress [A-Z]\b"
                      r"|(?<=[\s(])[A-Z] (to|for|nil|hint|undo|during|suggests)\b")


def _strings_players_read(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module, its docstrings left out (they are for developers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_no_string_in_the_package_names_a_key_by_hand():
    """The engine cannot ask the ui's keymap: its words say the action ("Undo takes back..."), and the
    screens name the key beside it."""
    found = [f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
             for path in sorted(PACKAGE.rglob("*.py")) if path.name != "keymap.py"
             for line, text in _strings_players_read(path) if KEY_NAME.search(text)]
    assert found == []


def test_the_scanner_sees_a_key_named_by_hand(tmp_path):
    """The test above can fail: a sentence written with its key is found."""
    module = tmp_path / "screen.py"
    module.write_text('"""Docstrings may say Enter."""\nFOOTER = f"Press Enter to go on {1}"\n')
    assert [text for _, text in _strings_players_read(module) if KEY_NAME.search(text)] == ["Press Enter to go on "]


@pytest.fixture
def rebound(monkeypatch):
    """The keymap with nil on X, the score sheet's replay on R... as a player who rebinds might have it."""
    def rebind(context: Context, intent: Intent, key: str) -> None:
        bindings = tuple(Binding((key,), b.intent, b.ctrl, b.shift, b.over) if b.intent is intent else b
                         for b in KEYMAP[context])
        monkeypatch.setitem(KEYMAP, context, bindings)
    key_help._table_key_help.cache_clear()
    yield rebind
    key_help._table_key_help.cache_clear()


def test_sentences_follow_a_rebinding(rebound):
    state, _ = GameState.new_game(preset("standard"), 7)
    before = bid_prompt(state, Seat.S)
    assert "Enter, or N for nil" in before
    rebound(Context.BIDDING, Intent.NIL, "x")
    rebound(Context.BIDDING, Intent.CONFIRM, "space")
    assert bid_prompt(state, Seat.S) == "Your bid: type a number and Space, or X for nil"

    assert sheet_footer(3, 1, 3, False).startswith("Enter or a click replays")
    rebound(Context.SCORE_SHEET, Intent.REPLAY_HAND, "space")
    rebound(Context.SCORE_SHEET, Intent.REVIEW, "v")
    assert sheet_footer(3, 1, 3, False) == ("Space or a click replays a hand trick by trick. V reviews the game."
                                            " Any other key closes.")

    rebound(Context.SETTINGS, Intent.NEXT_SECTION, "f2")
    assert settings_words.settings_key_help(5).startswith("F2, 1-5: group")
    rebound(Context.TABLE, Intent.HINT, "question")
    assert "Question hint" in key_help.table_key_help([Context.TABLE])[1]
