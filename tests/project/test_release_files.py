"""The files a release is made of agree with one another: the version in the package, the
changelog and the AppStream metadata; the metadata's screenshots are the project's own; the
Linux archive carries the desktop entry, metadata, icons and install note."""

from __future__ import annotations

import re
import struct
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spades_desktop import __version__
from spades_desktop.desktop_entry import APP_ID, ICON_SIZES

ROOT = Path(__file__).resolve().parents[2]
METAINFO = ROOT / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"
_RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.MULTILINE)


def changelog_releases() -> list[tuple[str, str]]:
    return _RELEASE.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))


def test_the_changelog_keeps_a_changelog_with_this_version_on_top():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n") and "## [Unreleased]" in text
    assert text.index("## [Unreleased]") < text.index(f"## [{__version__}]")
    assert changelog_releases()[0][0] == __version__


def test_the_metainfo_names_the_same_release_and_date():
    releases = ET.parse(METAINFO).getroot().find("releases")
    assert releases is not None
    newest = releases.findall("release")[0]
    version, date = changelog_releases()[0]
    assert (newest.get("version"), newest.get("date")) == (version, date) == (__version__, date)


def test_the_metainfo_is_for_this_app_and_its_screenshots_are_the_projects_own():
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.find("content_rating") is not None
    images = root.findall("screenshots/screenshot/image")
    assert images
    for image in images:
        name = (image.text or "").rsplit("/docs/screenshots/", 1)[-1]
        shot = ROOT / "docs" / "screenshots" / name
        header = shot.read_bytes()[:24]
        assert struct.unpack(">II", header[16:24]) == (int(image.get("width", 0)), int(image.get("height", 0)))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .tar.gz is the Linux archive")
def test_the_linux_archive_carries_the_desktop_files_and_install_note(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", [str(ROOT / "packaging"), *sys.path])
    from archive import make_archive

    bundle = tmp_path / "spades-desktop"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "spades-desktop").write_bytes(b"#!/bin/sh\n")
    (bundle / "_internal" / "libz.so.1").write_bytes(b"z")
    (bundle / "_internal" / "link.so").symlink_to("libz.so.1")
    archive = make_archive(tmp_path, __version__)
    assert archive.name.startswith(f"spades-desktop-{__version__}-linux-") and archive.name.endswith(".tar.gz")
    with tarfile.open(archive) as packed:
        names = set(packed.getnames())
        assert packed.getmember("spades-desktop/_internal/link.so").issym()  # links stay links
    expected = {"spades-desktop/spades-desktop", "spades-desktop/INSTALL.txt",
                f"spades-desktop/share/applications/{APP_ID}.desktop",
                f"spades-desktop/share/metainfo/{APP_ID}.metainfo.xml",
                *(f"spades-desktop/share/icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in ICON_SIZES)}
    assert expected <= names
