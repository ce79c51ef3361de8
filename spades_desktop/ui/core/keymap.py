"""Every key of the game in one table: a key means a named intent in a context, and only there.

Each ``Context`` (the table in a phase, a menu, a dialog, a text box ...) has ONE tuple of bindings
in ``KEYMAP``.  A scene names the contexts in force, most specific first, and asks
``keys.intent_for(contexts, event)``; no screen compares key codes itself.  Where two contexts in force
bind the same key, the earlier one takes it, and its binding says so (``over``): S names spades
while trump is named, over the table's score sheet.  The tests check that no key means two things
in any set of contexts a scene can put in force, and How to play's key lines and the table's key
help are generated from these tables.

Keys are written by their pygame names ("z", "escape", "return"), so this module needs no pygame
and the pure text functions can read it; ``keys`` turns a pygame event into a ``KeyPress``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .intents import Context, Intent  # (named in intents.py; screens import them from here)

#: a binding's key that stands for every key that types a character (a text box's letters)
TYPING = "<typing>"
#: a binding's key that stands for any key no other binding in force takes
ANY_KEY = "<any key>"

_SHOWN = {"escape": "Esc", "return": "Enter", "enter": "Enter", "space": "Space", "backspace": "Backspace",
          "delete": "Delete", "left": "Left", "right": "Right", "up": "Up", "down": "Down", "home": "Home",
          "end": "End", "tab": "Tab", "page up": "PgUp", "page down": "PgDn", TYPING: "Typing", ANY_KEY: "Any key"}


def key_label(key: str) -> str:
    """'Esc', 'Enter', 'F11', 'S' for a pygame key name."""
    return _SHOWN.get(key, key.upper() if len(key) == 1 else key.title())


@dataclass(frozen=True, slots=True)
class Binding:
    keys: tuple[str, ...]  # pygame key names; the first is the one help shows
    intent: Intent
    ctrl: bool = False  # Ctrl (or Cmd on a Mac) held
    shift: bool = False  # Shift held (a binding without it answers with or without Shift)
    over: tuple[Intent, ...] = ()  # what these keys would mean in a later context in force: taken, knowingly

    @property
    def label(self) -> str:
        """'Ctrl+Z', 'Shift+Tab', 'Esc', 'F11'."""
        return self.label_for(self.keys[0])

    def label_for(self, key: str) -> str:
        return ("Ctrl+" if self.ctrl else "") + ("Shift+" if self.shift else "") + key_label(key)


_ENTER = ("return", "enter")  # the main Enter and the keypad's
_DIGITS = (*(str(d) for d in range(10)), *(f"[{d}]" for d in range(10)))  # the keypad's too
_GROUP_DIGITS = (*(str(d) for d in range(1, 10)), *(f"[{d}]" for d in range(1, 10)))  # a settings group's number
_DECISION_ENTER = (Intent.CONFIRM, Intent.CHOOSE)  # what Enter means in the person's decisions
_HOW_TO_PLAY = ("h",)  # opens How to play from the title and the pause menu, and closes it again
_EVERYTHING = tuple(Intent)

KEYMAP: dict[Context, tuple[Binding, ...]] = {
    Context.GLOBAL: (
        Binding(("f11",), Intent.FULLSCREEN),
        Binding(("f12",), Intent.SCREENSHOT),
    ),
    # ---------------------------------------------------------------- the table
    Context.CLAIM_OFFER: (
        Binding(_ENTER, Intent.ACCEPT_CLAIM, over=(*_DECISION_ENTER, Intent.GO_ON, Intent.ACTIVATE)),
        Binding(("escape",), Intent.REFUSE_CLAIM, over=(Intent.MENU,)),
    ),
    Context.TRICK_HELD: (
        Binding(("space", *_ENTER), Intent.GO_ON, over=(*_DECISION_ENTER, Intent.LOOK, Intent.PICK)),
    ),
    Context.WATCH: (
        Binding(("f",), Intent.SHOW_HANDS),
        Binding(("p",), Intent.PAUSE_PLAY),
    ),
    Context.TABLE: (
        Binding(("escape",), Intent.MENU),
        Binding(("z",), Intent.UNDO, ctrl=True),
        Binding(("l",), Intent.LAST_TRICK),
        Binding(("s",), Intent.SCORE_SHEET),
        Binding(("h",), Intent.HINT),
        Binding(("a",), Intent.SPEED),
        Binding(("c",), Intent.CLAIM),
    ),
    Context.BIDDING: (
        Binding(_DIGITS, Intent.DIGIT),
        Binding(_ENTER, Intent.CONFIRM),
        Binding(("backspace",), Intent.ERASE),
        Binding(("n",), Intent.NIL),
    ),
    Context.AUCTION: (
        Binding(_DIGITS, Intent.DIGIT),
        Binding(_ENTER, Intent.CONFIRM),
        Binding(("backspace",), Intent.ERASE),
        Binding(("p",), Intent.PASS),
    ),
    Context.BLIND_DECISION: (
        Binding(("b",), Intent.BLIND_NIL),  # asks for Enter: blind nil is a 200-point gamble
        Binding(_ENTER, Intent.CONFIRM),  # bids the blind nil typed with B, else looks at the cards
        Binding(("l", "space"), Intent.LOOK, over=(Intent.LAST_TRICK,)),
    ),
    Context.DRAW: (
        Binding(("k",), Intent.KEEP),
        Binding(("d",), Intent.DISCARD),
        Binding(_ENTER, Intent.CONFIRM),  # the hint's outlined choice, as in the bidding
    ),
    Context.TRUMP: (
        Binding(("c",), Intent.TRUMP_CLUBS, over=(Intent.CLAIM,)),
        Binding(("d",), Intent.TRUMP_DIAMONDS),
        Binding(("h",), Intent.TRUMP_HEARTS, over=(Intent.HINT,)),
        Binding(("s",), Intent.TRUMP_SPADES, over=(Intent.SCORE_SHEET,)),
        Binding(("n", "t"), Intent.NO_TRUMP),
    ),
    Context.PLAY: (
        Binding(("left",), Intent.CURSOR_LEFT),
        Binding(("right",), Intent.CURSOR_RIGHT),
        Binding((*_ENTER, "up", "space"), Intent.CHOOSE),
    ),
    Context.EXCHANGE: (  # the arrows stop on every card; Enter passes the ones picked (the panel's button)
        Binding(("left",), Intent.CURSOR_LEFT, over=(Intent.FOCUS_PREVIOUS,)),
        Binding(("right",), Intent.CURSOR_RIGHT, over=(Intent.FOCUS_NEXT,)),
        Binding(("up", "space"), Intent.PICK, over=(Intent.FOCUS_PREVIOUS,)),
        Binding(_ENTER, Intent.CONFIRM),
    ),
    # ---------------------------------------------------------------- buttons
    Context.CHOICES: (
        Binding(("tab", "down", "right"), Intent.FOCUS_NEXT),
        Binding(("tab",), Intent.FOCUS_PREVIOUS, shift=True),
        Binding(("up", "left"), Intent.FOCUS_PREVIOUS),
    ),
    Context.FOCUSED: (  # in force while a button has the keyboard's focus, or a row of the saves is selected
        Binding((*_ENTER, "space"), Intent.ACTIVATE, over=(Intent.CONFIRM, Intent.LOOK, Intent.PICK, Intent.SUBMIT)),
    ),
    # ---------------------------------------------------------------- screens
    Context.SCREEN: (
        Binding(("escape",), Intent.BACK),
    ),
    Context.TITLE: (
        Binding(("n",), Intent.NEW_GAME),
        Binding(("w",), Intent.WATCH_GAME),
        Binding(("d",), Intent.DAILY_DEAL),
        Binding(("c",), Intent.DEAL_BY_CODE),
        Binding(("q",), Intent.QUIT),
        Binding(_HOW_TO_PLAY, Intent.HOW_TO_PLAY),
    ),
    Context.PAUSE: (
        Binding(("z",), Intent.UNDO, ctrl=True),
        Binding(("c",), Intent.TOGGLE_CHECKER),
        Binding(("a",), Intent.SPEED),
        Binding(("f",), Intent.SHOW_HANDS),
        Binding(_HOW_TO_PLAY, Intent.HOW_TO_PLAY),
    ),
    Context.CONFIRM: (
        Binding(("y",), Intent.YES),
        Binding(("n",), Intent.NO),
    ),
    Context.ABANDON: (
        Binding(("y",), Intent.ABANDON),
        Binding(("s",), Intent.SAVE_FIRST),
        Binding(("n",), Intent.KEEP_GAME),
    ),
    Context.HAND_SUMMARY: (
        Binding(("s",), Intent.SCORE_SHEET),
        Binding(("e",), Intent.EXPORT),
        Binding(("b",), Intent.WHY_BIDS),
    ),
    Context.GAME_OVER: (  # no key starts a new game here: Enter opens the score sheet, New game is a click
        Binding(("s",), Intent.SCORE_SHEET),
        Binding(("r",), Intent.REVIEW),
    ),
    Context.LOAD: (
        Binding(("r",), Intent.REVIEW),
        Binding(("delete", "x"), Intent.DELETE),
    ),
    Context.SETTINGS: (
        Binding(("tab",), Intent.NEXT_SECTION),
        Binding(("tab",), Intent.PREVIOUS_SECTION, shift=True),
        Binding(("down",), Intent.SCROLL_DOWN),
        Binding(("up",), Intent.SCROLL_UP),
        Binding(("page down",), Intent.PAGE_DOWN),
        Binding(("page up",), Intent.PAGE_UP),
        Binding(("left",), Intent.VALUE_DOWN),
        Binding(("right",), Intent.VALUE_UP),
        Binding((*_ENTER, "space"), Intent.CHANGE),
        Binding(_GROUP_DIGITS, Intent.GO_TO_GROUP),
        Binding(("/",), Intent.SEARCH),
        Binding(("f",), Intent.SEARCH, ctrl=True),
    ),
    Context.SETTINGS_SEARCH: (  # under the search field's typing: the rows found, and leaving the field
        Binding(("down",), Intent.SCROLL_DOWN),
        Binding(("up",), Intent.SCROLL_UP),
        Binding(("page down",), Intent.PAGE_DOWN),
        Binding(("page up",), Intent.PAGE_UP),
        Binding(_ENTER, Intent.SUBMIT),
    ),
    Context.SETTINGS_FOUND: (  # a search's rows on screen: Esc ends the search before it leaves the screen
        Binding(("escape",), Intent.CLOSE_SEARCH, over=(Intent.BACK,)),
    ),
    Context.GAME_REVIEW: (
        Binding(("e",), Intent.EXPORT),
        Binding(("p",), Intent.REPLAY_HANDS),
        Binding(("d",), Intent.DUPLICATE),
    ),
    Context.DUPLICATE: (
        Binding(("m",), Intent.SHOW_MOMENT),
    ),
    Context.SCORE_SHEET: (
        Binding(_ENTER, Intent.REPLAY_HAND),
        Binding(("r",), Intent.REVIEW),
    ),
    Context.LIST: (  # the list scene's rows: the score sheet, the saves, Hand history, a page of text
        Binding(("up",), Intent.SCROLL_UP),
        Binding(("down",), Intent.SCROLL_DOWN),
        Binding(("page up",), Intent.PAGE_UP),
        Binding(("page down",), Intent.PAGE_DOWN),
        Binding(("home",), Intent.FIRST),
        Binding(("end",), Intent.LAST),
    ),
    Context.REPLAY: (
        Binding(("right", "down"), Intent.STEP_FORWARD),
        Binding(("left", "up"), Intent.STEP_BACK),
        Binding(("home",), Intent.FIRST),
        Binding(("end",), Intent.LAST),
        Binding(("page down",), Intent.NEXT_HAND),
        Binding(("page up",), Intent.PREVIOUS_HAND),
        Binding(("escape", *_ENTER, "space", "backspace"), Intent.CLOSE),
    ),
    Context.HELP: (  # the contents list is the pages: Up and Down move in it as Left and Right turn a page
        Binding(("left", "page up", "up"), Intent.PAGE_PREVIOUS),
        Binding(("right", "page down", "down"), Intent.PAGE_NEXT),
        Binding(("home",), Intent.FIRST),
        Binding(("end",), Intent.LAST),
        Binding(("escape", *_HOW_TO_PLAY), Intent.CLOSE),
    ),
    Context.OVERLAY: (
        Binding((ANY_KEY,), Intent.CLOSE),
    ),
    # ---------------------------------------------------------------- text
    Context.TEXT_ENTRY: (  # a key that types is the text box's, whatever it means elsewhere
        Binding((TYPING,), Intent.TYPE, over=_EVERYTHING),
        Binding(("backspace",), Intent.ERASE_BACK),
        Binding(("delete",), Intent.ERASE_FORWARD),
        Binding(("left",), Intent.CARET_LEFT, over=(Intent.FOCUS_PREVIOUS,)),
        Binding(("right",), Intent.CARET_RIGHT, over=(Intent.FOCUS_NEXT,)),
        Binding(("home",), Intent.CARET_HOME),
        Binding(("end",), Intent.CARET_END),
        Binding(("a",), Intent.SELECT_ALL, ctrl=True),
        Binding(("v",), Intent.PASTE, ctrl=True),
    ),
    Context.TEXT_FORM: (
        Binding(_ENTER, Intent.SUBMIT),
        Binding(("escape",), Intent.CANCEL),
    ),
}

#: keys that only change another key (Shift, Ctrl ...) or a lock: pressed alone they ask for nothing,
#: so a screen says nothing of them (any other key that does nothing there says so)
MODIFIER_KEYS = frozenset({
    "left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt", "left meta", "right meta",
    "left gui", "right gui", "left super", "right super", "alt gr", "mode", "compose", "caps lock", "numlock",
    "scroll lock", "unknown key", "",
})

#: intents that have no key on purpose: none yet (every intent has a key; mouse-only actions are
#: not intents, they are buttons' callbacks)
MOUSE_ONLY: frozenset[Intent] = frozenset()


# ---------------------------------------------------------------------------- looking keys up
@dataclass(frozen=True, slots=True)
class KeyPress:
    """A key as the keymap reads it: pygame's key name, the modifiers, and the text it types."""

    key: str
    ctrl: bool = False
    shift: bool = False
    text: str = ""

    @property
    def types(self) -> bool:
        """Whether the key types a character (a text box takes it)."""
        return not self.ctrl and (len(self.key) == 1 or self.key == "space" or
                                  (bool(self.text) and self.text.isprintable()))


def _matches(binding: Binding, press: KeyPress, key: str) -> bool:
    """The key names the binding (Shift as it asks), or the character the key typed does: '?' is
    Shift+/ on one keyboard and another key on the next, and pygame names the key, not the '?'."""
    if binding.ctrl != press.ctrl:
        return False
    if key in binding.keys and (press.shift or not binding.shift):
        return True
    typed = press.text
    return len(typed) == 1 and typed != key and typed in binding.keys and not binding.shift


def binding_for(contexts: Iterable[Context], press: KeyPress) -> tuple[Context, Binding] | None:
    """The binding a key press finds in ``contexts`` (most specific first): in each context a
    binding that asks for Shift before one that does not, a text box's typing after its own keys;
    a context's 'any key' only when no context in force binds the key."""
    contexts = list(contexts)
    for context in contexts:
        found = [b for b in KEYMAP[context] if _matches(b, press, press.key)]
        found.sort(key=lambda b: not b.shift)
        if found:
            return context, found[0]
        if press.types:
            typing = next((b for b in KEYMAP[context] if _matches(b, press, TYPING)), None)
            if typing is not None:
                return context, typing
    for context in contexts:
        fallback = next((b for b in KEYMAP[context] if ANY_KEY in b.keys), None)
        if fallback is not None:
            return context, fallback
    return None


def intent_of(contexts: Iterable[Context], press: KeyPress) -> Intent | None:
    """What a key press means in ``contexts``, most specific first (``keys.intent_for`` reads a
    pygame event this way)."""
    found = binding_for(contexts, press)
    return None if found is None else found[1].intent


def intent_of_key(contexts: Iterable[Context], key: str, ctrl: bool = False, shift: bool = False) -> Intent | None:
    """By key name: intent_of_key([Context.TABLE], 'z', ctrl=True) is Intent.UNDO."""
    return intent_of(contexts, KeyPress(key, ctrl, shift))


# ---------------------------------------------------------------------------- what help shows
def binding_of(intent: Intent, context: Context) -> Binding:
    return next(b for b in KEYMAP[context] if b.intent is intent)


def label_of(intent: Intent, context: Context) -> str:
    """The key of ``intent`` in ``context`` as help shows it: 'Ctrl+Z'."""
    return binding_of(intent, context).label


def with_key(label: str, intent: Intent, context: Context) -> str:
    """A button's label with its key: 'Save it first (S)'."""
    return f"{label} ({label_of(intent, context)})"


def live_label(binding: Binding, contexts: Sequence[Context], context: Context) -> str | None:
    """The first of a binding's keys that still means its intent with ``contexts`` in force (an
    earlier context may have taken it), as help shows it; None when every key is taken."""
    for key in binding.keys:
        press = KeyPress(key, binding.ctrl, binding.shift)
        found = binding_for(contexts, press)
        if found is not None and found[1] is binding and found[0] is context:
            return binding.label_for(key)
    return None


def help_items(context: Context, intents: Iterable[Intent] | None = None,
               in_force: Sequence[Context] | None = None) -> list[str]:
    """'Esc menu', 'Ctrl+Z undo', ... for a context (or chosen intents of it), in table order;
    with ``in_force`` only the keys that mean that there (none another context took)."""
    wanted = None if intents is None else set(intents)
    items = []
    for binding in KEYMAP[context]:
        if wanted is not None and binding.intent not in wanted:
            continue
        label = binding.label if in_force is None else live_label(binding, in_force, context)
        if label is not None:
            items.append(f"{label} {binding.intent.value}")
    return items
