"""The words of bids, seats and sides, said once (no pygame).

A bid is shown the same way in the bid bubble, the plates, the panel, the replay and the play
checker's notes; a side is named the same way on the table, the summaries and the score sheet.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import actions as A
from ...engine.seats import SEAT_NAMES, Seat


def bid_text(bid: int | None, blind: bool = False) -> str:
    """'7', 'nil', 'blind nil'; '' before the seat has bid."""
    if bid is None:
        return ""
    if bid == 0:
        return "blind nil" if blind else "nil"
    return str(bid)


def call_text(call: int | None) -> str:
    """An auction call: '8' or 'pass'."""
    return "pass" if call is None else str(call)


def action_bid_text(action: int) -> str:
    """A bid action's words: 'blind nil', 'pass', 'nil' or the number."""
    if action == A.BLIND_NIL:
        return bid_text(0, blind=True)
    if action == A.PASS:
        return call_text(None)
    return bid_text(A.bid_value(action))


#: bids typed by their key before Enter confirms them (digits are typed as themselves)
TYPED_WORDS = {A.NIL: "nil", A.BLIND_NIL: "blind nil", A.PASS: "pass"}  # (a pass in the auction waits for Enter too)


def typed_action(typed: str) -> int | None:
    """The bid typed at the table ('7', 'nil', 'blind nil', 'pass'), as an action; None if nothing is typed."""
    for action, words in TYPED_WORDS.items():
        if typed == words:
            return action
    if typed.isdigit():
        value = int(typed)
        return A.NIL if value == 0 else A.bid_action(value)
    return None


def seat_name(seat: Seat, names: dict[str, str]) -> str:
    """The seat's name as the person set it in the settings, else North, East, South or West."""
    return names.get(seat.name, SEAT_NAMES[seat])


def side_name(side: str, names: dict[str, str]) -> str:
    """'North & South' for a pair, the seat's name for a single seat ('West'); ``side`` is the
    engine's key of the side ('NS', 'W')."""
    return " & ".join(seat_name(Seat[letter], names) for letter in side)


def person_first(scores: Mapping[str, int]) -> list[tuple[str, int]]:
    """The sides' scores in the one order every screen lists them: the person's side (the one
    South sits in) first, the others as the engine lists them.  The title's Continue line, the
    load list and the suggested save name all read it, so they never disagree."""
    return sorted(scores.items(), key=lambda item: Seat.S.name not in item[0])


def scores_line(scores: Mapping[str, int], names: dict[str, str]) -> str:
    """'North & You 240, East & West 180' (the sides by name, the person's first, never 'NS 240')."""
    return ", ".join(f"{side_name(side, names)} {score}" for side, score in person_first(scores))


def in_sentence(name: str) -> str:
    """A name as it reads after the start of a sentence: the person's 'You' becomes 'you'."""
    return "you" if name == "You" else name


def led_and_won(leader: str, winner: str) -> str:
    """Who led a trick and who won it: 'North led, you won'; 'You led and won' for one seat."""
    if leader == winner:
        return f"{leader} led and won"
    return f"{leader} led, {in_sentence(winner)} won"


def verb_for(name: str, verb: str) -> str:
    """A verb that agrees with a side's name: 'North & South win', 'You pay', 'East wins'."""
    return verb if " & " in name or name == "You" else f"{verb}s"


def win_title(winner: str, person_won: bool) -> str:
    """The end of a game: 'You win!', 'North & South win', 'East wins' (``winner``: the side's name)."""
    if person_won:
        return "You win!"
    return f"{winner} {verb_for(winner, 'win')}"


#: a computer player's level as its plate and the settings say it
LEVEL_WORDS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def level_word(level: str) -> str:
    """'Easy', 'Normal' or 'Hard' ('' for nobody's level: the person's seat)."""
    return LEVEL_WORDS.get(level, level.replace("_", " ").capitalize())


def plate_detail(bid: str, tricks: int, nil: str = "") -> str:
    """A seat's bid and tricks on its plate: 'bid 4  ·  tricks 1', 'passed  ·  tricks 0', or the nil's
    state in its place ('Nil: intact  ·  tricks 0'); only the tricks before the seat has bid."""
    if nil:
        return f"{nil}  ·  tricks {tricks}"
    if not bid:
        return f"tricks {tricks}"
    if bid == "pass":
        return f"passed  ·  tricks {tricks}"
    return f"bid {bid}  ·  tricks {tricks}"


def plate_lines(name: str, level: str, detail: str, three: bool) -> tuple[tuple[str, ...], ...]:
    """A seat's plate, line by line, each line the words drawn side by side on it: the name, the level
    (a computer's), the bid and tricks.  Where a plate has room for two lines only (a small window),
    the level follows the name on the first: the second, the widest, stays as short as it was (a
    longer one met the bidding panel at 960x540)."""
    if not level:
        return ((name,), (detail,))
    return ((name,), (level,), (detail,)) if three else ((name, level), (detail,))
