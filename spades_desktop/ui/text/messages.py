"""What the table says to a person, as plain sentences (no pygame: tested on its own).

The engine names the rule an action breaks in short lower-case phrases that also serve the
``check-hand`` records ("must follow hearts"); a person at the table reads them as a sentence
addressed to them ("You must follow hearts").  Internal words (exception names, action numbers,
card ids in code form) never reach the screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...engine.errors import CardNotInHand, IllegalAction, MustFollowSuit, NotYourTurn

#: longest text kept from a problem before it is shortened (the log keeps it whole)
LONGEST = 240

_INTERNAL = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception)\b:?\s*")


def sentence(text: str) -> str:
    """One capitalised sentence: first letter upper case, internal exception names removed,
    white space folded, no trailing full stop (the table's lines read as captions)."""
    text = _INTERNAL.sub("", " ".join(str(text).split())).strip()
    if len(text) > LONGEST:
        text = text[: LONGEST - 1].rstrip() + "…"
    text = text.rstrip(".")
    first = text.split(" ", 1)[0]
    if "." in first or "/" in first or "\\" in first:  # a file name keeps its own spelling
        return text
    return text[:1].upper() + text[1:]


def refusal(exc: IllegalAction) -> str:
    """The sentence for an action the rules refuse, spoken to the person who tried it."""
    reason = exc.reason
    if isinstance(exc, MustFollowSuit):
        return sentence(f"You {reason}")
    if isinstance(exc, CardNotInHand):
        return "You do not hold that card"
    if isinstance(exc, NotYourTurn):
        return "It is not your turn"
    return sentence(reason)


def forced_card_played(card: str, last: bool) -> str:
    """What the table says when "Play a forced card" played the person's card (``card``: its
    words): the hand's last card is named as such, any other as the only legal one."""
    if last:
        return f"Your last card, {card}, was played for you"
    return f"Your only legal card, {card}, was played for you"


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """``text`` broken into lines no wider than ``width`` by ``measure`` (a font's width); a word
    longer than a line (a long file name) is cut at the width rather than left to run off."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if measure(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while measure(word) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and measure(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines


def with_overflow(lines: list[str], room: int) -> list[str]:
    """At most ``room`` lines; when some do not fit, the last says how many more (in the log)."""
    if len(lines) <= room:
        return lines
    keep = max(0, room - 1)
    return [*lines[:keep], f"… and {len(lines) - keep} more (see the log)"]


def fit_text(text: str, width: int, measure: Callable[[str], int]) -> str:
    """``text`` shortened with an ellipsis so that it is no wider than ``width``."""
    if measure(text) <= width:
        return text
    while text and measure(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def abandon_question(kept: bool) -> str:
    """Before New game or Load replaces the game in progress.  A game this copy does not keep (a
    second copy of the app saves nothing) is lost whatever the answer, and the question says so."""
    if kept:
        return "Abandon the game in progress?"
    return "Abandon the game in progress? This copy saves nothing, so it will be lost."
