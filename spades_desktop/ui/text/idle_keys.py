"""Why a key the person pressed at the table did nothing (no pygame).

A key that is silent where it is pressed leaves the person guessing whether the game heard it,
so the table says why, once: blind nil is over because the cards were shown, it is not the
person's turn, or the key belongs to another moment of the hand.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import actions as A
from ...engine.seats import Seat
from ...engine.state import GameState, Phase
from ..core.keymap import MODIFIER_KEYS, Context, Intent, KeyPress, key_label, label_of

#: the decision each context asks, by the phase it belongs to
CONTEXT_PHASE = {Context.BIDDING: Phase.BIDDING, Context.AUCTION: Phase.BIDDING,
                 Context.BLIND_DECISION: Phase.BLIND_DECISION, Context.DRAW: Phase.DRAW,
                 Context.TRUMP: Phase.TRUMP, Context.PLAY: Phase.PLAY, Context.EXCHANGE: Phase.EXCHANGE}


def blind_nil_reason(state: GameState, human: Seat) -> str:
    """Why B cannot bid blind nil now, in the person's words."""
    if not state.rules.blind_nil_possible:
        return "Blind nil is off in these house rules"
    if state.phase is Phase.BIDDING and state.turn == human and not state.looked[human]:
        why = state.why_illegal(A.BLIND_NIL)
        return f"No blind nil: {why}" if why else ""
    if state.looked[human] or state.phase is not Phase.BIDDING:
        return "Blind nil is over: your cards were shown"
    return ""


def idle_key_reason(intent: Intent, context: Context, state: GameState, human: Seat | None,
                    name: Callable[[Seat], str]) -> str:
    """Why ``key`` (which means ``intent`` when ``context`` is in force) does nothing now; '' to
    stay quiet (a key with no use at the table at all)."""
    if human is None:
        return ""
    if intent is Intent.BLIND_NIL:
        return blind_nil_reason(state, human)
    phase = CONTEXT_PHASE.get(context)
    if phase is None:
        return ""
    if state.phase is phase and state.turn is not None and state.turn != human:
        doing = "play" if phase is Phase.PLAY else "bid" if phase is Phase.BIDDING else "choose"
        return f"Not your turn: {name(state.turn)} is to {doing}"
    if phase is Phase.BIDDING and state.phase is Phase.BLIND_DECISION and state.turn == human:
        return blind_question_first()  # a bid typed before the question it waits on
    return ""  # a key of another moment of the hand (or of another mode): nothing worth saying


def blind_question_first() -> str:
    """Why a bid's key does nothing at the blind-nil question (a digit typed there was ignored
    without a word): the question comes first, and how to answer it."""
    context = Context.BLIND_DECISION
    return (f"First blind nil or not: {label_of(Intent.BLIND_NIL, context)} then "
            f"{label_of(Intent.CONFIRM, context)} bids it, {label_of(Intent.LOOK, context)} shows your cards")


def enter_without_bid(context: Context) -> str:
    """Why Enter did nothing in the bidding with no bid typed or hinted: how to choose one ('' where
    Enter asks nothing of the kind).  It said nothing at all, and the person pressed it again."""
    if context not in (Context.BIDDING, Context.AUCTION):
        return ""
    enter = label_of(Intent.CONFIRM, context)
    if context is Context.BIDDING:
        nil = label_of(Intent.NIL, context)
        return f"No bid chosen: type a number ({nil} for nil) and press {enter}, or click a bid"
    return (f"No bid chosen: type a number and press {enter}, {label_of(Intent.PASS, context)} to pass,"
            " or click a bid")


def pressed_label(press: KeyPress) -> str:
    """A key as the person pressed it, as help names keys: 'D', 'F5', 'Ctrl+X', '?' (the character
    typed where it is one: '?' is Shift+/ on one keyboard and another key on the next)."""
    typed = press.text
    if len(typed) == 1 and typed.isprintable() and not typed.isspace() and not press.ctrl:
        return typed.upper()
    return ("Ctrl+" if press.ctrl else "") + ("Shift+" if press.shift else "") + key_label(press.key)


def key_does_nothing(press: KeyPress) -> str:
    """What the table says of a key that means nothing there now ('' for Shift, Ctrl and the locks,
    which only change another key): 'D does nothing here: the keys in use are listed top right'.  A
    key silently ignored left the person guessing whether the game heard it."""
    if press.key in MODIFIER_KEYS:
        return ""
    return f"{pressed_label(press)} does nothing here: the keys in use are listed top right"
