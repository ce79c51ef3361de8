"""The settings screen's words, without pygame: a row's note and its shorter forms, the changed
words, the cores row's help, the search's matching and its words, the footer from the keymap."""

from __future__ import annotations

from spades_desktop.ui.core.keymap import Context, Intent, label_of
from spades_desktop.ui.text.settings_words import (
    changed_words,
    cores_help,
    found_words,
    matches,
    row_notes,
    search_key_help,
    search_prompt,
    settings_key_help,
)


def test_a_note_puts_the_reason_first_then_the_change_then_the_help():
    assert row_notes("Bid nil blind") == ("Bid nil blind",)
    assert row_notes("Bid nil blind", default_word="On") == ("Changed: default On  ·  Bid nil blind",
                                                            "Changed: default On")
    assert row_notes("Bid nil blind", "nil is off", "On") == (
        "Nil is off  ·  changed: default On  ·  Bid nil blind", "Nil is off  ·  changed: default On", "Nil is off")
    assert changed_words("Off") == "changed: default Off"


def test_the_cores_help_says_what_the_row_offers():
    assert "up to 7, the window keeps one" in cores_help(7)
    assert "one, on a machine this size" in cores_help(1) and "keeps one" not in cores_help(1)


def test_a_search_needs_every_word_in_any_case():
    texts = ("Blind nil value", "Points won or lost for a blind nil", "Rules")
    assert matches("blind VAL", texts) and matches("", texts) and matches("rules", texts)
    assert not matches("blind prompt", texts)
    assert found_words("", 0).startswith("Type")
    assert found_words("zzz", 0) == "No setting has the words \u201czzz\u201d"
    assert found_words("nil ", 1) == "1 setting with \u201cnil\u201d"


def test_the_keys_named_are_the_keymaps():
    assert search_prompt() == "/ or Ctrl+F: search"
    footer = settings_key_help(5)
    assert footer.startswith(f"{label_of(Intent.NEXT_SECTION, Context.SETTINGS)}, 1-5: group")
    assert "/ or Ctrl+F: search" in footer and footer.endswith("Esc: back")
    assert search_key_help(True).endswith("Esc: close the search") and "Enter: done" in search_key_help(True)
    assert "Left/Right: change" in search_key_help(False)
