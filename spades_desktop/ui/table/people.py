"""The people at the table: each computer seat's person, their look as data (no pygame).

One record per seat, in one table (``PEOPLE``): the person's own name and what their portrait is
drawn from (``portraits.py``): skin, hair and its style, eyes, the shirt and its neckline, and what
they wear besides (glasses, earrings, a beard).  South has a person too, seen only when four computers
play (watching a game); the person who plays sits there otherwise, and has no portrait.  The looks
are the project's own, drawn from these numbers alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...engine.seats import Seat
from ..core.theme import PERSON_EYES, PERSON_HAIR, PERSON_SHIRT, PERSON_SKIN, SEAT_COLOURS

RGB = tuple[int, int, int]


class Hair(StrEnum):
    SHORT = "short"  # a short cut with a side parting
    CURLY = "curly"  # a round cloud of curls
    BOB = "bob"  # chin-length, with a fringe
    BUN = "bun"  # drawn back into a bun on top


class Extra(StrEnum):
    GLASSES = "glasses"
    EARRINGS = "earrings"
    BEARD = "beard"


class Neckline(StrEnum):
    ROUND = "round"
    VEE = "vee"
    COLLAR = "collar"  # a shirt's collar


class Mood(StrEnum):
    """The face a portrait shows: its own, or for a moment while its person reacts."""

    NEUTRAL = "neutral"
    HAPPY = "happy"
    SAD = "sad"


@dataclass(frozen=True)
class Person:
    """A computer player's look and name."""

    #: the person's own name, its initial the seat's (Nora sits North); the table calls a seat by the
    #: name the settings give it (North by default, or the person's choice in Settings, Players)
    name: str
    skin: RGB
    hair: RGB
    hair_style: Hair
    shirt: RGB
    backdrop: RGB  # the round ground behind the head: the seat's own colour, as the plates had
    eyes: RGB = PERSON_EYES["N"]
    neckline: Neckline = Neckline.ROUND
    extras: tuple[Extra, ...] = ()


#: who sits where: a name with the seat's initial (Nora sits North), and a look unlike the others'
PEOPLE: dict[Seat, Person] = {
    Seat.N: Person("Nora", skin=PERSON_SKIN["N"], hair=PERSON_HAIR["N"], hair_style=Hair.CURLY,
                   shirt=PERSON_SHIRT["N"],
                   backdrop=SEAT_COLOURS[Seat.N], neckline=Neckline.VEE, extras=(Extra.GLASSES,)),
    Seat.E: Person("Eli", skin=PERSON_SKIN["E"], hair=PERSON_HAIR["E"], hair_style=Hair.SHORT,
                   shirt=PERSON_SHIRT["E"],
                   backdrop=SEAT_COLOURS[Seat.E], eyes=PERSON_EYES["E"], neckline=Neckline.COLLAR,
                   extras=(Extra.BEARD,)),
    Seat.W: Person("Wen", skin=PERSON_SKIN["W"], hair=PERSON_HAIR["W"], hair_style=Hair.BOB,
                   shirt=PERSON_SHIRT["W"],
                   backdrop=SEAT_COLOURS[Seat.W], extras=(Extra.EARRINGS,)),
    Seat.S: Person("Sam", skin=PERSON_SKIN["S"], hair=PERSON_HAIR["S"], hair_style=Hair.BUN,
                   shirt=PERSON_SHIRT["S"],
                   backdrop=SEAT_COLOURS[Seat.S], neckline=Neckline.COLLAR, extras=(Extra.GLASSES, Extra.EARRINGS)),
}


def person_at(seat: Seat) -> Person:
    return PEOPLE[seat]
