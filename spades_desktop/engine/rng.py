"""A tiny deterministic random generator (SplitMix64).

The engine owns its randomness so a game is reproducible from (rules, seed,
actions) on every Python version, and so each hand's deal depends only on the
game seed and the hand number, never on how earlier hands were played.
"""

from __future__ import annotations

import struct

from .digests import shake_256

_MASK64 = (1 << 64) - 1
_KEYS = struct.Struct("<52I")
_FOUR_PARTS = struct.Struct("<4Q")  # (seed, hand, redeal, purpose): every deal
_STANDARD = tuple(range(52))


def mix64(value: int) -> int:
    z = (value + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def derive_seed(*parts: int) -> int:
    """Combine a seed with labels (hand number, purpose) into an independent stream seed."""
    acc = 0x5A17E5
    for part in parts:
        acc = mix64(acc ^ (part & _MASK64))
    return acc


class SplitMix64:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (the tiny modulo bias of a 64-bit draw is irrelevant here)."""
        return self.next() % n

    def shuffled(self, items: list[int]) -> list[int]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.next() % (i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def shuffled_deck(*parts: int, cards: tuple[int, ...] | None = None) -> list[int]:
    """A shuffled deck, fixed by ``parts`` (seed, hand, redeal, purpose).

    Dealing is on the path of every simulated hand, so instead of 51 Python-level
    draws the deck is sorted by 32-bit keys taken from one SHAKE-256 digest of
    the parts: a standard function, identical on every platform and Python version.
    ``cards`` is the deck in force (low slot first); without it, the 52 standard
    cards, shuffled exactly as before the variant decks existed, so old games replay.
    """
    masked = [p & _MASK64 for p in parts]
    packed = _FOUR_PARTS.pack(*masked) if len(masked) == 4 else struct.pack(f"<{len(masked)}Q", *masked)
    if cards is None or cards == _STANDARD:
        keys = _KEYS.unpack(shake_256(packed).digest(208))
        return sorted(range(52), key=keys.__getitem__)
    n = len(cards)
    keys = struct.unpack(f"<{n}I", shake_256(packed).digest(4 * n))
    return [cards[i] for i in sorted(range(n), key=keys.__getitem__)]
