"""What the settings screen says beyond its rows' own labels and help: a row's note (why it is
greyed out, that it differs from its default), the cores row's help, the search's words and the
footer's keys.  Pure text (no pygame), worked out from the keymap and the values it is given."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ..core.keymap import KEYMAP, Context, Intent, key_label, label_of
from .messages import sentence

#: between the parts of a row's note (its reason, its change, its help)
NOTE_JOIN = "  ·  "
#: the mark drawn before the label of a row whose value is not its default (and the word it leads)
CHANGED_WORD = "changed"


def changed_words(default_word: str) -> str:
    """'changed: default Off': a row whose value is not its default, and what Restore defaults gives."""
    return f"{CHANGED_WORD}: default {default_word}"


def row_notes(help_text: str, reason: str = "", default_word: str | None = None) -> tuple[str, ...]:
    """A row's note, then shorter ones for a row too narrow for it, longest first: why the row is
    greyed out first, then that it was changed and from what, then its help; without the help; the
    reason alone (the gold dot still says it was changed)."""
    lead = [sentence(reason)] if reason else []
    if default_word is not None:
        changed = changed_words(default_word)
        lead.append(changed if reason else sentence(changed))
    notes = [NOTE_JOIN.join([*lead, help_text])]
    if lead:
        notes.append(NOTE_JOIN.join(lead))
    if reason:
        notes.append(sentence(reason))
    return tuple(dict.fromkeys(notes))


def cores_help(most: int) -> str:
    """The cores row's help, true of the machine: the window keeps one core, so at most ``most``
    (all the others, at least one) are offered."""
    if most <= 1:
        return "Cores they think on at once (hard searches more on more): one, on a machine this size"
    return f"Cores they think on at once (hard searches more on more): up to {most}, the window keeps one"


def matches(query: str, texts: Iterable[str]) -> bool:
    """Whether every word of ``query`` is found, in any case, in one of ``texts`` (a row's label,
    help and group): 'blind val' finds Blind nil value."""
    haystack = " ".join(texts).lower()
    return all(word in haystack for word in query.lower().split())


def search_prompt() -> str:
    """What the search field shows before anything is typed: '/ or Ctrl+F: search'."""
    return f"{_search_keys()}: search"


def _search_keys() -> str:
    return " or ".join(b.label for b in KEYMAP[Context.SETTINGS] if b.intent is Intent.SEARCH)


def found_words(query: str, count: int) -> str:
    """Under a search's rows: how many settings it found, or that none has those words."""
    if not query.strip():
        return "Type a word of a setting's name or help"
    if not count:
        return f"No setting has the words \u201c{query.strip()}\u201d"
    return f"{count} setting{'s' if count != 1 else ''} with \u201c{query.strip()}\u201d"


def settings_key_help(groups: int) -> str:
    """The settings screen's footer from the keymap: 'Tab, 1-5: group · Up/Down, PgUp/PgDn: choose ·
    Left/Right: change · / or Ctrl+F: search · Esc: back' (the wheel, too, as in every list)."""
    key = partial(label_of, context=Context.SETTINGS)
    digits = f"{key_label('1')}-{key_label(str(groups))}"
    return (f"{key(Intent.NEXT_SECTION)}, {digits}: group · {key(Intent.SCROLL_UP)}/{key(Intent.SCROLL_DOWN)},"
            f" {key(Intent.PAGE_UP)}/{key(Intent.PAGE_DOWN)}: choose ·"
            f" {key(Intent.VALUE_DOWN)}/{key(Intent.VALUE_UP)}: change · {_search_keys()}: search ·"
            f" {label_of(Intent.BACK, Context.SCREEN)}: back")


def search_key_help(typing: bool) -> str:
    """The footer while a search is shown: typing, its keys ('Up/Down: choose · Enter: done · Esc:
    close the search'); its rows, the rows' keys and Esc's."""
    close = f"{label_of(Intent.CLOSE_SEARCH, Context.SETTINGS_FOUND)}: {Intent.CLOSE_SEARCH.value}"
    if typing:
        key = partial(label_of, context=Context.SETTINGS_SEARCH)
        return (f"{key(Intent.SCROLL_UP)}/{key(Intent.SCROLL_DOWN)}: choose · {key(Intent.SUBMIT)}: done · {close}")
    key = partial(label_of, context=Context.SETTINGS)
    return (f"{key(Intent.SCROLL_UP)}/{key(Intent.SCROLL_DOWN)}: choose · {key(Intent.VALUE_DOWN)}/"
            f"{key(Intent.VALUE_UP)}: change · {_search_keys()}: type again · {close}")
