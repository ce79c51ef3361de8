"""Issue 41 item 3: the table's sounds are made to sound like the physical thing (a card's snap on
the felt, a slide, a riffle, a trick swept, a chime), not sine beeps.  Checked without an audio
device, by their samples: lengths, envelopes, and spectra (a small FFT written here); each check is
shown to fail on the kind of sound it is there to catch (a sine, a click, a smooth hiss)."""

from __future__ import annotations

import cmath
import functools
import math
import os
import random

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from spades_desktop.ui.core.card_sounds import RATE, RECIPES, Clicks, Mode, Noise, render
from spades_desktop.ui.core.sound import Sounds

FULL = 32767
FRAME = 1024  # spectrum frames: 21.5 Hz a bin
#: what each sound is meant to last (seconds), from the issue
LENGTHS = {
    "play": (0.04, 0.07), "deal": (0.08, 0.12), "shuffle": (0.6, 0.9), "trick": (0.25, 0.35),
    "nil_made": (0.6, 0.9), "nil_broken": (0.2, 0.6), "hand_end": (0.3, 0.8), "illegal": (0.03, 0.12),
}


@functools.cache
def sound(name: str) -> tuple[int, ...]:
    return tuple(render(RECIPES[name]))


def old_beep(freq: float, seconds: float) -> list[int]:
    """What the table used to play: a sine with a soft attack and decay (the old ``_tone``)."""
    n = int(RATE * seconds)
    return [int(FULL * 0.45 * min(1.0, i / (RATE * 0.004)) * math.exp(-5.0 * i / RATE / seconds)
                * math.sin(2 * math.pi * freq * i / RATE)) for i in range(n)]


# ------------------------------------------------------------------ measuring
def fft(x: list[complex]) -> list[complex]:
    """Radix-2, in place order (len(x) a power of two)."""
    n = len(x)
    j = 0
    for i in range(1, n):  # bit-reversed order
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            x[i], x[j] = x[j], x[i]
    size = 2
    while size <= n:
        step = cmath.exp(-2j * math.pi / size)
        for start in range(0, n, size):
            w = 1 + 0j
            for k in range(start, start + size // 2):
                a, b = x[k], x[k + size // 2] * w
                x[k], x[k + size // 2] = a + b, a - b
                w *= step
        size *= 2
    return x


def spectrum(samples: tuple[int, ...] | list[int]) -> list[float]:
    """Mean power in each bin (0 to RATE/2) over half-overlapping Hann frames; the sound is padded
    by half a frame at each end, so every sample weighs alike."""
    hop = FRAME // 2
    x = [0.0] * hop + [float(s) for s in samples] + [0.0] * (hop + FRAME)
    window = [math.sin(math.pi * i / FRAME) ** 2 for i in range(FRAME)]
    power = [0.0] * (FRAME // 2 + 1)
    for start in range(0, len(samples) + hop, hop):
        spec = fft([complex(x[start + i] * window[i]) for i in range(FRAME)])
        for k in range(len(power)):
            power[k] += abs(spec[k]) ** 2
    return power


def hz(k: int) -> float:
    return k * RATE / FRAME


def peak_share(power: list[float], width: int = 3) -> float:
    """The share of the energy within ``width`` bins (±65 Hz) of the strongest bin: a sine puts
    nearly all of it there, noise and a chord of partials far less."""
    top = max(range(len(power)), key=power.__getitem__)
    return sum(power[max(0, top - width): top + width + 1]) / sum(power)


def flatness(power: list[float], low: float, high: float) -> float:
    """Geometric over arithmetic mean of the power between ``low`` and ``high`` Hz: near 0 for
    lines, near 1 for white noise."""
    band = [p for k, p in enumerate(power) if low <= hz(k) <= high]
    return math.exp(sum(math.log(p + 1e-9) for p in band) / len(band)) / (sum(band) / len(band))


def share_above(power: list[float], freq: float) -> float:
    return sum(p for k, p in enumerate(power) if hz(k) >= freq) / sum(power)


def peaks(power: list[float], floor_db: float = -25.0, apart: int = 5) -> list[int]:
    """Bins that are local maxima within ``apart`` bins and within ``floor_db`` of the strongest."""
    floor = max(power) * 10 ** (floor_db / 10)
    return [k for k in range(1, len(power) - 1) if power[k] >= floor
            and power[k] == max(power[max(0, k - apart): k + apart + 1])]


def transients(samples: tuple[int, ...] | list[int], ms: float = 2.0, rise: float = 2.0) -> int:
    """How many separate bursts: short-time RMS peaks that stand ``rise`` times above the lowest
    RMS since the previous peak, within 30 dB of the loudest."""
    n = int(RATE * ms / 1000)
    rms = [math.sqrt(sum(s * s for s in samples[i: i + n]) / n) for i in range(0, len(samples) - n, n)]
    floor = max(rms) * 10 ** (-30 / 20)
    count, low = 0, math.inf
    for i in range(1, len(rms) - 1):
        low = min(low, rms[i])
        if rms[i] >= floor and rms[i - 1] <= rms[i] >= rms[i + 1] and rms[i] >= rise * low:
            count, low = count + 1, math.inf
    return count


# ------------------------------------------------------------------ the checks can fail
def test_the_pure_tone_check_flags_the_old_beeps_and_a_sine():
    for freq, seconds in ((420, 0.06), (180, 0.08), (880, 0.1), (165, 0.25)):
        assert peak_share(spectrum(old_beep(freq, seconds))) > 0.9
        assert flatness(spectrum(old_beep(freq, seconds)), 500, 8000) < 0.05
    steady = [int(16000 * math.sin(2 * math.pi * 1000 * i / RATE)) for i in range(RATE // 2)]
    assert peak_share(spectrum(steady)) > 0.99


def test_the_other_checks_tell_noise_from_tones_and_bursts_from_a_hiss():
    rng = random.Random(3)
    hiss = [int(8000 * (rng.random() * 2 - 1)) for _ in range(RATE // 2)]
    assert transients(hiss) < 15 and transients(old_beep(420, 0.5)) <= 1
    assert flatness(spectrum(hiss), 500, 8000) > 0.3 and share_above(spectrum(old_beep(420, 0.06)), 500) < 0.5
    assert len(peaks(spectrum(old_beep(784, 0.5)))) == 1
    ticks = [int(8000 * (rng.random() * 2 - 1)) if i % 400 < 40 else 0 for i in range(RATE // 2)]
    assert transients(ticks) >= 25


# ------------------------------------------------------------------ every sound
@pytest.mark.parametrize("name", list(RECIPES))
def test_each_sound_lasts_its_stated_length_and_every_part_ends_within_it(name):
    recipe = RECIPES[name]
    low, high = LENGTHS[name]
    assert low <= recipe.length <= high
    assert len(sound(name)) / RATE == pytest.approx(recipe.length, abs=0.002)
    for part in recipe.parts:
        assert part.start >= 0 and part.start + part.length <= recipe.length + 1e-9, part


@pytest.mark.parametrize("name", list(RECIPES))
def test_each_sound_is_heard_at_its_level_without_clipping_or_clicks(name):
    samples = sound(name)
    peak = max(map(abs, samples))
    assert 20 * math.log10(peak / FULL) == pytest.approx(RECIPES[name].peak_db, abs=0.1)
    assert peak < FULL  # never at full scale: no clipped run
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert rms > FULL * 0.01  # not silent (above -40 dBFS)
    assert abs(samples[0]) <= 0.01 * peak and abs(samples[-1]) <= 0.01 * peak  # no step at either end
    tail = samples[-len(samples) // 10:]
    assert max(map(abs, tail)) <= peak / 10  # over by its end: the last tenth 20 dB down


@pytest.mark.parametrize("name", list(RECIPES))
def test_no_sound_is_a_pure_tone(name):
    power = spectrum(sound(name))
    assert peak_share(power) < 0.6


@pytest.mark.parametrize(("name", "within_ms"), [("play", 5), ("illegal", 10), ("nil_broken", 20), ("deal", 70)])
def test_struck_sounds_peak_early_and_a_slide_swells(name, within_ms):
    samples = sound(name)
    at = max(range(len(samples)), key=lambda i: abs(samples[i]))
    assert at <= RATE * within_ms / 1000
    if name == "deal":  # a slide swells: it is not loudest at its very start
        assert at >= RATE * 0.015


@pytest.mark.parametrize("name", ["play", "deal", "trick", "shuffle"])
def test_card_sounds_are_noise_mostly_above_500_hz(name):
    power = spectrum(sound(name))
    assert share_above(power, 500) > 0.7
    assert flatness(power, 500, 8000) > 0.2


def test_the_snap_has_a_low_body_too():
    power = spectrum(sound("play"))
    assert 1 - share_above(power, 500) > 0.03


def test_the_riffle_is_many_small_clicks_and_the_slides_are_not():
    assert transients(sound("shuffle")) >= 15
    assert transients(sound("deal")) < 5 and transients(sound("trick")) < 8


def test_the_chime_rings_with_several_partials_and_a_struck_noise():
    power = spectrum(sound("nil_made"))
    found = peaks(power)
    assert len(found) >= 3
    assert max(power) / sorted(power)[len(power) // 2] > 1000  # distinct lines: 30 dB over the median bin
    partials = [p.freq for p in RECIPES["nil_made"].parts if isinstance(p, Mode)]
    assert all(any(abs(hz(k) - f) < 3 * RATE / FRAME for f in partials) for k in found)
    off_lines = sum(p for k, p in enumerate(power) if all(abs(hz(k) - f) > 100 for f in partials))
    assert off_lines / sum(power) > 0.005  # the strike's noise: not tones alone


@pytest.mark.parametrize("name", ["hand_end", "nil_broken", "illegal"])
def test_the_knocks_are_not_tones_alone(name):
    power = spectrum(sound(name))
    assert len(peaks(power, -30)) >= 2 or peak_share(power) < 0.5
    assert any(isinstance(p, Noise) for p in RECIPES[name].parts)


def test_sounds_are_the_same_every_time():
    assert tuple(render(RECIPES["shuffle"])) == sound("shuffle")
    assert any(isinstance(p, Clicks) for p in RECIPES["shuffle"].parts)


# ------------------------------------------------------------------ the player
class FakeSound:
    def __init__(self) -> None:
        self.played: list[float] = []
        self.volume = 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.played.append(self.volume)


def test_an_unknown_name_or_muted_sounds_play_nothing_and_raise_nothing():
    sounds = Sounds()
    sounds.play("play")  # not loaded: silent
    fake = FakeSound()
    sounds._sounds["play"] = fake  # type: ignore[assignment]
    sounds.enabled = True
    sounds.play("no such sound")
    sounds.set_volume(0.5, True)
    sounds.play("play")
    sounds.set_volume(0.0, False)
    sounds.play("play")
    assert fake.played == []
    sounds.set_volume(0.5, False)
    sounds.play("play")
    assert fake.played == [0.5]


def test_every_recipe_is_loaded_under_its_name_in_the_mixers_format():
    import pygame

    sounds = Sounds()
    sounds.load()
    assert sounds._loader is not None
    sounds._loader.join(30)
    assert sounds.enabled  # the dummy audio device opened
    assert pygame.mixer.get_init() == (RATE, -16, 1)
    assert set(sounds._sounds) == set(RECIPES)
    for name, recipe in RECIPES.items():  # played at the rate they were made at: their own length
        assert sounds._sounds[name].get_length() == pytest.approx(recipe.length, abs=0.002)


def test_a_deal_is_heard_as_a_shuffle_then_a_slide_for_every_fourth_card(tmp_path):
    from tests.ui_driver import Driver

    d = Driver(str(tmp_path), seed=5, speed="normal")
    heard: list[str] = []
    d.app.sounds.play = heard.append  # type: ignore[method-assign]
    table = d.table
    assert table is not None
    for _ in range(400):
        d.step()
        if heard and not table.view.dealing:
            break
    assert heard[0] == "shuffle" and heard.count("shuffle") == 1
    assert heard.count("deal") == 13  # 52 cards, one slide heard for each four
    d.app.close()


def test_closing_waits_for_the_sounds_being_made_so_pygame_quits_after_them():
    """pygame quit under the loader thread (still opening the mixer or making a sound) could crash
    the process on its way out; closing stops the loader after its current sound and waits."""
    sounds = Sounds()
    sounds.load()
    sounds.close()
    assert sounds._loader is not None and not sounds._loader.is_alive()
