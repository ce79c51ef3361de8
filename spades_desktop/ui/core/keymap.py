"""Every key of the game in one table: a key means a named intent in a context, and only there.

Screens ask ``intent_for(contexts, key, ctrl)`` instead of comparing key codes, How to play's key
list and the on-table help are generated from ``KEYMAP``, and a test checks that no key means two
things within one context.  Keys are written by their pygame names ("z", "escape", "return"), so
this module needs no pygame and the pure text functions can read it too; ``key_name`` turns a key
event's code into that name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Intent(Enum):
    # anywhere
    FULLSCREEN = "full screen"
    SCREENSHOT = "screenshot"
    # at the table, whatever the phase
    MENU = "menu"
    UNDO = "undo"
    LAST_TRICK = "last trick"
    SCORE_SHEET = "score sheet"
    HINT = "hint"
    SPEED = "speed"
    CLAIM = "claim"
    GO_ON = "go on after a trick"
    # a computer's claim on the table
    ACCEPT_CLAIM = "accept a claim"
    REFUSE_CLAIM = "play on"
    # watching four computer players
    SHOW_HANDS = "show or hide every hand"
    PAUSE_PLAY = "pause"
    # bidding
    CONFIRM = "confirm"
    ERASE = "erase a digit"
    NIL = "nil"
    PASS = "pass"
    # the blind-nil question
    BLIND_NIL = "blind nil"
    LOOK = "look at your cards"
    # two-player draw
    KEEP = "keep"
    DISCARD = "discard"
    # naming trump in an auction
    TRUMP_CLUBS = "clubs"
    TRUMP_DIAMONDS = "diamonds"
    TRUMP_HEARTS = "hearts"
    TRUMP_SPADES = "spades"
    NO_TRUMP = "no trump"
    # choosing a card
    CURSOR_LEFT = "previous card"
    CURSOR_RIGHT = "next card"
    CHOOSE = "play the card"
    # menus and dialogs
    FOCUS_NEXT = "next button"
    FOCUS_PREVIOUS = "previous button"
    ACTIVATE = "press the button"
    BACK = "back"
    # a hand replayed trick by trick
    STEP_FORWARD = "next trick"
    STEP_BACK = "previous trick"
    FIRST = "first"
    LAST = "last"
    CLOSE = "close"
    # a text field
    ERASE_BACK = "erase back"
    ERASE_FORWARD = "erase forward"
    CARET_LEFT = "caret left"
    CARET_RIGHT = "caret right"
    CARET_HOME = "start of the text"
    CARET_END = "end of the text"
    SELECT_ALL = "select all"
    PASTE = "paste"
    SUBMIT = "done"
    CANCEL = "cancel"


class Context(Enum):
    GLOBAL = "anywhere"
    TABLE = "at the table"
    CLAIM_OFFER = "a computer claims"
    WATCH = "watching"
    BIDDING = "bidding"
    AUCTION = "auction bidding"
    BLIND_DECISION = "blind nil question"
    DRAW = "two-player draw"
    TRUMP = "naming trump"
    PLAY = "playing a card"
    MENU = "menus and dialogs"
    REPLAY = "replaying a hand"
    TEXT_ENTRY = "typing a name"


@dataclass(frozen=True, slots=True)
class Binding:
    keys: tuple[str, ...]  # pygame key names; the first is the one shown in help
    intent: Intent
    ctrl: bool = False
    shift: bool = False

    @property
    def label(self) -> str:
        """'Ctrl+Z', 'Esc', 'F11', 'Enter'."""
        shown = _SHOWN.get(self.keys[0], self.keys[0].upper() if len(self.keys[0]) == 1 else self.keys[0].title())
        return ("Ctrl+" if self.ctrl else "") + ("Shift+" if self.shift else "") + shown


_SHOWN = {"escape": "Esc", "return": "Enter", "space": "Space", "backspace": "Backspace", "left": "Left",
          "right": "Right", "up": "Up", "down": "Down", "tab": "Tab", "home": "Home", "end": "End",
          "delete": "Delete", "f11": "F11", "f12": "F12"}
_ENTER = ("return", "enter")  # the main Enter and the keypad's

KEYMAP: dict[Context, tuple[Binding, ...]] = {
    Context.GLOBAL: (
        Binding(("f11",), Intent.FULLSCREEN),
        Binding(("f12",), Intent.SCREENSHOT),
    ),
    Context.CLAIM_OFFER: (
        Binding(_ENTER, Intent.ACCEPT_CLAIM),
        Binding(("escape",), Intent.REFUSE_CLAIM),
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
        Binding(_ENTER, Intent.CONFIRM),
        Binding(("backspace",), Intent.ERASE),
        Binding(("n",), Intent.NIL),
    ),
    Context.AUCTION: (
        Binding(_ENTER, Intent.CONFIRM),
        Binding(("backspace",), Intent.ERASE),
        Binding(("p",), Intent.PASS),
    ),
    Context.BLIND_DECISION: (
        Binding(("b",), Intent.BLIND_NIL),
        Binding((*_ENTER, "l", "space"), Intent.LOOK),
    ),
    Context.DRAW: (
        Binding(("k",), Intent.KEEP),
        Binding(("d",), Intent.DISCARD),
    ),
    Context.TRUMP: (
        Binding(("c",), Intent.TRUMP_CLUBS),
        Binding(("d",), Intent.TRUMP_DIAMONDS),
        Binding(("h",), Intent.TRUMP_HEARTS),
        Binding(("s",), Intent.TRUMP_SPADES),
        Binding(("n", "t"), Intent.NO_TRUMP),
    ),
    Context.PLAY: (
        Binding(("left",), Intent.CURSOR_LEFT),
        Binding(("right",), Intent.CURSOR_RIGHT),
        Binding((*_ENTER, "up", "space"), Intent.CHOOSE),
    ),
    Context.MENU: (
        Binding(("tab", "down", "right"), Intent.FOCUS_NEXT),
        Binding(("tab",), Intent.FOCUS_PREVIOUS, shift=True),
        Binding(("up", "left"), Intent.FOCUS_PREVIOUS),
        Binding((*_ENTER, "space"), Intent.ACTIVATE),
        Binding(("escape",), Intent.BACK),
    ),
    Context.REPLAY: (
        Binding(("right", "down"), Intent.STEP_FORWARD),
        Binding(("left", "up"), Intent.STEP_BACK),
        Binding(("home",), Intent.FIRST),
        Binding(("end",), Intent.LAST),
        Binding(("escape", *_ENTER, "space", "backspace"), Intent.CLOSE),
    ),
    Context.TEXT_ENTRY: (
        Binding(("backspace",), Intent.ERASE_BACK),
        Binding(("delete",), Intent.ERASE_FORWARD),
        Binding(("left",), Intent.CARET_LEFT),
        Binding(("right",), Intent.CARET_RIGHT),
        Binding(("home",), Intent.CARET_HOME),
        Binding(("end",), Intent.CARET_END),
        Binding(("a",), Intent.SELECT_ALL, ctrl=True),
        Binding(("v",), Intent.PASTE, ctrl=True),
        Binding(_ENTER, Intent.SUBMIT),
        Binding(("escape",), Intent.CANCEL),
    ),
}

#: the keys a trick held for study goes on with (the table's "click or press Space")
GO_ON_KEYS = ("space", *_ENTER)


def intent_for(contexts: Iterable[Context], key: str, ctrl: bool = False, shift: bool = False) -> Intent | None:
    """What ``key`` means in the first of ``contexts`` (most specific first) that binds it.  Shift
    matters only where a context binds the shifted key (Shift+Tab); elsewhere it is ignored."""
    for context in contexts:
        bindings = [b for b in KEYMAP[context] if key in b.keys and b.ctrl == ctrl]
        exact = [b for b in bindings if b.shift == shift] or [b for b in bindings if not b.shift]
        if exact:
            return exact[0].intent
    return None


def binding_of(intent: Intent, context: Context) -> Binding:
    return next(b for b in KEYMAP[context] if b.intent is intent)


def label_of(intent: Intent, context: Context) -> str:
    """The key of ``intent`` as help shows it: 'Ctrl+Z'."""
    return binding_of(intent, context).label


def help_items(context: Context, intents: Iterable[Intent] | None = None) -> list[str]:
    """'Esc menu', 'Ctrl+Z undo', ... for a context (or chosen intents of it), in table order."""
    wanted = None if intents is None else set(intents)
    return [f"{b.label} {b.intent.value}" for b in KEYMAP[context] if wanted is None or b.intent in wanted]


def how_to_play_keys() -> list[str]:
    """How to play's key lines, generated from the keymap."""
    cursor = f"{label_of(Intent.CURSOR_LEFT, Context.PLAY)}/{label_of(Intent.CURSOR_RIGHT, Context.PLAY)}"
    return [
        "Keys: " + ", ".join(help_items(Context.TABLE)) + ".",
        f"Bid: digits and {label_of(Intent.CONFIRM, Context.BIDDING)}, {label_of(Intent.NIL, Context.BIDDING)} nil,"
        f" {label_of(Intent.BLIND_NIL, Context.BLIND_DECISION)} blind nil. Play: {cursor} and"
        f" {label_of(Intent.CHOOSE, Context.PLAY)}. " + ", ".join(help_items(Context.GLOBAL)) + ".",
        "Watching a game: " + ", ".join(help_items(Context.WATCH)) + ".",
    ]
