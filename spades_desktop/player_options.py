"""The command-line options that do one thing for the player and exit instead of opening the
window: ``--version``, ``--install-desktop-entry`` and ``--remove-desktop-entry``.

They join the game's own parser (``add_player_options``), so ``--help`` lists them with the rest.
Each does one thing and exits, so it is given alone: argparse ran the first it met and exited,
and whatever stood beside it (``--remove-desktop-entry`` after ``--install-desktop-entry``,
``--watch``) was silently dropped.  Now the option is only noted as it is met; once the whole
command line is read, ``run_alone`` refuses it in one line if anything else is there, and runs it
otherwise.  Its answer is flushed, so one that cannot be written (``--version > /dev/full``) is
said on standard error with status 1 instead of vanishing with status 0.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from .about import version_text
from .console import answer, say


@dataclass(frozen=True)
class OneThing:
    """An option met on the command line that does one thing and exits: ``job`` returns the exit
    status and one sentence (said on standard output when it worked, standard error when not)."""

    option: str
    job: Callable[[], tuple[int, str]]


#: where the first such option met is noted in argparse's namespace
_NOTED = "one_thing"


class _DoOneThing(argparse.Action):
    """Notes the option (the first met); ``run_alone`` runs it once the command line is read."""

    def __init__(self, option_strings: Sequence[str], dest: str, job: Callable[[], tuple[int, str]],
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)
        self.job = job

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if getattr(namespace, _NOTED, None) is None:
            setattr(namespace, _NOTED, OneThing(self.option_strings[0], self.job))


def _version() -> tuple[int, str]:
    return 0, version_text()


def _install() -> tuple[int, str]:
    from .desktop_entry import install_main

    return install_main()


def _remove() -> tuple[int, str]:
    from .desktop_entry import remove_main

    return remove_main()


def add_player_options(parser: argparse.ArgumentParser) -> None:
    """Add the options to the game's parser."""
    parser.add_argument("--version", action=_DoOneThing, job=_version, help="show the game's version and exit")
    parser.add_argument("--install-desktop-entry", action=_DoOneThing, job=_install,
                        help="add the game to this Linux desktop's applications menu (under ~/.local/share)")
    parser.add_argument("--remove-desktop-entry", action=_DoOneThing, job=_remove,
                        help="take the game's applications menu entry and icons away again")


def run_alone(parser: argparse.ArgumentParser, namespace: argparse.Namespace, argv: Sequence[str]) -> None:
    """If the command line held one of these options: refuse it (a usage error) when anything else
    is there too, else run it and exit with its status.  Returns only when there was none."""
    noted = getattr(namespace, _NOTED, None)
    if noted is None:
        return
    others = list(argv)
    for i, arg in enumerate(others):  # the option as typed: in full, or cut short as argparse allows
        if len(arg) > 2 and noted.option.startswith(arg):
            del others[i]
            break
    if others:
        parser.error(f"{noted.option} does one thing and exits, so it is given alone, not with {' '.join(others)}")
    status, words = noted.job()
    _exit_with(status, words, noted.option)


def _exit_with(status: int, words: str, option: str) -> NoReturn:
    if status != 0:
        say(words)
        sys.exit(status)
    unwritten = answer(words)
    if unwritten:
        say(f"spades-desktop: {option} could not print its answer: {unwritten}")
        sys.exit(1)
    sys.exit(0)
