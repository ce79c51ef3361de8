"""A game won, celebrated: confetti and card suits shower over the game-over screen for a few
seconds (any key or click ends it at once; "Reduce motion" leaves it out).

The screen under it is kept as one picture while the shower falls, so a frame costs that picture
and a hundred small shapes, not the chart and the tables drawn again.  Time-based: each piece
moves by the frame's ``dt``, from a seeded start, so a test steps it exactly.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ..core.theme import CELEBRATION_COLOURS

CELEBRATION_TIME = 3.6  # seconds the shower lasts
PIECES = 110  # confetti and suits falling at once
GRAVITY = 0.9  # of the window's height per second per second


@dataclass
class Piece:
    x: float  # shares of the window's width and height
    y: float
    vx: float
    vy: float
    spin: float  # radians a second
    angle: float
    colour: tuple[int, int, int]
    suit: bool  # a small suit shape (a spade or a heart), else a strip of confetti


class Celebration:
    def __init__(self, seed: int = 0) -> None:
        rng = random.Random(seed)
        self.age = 0.0
        self.pieces = [Piece(rng.uniform(0.05, 0.95), rng.uniform(-0.9, -0.02), rng.uniform(-0.08, 0.08),
                             rng.uniform(0.05, 0.3), rng.uniform(-6, 6), rng.uniform(0, math.tau),
                             rng.choice(CELEBRATION_COLOURS), rng.random() < 0.2)
                       for _ in range(PIECES)]

    @property
    def over(self) -> bool:
        return self.age >= CELEBRATION_TIME

    def skip(self) -> None:
        self.age = CELEBRATION_TIME

    def update(self, dt: float) -> None:
        self.age += dt
        for piece in self.pieces:
            piece.vy += GRAVITY * dt * 0.25
            piece.x += (piece.vx + 0.03 * math.sin(self.age * 3 + piece.angle)) * dt
            piece.y += piece.vy * dt
            piece.angle += piece.spin * dt

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        size = max(4, h // 90)
        fade = min(1.0, (CELEBRATION_TIME - self.age) / 0.6)  # the last moment thins out
        shown = int(len(self.pieces) * max(0.0, fade))
        for piece in self.pieces[:shown]:
            if not -0.05 < piece.y < 1.05:
                continue
            cx, cy = piece.x * w, piece.y * h
            if piece.suit:
                _suit(surface, piece.colour, cx, cy, size * 1.4)
                continue
            # a strip turning in the air: its width follows the spin (seen edge on, then flat)
            half_w = size * (0.3 + 0.7 * abs(math.cos(piece.angle))) / 2
            half_h = size * 0.9
            c, s = math.cos(piece.angle * 0.5), math.sin(piece.angle * 0.5)
            corners = [(cx + dx * c - dy * s, cy + dx * s + dy * c)
                       for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))]
            pygame.draw.polygon(surface, piece.colour, corners)


def _suit(surface: pygame.Surface, colour: tuple[int, int, int], x: float, y: float, size: float) -> None:
    """A small heart-like suit: two round lobes over a point (read as a suit at confetti size)."""
    r = max(2, int(size * 0.3))
    pygame.draw.circle(surface, colour, (int(x - r * 0.8), int(y - r * 0.2)), r)
    pygame.draw.circle(surface, colour, (int(x + r * 0.8), int(y - r * 0.2)), r)
    pygame.draw.polygon(surface, colour, [(x - r * 1.75, y), (x + r * 1.75, y), (x, y + size * 0.75)])
