"""Draw the app icon (a white spade on a rounded green card) into assets/icon.png, and make
from it the icons each system's package wants.

Run once when the design changes: ``python packaging/make_icon.py``.  The files are committed:
``assets/icon.png`` (the window icon), ``assets/icon.ico`` (Windows), ``assets/icon.icns``
(macOS) and ``assets/icons/hicolor/<N>x<N>/apps/<app id>.png`` at the usual sizes of a Linux
icon theme (installed by ``spades-desktop --install-desktop-entry``).
``--from-png`` leaves ``assets/icon.png`` as it is and only makes the others from it.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from spades_desktop.desktop_entry import APP_ID, ICON_SIZES
from spades_desktop.ui.cards.cardart import draw_suit

ASSETS = Path(__file__).resolve().parent.parent / "assets"
#: the .icns entries made from the 256-pixel icon: type and pixels (PNG data in each)
ICNS_ENTRIES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
                ("ic11", 32), ("ic12", 64), ("ic13", 256))


def main() -> None:
    out = ASSETS / "icon.png"
    if "--from-png" not in sys.argv[1:]:
        draw_icon(out)
    write_ico(out, out.with_suffix(".ico"))
    write_theme_icons(out)
    write_icns(out, out.with_suffix(".icns"))
    print(out)


def draw_icon(out: Path) -> None:
    size = 256
    big = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    rect = big.get_rect().inflate(-24, -24)
    pygame.draw.rect(big, (18, 92, 58), rect, border_radius=90)
    pygame.draw.rect(big, (232, 196, 92), rect, width=14, border_radius=90)
    draw_suit(big, 3, rect.center, rect.h * 0.62, (250, 250, 250))
    icon = pygame.transform.smoothscale(big, (size, size))
    pygame.image.save(icon, str(out))


def scaled_png(png: Path, size: int) -> bytes:
    """The icon scaled to ``size`` pixels square, as PNG bytes."""
    icon = pygame.image.load(str(png))
    small = icon if icon.get_width() == size else pygame.transform.smoothscale(icon, (size, size))
    scratch = png.parent / f".scaled-{size}.png"
    pygame.image.save(small, str(scratch))
    try:
        return scratch.read_bytes()
    finally:
        scratch.unlink()


def write_theme_icons(png: Path) -> None:
    """The hicolor theme's sizes, each its own PNG (a desktop picks the nearest)."""
    for size in ICON_SIZES:
        target = ASSETS / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(scaled_png(png, size))


def write_icns(png: Path, icns: Path) -> None:
    """A macOS .icns: the magic and total length, then each entry's type, length and PNG data."""
    entries = b""
    for kind, size in ICNS_ENTRIES:
        data = scaled_png(png, size)
        entries += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    icns.write_bytes(b"icns" + struct.pack(">I", 8 + len(entries)) + entries)


def write_ico(png: Path, ico: Path) -> None:
    """A Windows .ico holding the PNG as its one image (PNG entries are valid since Vista)."""
    data = png.read_bytes()
    header = struct.pack("<HHH", 0, 1, 1)
    # width and height 0 mean 256; colour count 0, reserved 0, planes 1, 32 bits, size, offset
    entry = struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(data), 6 + 16)
    ico.write_bytes(header + entry + data)


if __name__ == "__main__":
    main()
