"""The keys as help shows them: the table's two lines of key help, How to play's key lines, the
replay's, the load screen's and the claim's keys, all worked out from the keymap (``ui.core.keymap``),
so that a rebound key is named right everywhere a player reads it.  Pure text, no pygame."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial

from ..core.keymap import Context, Intent, binding_of, help_items, key_label, label_of

#: the mark by the hint key while the hint is being thought about ('H hint ...'), dots moving
HINT_THINKING = " thinking"


def table_key_help(in_force: Sequence[Context], hint_dots: int = 0, *, last_trick: bool = True,
                   undo: bool = True) -> tuple[str, str]:
    """The table's key help, two short lines, without any key the phase has taken for itself; a
    watched game has nobody's moves to take back and nobody to hint: its own keys instead.
    ``hint_dots`` (1 to 3): the hint is being thought about, and its key says so.  Only keys that do
    something now are shown: ``last_trick`` False (no trick played yet this hand) leaves out the last
    trick's key, ``undo`` False (nothing to take back) the undo key ('L last trick' was offered
    before the hand's first trick)."""
    return _table_key_help(tuple(in_force), hint_dots, last_trick, undo)


@cache
def _table_key_help(in_force: tuple[Context, ...], hint_dots: int = 0, last_trick: bool = True,
                    undo: bool = True) -> tuple[str, str]:
    """(The table draws its key help every frame: worked out once per set of contexts.)"""
    first_keys = (Intent.MENU, *((Intent.LAST_TRICK,) if last_trick else ()), Intent.SCORE_SHEET)
    first = help_items(Context.TABLE, first_keys, in_force)
    if Context.WATCH in in_force:
        second = help_items(Context.WATCH, None, in_force) + help_items(Context.TABLE, (Intent.SPEED,), in_force)
    else:
        second = help_items(Context.TABLE, (Intent.HINT, *((Intent.UNDO,) if undo else ()), Intent.SPEED), in_force)
        if hint_dots and second:
            hint = help_items(Context.TABLE, (Intent.HINT,), in_force)
            second = [f"{item}{HINT_THINKING}{'.' * hint_dots}" if item in hint else item for item in second]
    return " · ".join(first), " · ".join(second)


def how_to_play_keys(auction: bool = False, draw: bool = False) -> list[str]:
    """How to play's key lines, generated from the keymap: the auction's keys (pass, trump) in an
    auction, the two-player draw's where there is one."""
    key = label_of
    cursor = f"{key(Intent.CURSOR_LEFT, Context.PLAY)}/{key(Intent.CURSOR_RIGHT, Context.PLAY)}"
    if auction:
        bid = (f"Bid: digits or {key(Intent.PASS, Context.AUCTION)} pass, then {key(Intent.CONFIRM, Context.AUCTION)}."
               f" Trump: {', '.join(help_items(Context.TRUMP))}.")
    else:
        bid = (f"Bid: digits and {key(Intent.CONFIRM, Context.BIDDING)}, {key(Intent.NIL, Context.BIDDING)} nil,"
               f" {key(Intent.BLIND_NIL, Context.BLIND_DECISION)} blind nil.")
    if draw:
        draw_keys = ", ".join(help_items(Context.DRAW, (Intent.KEEP, Intent.DISCARD)))
        bid += f" Draw: {draw_keys} ({key(Intent.CONFIRM, Context.DRAW)} takes the hint's)."
    return [
        "Keys: " + ", ".join(help_items(Context.TABLE)) + ".",
        f"{bid} Play: {cursor} and {key(Intent.CHOOSE, Context.PLAY)}. " + ", ".join(help_items(Context.GLOBAL)) + ".",
        "Watching a game: " + ", ".join(help_items(Context.WATCH)) + ".",
    ]


#: how a hint names the arrow keys, where a line of help is short of room
_ARROWS = {"left": "←", "right": "→", "up": "↑", "down": "↓"}


def key_symbol(key: str) -> str:
    """An arrow key as its arrow ('←'), any other as ``key_label`` shows it."""
    return _ARROWS.get(key, key_label(key))


def help_page_hint() -> str:
    """The hint under How to play's pages: '← → or the mouse wheel turn the page · Esc closes'."""
    back, on = binding_of(Intent.PAGE_PREVIOUS, Context.HELP), binding_of(Intent.PAGE_NEXT, Context.HELP)
    return (f"{key_symbol(back.keys[0])} {key_symbol(on.keys[0])} or the mouse wheel turn the page"
            f" · {label_of(Intent.CLOSE, Context.HELP)} closes")


def how_to_play_help() -> str:
    """How to play's own keys, one line of its keys page."""
    opens = label_of(Intent.HOW_TO_PLAY, Context.TITLE)
    close = binding_of(Intent.CLOSE, Context.HELP)
    back, on = binding_of(Intent.PAGE_PREVIOUS, Context.HELP), binding_of(Intent.PAGE_NEXT, Context.HELP)
    return (f"How to play: {opens} on the title screen or in the pause menu; {back.label}/{on.label} (or the mouse"
            f" wheel, {back.label_for(back.keys[1])}/{on.label_for(on.keys[1])}) turn the page,"
            f" {back.label_for(back.keys[2])}/{on.label_for(on.keys[2])} move in the contents,"
            f" {' or '.join(close.label_for(k) for k in close.keys)} closes.")


def claim_keys() -> tuple[str, str, str]:
    """The person's claim key, and the keys that agree to a computer's claim or play on."""
    return (label_of(Intent.CLAIM, Context.TABLE), label_of(Intent.ACCEPT_CLAIM, Context.CLAIM_OFFER),
            label_of(Intent.REFUSE_CLAIM, Context.CLAIM_OFFER))


def review_keys() -> str:
    """The score sheet's and a replay's keys, and the load screen's R: one line of How to play."""
    steps = f"{label_of(Intent.STEP_BACK, Context.REPLAY)}/{label_of(Intent.STEP_FORWARD, Context.REPLAY)}," \
            f" {label_of(Intent.FIRST, Context.REPLAY)}/{label_of(Intent.LAST, Context.REPLAY)}"
    return (f"Score sheet: {label_of(Intent.REPLAY_HAND, Context.SCORE_SHEET)} or a click replays a hand trick by"
            f" trick ({steps}); {label_of(Intent.REVIEW, Context.LOAD)} on a save too.")


def replay_key_help(hands: int) -> str:
    """A replay's footer from the keymap: 'Left/Right trick by trick · Home/End first and last ·
    Page Down/Page Up next and previous hand · Esc back' (the hand keys when there is more than one)."""
    key = partial(label_of, context=Context.REPLAY)
    parts = [f"{key(Intent.STEP_BACK)}/{key(Intent.STEP_FORWARD)} trick by trick",
             f"{key(Intent.FIRST)}/{key(Intent.LAST)} first and last"]
    if hands > 1:
        parts.append(f"{key(Intent.NEXT_HAND)}/{key(Intent.PREVIOUS_HAND)} next and previous hand")
    parts.append(f"{key(Intent.CLOSE)} back")
    return "  ·  ".join(parts)


def delete_keys() -> str:
    """The load screen's delete keys: 'Delete (or X)'."""
    delete = binding_of(Intent.DELETE, Context.LOAD)
    return delete.label + "".join(f" (or {delete.label_for(key)})" for key in delete.keys[1:])


def load_keys() -> str:
    """The load screen's own keys: 'R: review the game · Delete (or X) deletes'."""
    return f"{label_of(Intent.REVIEW, Context.LOAD)}: {Intent.REVIEW.value} · {delete_keys()} deletes"


def list_scroll_keys() -> str:
    """The keys that move through any list, and the wheel: 'Up/Down, PgUp/PgDn, Home/End or the wheel'."""
    key = partial(label_of, context=Context.LIST)
    return (f"{key(Intent.SCROLL_UP)}/{key(Intent.SCROLL_DOWN)}, {key(Intent.PAGE_UP)}/{key(Intent.PAGE_DOWN)},"
            f" {key(Intent.FIRST)}/{key(Intent.LAST)} or the wheel")


def list_page_keys(counted: str, first: int, last: int, count: int) -> str:
    """A page of rows to read (Hand history, a long text), rows ``first`` to ``last`` of ``count`` in
    view: where they do not all fit, which are shown and how to scroll ('Hands 16-40 of 40: Up/Down,
    ... or the wheel scroll'), and that any other key closes it."""
    if last - first + 1 >= count:
        return "Any key closes"
    return f"{counted} {first}-{last} of {count}: {list_scroll_keys()} scroll · Any other key closes"


def duplicate_footer(has_moment: bool) -> str:
    """The duplicate score's keys: 'M replays that moment · Esc back' (without a moment to replay,
    only the way back)."""
    back = f"{label_of(Intent.BACK, Context.SCREEN)} back"
    if not has_moment:
        return back
    return f"{label_of(Intent.SHOW_MOMENT, Context.DUPLICATE)} replays that moment · {back}"


def load_footer(has_saves: bool) -> str:
    """The load screen's keys: 'Enter or a click loads · R: review the game · Delete (or X) deletes ·
    Up/Down, ... or the wheel choose · Esc back'; with no save, where saves come from."""
    if not has_saves:
        return f"No saved games yet: save one from the pause menu ({label_of(Intent.MENU, Context.TABLE)})."
    return (f"{label_of(Intent.ACTIVATE, Context.FOCUSED)} or a click loads · {load_keys()} · {list_scroll_keys()}"
            f" choose · {label_of(Intent.BACK, Context.SCREEN)} back")


def name_entry_help() -> str:
    """How a name is changed in the settings: 'Press Enter to edit, type, Enter again'."""
    return (f"Press {label_of(Intent.CHANGE, Context.SETTINGS)} to edit, type,"
            f" {label_of(Intent.SUBMIT, Context.TEXT_FORM)} again")
