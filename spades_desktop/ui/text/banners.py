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
    """How a banner line feels to the person: their side's good news, bad news, or neither."""

    GOOD = "good"
    BAD = "bad"
    NEUTRAL = "neutral"


@dataclass(frozen=True)
class BannerLine:
    text: str
    tone: Tone


def hand_end_banner(breakdown: dict[str, SideBreakdown], names: dict[str, str],
                    person_side: str | None) -> list[BannerLine]:
    """One line per side with a contract ('North & You made 7', 'East & West were set: 5 of 8') and
    one per nil ('North's nil made', 'Your nil broken'), the person's side first; at most four."""
    order = sorted(breakdown, key=lambda side: side != person_side)
    lines: list[BannerLine] = []
    for side in order:
        part = breakdown[side]
        ours = person_side is None or side == person_side
        name = side_name(side, names)
        if part.made is not None:
            if part.made:
                text = f"{name} made {part.contract}" + (f" (+{part.bags} bag{'s' if part.bags != 1 else ''})"
                                                          if part.bags else "")
            else:
                were = "were" if " & " in name or name == "You" else "was"
                text = f"{name} {were} set: {part.tricks} of {part.contract}"
            good = part.made == ours
            lines.append(BannerLine(text, Tone.NEUTRAL if person_side is None else Tone.GOOD if good else Tone.BAD))
        for nil in part.nils:
            owner = seat_name(nil.seat, names)
            kind = "blind nil" if nil.blind else "nil"
            whose = "Your" if owner == "You" else f"{owner}'s"
            text = f"{whose} {kind} {'made' if nil.made else 'broken'}"
            good = nil.made == ours
            lines.append(BannerLine(text, Tone.NEUTRAL if person_side is None else Tone.GOOD if good else Tone.BAD))
    return lines[:4]

