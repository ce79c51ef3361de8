"""The command-line options that do one thing for the player and exit instead of opening the
window: ``--version``, ``--install-desktop-entry`` and ``--remove-desktop-entry``.

They join the game's own parser (``add_player_options``), so ``--help`` lists them with the rest,
and argparse runs them as it meets them, as it does ``--version``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .about import version_text


class _RunAndExit(argparse.Action):
    """An option that runs ``job`` (which returns an exit status and one sentence) and exits."""

    def __init__(self, option_strings: Sequence[str], dest: str, job: Callable[[], tuple[int, str]],
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)
        self.job = job

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        status, words = self.job()
        stream = sys.stdout if status == 0 else sys.stderr
        if stream is not None:  # a windowed standalone app may have neither
            print(words, file=stream)
        parser.exit(status)


def _install() -> tuple[int, str]:
    from .desktop_entry import install_main

    return install_main()


def _remove() -> tuple[int, str]:
    from .desktop_entry import remove_main

    return remove_main()


def add_player_options(parser: argparse.ArgumentParser) -> None:
    """Add the options to the game's parser."""
    parser.add_argument("--version", action="version", version=version_text())
    parser.add_argument("--install-desktop-entry", action=_RunAndExit, job=_install,
                        help="add the game to this Linux desktop's applications menu (under ~/.local/share)")
    parser.add_argument("--remove-desktop-entry", action=_RunAndExit, job=_remove,
                        help="take the game's applications menu entry and icons away again")
