"""The table's felt: its oval drawn as rings on wide windows is the same picture as drawn filled."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from spades_desktop.ui.core.table_look import RINGS_FROM_WIDTH, draw_oval, oval_steps

GREEN = (20, 110, 70)


@pytest.mark.parametrize("size", [(RINGS_FROM_WIDTH, 900), (1920, 1080), (1921, 1079), (2560, 1440),
                                  (1600, 1200), (3000, 700), (3840, 2160)])
def test_the_oval_drawn_as_rings_is_the_oval_drawn_filled(size):
    """Rings (each ellipse but the last a band reaching under the next) made a wide window's first
    table frame 13 ms quicker at 1920x1080 and 160 ms at 3840x2160: not a pixel may differ."""
    pygame.display.init()
    ellipses = oval_steps(size, GREEN, 0.47)
    filled, rings = pygame.Surface(size), pygame.Surface(size)
    filled.fill((1, 2, 3))
    rings.fill((1, 2, 3))
    draw_oval(filled, ellipses, rings=False)
    draw_oval(rings, ellipses, rings=True)
    assert pygame.image.tobytes(rings, "RGB") == pygame.image.tobytes(filled, "RGB")


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080), (3840, 2160)])
def test_the_table_s_felt_has_rows_longer_than_the_window_s_and_the_same_pixels(size):
    """A frame redraws the felt under each changed area row by row; with rows as long as the
    window's the copies took twice as long (the rows lay at the same offsets).  The table's felt is
    a window-sized part of a surface whose rows are an odd number of pixels longer: the pixels are
    the felt's own."""
    from spades_desktop.ui.core.table_look import felt_surface, table_felt

    pygame.display.init()
    window = pygame.display.set_mode(size)
    felt = table_felt(size, GREEN)
    assert felt.get_size() == size
    extra = (felt.get_pitch() - window.get_pitch()) // felt.get_bytesize()
    assert extra % 2 == 1, "rows an odd number of pixels longer than the window's"
    plain = felt_surface(size, GREEN).convert()
    assert pygame.image.tobytes(felt, "RGB") == pygame.image.tobytes(plain, "RGB")
