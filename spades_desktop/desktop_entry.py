"""The game's entry in a Linux desktop's applications menu, with its icon.

``spades-desktop --install-desktop-entry`` writes the desktop file and the icons under the user's
data folder (``$XDG_DATA_HOME``, else ``~/.local/share``) for a game installed with pip or pipx,
or run from the standalone app; ``--remove-desktop-entry`` takes away exactly those files.

What the entry says is written here once: ``packaging/linux/`` holds the same file for packagers
(a test keeps the two equal), and its ``Exec`` there is the plain command; the installed one names
the very program that installed it, so the menu starts this copy even where ``~/.local/bin`` is not
on the desktop session's PATH.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .about import APP_TITLE
from .console import plain
from .resources import assets_dir
from .storage.atomic import write_atomic
from .storage.faults import write_fault

#: the reverse-DNS id the desktop file, the icons and the AppStream metadata are named after
APP_ID = "org.spadesdesktop.SpadesDesktop"
#: the usual hicolor sizes, each drawn from ``assets/icon.png`` by ``packaging/make_icon.py``
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
#: characters that make an Exec argument need quotes (Desktop Entry Specification, "The Exec key")
_RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")


@dataclass(frozen=True)
class EntryFiles:
    """Where the entry's files go under one data folder."""

    data_home: Path

    @property
    def desktop_file(self) -> Path:
        return self.data_home / "applications" / f"{APP_ID}.desktop"

    @property
    def icon_theme(self) -> Path:
        return self.data_home / "icons" / "hicolor"

    def icon(self, size: int) -> Path:
        return self.icon_theme / f"{size}x{size}" / "apps" / f"{APP_ID}.png"

    def all(self) -> list[Path]:
        return [self.desktop_file, *(self.icon(size) for size in ICON_SIZES)]


def bundled_icon(size: int) -> Path:
    """The icon of one size as the game carries it (wheel, clone or standalone app)."""
    return assets_dir() / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


class NoDataHome(ValueError):
    """The user's data folder cannot be known: HOME is empty or not a full path (and
    XDG_DATA_HOME gives none); the message says which, in a sentence."""


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """The user's data folder by the XDG Base Directory rules: ``$XDG_DATA_HOME`` if it is an
    absolute path, else ``~/.local/share``.

    An empty HOME put the entry under ``/.local/share`` and a relative one under the current
    folder, both with success: NoDataHome instead.  HOME not set at all is the account's home
    folder (the password database's, as ``~`` is)."""
    env = os.environ if environ is None else environ
    chosen = env.get("XDG_DATA_HOME", "")
    if chosen and os.path.isabs(chosen):
        return Path(chosen)
    home = env.get("HOME")
    if home is None:
        home = os.path.expanduser("~")  # (left as it is when the account has no home folder either)
        if not os.path.isabs(home):
            raise NoDataHome("HOME is not set and this account has no home folder; set HOME to your home"
                             " folder (or XDG_DATA_HOME to a full path)")
    if not home:
        raise NoDataHome("HOME is empty, so there is no home folder to put it in; set HOME to your home"
                         " folder (or XDG_DATA_HOME to a full path)")
    if not os.path.isabs(home):
        raise NoDataHome(f"HOME is {home}, not a full path, so it would go under the current folder; set HOME"
                         " to your home folder (or XDG_DATA_HOME to a full path)")
    return Path(home) / ".local" / "share"


def exec_argument(argument: str) -> str:
    """One argument of an Exec line: quoted where it holds a reserved character, with the
    characters that stay special inside quotes escaped, and ``%`` doubled (field codes)."""
    argument = argument.replace("%", "%%")
    if not any(ch in _RESERVED for ch in argument):
        return argument
    escaped = "".join("\\" + ch if ch in '"`$\\' else ch for ch in argument)
    return f'"{escaped}"'


def string_value(text: str) -> str:
    """A desktop file's string value: backslash and line breaks escaped (the Exec quoting's own
    backslashes are doubled by this too, as the specification asks)."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def desktop_entry_text(command: Sequence[str]) -> str:
    """The desktop file that starts ``command`` (a program and its arguments)."""
    exec_line = " ".join(exec_argument(part) for part in command)
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        f"Name={APP_TITLE}",
        "GenericName=Card Game",
        "Comment=Play Spades against strong computer players",
        f"Exec={string_value(exec_line)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=spades;cards;trick-taking;",
        "",
    ])


def launch_command() -> list[str]:
    """How the menu starts this very copy: the standalone app's program, the ``spades-desktop``
    script pip or pipx installed (its path as started, so a pipx upgrade keeps it working), or
    this Python running the package."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).absolute())]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name in ("spades-desktop", "spades-desktop.exe") and script.is_file():
        return [str(script.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "spades_desktop"]


def supported() -> str:
    """Why this system has no desktop entry to install ("" where it has one)."""
    if sys.platform in ("win32", "darwin"):
        return ("the desktop entry is for Linux desktops; on this system start the game with"
                " spades-desktop or from the standalone app")
    return ""


class NotWritten(Exception):
    """One of the entry's own files could not be written: ``path`` is that file (never the
    temporary file the write went through), ``error`` the system's error."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(f"{path}: {error}")
        self.path = path
        self.error = error


def install(files: EntryFiles, command: Sequence[str]) -> str:
    """Write the desktop file and the icons; returns what was done, in a sentence. Raises
    NotWritten for a file of the entry that cannot be written (what was written stays), OSError
    for the rest (a bundled icon missing)."""
    written = [(files.icon(size), bundled_icon(size).read_bytes()) for size in ICON_SIZES]
    written.append((files.desktop_file, desktop_entry_text(command).encode("utf-8")))
    for path, data in written:
        try:
            write_atomic(path, data)
        except OSError as exc:  # (its filename is the temporary file's when the last step failed)
            raise NotWritten(path, exc) from exc
    os.utime(files.icon_theme)  # the icon theme's time tells icon caches to look again
    return (f"{APP_TITLE} is in the applications menu: {files.desktop_file}, with its icon in"
            f" {len(ICON_SIZES)} sizes under {files.icon_theme}")


def remove(files: EntryFiles) -> str:
    """Remove the files ``install`` writes (and nothing else); returns what was done."""
    removed = 0
    for path in files.all():
        if path.is_symlink() or path.is_file():
            path.unlink()
            removed += 1
    if not removed:
        return f"{APP_TITLE} had no entry in the applications menu under {files.data_home}"
    return f"{APP_TITLE}'s menu entry and icons are removed from {files.data_home} ({removed} files)"


def install_main() -> tuple[int, str]:
    """``--install-desktop-entry``: the exit status and the one sentence to print."""
    return _run("installed", lambda home: install(EntryFiles(home), launch_command()))


def remove_main() -> tuple[int, str]:
    """``--remove-desktop-entry``: the exit status and the one sentence to print."""
    return _run("removed", lambda home: remove(EntryFiles(home)))


def _run(done: str, job: Callable[[Path], str]) -> tuple[int, str]:
    """``job`` done in the user's data folder: (0, what it did) or (1, why not, in one sentence
    that names the entry's own file or folder)."""
    refused = supported()
    if refused:
        return 1, f"spades-desktop: {refused}"
    failed = f"spades-desktop: the desktop entry could not be {done}"
    try:
        home = data_home()
    except NoDataHome as exc:
        return 1, f"{failed}: {exc}"
    try:
        return 0, job(home)
    except NotWritten as exc:
        fault = write_fault(exc.error, exc.path)
        return 1, f"{failed}: {fault.reason}; {fault.remedy} and try again"
    except OSError as exc:
        return 1, f"{failed}: {exc.filename or home}: {plain(exc)}"
