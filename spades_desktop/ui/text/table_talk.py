"""Table talk: what a computer player says at a hand's end, and who says it (no pygame).

The people at the table speak seldom, so that a word means something: only at the moments that
matter (the game won or lost, a nil made or broken, a contract set), at most once a hand and never
two hands running but for the game's end, and not every time even then.  Who speaks and which line
are drawn from a random generator the caller seeds, so a game's talk is the same every time it is
played and tests can check it.  The lines are data, several for each moment, and a line said lately
is not said again soon.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ...engine.scoring import SideBreakdown
from ...engine.seats import Seat


class Moment(StrEnum):
    """What happened, as the speaker sees it: their own nil, their partner's, their side's contract..."""

    GAME_WON = "game_won"
    GAME_LOST = "game_lost"
    BLIND_NIL_MADE = "blind_nil_made"  # by the speaker or their partner
    NIL_MADE_OWN = "nil_made_own"
    NIL_MADE_PARTNER = "nil_made_partner"
    NIL_BROKEN_OWN = "nil_broken_own"
    NIL_BROKEN_PARTNER = "nil_broken_partner"
    SET_OURS = "set_ours"  # the speaker's side (their partner's contract) was set
    SET_THEIRS = "set_theirs"  # a side the speaker plays against was set


#: several lines for each moment, so that the talk does not repeat; short enough for one line by a plate
LINES: dict[Moment, tuple[str, ...]] = {
    Moment.GAME_WON: ("Good game, everyone!", "What a game!", "That was fun!", "Thanks for the game!"),
    Moment.GAME_LOST: ("Well played!", "Good game. Rematch?", "Next time, then!", "You earned that one."),
    Moment.BLIND_NIL_MADE: ("Blind nil! Amazing!", "Blind, and perfect!", "Bold, and it worked!"),
    Moment.NIL_MADE_OWN: ("Not one trick. Phew!", "Ducked them all!", "Nil, and clean!", "Quiet as a mouse!"),
    Moment.NIL_MADE_PARTNER: ("Lovely nil, partner!", "What a nil!", "Well ducked, partner!", "Perfect nil!"),
    Moment.NIL_BROKEN_OWN: ("Oops, one got through.", "So close to that nil.", "That trick found me!"),
    Moment.NIL_BROKEN_PARTNER: ("Close one, partner.", "Unlucky, partner!", "We'll get it back."),
    Moment.SET_OURS: ("Came up short.", "That one hurt.", "Next hand, then.", "Ouch. Set."),
    Moment.SET_THEIRS: ("Set! Nicely done.", "They came up short!", "Got them!", "That's a set!"),
}

#: the moments a face smiles at; the others it takes sadly
HAPPY = frozenset({Moment.GAME_WON, Moment.BLIND_NIL_MADE, Moment.NIL_MADE_OWN, Moment.NIL_MADE_PARTNER,
                   Moment.SET_THEIRS})

#: how likely a moment is to be remarked on at all (talk is seldom: a set happens in most hands)
CHANCE: dict[str, float] = {"game": 1.0, "nil_made": 1.0, "nil_broken": 0.7, "set": 0.45}

#: a hand's end after a remark stays quiet this many hands (the game's end speaks all the same)
QUIET_HANDS = 1
#: lines said lately, not said again while another is left
RECENT = 4


@dataclass(frozen=True)
class HandEnd:
    """What the talk needs to know of a scored hand, in plain values."""

    hand_number: int
    sides: Mapping[str, tuple[Seat, ...]]  # each side's seats ('NS': N and S; 'W': West alone)
    nils: tuple[tuple[Seat, bool, bool], ...] = ()  # each nil bid: (seat, blind, made)
    set_sides: tuple[str, ...] = ()  # the sides whose contract was set
    winner: str | None = None  # the side that won the game with this hand, if it ended it


@dataclass(frozen=True)
class Reaction:
    """A line said by ``seat`` at a moment; ``happy`` tells the face to smile (else it looks sad)."""

    seat: Seat
    line: str
    moment: Moment

    @property
    def happy(self) -> bool:
        return self.moment in HAPPY


def hand_end(hand_number: int, sides: Mapping[str, tuple[Seat, ...]], breakdown: Mapping[str, SideBreakdown],
             winner: str | None = None) -> HandEnd:
    """The moments of a scored hand (the engine's breakdown by side) for ``react``."""
    nils = tuple(sorted((n.seat, n.blind, n.made) for b in breakdown.values() for n in b.nils))
    set_sides = tuple(side for side, b in breakdown.items() if b.made is False)
    return HandEnd(hand_number, sides, nils, set_sides, winner)


def _side_of(seat: Seat, sides: Mapping[str, tuple[Seat, ...]]) -> tuple[Seat, ...]:
    return next((seats for seats in sides.values() if seat in seats), (seat,))


def _partner(seat: Seat, sides: Mapping[str, tuple[Seat, ...]]) -> Seat | None:
    return next((s for s in _side_of(seat, sides) if s != seat), None)


def candidates(end: HandEnd, speakers: Iterable[Seat]) -> tuple[str, list[tuple[Seat, Moment]]] | None:
    """The moment of the hand that matters most, and who may speak of it and how: the game's end
    first, then a blind nil made, a nil made, a nil broken, a contract set.  None: nothing to say."""
    talkers = set(speakers)
    sides = end.sides
    if end.winner is not None:
        won = set(sides.get(end.winner, ()))
        said = [(s, Moment.GAME_WON if s in won else Moment.GAME_LOST) for s in sorted(talkers)]
        return ("game", said) if said else None
    nils = sorted(end.nils, key=lambda nil: (not (nil[1] and nil[2]), not nil[2]))  # blind made, made, broken
    for seat, blind, made in nils:
        partner = _partner(seat, sides)
        said = []
        if seat in talkers:
            own = (Moment.BLIND_NIL_MADE if blind else Moment.NIL_MADE_OWN) if made else Moment.NIL_BROKEN_OWN
            said.append((seat, own))
        if partner is not None and partner in talkers:
            theirs = (Moment.BLIND_NIL_MADE if blind else Moment.NIL_MADE_PARTNER) if made else \
                Moment.NIL_BROKEN_PARTNER
            said.append((partner, theirs))
        if said:
            return ("nil_made" if made else "nil_broken", said)
    for side in end.set_sides:
        members = set(sides.get(side, ()))
        said = [(s, Moment.SET_OURS if s in members else Moment.SET_THEIRS) for s in sorted(talkers)]
        if said:
            return ("set", said)
    return None


def react(end: HandEnd, speakers: Iterable[Seat], rng: random.Random, *, on: bool = True,
          last_said: int | None = None, recent: tuple[str, ...] = ()) -> Reaction | None:
    """Who says what at the end of hand ``end`` (None: nobody).  ``speakers``: the computer seats
    (the person is never spoken for); ``on``: the Table talk setting; ``last_said``: the hand of the
    last remark (the next ``QUIET_HANDS`` hands keep quiet, but for the game's end); ``recent``:
    lines said lately, not said again while another is left."""
    if not on:
        return None
    found = candidates(end, speakers)
    if found is None:
        return None
    kind, said = found
    if kind != "game" and last_said is not None and end.hand_number - last_said <= QUIET_HANDS:
        return None
    if rng.random() >= CHANCE[kind]:
        return None
    seat, moment = said[rng.randrange(len(said))]
    fresh = [line for line in LINES[moment] if line not in recent] or list(LINES[moment])
    return Reaction(seat, fresh[rng.randrange(len(fresh))], moment)


def game_talk(ends: Sequence[HandEnd], speakers: Iterable[Seat], seed: int, *,
              on: bool = True) -> list[Reaction | None]:
    """What was said at each of a game's hand ends so far, in order (None: nothing), worked out again
    from the hands themselves: the quiet hands and the lines said lately follow from the game, not
    from what one window remembers (a game continued from its save spoke at the hand after a remark,
    the remark before it forgotten).  Each hand's draw is seeded by the game's ``seed`` and its number,
    so a game says the same things every time it is played."""
    talkers = tuple(speakers)
    last_said: int | None = None
    recent: tuple[str, ...] = ()
    said: list[Reaction | None] = []
    for end in ends:
        rng = random.Random(seed * 7919 + end.hand_number)
        reaction = react(end, talkers, rng, on=on, last_said=last_said, recent=recent)
        if reaction is not None:
            last_said = end.hand_number
            recent = (*recent, reaction.line)[-RECENT:]
        said.append(reaction)
    return said
