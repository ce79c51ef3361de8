"""What the standalone app's bytes are: its files grouped by the package they come from.

    python packaging/size_table.py dist/spades-desktop      # a Markdown table, largest first

Each file is counted once at its own size: a symbolic link (PyInstaller links the shared
libraries it finds under ``pygame_ce.libs/`` into ``_internal/``) adds nothing, as on disk and in
the .tar.gz. ``packaging/build.py --check`` prints the same table after a build.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

#: (what a file's path within the bundle says, the package it is counted under), first match wins
_RULES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("spades_desktop/", "spades_desktop.egg-info/", "spades_desktop-"), "Spades Desktop (assets, metadata)"),
    (("lib-dynload/",), "Python standard library: C modules"),
    (("libpython", "python3", "Python.framework", "Python/Python"), "Python interpreter (libpython)"),
    (("base_library.zip",), "Python standard library: startup modules"),
    (("libcrypto", "libssl"), "OpenSSL (libcrypto, libssl)"),
    (("libstdc++", "libgcc_s"), "C++ runtime (for pygame-ce's fluidsynth)"),
    (("pygame_ce.libs/", "pygame/.dylibs/", "pygame/SDL", "pygame/lib", "pygame/freetype.dll"),
     "pygame-ce: SDL, image, font and sound libraries"),
    (("pygame/",), "pygame-ce: its modules"),
    (("share/", "INSTALL.txt"), "Linux desktop entry and install note"),
)


def package_of(relative: str, launcher: str) -> str:
    """The package one file of the bundle belongs to (``relative`` uses forward slashes)."""
    if relative == launcher:
        return "Launcher and every Python module, compressed (PYZ)"
    name = relative.rsplit("/", 1)[-1]
    for patterns, package in _RULES:
        if any(relative.startswith(p) or f"/{p}" in relative or name.startswith(p) for p in patterns):
            return package
    if name.endswith((".pyd",)):
        return "Python standard library: C modules"
    return "Other shared libraries (zlib, bz2, lzma, ffi, uuid ...)"


def sizes_by_package(bundle: Path) -> dict[str, int]:
    """Bytes per package; symbolic links are not followed (each file counted once)."""
    launcher = next((p.name for p in (bundle / "spades-desktop", bundle / "spades-desktop.exe") if p.is_file()), "")
    totals: dict[str, int] = defaultdict(int)
    for path in bundle.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        relative = path.relative_to(bundle).as_posix().removeprefix("_internal/")
        totals[package_of(relative, launcher)] += path.lstat().st_size
    return dict(totals)


def bundle_bytes(bundle: Path) -> int:
    """The bundle's size: every file once, links not followed."""
    if bundle.is_file():
        return bundle.stat().st_size
    return sum(sizes_by_package(bundle).values())


def table(sizes: dict[str, int]) -> str:
    """A Markdown table, largest first, with the total."""
    rows = ["| package | MB |", "| --- | ---: |"]
    rows += [f"| {name} | {size / 1e6:.1f} |" for name, size in sorted(sizes.items(), key=lambda kv: -kv[1])]
    rows.append(f"| **total** | **{sum(sizes.values()) / 1e6:.1f}** |")
    return "\n".join(rows)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python packaging/size_table.py BUNDLE_FOLDER")
    print(table(sizes_by_package(Path(sys.argv[1]))))
