"""Table talk's rules (no pygame): who says what at a hand's end, only at moments that matter,
seldom, never for the person, nothing with the setting off, the same every time for one seed."""

from __future__ import annotations

import random

import pytest

from spades_desktop.engine.scoring import NilResult, SideBreakdown
from spades_desktop.engine.seats import Seat
from spades_desktop.ui.text.table_talk import (
    LINES,
    QUIET_HANDS,
    HandEnd,
    Moment,
    Reaction,
    game_talk,
    hand_end,
    react,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PAIRS = {"NS": (N, S), "EW": (E, W)}
ALONE = {"N": (N,), "E": (E,), "S": (S,), "W": (W,)}
COMPUTERS = (N, E, W)  # the person sits South


def _said(end: HandEnd, seeds=range(200), speakers=COMPUTERS, **kwargs) -> list[Reaction]:
    return [r for seed in seeds if (r := react(end, speakers, random.Random(seed), **kwargs)) is not None]


def _breakdown(side: str, made: bool | None, nils: tuple[NilResult, ...] = ()) -> SideBreakdown:
    return SideBreakdown(side, 4, 4, made, 40, 0, 0, 0, nils, 0, 0, 0, 0, 40, 0, 40, 0, 0)


def test_a_nil_made_is_remarked_on_by_the_bidder_or_the_partner_and_by_nobody_else():
    said = _said(HandEnd(3, PAIRS, nils=((W, False, True),)))
    assert said, "a nil made is always worth a word"
    assert {r.seat for r in said} == {W, E}
    assert {r.moment for r in said} == {Moment.NIL_MADE_OWN, Moment.NIL_MADE_PARTNER}
    assert all(r.line in LINES[r.moment] and r.happy for r in said)


def test_the_persons_nil_is_praised_by_their_partner_never_by_the_person():
    said = _said(HandEnd(3, PAIRS, nils=((S, True, True),)))
    assert said and all(r.seat == N and r.moment is Moment.BLIND_NIL_MADE for r in said)


def test_a_broken_nil_is_taken_sadly_by_its_side():
    said = _said(HandEnd(3, PAIRS, nils=((N, False, False),)))
    assert said and {r.seat for r in said} == {N}  # its partner is the person
    assert all(r.moment is Moment.NIL_BROKEN_OWN and not r.happy for r in said)


def test_a_set_is_said_by_the_side_set_or_by_its_rivals():
    said = _said(HandEnd(3, PAIRS, set_sides=("NS",)))
    assert {(r.seat, r.moment) for r in said} == {(N, Moment.SET_OURS), (E, Moment.SET_THEIRS),
                                                  (W, Moment.SET_THEIRS)}
    assert len(said) < 200 * 0.7, "a set is common: it is remarked on now and then, not always"


def test_a_hand_with_no_moment_says_nothing():
    assert _said(HandEnd(3, PAIRS)) == []
    assert _said(HandEnd(3, PAIRS, nils=((S, False, True),)), speakers=(E, W)) == [], "only a side's own talk"


def test_nothing_is_said_with_table_talk_off():
    end = HandEnd(9, PAIRS, nils=((W, True, True),), set_sides=("NS",), winner="EW")
    assert _said(end, on=False) == []


def test_at_most_one_remark_a_hand_and_none_the_hand_after():
    end = HandEnd(5, PAIRS, nils=((W, False, True), (N, False, False)), set_sides=("NS",))
    reaction = react(end, COMPUTERS, random.Random(1))
    assert isinstance(reaction, Reaction)  # one reaction, of the moment that matters most: the nil made
    assert reaction.moment in (Moment.NIL_MADE_OWN, Moment.NIL_MADE_PARTNER)
    assert _said(end, last_said=5 - QUIET_HANDS) == [], "the hand after a remark keeps quiet"
    assert _said(end, last_said=4 - QUIET_HANDS), "and the one after that may speak"


def test_the_end_of_the_game_always_speaks_even_just_after_a_remark():
    said = _said(HandEnd(12, PAIRS, set_sides=("EW",), winner="NS"), last_said=11)
    assert len(said) == 200
    assert {(r.seat, r.moment) for r in said} == {(N, Moment.GAME_WON), (E, Moment.GAME_LOST),
                                                  (W, Moment.GAME_LOST)}
    alone = _said(HandEnd(12, ALONE, winner="E"), seeds=range(50))
    assert {r.moment for r in alone if r.seat == E} == {Moment.GAME_WON}


def test_one_seed_says_the_same_and_a_line_said_lately_waits():
    end = HandEnd(4, PAIRS, nils=((E, False, True),))
    assert react(end, COMPUTERS, random.Random(7)) == react(end, COMPUTERS, random.Random(7))
    first = react(end, (E,), random.Random(7))
    assert first is not None
    for seed in range(50):
        again = react(end, (E,), random.Random(seed), recent=(first.line,))
        assert again is not None and again.line != first.line
    assert len({r.line for r in _said(end)}) >= 4, "the talk does not repeat one line"


def test_without_partners_nobody_speaks_for_another():
    said = _said(HandEnd(2, ALONE, nils=((E, False, False),), set_sides=("W",)))
    assert {r.seat for r in said} == {E} and {r.moment for r in said} == {Moment.NIL_BROKEN_OWN}


@pytest.mark.parametrize("moment", list(Moment))
def test_each_moment_has_several_short_lines(moment):
    lines = LINES[moment]
    assert len(lines) >= 3 and len(set(lines)) == len(lines)
    assert all(0 < len(line) <= 22 for line in lines), "one short line by a plate"


def test_the_moments_of_a_scored_hand_come_from_the_engines_breakdown():
    made = NilResult(W, False, 0, True, 100)
    broken = NilResult(N, True, 2, False, -200)
    breakdown = {"NS": _breakdown("NS", False, (broken,)), "EW": _breakdown("EW", True, (made,))}
    end = hand_end(6, PAIRS, breakdown, winner=None)
    assert end.nils == ((N, True, False), (W, False, True))
    assert end.set_sides == ("NS",)
    auction = hand_end(6, PAIRS, {"NS": _breakdown("NS", True), "EW": _breakdown("EW", None)})
    assert auction.set_sides == (), "defenders without a contract are not set"


def _seeded_game(seed: int, sides) -> list[HandEnd]:
    """A game's hand ends drawn from ``seed``: nils made or broken, sides set, the last hand ending it."""
    rng = random.Random(seed)
    seats = [seat for members in sides.values() for seat in members]
    count = rng.randrange(2, 25)
    ends = []
    for hand in range(1, count + 1):
        nils = tuple(sorted((seat, rng.random() < 0.2, rng.random() < 0.6) for seat in seats if rng.random() < 0.15))
        set_sides = tuple(side for side in sides if rng.random() < 0.4)
        ends.append(HandEnd(hand, sides, nils, set_sides, rng.choice(list(sides)) if hand == count else None))
    return ends


def _moment_happened(end: HandEnd, reaction: Reaction) -> bool:
    """The README's moments: a nil made or broken by the speaker or their partner, a contract set,
    the game won or lost (a blind nil bid is none of them)."""
    side = next(members for members in end.sides.values() if reaction.seat in members)
    nils = {seat: made for seat, _, made in end.nils if seat in side}
    moment = reaction.moment
    if moment in (Moment.GAME_WON, Moment.GAME_LOST):
        return end.winner is not None and (reaction.seat in end.sides[end.winner]) == (moment is Moment.GAME_WON)
    if moment is Moment.BLIND_NIL_MADE:
        return any(seat in side and blind and made for seat, blind, made in end.nils)
    if moment in (Moment.NIL_MADE_OWN, Moment.NIL_BROKEN_OWN):
        return nils.get(reaction.seat) == (moment is Moment.NIL_MADE_OWN)
    if moment in (Moment.NIL_MADE_PARTNER, Moment.NIL_BROKEN_PARTNER):
        partner = next(seat for seat in side if seat != reaction.seat)
        return nils.get(partner) == (moment is Moment.NIL_MADE_PARTNER)
    ours = any(side == end.sides[s] for s in end.set_sides)
    return bool(end.set_sides) and (ours if moment is Moment.SET_OURS else
                                    any(end.sides[s] != side for s in end.set_sides))


@pytest.mark.parametrize("sides", [PAIRS, ALONE], ids=["partners", "cutthroat"])
def test_over_many_seeded_games_talk_never_runs_two_hands_nor_repeats_a_line(sides):
    spoke = 0
    for seed in range(300):
        ends = _seeded_game(seed, sides)
        said = game_talk(ends, COMPUTERS, seed)
        assert said == game_talk(ends, COMPUTERS, seed), "one game says the same every time"
        for end, before, reaction in zip(ends[1:], said, said[1:], strict=False):
            if reaction is None:
                continue
            assert before is None or end.winner is not None, f"seed {seed}: a word two hands running"
            assert before is None or before.line != reaction.line, f"seed {seed}: {reaction.line!r} twice running"
        for end, reaction in zip(ends, said, strict=True):
            if reaction is not None:
                spoke += 1
                assert reaction.seat in COMPUTERS and _moment_happened(end, reaction), (seed, end, reaction)
    assert spoke > 300, "and the table does talk"


def test_a_game_continued_from_its_save_keeps_quiet_after_a_remark():
    """What was said is worked out from the game's hands: the hand after a remark keeps quiet whoever
    plays it on (a continued game forgot the remark before it and spoke again)."""
    ends = [HandEnd(1, PAIRS, nils=((W, False, True),)), HandEnd(2, PAIRS, nils=((E, False, True),))]
    said = game_talk(ends, COMPUTERS, 5)
    assert said[0] is not None and said[1] is None
