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


# ---------------------------------------------------------------- issue 57: options that contradict,
# a HOME that names no home folder, an error that names the entry's own file, an answer not written

@pytest.mark.parametrize(("argv", "named"), [
    (["--install-desktop-entry", "--remove-desktop-entry"], ("--install-desktop-entry", "--remove-desktop-entry")),
    (["--remove-desktop-entry", "--install-desktop-entry"], ("--remove-desktop-entry", "--install-desktop-entry")),
    (["--install-desktop-entry", "--version"], ("--install-desktop-entry", "--version")),
    (["--version", "--install-desktop-entry"], ("--version", "--install-desktop-entry")),
    (["--install-desktop-entry", "--watch"], ("--install-desktop-entry", "--watch")),
    (["--watch", "--install"], ("--install-desktop-entry", "--watch")),  # cut short, as argparse allows
    (["--version", "--seed", "3"], ("--version", "--seed 3")),
])
def test_an_option_that_does_one_thing_beside_another_is_refused_in_one_line(argv, named, tmp_path, monkeypatch,
                                                                            capsys):
    """Before: argparse ran the first it met and exited 0; the rest was silently dropped."""
    from spades_desktop.options import parse_options

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    with pytest.raises(SystemExit) as stop:
        parse_options(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    line = err.strip()
    assert line.startswith(f"spades-desktop: {named[0]} does one thing and exits, so it is given alone, not with "
                           f"{named[1]}"), line
    assert not (tmp_path / ".local").exists(), "nothing installed"


@pytest.mark.parametrize("option", ["--version", "--install-desktop-entry", "--remove-desktop-entry"])
def test_an_option_that_does_one_thing_alone_does_it(option, tmp_path, monkeypatch, capsys):
    from spades_desktop.options import parse_options

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    with pytest.raises(SystemExit) as stop:
        parse_options([option])
    out, err = capsys.readouterr()
    assert stop.value.code == 0 and err == "" and len(out.splitlines()) == 1, err
    assert option != "--version" or out == f"spades-desktop {__version__}\n"
    assert (option == "--install-desktop-entry") == EntryFiles(tmp_path / ".local" / "share").desktop_file.exists()


def test_every_usage_error_is_one_line_with_status_2(capsys):
    from spades_desktop.options import parse_options

    for argv in (["--size", "100x100"], ["--frames", "many"], ["--bogus"], ["--watch", "--autoplay-hands", "3"]):
        with pytest.raises(SystemExit) as stop:
            parse_options(argv)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and len(err.splitlines()) == 1 and err.startswith("spades-desktop: "), err


class _FullDisk:
    """A standard output on a full disk: what is printed is buffered, and the flush fails."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        raise OSError(28, "No space left on device")

    def fileno(self) -> int:
        raise ValueError("no file")


def test_a_version_that_cannot_be_written_says_so_and_fails(monkeypatch, capsys):
    """Before: ``--version > /dev/full`` exited 0 and said nothing."""
    from spades_desktop.options import parse_options

    monkeypatch.setattr(sys, "stdout", _FullDisk())
    with pytest.raises(SystemExit) as stop:
        parse_options(["--version"])
    assert stop.value.code == 1
    assert capsys.readouterr().err == "spades-desktop: --version could not print its answer: no space left on device\n"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_version_to_dev_full_fails_with_a_message(tmp_path):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "spades_desktop", "--version"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == "spades-desktop: --version could not print its answer: no space left on device\n"


@pytest.mark.parametrize(("home", "said"), [
    ("", "HOME is empty, so there is no home folder to put it in"),
    ("relative/home", "HOME is relative/home, not a full path, so it would go under the current folder"),
])
@pytest.mark.parametrize("main", ["install_main", "remove_main"])
def test_a_home_that_names_no_home_folder_is_refused(home, said, main, tmp_path, monkeypatch):
    """Before: an empty HOME installed under /.local/share, a relative one under the current folder."""
    from spades_desktop import desktop_entry

    touched: list[Path] = []  # the folders the entry's files would be written in or removed from
    monkeypatch.setattr(desktop_entry, "install", lambda files, command: touched.append(files.data_home) or "")
    monkeypatch.setattr(desktop_entry, "remove", lambda files: touched.append(files.data_home) or "")
    monkeypatch.setenv("HOME", home)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    status, words = getattr(desktop_entry, main)()
    done = "installed" if main == "install_main" else "removed"
    assert touched == [], "no folder is written in or removed from"
    assert status == 1
    assert words == (f"spades-desktop: the desktop entry could not be {done}: {said}; set HOME to your home folder"
                     " (or XDG_DATA_HOME to a full path)")


def test_a_full_xdg_data_home_is_used_whatever_home_says(tmp_path, monkeypatch):
    from spades_desktop.desktop_entry import data_home

    assert data_home({"HOME": "", "XDG_DATA_HOME": str(tmp_path)}) == tmp_path
    assert data_home({"HOME": str(tmp_path), "XDG_DATA_HOME": "relative"}) == tmp_path / ".local" / "share"


def test_a_folder_where_the_entry_goes_is_named_not_a_temporary_file(tmp_path, monkeypatch):
    """Before: the sentence named the temporary file the write went through
    (``.org.spadesdesktop.SpadesDesktop.desktop.x1y2.tmp``)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    files = EntryFiles(tmp_path / ".local" / "share")
    files.desktop_file.mkdir(parents=True)
    status, words = install_main()
    assert status == 1
    assert words == (f"spades-desktop: the desktop entry could not be installed: {files.desktop_file} is a folder"
                     " where a file belongs; move that folder away and try again")
    assert files.desktop_file.is_dir() and [p.name for p in files.desktop_file.parent.iterdir()] == [
        files.desktop_file.name], "no temporary file left beside it"
