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
from ..core.theme import SEAT_COLOURS

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
    eyes: RGB = (45, 32, 26)
    neckline: Neckline = Neckline.ROUND
    extras: tuple[Extra, ...] = ()


#: who sits where: a name with the seat's initial (Nora sits North), and a look unlike the others'
PEOPLE: dict[Seat, Person] = {
    Seat.N: Person("Nora", skin=(176, 120, 86), hair=(40, 30, 28), hair_style=Hair.CURLY, shirt=(236, 178, 70),
                   backdrop=SEAT_COLOURS[Seat.N], neckline=Neckline.VEE, extras=(Extra.GLASSES,)),
    Seat.E: Person("Eli", skin=(242, 206, 178), hair=(184, 92, 44), hair_style=Hair.SHORT, shirt=(70, 104, 160),
                   backdrop=SEAT_COLOURS[Seat.E], eyes=(60, 90, 110), neckline=Neckline.COLLAR, extras=(Extra.BEARD,)),
    Seat.W: Person("Wen", skin=(238, 200, 164), hair=(34, 30, 42), hair_style=Hair.BOB, shirt=(226, 120, 140),
                   backdrop=SEAT_COLOURS[Seat.W], extras=(Extra.EARRINGS,)),
    Seat.S: Person("Sam", skin=(122, 80, 58), hair=(206, 206, 212), hair_style=Hair.BUN, shirt=(70, 150, 100),
                   backdrop=SEAT_COLOURS[Seat.S], neckline=Neckline.COLLAR, extras=(Extra.GLASSES, Extra.EARRINGS)),
}


def person_at(seat: Seat) -> Person:
    return PEOPLE[seat]
