"""The table's sounds, synthesized from recipes of filtered noise, clicks and ringing partials.

Why synthesized: the game ships no sound files, and a little arithmetic gives sounds that resemble
the physical thing (a card snapping on the felt, a riffle shuffle, a trick swept together, a struck
chime) rather than beeps.  Why pure Python (stdlib only, a fixed seed): the sounds are the same on
every run and can be tested without an audio device, pygame or numpy.  Why recipes as data: a test
can hold each sound to its stated length, and a sound is tuned by changing numbers, not code.

Every sound is 16-bit mono PCM at :data:`RATE`; making all of them takes about a tenth of a second.
"""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass

RATE = 22050
#: the whole sound's fade in and out (seconds): no step at either end, so no click in the speaker
FADE_IN = 0.001
FADE_OUT = 0.006
#: each part's own fade at its end, so a part cut short by its length does not click either
PART_FADE = 0.004
#: a part is worked out only while it could be heard: until it has fallen 80 dB (its decay times this)
UNHEARD = math.log(1e4)


@dataclass(frozen=True)
class Noise:
    """A burst of filtered white noise: the snap, slide or brush of card on card or on the felt.

    ``low`` and ``high`` are the high-pass and low-pass corners in Hz (0: that side unfiltered);
    ``glide`` multiplies both over the burst (a slide whose colour falls or rises).  The loudness
    rises over ``attack`` seconds and then falls exponentially with time constant ``decay``."""

    start: float
    length: float
    low: float
    high: float
    attack: float
    decay: float
    level: float = 1.0
    glide: float = 1.0


@dataclass(frozen=True)
class Clicks:
    """``count`` short noise ticks (each ``tick`` seconds long) over ``length`` seconds, as cards
    flick off the thumbs in a riffle: ``rush`` 0 spaces them evenly, 1 bunches them in the middle
    (the rate speeds up and then slows down); each tick's loudness varies at random."""

    start: float
    length: float
    count: int
    low: float
    high: float
    tick: float = 0.004
    level: float = 1.0
    rush: float = 0.6


@dataclass(frozen=True)
class Mode:
    """One ringing partial of a struck object (a bar, a bell, the table top): a sine that starts
    at once and decays exponentially with time constant ``decay``; ``glide`` is the ratio of its
    frequency at its end to ``freq`` at its start (a sagging, dull thud)."""

    start: float
    length: float
    freq: float
    decay: float
    level: float = 1.0
    glide: float = 1.0


Part = Noise | Clicks | Mode


@dataclass(frozen=True)
class Recipe:
    """A sound: its ``length`` in seconds (every part ends within it), its parts mixed together,
    and the peak it is scaled to (dBFS), so that the sounds are equally loud under one volume."""

    length: float
    parts: tuple[Part, ...]
    peak_db: float = -6.0


# ------------------------------------------------------------------ building blocks
def _audible(length: float, attack: float, decay: float) -> int:
    """How many samples of a part are worth working out: the chime's high partials die in a tenth
    of the sound's length, and skipping their silence saves a third of the time it all takes."""
    return min(int(length * RATE), int((attack + UNHEARD * decay) * RATE))


def _envelope(n: int, attack: float, decay: float) -> list[float]:
    """A raised-cosine rise over ``attack`` seconds, then an exponential fall (time constant
    ``decay``), the last few milliseconds faded to zero."""
    rise = max(1, int(attack * RATE))
    env = [0.5 - 0.5 * math.cos(math.pi * i / rise) for i in range(min(rise, n))]
    fall = math.exp(-1.0 / (decay * RATE))
    level = 1.0
    for _ in range(n - len(env)):
        env.append(level)
        level *= fall
    fade = min(n, int(PART_FADE * RATE))
    for j in range(fade):
        env[n - 1 - j] *= j / fade
    return env


def _filter(x: list[float], corner: float, glide: float, span: int, highpass: bool) -> list[float]:
    """A 12 dB/octave state-variable filter (the trapezoidal form, stable for any corner) whose
    corner moves geometrically by ``glide`` over ``span`` samples; returns the high or low output."""
    g = math.tan(math.pi * corner / RATE)
    step = glide ** (1.0 / max(1, span))  # tan is near linear well below Nyquist: glide g itself
    k = math.sqrt(2.0)  # Q = 0.707: no resonant bump at the corner
    s1 = s2 = 0.0
    out = [0.0] * len(x)
    for i, v0 in enumerate(x):
        a1 = 1.0 / (1.0 + g * (g + k))
        v1 = a1 * (s1 + g * (v0 - s2))
        v2 = s2 + g * v1
        s1 = 2.0 * v1 - s1
        s2 = 2.0 * v2 - s2
        out[i] = v0 - k * v1 - v2 if highpass else v2
        g *= step
    return out


def _band(x: list[float], low: float, high: float, glide: float, span: int) -> list[float]:
    if low:
        x = _filter(x, low, glide, span, True)
    if high:
        x = _filter(x, high, glide, span, False)
    return x


def _noise(part: Noise, rng: random.Random) -> list[float]:
    n = _audible(part.length, part.attack, part.decay)
    draw = rng.random
    x = _band([draw() * 2.0 - 1.0 for _ in range(n)], part.low, part.high, part.glide, int(part.length * RATE))
    return [v * e * part.level for v, e in zip(x, _envelope(n, part.attack, part.decay), strict=True)]


def _clicks(part: Clicks, rng: random.Random) -> list[float]:
    n = int(part.length * RATE)
    tick = max(2, int(part.tick * RATE))
    fall = math.exp(-4.0 / tick)  # each tick dies away (to -35 dB) within its length
    x = [0.0] * n
    for j in range(part.count):
        u = (j + 0.5) / part.count
        where = (1.0 - part.rush) * u + part.rush * math.acos(1.0 - 2.0 * u) / math.pi
        where += (rng.random() - 0.5) * 0.4 / part.count  # a hand is not a metronome
        at = min(n - tick, max(0, int(where * (n - tick))))
        level = part.level * (0.4 + 0.6 * rng.random())
        for i in range(at, at + tick):
            x[i] += level * (rng.random() * 2.0 - 1.0)
            level *= fall
    return _band(x, part.low, part.high, 1.0, n)


def _mode(part: Mode) -> list[float]:
    w = 2.0 * math.pi * part.freq / RATE
    step = part.glide ** (1.0 / max(1, int(part.length * RATE)))
    sin, level = math.sin, part.level
    phase = 0.0  # struck from rest
    env = _envelope(_audible(part.length, 0.0005, part.decay), 0.0005, part.decay)
    out = [0.0] * len(env)
    for i, e in enumerate(env):
        out[i] = level * e * sin(phase)
        phase += w
        w *= step
    return out


def render(recipe: Recipe, seed: int = 41) -> array:
    """The sound as 16-bit samples: the parts mixed, faded in and out, scaled to the recipe's peak."""
    rng = random.Random(seed)
    n = round(recipe.length * RATE)
    mix = [0.0] * n
    for part in recipe.parts:
        match part:
            case Noise():
                samples = _noise(part, rng)
            case Clicks():
                samples = _clicks(part, rng)
            case Mode():
                samples = _mode(part)
        start = int(part.start * RATE)
        for i, v in enumerate(samples[: max(0, n - start)], start):
            mix[i] += v
    fade_in, fade_out = int(FADE_IN * RATE), int(FADE_OUT * RATE)
    for i in range(fade_in):
        mix[i] *= i / fade_in
    for j in range(fade_out):
        mix[n - 1 - j] *= j / fade_out
    peak = max(map(abs, mix)) or 1.0
    scale = 32767.0 * 10.0 ** (recipe.peak_db / 20.0) / peak
    return array("h", [round(v * scale) for v in mix])


# ------------------------------------------------------------------ the sounds
@dataclass(frozen=True)
class Bar:
    """A struck bar's partials (as ratios of its lowest), and the band (Hz) and loudness of the
    noise of the mallet's contact."""

    ratios: tuple[float, ...]
    mallet: tuple[float, float]
    contact: float = 0.3


def _strike(at: float, freq: float, bar: Bar, decays: tuple[float, ...], levels: tuple[float, ...],
            length: float) -> tuple[Part, ...]:
    """A struck bar: its lowest partials, as many as ``decays`` has (the higher dying sooner), and
    the short noise of the mallet's contact (bright for a hard mallet, dull for a yarn one)."""
    modes = (Mode(at, length, freq * r, d, v) for r, d, v in zip(bar.ratios, decays, levels, strict=False))
    return (*modes, Noise(at, 0.02, bar.mallet[0], bar.mallet[1], 0.0005, 0.003, bar.contact))


#: a glockenspiel's steel bar (a free bar's partials) under a hard mallet; a marimba's wooden bar,
#: its partials tuned nearer but not onto harmonics, under a soft yarn mallet; a hollow wood block
#: (the table's edge, knocked), mostly knock
GLOCKENSPIEL = Bar((1.0, 2.76, 5.40, 8.93), (2000.0, 9000.0))
MARIMBA = Bar((1.0, 3.9, 9.2), (150.0, 2500.0))
WOOD = Bar((1.0, 2.6, 4.5), (200.0, 3000.0), contact=0.8)

RECIPES: dict[str, Recipe] = {
    # a card slapped down on the felt: a bright snap over a short dull knock of the table
    "play": Recipe(0.06, (
        Noise(0.0, 0.06, 1200, 8000, 0.0008, 0.007, 1.0),
        Noise(0.0, 0.06, 120, 900, 0.002, 0.012, 0.9),
    )),
    # a card sliding across the felt: a soft hiss that swells and fades, then a faint landing
    "deal": Recipe(0.11, (
        Noise(0.0, 0.1, 1500, 6000, 0.045, 0.022, 1.0, glide=0.8),
        Noise(0.065, 0.04, 800, 5000, 0.001, 0.005, 0.5),
    ), peak_db=-10.0),
    # a riffle: a bed of flutter under ~50 cards flicking off the thumbs, then the bridge's whirr
    # as the halves are pushed home and the deck squared with a knock
    "shuffle": Recipe(0.8, (
        Noise(0.0, 0.56, 700, 5000, 0.12, 0.3, 0.18),
        Clicks(0.02, 0.5, 48, 1200, 7000, tick=0.003, level=1.0, rush=0.6),
        Clicks(0.5, 0.17, 18, 800, 4500, tick=0.004, level=0.45, rush=0.3),
        Noise(0.48, 0.3, 250, 3000, 0.07, 0.05, 0.35, glide=0.6),
        Noise(0.66, 0.08, 150, 1500, 0.001, 0.01, 0.5),
    ), peak_db=-6.0),
    # a trick swept together: four cards' slides one on another, brushing duller as they go
    "trick": Recipe(0.3, (
        Noise(0.0, 0.17, 1500, 7000, 0.05, 0.04, 0.7, glide=0.6),
        Noise(0.04, 0.17, 1200, 6000, 0.05, 0.04, 0.8, glide=0.6),
        Noise(0.08, 0.17, 1000, 5000, 0.05, 0.04, 0.9, glide=0.6),
        Noise(0.12, 0.17, 800, 4500, 0.06, 0.035, 1.0, glide=0.6),
        Noise(0.0, 0.28, 200, 900, 0.1, 0.06, 0.25),
    ), peak_db=-8.0),
    # a nil made: two soft glockenspiel strokes, a fifth apart, rising
    "nil_made": Recipe(0.85, (
        *_strike(0.0, 784.0, GLOCKENSPIEL, (0.21, 0.09, 0.05, 0.03), (1.0, 0.35, 0.18, 0.1), 0.85),
        *_strike(0.14, 1175.0, GLOCKENSPIEL, (0.21, 0.08, 0.045), (1.0, 0.35, 0.18), 0.71),
    ), peak_db=-9.0),
    # a nil broken: a dull thud on the table, then a lower one, each with a muted tone sagging
    "nil_broken": Recipe(0.45, (
        Noise(0.0, 0.15, 60, 600, 0.002, 0.04, 1.0),
        Mode(0.0, 0.2, 294.0, 0.05, 0.4, glide=0.92), Mode(0.0, 0.15, 706.0, 0.025, 0.3, glide=0.92),
        Noise(0.13, 0.15, 60, 600, 0.002, 0.04, 0.6),
        Mode(0.13, 0.32, 196.0, 0.06, 0.35, glide=0.85), Mode(0.13, 0.2, 470.0, 0.03, 0.25, glide=0.85),
        Noise(0.0, 0.3, 250, 1400, 0.003, 0.06, 0.15, glide=0.6),
    ), peak_db=-7.0),
    # a hand's end: two soft marimba notes, G then C
    "hand_end": Recipe(0.6, (
        *_strike(0.0, 392.0, MARIMBA, (0.14, 0.035, 0.012), (1.0, 0.3, 0.12), 0.6),
        *_strike(0.15, 523.25, MARIMBA, (0.14, 0.035, 0.012), (1.0, 0.3, 0.12), 0.45),
    ), peak_db=-8.0),
    # not allowed: two quick muted wooden tocks, the second lower and softer: "uh-uh"
    "illegal": Recipe(0.1, (
        *_strike(0.0, 330.0, WOOD, (0.012, 0.007, 0.004), (1.0, 0.7, 0.4), 0.05),
        *_strike(0.05, 247.0, WOOD, (0.012, 0.007, 0.004), (0.8, 0.55, 0.3), 0.05),
    ), peak_db=-8.0),
}


def synthesize_all() -> dict[str, array]:
    """Every sound, by name."""
    return {name: render(recipe) for name, recipe in RECIPES.items()}
