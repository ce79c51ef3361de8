"""The table's look where other screens show it too: its felt and a seat's round badge (How to
play's pictures lie on the same felt and show the same plates as the table)."""

from __future__ import annotations

import random

import pygame

from ...engine.seats import Seat
from .theme import FELT_GRAIN, FELT_RIM, SEAT_COLOURS


def felt_tile(size: int = 96, seed: int = 7) -> tuple[pygame.Surface, pygame.Surface]:
    """Two small tiles of fibres, one to lighten and one to darken the felt: a woven grain that
    repeats too finely to see as a pattern.  Deterministic, so screenshots compare."""
    rng = random.Random(seed)
    light = pygame.Surface((size, size))
    dark = pygame.Surface((size, size))
    for tile in (light, dark):
        tile.fill(FELT_GRAIN)
        for _ in range(size * 6):
            x, y = rng.randrange(size), rng.randrange(size)
            length = rng.randrange(2, 6)
            v = rng.randrange(4, 11)
            if rng.random() < 0.5:
                pygame.draw.line(tile, (v, v, v), (x, y), (x + length, y + rng.choice((-1, 0, 1))))
            else:
                pygame.draw.line(tile, (v, v, v), (x, y), (x + rng.choice((-1, 0, 1)), y + length))
    return light, dark


def draw_seat_disc(surface: pygame.Surface, seat: Seat, center: tuple[int, int], size: int) -> None:
    """A name plate's round badge without its letter: the seat's own colour, a lighter ring."""
    colour = SEAT_COLOURS[seat]
    radius = size // 2
    pygame.draw.circle(surface, colour, center, radius)
    pygame.draw.circle(surface, tuple(min(255, c + 60) for c in colour), center, radius, max(2, size // 16))


_TABLE_FELTS: dict[tuple[tuple[int, int], tuple[int, int, int]], pygame.Surface] = {}


def table_felt(size: tuple[int, int], base: tuple[int, int, int]) -> pygame.Surface:
    """The table's felt for the window, made once per size and colour for the whole app: a new game
    or a resumed one opens on it at once (making it took a new table's first frame 20 ms)."""
    key = (size, base)
    felt = _TABLE_FELTS.get(key)
    if felt is None:
        if len(_TABLE_FELTS) >= 4:  # a few window sizes and colours: never a growing heap of them
            _TABLE_FELTS.clear()
        felt = felt_surface(size, base)
        if pygame.display.get_surface() is not None:
            felt = offset_rows(felt.convert())
        _TABLE_FELTS[key] = felt
    return felt


#: the felt's rows are kept this many pixels longer than the window's (see ``offset_rows``)
ROW_PAD = 1


def offset_rows(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` as a window-sized part of a surface whose rows are ``ROW_PAD`` pixels longer.

    Why: a frame redraws the felt under each area that changed, row by row, and SDL copies a row
    between two surfaces of the same format.  With rows of the same length the felt's rows and the
    window's lie at the same offsets, and the copies took twice as long (200 areas of a card's
    size or so: 16.3 ms against 7.2 at 3840x2160, 13.0 against 5.5 at 1920x1080; rows 8, 16 or 32
    pixels longer did not help, an odd number did).  The pixels are the same."""
    width, height = surface.get_size()
    longer = pygame.Surface((width + ROW_PAD, height), 0, surface)
    longer.blit(surface, (0, 0))
    return longer.subsurface((0, 0, width, height))


def felt_surface(size: tuple[int, int], base: tuple[int, int, int], middle: float = 0.47) -> pygame.Surface:
    """The table's felt at ``size``: a soft oval lighter toward the centre (``middle`` of the height
    down), with the grain of ``add_felt_grain``."""
    w, h = size
    surf = pygame.Surface((w, h))
    surf.fill(tuple(int(c * 0.55) for c in base))
    draw_oval(surf, oval_steps(size, base, middle), rings=w >= RINGS_FROM_WIDTH)
    add_felt_grain(surf)
    return surf


#: from this window width up the felt's oval is drawn as rings: the same pixels, in 9 ms instead of
#: 22 at 1920x1080 and 49 instead of 211 at 3840x2160 (a new table's first frame); narrower, the
#: filled ellipses are the quicker (4 ms against 7.5 at 1280x720)
RINGS_FROM_WIDTH = 1600


def oval_steps(size: tuple[int, int], base: tuple[int, int, int], middle: float,
               steps: int = 24) -> list[tuple[tuple[int, ...], pygame.Rect]]:
    """A soft oval of felt: concentric ellipses lighter toward the centre, the largest first."""
    w, h = size
    ellipses = []
    for i in range(steps):
        t = i / steps
        colour = tuple(min(255, int(c * (0.62 + 0.45 * t))) for c in base)
        rect = pygame.Rect(0, 0, int(w * (1.25 - 0.6 * t)), int(h * (1.2 - 0.55 * t)))
        rect.center = (w // 2, int(h * middle))
        ellipses.append((colour, rect))
    return ellipses


def draw_oval(surface: pygame.Surface, ellipses: list[tuple[tuple[int, ...], pygame.Rect]], rings: bool) -> None:
    """Each ellipse over the one before.  With ``rings``, each but the last only as a band wide
    enough to reach under the next (which covers the rest): the same pixels, less of the window
    written 24 times over."""
    for (colour, rect), inner in zip(ellipses, [*(rect for _, rect in ellipses[1:]), None], strict=True):
        if rings and inner is not None:
            pygame.draw.ellipse(surface, colour, rect, max(rect.w - inner.w, rect.h - inner.h) // 2 + 2)
        else:
            pygame.draw.ellipse(surface, colour, rect)


def add_felt_grain(surface: pygame.Surface) -> None:
    """Fibres over the whole table and a darker rim (vignette): felt rather than flat paint."""
    w, h = surface.get_size()
    light, dark = felt_tile()
    step = light.get_width()
    for y in range(0, h, step):
        for x in range(0, w, step):
            surface.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(dark, (x + step // 2, y + step // 3), special_flags=pygame.BLEND_RGB_SUB)
    rim = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(10):  # the rim darkens toward the window's edges
        t = i / 10
        pygame.draw.rect(rim, FELT_RIM, (int(w * t * 0.06), int(h * t * 0.06), int(w * (1 - t * 0.12)),
                                              int(h * (1 - t * 0.12))), width=max(2, int(h * 0.008)))
    surface.blit(rim, (0, 0))

