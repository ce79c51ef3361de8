"""Draw the app icon (a white spade on a rounded green card) into assets/icon.png.

Run once when the design changes: ``python packaging/make_icon.py``.  The PNG is
committed; the game uses it as the window icon and the packages as the app icon.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from spades_desktop.ui.cards.cardart import draw_suit


def main() -> None:
    size = 256
    big = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    rect = big.get_rect().inflate(-24, -24)
    pygame.draw.rect(big, (18, 92, 58), rect, border_radius=90)
    pygame.draw.rect(big, (232, 196, 92), rect, width=14, border_radius=90)
    draw_suit(big, 3, rect.center, rect.h * 0.62, (250, 250, 250))
    icon = pygame.transform.smoothscale(big, (size, size))
    out = Path(__file__).resolve().parent.parent / "assets" / "icon.png"
    pygame.image.save(icon, str(out))
    write_ico(out, out.with_suffix(".ico"))
    print(out)


def write_ico(png: Path, ico: Path) -> None:
    """A Windows .ico holding the PNG as its one image (PNG entries are valid since Vista)."""
    data = png.read_bytes()
    header = struct.pack("<HHH", 0, 1, 1)
    # width and height 0 mean 256; colour count 0, reserved 0, planes 1, 32 bits, size, offset
    entry = struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(data), 6 + 16)
    ico.write_bytes(header + entry + data)


if __name__ == "__main__":
    main()
