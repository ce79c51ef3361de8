"""``spades-desktop --install-desktop-entry`` and ``--remove-desktop-entry``, made to happen: the
game is run as a player runs it, with HOME (or XDG_DATA_HOME) in a temporary folder, and the menu
entry it writes is read back, validated and started."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from spades_desktop import __version__
from spades_desktop.desktop_entry import (
    APP_ID,
    ICON_SIZES,
    EntryFiles,
    bundled_icon,
    desktop_entry_text,
    exec_argument,
    install_main,
    string_value,
)

ROOT = Path(__file__).resolve().parents[2]


def run_game(*args: str, home: Path, data_home: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "XDG_DATA_HOME"}
    home.mkdir(parents=True, exist_ok=True)
    env["HOME"] = str(home)
    if data_home is not None:
        env["XDG_DATA_HOME"] = data_home
    return subprocess.run([sys.executable, "-m", "spades_desktop", *args], env=env, capture_output=True,
                          text=True, timeout=120, cwd=home)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def entry_values(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def exec_command(value: str) -> list[str]:
    """The Exec value as the Desktop Entry Specification reads it: the string's escapes first;
    then arguments split at spaces, where double quotes keep one together and, inside them, a
    backslash makes the next of ``"`$\\`` plain; ``%%`` is a plain ``%``."""
    text = value.replace("\\\\", "\\")
    parts: list[str] = []
    current: list[str] | None = None
    quoted = False
    i = 0
    while i < len(text):
        ch = text[i]
        if quoted and ch == "\\" and i + 1 < len(text) and text[i + 1] in '"`$\\':
            current = (current or []) + [text[i + 1]]
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
            current = current or []
        elif ch == " " and not quoted:
            if current is not None:
                parts.append("".join(current))
            current = None
        else:
            current = (current or []) + [ch]
        i += 1
    assert not quoted, value
    if current is not None:
        parts.append("".join(current))
    return [part.replace("%%", "%") for part in parts]


@pytest.mark.slow
def test_install_puts_the_entry_and_icons_under_local_share_and_the_entry_starts_this_copy(tmp_path):
    done = run_game("--install-desktop-entry", home=tmp_path)
    assert done.returncode == 0, done.stderr
    files = EntryFiles(tmp_path / ".local" / "share")
    assert str(files.desktop_file) in done.stdout
    values = entry_values(files.desktop_file)
    assert values["Name"] == "Spades Desktop" and values["Icon"] == APP_ID and values["Type"] == "Application"
    for size in ICON_SIZES:
        assert png_size(files.icon(size)) == (size, size)
    command = exec_command(values["Exec"])
    assert command[:3] == [str(Path(sys.executable).absolute()), "-m", "spades_desktop"]
    started = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert started.stdout.strip() == f"spades-desktop {__version__}"
    if shutil.which("desktop-file-validate"):  # CI installs it (Debian's desktop-file-utils)
        checked = subprocess.run(["desktop-file-validate", str(files.desktop_file)], capture_output=True, text=True)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout


@pytest.mark.slow
def test_xdg_data_home_is_used_when_set(tmp_path):
    chosen = tmp_path / "data home"
    done = run_game("--install-desktop-entry", home=tmp_path / "home", data_home=str(chosen))
    assert done.returncode == 0, done.stderr
    assert EntryFiles(chosen).desktop_file.is_file()
    assert not (tmp_path / "home" / ".local").exists()


@pytest.mark.slow
def test_remove_takes_away_exactly_what_install_put(tmp_path):
    assert run_game("--install-desktop-entry", home=tmp_path).returncode == 0
    files = EntryFiles(tmp_path / ".local" / "share")
    neighbour = files.desktop_file.parent / "another-game.desktop"
    neighbour.write_text("[Desktop Entry]\n", encoding="utf-8")
    other_icon = files.icon(48).parent / "another-game.png"
    other_icon.write_bytes(b"png")
    done = run_game("--remove-desktop-entry", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "removed" in done.stdout
    assert not any(path.exists() for path in files.all())
    assert neighbour.exists() and other_icon.exists()
    again = run_game("--remove-desktop-entry", home=tmp_path)
    assert again.returncode == 0 and "had no entry" in again.stdout


@pytest.mark.slow
def test_a_file_where_the_applications_folder_should_be_is_said_in_one_sentence(tmp_path):
    share = tmp_path / ".local" / "share"
    share.mkdir(parents=True)
    (share / "applications").write_text("not a folder", encoding="utf-8")
    done = run_game("--install-desktop-entry", home=tmp_path)
    assert done.returncode == 1
    message = done.stderr.strip()
    assert message.startswith("spades-desktop: the desktop entry could not be installed: ")
    assert str(share / "applications") in message and "Traceback" not in done.stderr
    assert len(message.splitlines()) == 1
    assert (share / "applications").read_text(encoding="utf-8") == "not a folder"


@pytest.mark.slow
def test_the_window_does_not_open_for_these_options(tmp_path):
    """They act and exit: no pygame display, no user folder made."""
    env_home = tmp_path / "user"
    done = subprocess.run([sys.executable, "-m", "spades_desktop", "--version"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "SPADES_DESKTOP_HOME": str(env_home)})
    assert done.returncode == 0 and done.stdout.strip() == f"spades-desktop {__version__}"
    assert not env_home.exists()


def test_exec_arguments_are_quoted_as_the_desktop_entry_specification_asks():
    awkward = '/home/a b/it\'s "here"/$HOME/back\\slash/100%'
    value = string_value(" ".join(exec_argument(part) for part in [awkward, "--x"]))
    assert exec_command(value) == [awkward, "--x"]
    assert exec_argument("/usr/bin/spades-desktop") == "/usr/bin/spades-desktop"
    assert exec_argument("/a%b") == "/a%%b"


def test_the_packaged_desktop_file_is_the_one_the_game_writes():
    packaged = ROOT / "packaging" / "linux" / f"{APP_ID}.desktop"
    assert packaged.read_text(encoding="utf-8") == desktop_entry_text(["spades-desktop"])


def test_every_theme_icon_is_bundled_at_its_size():
    for size in ICON_SIZES:
        assert png_size(bundled_icon(size)) == (size, size)


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_other_systems_are_told_the_entry_is_for_linux(monkeypatch, tmp_path, platform):
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("HOME", str(tmp_path))
    status, words = install_main()
    assert status == 1 and "for Linux desktops" in words
    assert not (tmp_path / ".local").exists()
