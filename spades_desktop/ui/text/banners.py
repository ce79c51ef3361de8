"""What the short banner at a hand's end says: the contracts made or set and the nils made or
broken, the person's side first (pure text, tested without pygame).

The hand summary that follows gives every number; the banner names the moment in a few words, so
a player sees at a glance how the hand went before reading the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...engine.scoring import SideBreakdown
from .words import seat_name, side_name


class Tone(Enum):
    """What a banner line says happened: a contract or a nil made, or a contract set or a nil broken.
    Whose it was the words say; the colour says made or set, for every side alike (the opponents'
    "made" in the colour of a set read as a set)."""

    MADE = "made"
    SET = "set"


@dataclass(frozen=True)
class BannerLine:
    text: str
    tone: Tone


def hand_end_banner(breakdown: dict[str, SideBreakdown], names: dict[str, str],
                    person_side: str | None) -> list[BannerLine]:
    """One line per side with a contract ('North & You made 7', 'East & West were set: 5 of 8') and
    one per nil ('North's nil made', 'Your nil broken'), the person's side first; at most four.  Each
    line's tone is what happened (made, or set or broken), whoever's it was."""
    order = sorted(breakdown, key=lambda side: side != person_side)
    lines: list[BannerLine] = []
    for side in order:
        part = breakdown[side]
        name = side_name(side, names)
        if part.made is not None:
            if part.made:
                text = f"{name} made {part.contract}" + (f" (+{part.bags} bag{'s' if part.bags != 1 else ''})"
                                                          if part.bags else "")
            else:
                were = "were" if " & " in name or name == "You" else "was"
                text = f"{name} {were} set: {part.tricks} of {part.contract}"
            lines.append(BannerLine(text, Tone.MADE if part.made else Tone.SET))
        for nil in part.nils:
            owner = seat_name(nil.seat, names)
            kind = "blind nil" if nil.blind else "nil"
            whose = "Your" if owner == "You" else f"{owner}'s"
            text = f"{whose} {kind} {'made' if nil.made else 'broken'}"
            lines.append(BannerLine(text, Tone.MADE if nil.made else Tone.SET))
    return lines[:4]

