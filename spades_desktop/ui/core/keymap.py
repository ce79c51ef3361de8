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


@dataclass(frozen=True, slots=True)
class Binding:
    keys: tuple[str, ...]  # pygame key names; the first is the one shown in help
    intent: Intent
    ctrl: bool = False

    @property
    def label(self) -> str:
        """'Ctrl+Z', 'Esc', 'F11', 'Enter'."""
        shown = _SHOWN.get(self.keys[0], self.keys[0].upper() if len(self.keys[0]) == 1 else self.keys[0].title())
        return f"Ctrl+{shown}" if self.ctrl else shown


_SHOWN = {"escape": "Esc", "return": "Enter", "space": "Space", "backspace": "Backspace", "left": "Left",
          "right": "Right", "f11": "F11", "f12": "F12"}
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
}

#: the keys a trick held for study goes on with (the table's "click or press Space")
GO_ON_KEYS = ("space", *_ENTER)


def intent_for(contexts: Iterable[Context], key: str, ctrl: bool = False) -> Intent | None:
    """What ``key`` means in the first of ``contexts`` (most specific first) that binds it."""
    for context in contexts:
        for binding in KEYMAP[context]:
            if key in binding.keys and binding.ctrl == ctrl:
                return binding.intent
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
