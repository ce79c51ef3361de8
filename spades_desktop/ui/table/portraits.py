"""A person's portrait: a friendly head and shoulders in a round frame, drawn from their look.

Flat shapes of pygame.draw (ellipses, circles, polygons, arcs), laid out on a unit square and drawn
at ``SUPERSAMPLE`` times the size asked for, then smoothly scaled down: pygame draws without
anti-aliasing, and the scaling gives every edge a soft one.  A portrait is kept per (look, size,
mood), so a plate drawn again blits it: drawing one costs a few milliseconds, blitting it nothing.
"""

from __future__ import annotations

import itertools
import math

import pygame

from ..core.stepwise import Steps, Stepwise, run_out
from ..core.theme import (
    PORTRAIT_CHEEK,
    PORTRAIT_EARRING,
    PORTRAIT_EYE_SHINE,
    PORTRAIT_GLASSES,
    PORTRAIT_GLASSES_DARK,
    PORTRAIT_GREY_BROWS,
    PORTRAIT_LIP,
    PORTRAIT_MASK,
    PORTRAIT_MOUTH,
    PORTRAIT_TEETH,
)
from .people import Extra, Hair, Mood, Neckline, Person

#: drawn this many times larger, then scaled down: the edges come out smooth
SUPERSAMPLE = 4
#: portraits kept (four people, three moods, a few sizes as the window changes)
KEPT = 48

RGB = tuple[int, int, int]

_KEPT: dict[tuple[Person, int, Mood], pygame.Surface] = {}


def kept_portrait(person: Person, size: int, mood: Mood = Mood.NEUTRAL) -> pygame.Surface | None:
    """The portrait if it is drawn already, else None (drawing one takes 1.5-7 ms: the table draws
    them on frames with nothing else to do, and shows the seat's initial until then)."""
    return _KEPT.get((person, max(8, int(size)), mood))


def drawn_count() -> int:
    """How many portraits have been drawn so far: a plate waiting for its portrait looks again when
    this changes."""
    return _DRAWN[0]


_DRAWN = [0]


def portrait(person: Person, size: int, mood: Mood = Mood.NEUTRAL) -> pygame.Surface:
    """``person``'s portrait, ``size`` pixels across (round, transparent outside the circle); the same
    surface every time for the same look, size and mood."""
    key = (person, max(8, int(size)), mood)
    picture = _KEPT.get(key)
    if picture is None:
        job = _DRAWING.pop(key, None)
        picture = _keep(key, run_out(_portrait_steps(*key)) if job is None else job.finish())
    return picture


def draw_some(person: Person, size: int, mood: Mood, seconds: float) -> bool:
    """Draw part of the portrait for about ``seconds`` (at least one part), going on where the last
    call stopped; True once it is drawn whole and kept.  A frame with a little time to spare pays for
    a part (at most about 1 ms at 4K) instead of a whole portrait (3-7 ms)."""
    key = (person, max(8, int(size)), mood)
    if key in _KEPT:
        return True
    job = _DRAWING.get(key)
    if job is None:
        if len(_DRAWING) >= KEPT:
            _DRAWING.clear()
        job = _DRAWING[key] = Stepwise(_portrait_steps(*key))
    if not job.advance(seconds):
        return False
    del _DRAWING[key]
    _keep(key, job.finish())
    return True


_DRAWING: dict[tuple[Person, int, Mood], Stepwise[pygame.Surface]] = {}  # portraits drawn in part


def _keep(key: tuple[Person, int, Mood], picture: pygame.Surface) -> pygame.Surface:
    if len(_KEPT) >= KEPT:
        _KEPT.clear()
    _KEPT[key] = picture
    _DRAWN[0] += 1
    return picture


def _portrait_steps(person: Person, size: int, mood: Mood) -> Steps[pygame.Surface]:
    """The portrait drawn large a part at a time, then scaled down to ``size``."""
    canvas = _Canvas(size * SUPERSAMPLE)
    yield from _strokes(canvas, person, mood)
    yield
    return pygame.transform.smoothscale(canvas.surface, (size, size))


def _shade(colour: RGB, by: float) -> RGB:
    """Lighter (``by`` > 0) or darker (< 0) by a share of the way to white or black."""
    if by >= 0:
        return tuple(int(c + (255 - c) * by) for c in colour)  # type: ignore[return-value]
    return tuple(int(c * (1 + by)) for c in colour)  # type: ignore[return-value]


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


class _Canvas:
    """A square surface addressed in fractions of its side (0 to 1), for the drawing below."""

    def __init__(self, side: int) -> None:
        self.side = side
        self.surface = pygame.Surface((side, side), pygame.SRCALPHA)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return round(x * self.side), round(y * self.side)

    def n(self, v: float) -> int:
        return max(1, round(v * self.side))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(*self.p(x, y), self.n(w), self.n(h))

    def ellipse(self, colour: RGB | tuple[int, int, int, int], x: float, y: float, w: float, h: float) -> None:
        pygame.draw.ellipse(self.surface, colour, self.rect(x, y, w, h))

    def circle(self, colour: RGB | tuple[int, int, int, int], x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.p(x, y), self.n(r), self.n(width) if width else 0)

    def glow(self, colour: tuple[int, int, int, int], x: float, y: float, r: float) -> None:
        """A see-through circle blended over what is there (a blush): drawn with an alpha straight
        onto the canvas it would punch a hole instead."""
        radius = self.n(r)
        spot = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
        pygame.draw.circle(spot, colour, (radius, radius), radius)
        cx, cy = self.p(x, y)
        self.surface.blit(spot, (cx - radius, cy - radius))

    def polygon(self, colour: RGB, points: list[tuple[float, float]]) -> None:
        pygame.draw.polygon(self.surface, colour, [self.p(x, y) for x, y in points])

    def line(self, colour: RGB, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        pygame.draw.line(self.surface, colour, self.p(*a), self.p(*b), self.n(width))
        for end in (a, b):  # round ends
            pygame.draw.circle(self.surface, colour, self.p(*end), self.n(width) // 2)

    def curve(self, colour: RGB, points: list[tuple[float, float]], width: float) -> None:
        """A thick line through ``points`` with round joints and ends."""
        for a, b in itertools.pairwise(points):
            self.line(colour, a, b, width)


# the head: an egg a little taller than wide, its middle at (HEAD_X, HEAD_Y)
HEAD_X, HEAD_Y, HEAD_RX, HEAD_RY = 0.5, 0.44, 0.185, 0.225
EYE_Y, EYE_DX = 0.455, 0.075


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 12) -> list[
        tuple[float, float]]:
    """Points along an ellipse from angle ``start`` to ``end`` (degrees, 0 to the right, 90 down)."""
    return [(cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
            for a in (start + (end - start) * i / steps for i in range(steps + 1))]


def _strokes(c: _Canvas, person: Person, mood: Mood) -> Steps[None]:
    """The portrait's parts in the order they are drawn, a pause after each (a part costs up to
    about 1 ms at 4K)."""
    skin = person.skin
    c.circle(_shade(person.backdrop, -0.15), 0.5, 0.5, 0.5)
    c.circle(person.backdrop, 0.5, 0.46, 0.44)  # a soft light behind the head
    c.circle(_shade(person.backdrop, 0.07), 0.5, 0.42, 0.32)
    yield
    _hair_behind(c, person)
    yield
    _body(c, person)
    yield
    c.ellipse(_shade(skin, -0.12), 0.425, 0.56, 0.15, 0.2)  # the neck, in the chin's shadow
    for x in (HEAD_X - HEAD_RX - 0.03, HEAD_X + HEAD_RX - 0.035):  # ears
        c.ellipse(_shade(skin, -0.05), x, 0.40, 0.065, 0.1)
    c.ellipse(skin, HEAD_X - HEAD_RX, HEAD_Y - HEAD_RY, 2 * HEAD_RX, 2 * HEAD_RY)
    if Extra.EARRINGS in person.extras:
        for x in (HEAD_X - HEAD_RX - 0.0, HEAD_X + HEAD_RX):
            c.circle(PORTRAIT_EARRING, x, 0.52, 0.02)
    yield
    if Extra.BEARD in person.extras:
        _beard(c, person)
        yield
    _hair_front(c, person)
    yield
    _face(c, person, mood)
    yield
    _frame(c, person)


def _body(c: _Canvas, person: Person) -> None:
    shirt = person.shirt
    c.ellipse(shirt, 0.14, 0.68, 0.72, 0.5)
    c.ellipse(_shade(shirt, 0.12), 0.2, 0.7, 0.6, 0.2)  # light on the shoulders
    skin = _shade(person.skin, -0.12)
    if person.neckline is Neckline.VEE:
        c.polygon(skin, [(0.42, 0.68), (0.58, 0.68), (0.5, 0.8)])
    elif person.neckline is Neckline.COLLAR:
        c.polygon(skin, [(0.43, 0.68), (0.57, 0.68), (0.5, 0.76)])
        white = _shade(shirt, 0.75)
        c.polygon(white, [(0.41, 0.67), (0.5, 0.76), (0.44, 0.8), (0.37, 0.7)])
        c.polygon(white, [(0.59, 0.67), (0.5, 0.76), (0.56, 0.8), (0.63, 0.7)])
    else:
        c.ellipse(skin, 0.42, 0.64, 0.16, 0.1)
        c.curve(_shade(shirt, -0.2), _arc(0.5, 0.69, 0.085, 0.05, 10, 170, 8), 0.018)


def _hair_behind(c: _Canvas, person: Person) -> None:
    """What of the hair lies behind the head: the curls' cloud, the bob's fall, the bun."""
    hair = person.hair
    style = person.hair_style
    if style is Hair.CURLY:
        for angle in range(-200, 30, 22):  # a ring of curls round the top and sides
            x = HEAD_X + 0.22 * math.cos(math.radians(angle))
            y = HEAD_Y - 0.02 + 0.24 * math.sin(math.radians(angle))
            c.circle(hair, x, y, 0.085)
        c.ellipse(hair, 0.27, 0.16, 0.46, 0.36)
    elif style is Hair.BOB:
        c.ellipse(hair, 0.28, 0.17, 0.44, 0.44)
        pygame.draw.rect(c.surface, hair, c.rect(0.28, 0.38, 0.44, 0.22), border_radius=c.n(0.06))
    elif style is Hair.BUN:
        c.circle(hair, 0.5, 0.17, 0.085)
        c.circle(_shade(hair, -0.12), 0.5, 0.17, 0.085, 0.014)


def _hair_front(c: _Canvas, person: Person) -> None:
    """The hair over the head: a cap whose lower edge is the hairline, and the fringe or parting."""
    hair = person.hair
    style = person.hair_style
    top = HEAD_Y - HEAD_RY
    if style is Hair.CURLY:
        for x, y, r in ((0.36, 0.25, 0.08), (0.47, 0.21, 0.085), (0.58, 0.22, 0.08), (0.66, 0.29, 0.065),
                        (0.33, 0.33, 0.055), (0.67, 0.35, 0.045)):
            c.circle(hair, x, y, r)
        for x, y, r in ((0.45, 0.19, 0.035), (0.59, 0.2, 0.028)):  # a little light on the curls
            c.circle(_shade(hair, 0.1), x, y, r)
        return
    # a cap over the top of the head, cut by a curved hairline
    cap = _arc(HEAD_X, HEAD_Y - 0.005, HEAD_RX + 0.018, HEAD_RY + 0.018, 180, 360, 16)
    if style is Hair.SHORT:
        line = [(0.69, 0.42), (0.665, 0.33), (0.6, 0.3), (0.5, 0.31), (0.4, 0.29), (0.34, 0.33), (0.315, 0.42)]
        c.polygon(hair, [(0.305, 0.42), *cap, *line])
        c.curve(_shade(hair, 0.2), [(0.44, 0.24), (0.52, 0.225), (0.6, 0.245)], 0.02)  # light on the parting
    elif style is Hair.BOB:
        fringe = [(0.7, 0.5), (0.68, 0.36), (0.62, 0.345), (0.5, 0.35), (0.4, 0.345), (0.32, 0.36), (0.3, 0.5)]
        c.polygon(hair, [(0.295, 0.5), *cap, *fringe])
        c.curve(_shade(hair, 0.22), _arc(HEAD_X, HEAD_Y - 0.01, HEAD_RX - 0.02, HEAD_RY - 0.02, 215, 265, 6), 0.018)
    elif style is Hair.BUN:
        line = [(0.69, 0.4), (0.66, 0.31), (0.56, 0.28), (0.5, 0.3), (0.44, 0.28), (0.34, 0.31), (0.31, 0.4)]
        c.polygon(hair, [(0.305, 0.4), *cap, *line])
        c.curve(_shade(hair, -0.15), [(0.5, top + 0.005), (0.5, 0.29)], 0.012)  # the parting in the middle


def _beard(c: _Canvas, person: Person) -> None:
    hair = person.hair
    jaw = _arc(HEAD_X, HEAD_Y, HEAD_RX + 0.012, HEAD_RY + 0.012, -5, 185, 16)
    upper = [(0.3, 0.47), (0.36, 0.56), (0.43, 0.535), (0.5, 0.55), (0.57, 0.535), (0.64, 0.56), (0.7, 0.47)]
    c.polygon(hair, [*jaw, *upper])
    c.ellipse(hair, 0.42, 0.545, 0.16, 0.045)  # the moustache
    c.ellipse(_mix(person.skin, PORTRAIT_LIP, 0.45), 0.46, 0.59, 0.08, 0.035)  # the lip under it


def _face(c: _Canvas, person: Person, mood: Mood) -> None:
    skin = person.skin
    ink = _shade(person.hair, -0.35) if sum(person.hair) < 450 else PORTRAIT_GREY_BROWS  # brows: grey hair, grey brows
    lift = {Mood.HAPPY: -0.008, Mood.SAD: 0.0, Mood.NEUTRAL: 0.0}[mood]
    for side in (-1, 1):
        x = HEAD_X + side * EYE_DX
        c.ellipse(person.eyes, x - 0.022, EYE_Y - 0.03 + lift, 0.044, 0.056)
        c.circle(PORTRAIT_EYE_SHINE, x + 0.008, EYE_Y - 0.013 + lift, 0.009)
        inner, outer = x - side * 0.035, x + side * 0.04
        if mood is Mood.SAD:  # the brows' inner ends raised
            brow = [(outer, EYE_Y - 0.06), (inner, EYE_Y - 0.085)]
        elif mood is Mood.HAPPY:
            brow = [(outer, EYE_Y - 0.075), (x, EYE_Y - 0.095), (inner, EYE_Y - 0.08)]
        else:
            brow = [(outer, EYE_Y - 0.07), (x, EYE_Y - 0.085), (inner, EYE_Y - 0.075)]
        c.curve(ink, brow, 0.018)
    c.curve(_shade(skin, -0.22), _arc(0.5, 0.505, 0.022, 0.014, 20, 160, 6), 0.014)  # the nose
    cheek = (*PORTRAIT_CHEEK, 90 if mood is Mood.HAPPY else 50)
    for x in (0.385, 0.615):
        c.glow(cheek, x, 0.525, 0.032)
    mouth = PORTRAIT_MOUTH
    y = 0.575
    if mood is Mood.HAPPY:  # an open smile
        points = [*_arc(0.5, y - 0.01, 0.06, 0.05, 0, 180, 10)]
        c.polygon(mouth, points)
        c.polygon(PORTRAIT_TEETH, _arc(0.5, y - 0.01, 0.05, 0.018, 0, 180, 8))  # the teeth
        c.curve(mouth, [(0.44, y - 0.01), (0.56, y - 0.01)], 0.012)
    elif mood is Mood.SAD:
        c.curve(mouth, _arc(0.5, y + 0.035, 0.045, 0.03, 200, 340, 8), 0.014)
    else:
        c.curve(mouth, _arc(0.5, y - 0.02, 0.05, 0.03, 25, 155, 8), 0.014)
    if Extra.GLASSES in person.extras:
        frame = PORTRAIT_GLASSES if sum(person.backdrop) > 200 else PORTRAIT_GLASSES_DARK
        for side in (-1, 1):
            c.circle(frame, HEAD_X + side * EYE_DX, EYE_Y, 0.05, 0.012)
        c.curve(frame, [(HEAD_X - EYE_DX + 0.05, EYE_Y - 0.005), (HEAD_X + EYE_DX - 0.05, EYE_Y - 0.005)], 0.012)
        for side in (-1, 1):
            c.line(frame, (HEAD_X + side * (EYE_DX + 0.05), EYE_Y - 0.01), (HEAD_X + side * 0.19, EYE_Y - 0.02),
                   0.012)


def _frame(c: _Canvas, person: Person) -> None:
    """Cut round, with a lighter ring like the seat's badge had."""
    mask = pygame.Surface((c.side, c.side), pygame.SRCALPHA)
    pygame.draw.circle(mask, PORTRAIT_MASK, c.p(0.5, 0.5), c.side // 2)
    c.surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.circle(_shade(person.backdrop, 0.35), 0.5, 0.5, 0.5, 0.05)
