"""Pack a built standalone app into the one file a player downloads for their system.

    Linux:   spades-desktop-<version>-linux-<machine>.tar.gz   the app folder, with share/
             (desktop entry, AppStream metadata, icons) and INSTALL.txt
    Windows: spades-desktop-<version>-windows-<machine>.zip    the app folder
    macOS:   spades-desktop-<version>-macos-<machine>.zip      Spades Desktop.app (ditto keeps its
             links and attributes, which a plain zip would lose)

``python packaging/build.py --archive`` calls ``make_archive`` after the build; the release
workflow attaches the file to the release.
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"


def system_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def archive_name(version: str, suffix: str) -> str:
    machine = (platform.machine() or "unknown").lower().replace("amd64", "x86_64")
    return f"spades-desktop-{version}-{system_name()}-{machine}{suffix}"


def add_linux_files(bundle: Path) -> None:
    """The desktop entry, metadata and icons as under /usr/share, and the install note."""
    sys.path.insert(0, str(ROOT))
    from spades_desktop.desktop_entry import APP_ID, ICON_SIZES, bundled_icon

    share = bundle / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    shutil.copy2(LINUX / f"{APP_ID}.desktop", share / "applications")
    shutil.copy2(LINUX / f"{APP_ID}.metainfo.xml", share / "metainfo")
    for size in ICON_SIZES:
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(bundled_icon(size), target)
    shutil.copy2(LINUX / "INSTALL.txt", bundle / "INSTALL.txt")


def make_archive(dist: Path, version: str) -> Path:
    """Pack ``dist``'s app for this system; returns the archive's path."""
    if sys.platform == "darwin":
        app = dist / "Spades Desktop.app"
        out = dist / archive_name(version, ".zip")
        out.unlink(missing_ok=True)
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(out)], check=True)
        return out
    bundle = dist / "spades-desktop"
    if sys.platform == "win32":
        out = dist / archive_name(version, ".zip")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
            for path in sorted(bundle.rglob("*")):
                packed.write(path, path.relative_to(dist).as_posix())
        return out
    add_linux_files(bundle)
    out = dist / archive_name(version, ".tar.gz")
    with tarfile.open(out, "w:gz", compresslevel=9) as packed:
        packed.add(bundle, arcname=bundle.name)  # links stay links
    return out
