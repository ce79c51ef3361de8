"""spades-sim's levels, today's or an earlier commit's: ``normal``, or ``normal@base``, ``hard@<ref>``.

A stronger computer player is measured against the one it replaces (issue 43 item 3), so a side
may play the computer players of another commit.  ``LEVEL@REF`` takes ``spades_desktop/ai`` as it
was at git revision ``REF`` (``base``: ``BASE_REF``, the players before issue 43) from this
checkout's git history, puts it under ``.baseline/<commit>/`` beside the package (left out of
git) as a package of its own, and plays it with *today's* engine: its imports of the engine are
pointed at ``spades_desktop.engine``.  The rules the two sides play are then the same whatever
the engine has become since, and only the players differ (an old checkout on ``sys.path`` would
bring its old engine along).  The copy is made once per commit, in the main process before the
worker processes start; a worker finds it there (and makes it again, atomically, if it is not).
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .ai.players import ComputerPlayer, Level

#: the computer players before issue 43 (the commit its work started from)
BASE_REF = "ec50d0dbda482974436afbed568ea4d9b8cc84c5"
ALIASES = {"base": BASE_REF}
PACKAGE_DIR = Path(__file__).resolve().parent
CACHE = PACKAGE_DIR.parent / ".baseline"


def split_level(spec: str) -> tuple[Level, str | None]:
    """``"hard@base"`` -> (hard, "base"); ``"normal"`` -> (normal, None).  Raises ValueError on an
    unknown level or an empty revision."""
    level, at, ref = spec.partition("@")
    if at and not ref:
        raise ValueError(f"{spec!r}: name a git revision after the @ (e.g. {level}@base)")
    return Level(level), (ref or None)


def level_name(spec: str) -> str:
    """An argparse type: the spec itself, once it names a known level."""
    try:
        split_level(spec)
    except ValueError as exc:
        raise ValueError(f"{spec!r} is not LEVEL or LEVEL@REF ({exc})") from exc
    return spec


def _git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(PACKAGE_DIR), *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {done.stderr.strip() or 'failed'}")
    return done.stdout


@functools.cache
def resolve(ref: str) -> str:
    """The full commit a revision (or alias) names in this checkout's history."""
    return _git("rev-parse", "--verify", f"{ALIASES.get(ref, ref)}^{{commit}}").strip()


_ENGINE_IMPORT = re.compile(r"^(\s*from )\.\.(\w)", re.MULTILINE)


def rewrite(source: str) -> str:
    """A module of the old ``ai`` package as a package of its own: ``from ..engine`` (the only layer
    the players import) becomes ``from spades_desktop.engine``; its own modules stay relative."""
    return _ENGINE_IMPORT.sub(r"\1spades_desktop.\2", source)


def materialize(commit: str) -> str:
    """The old players' package name (``baseline_<commit>``), written under CACHE if it is not there
    yet, and CACHE on ``sys.path``."""
    name = f"baseline_{commit[:12]}"
    target = CACHE / name
    if not (target / "players.py").exists():
        CACHE.mkdir(exist_ok=True)
        files = [f for f in _git("ls-tree", "--full-tree", "--name-only", commit, "spades_desktop/ai/").split()
                 if f.endswith(".py")]
        if not any(f.endswith("/players.py") for f in files):
            raise RuntimeError(f"{commit[:12]} has no spades_desktop/ai/players.py")
        # the players' data (win-chance tables, the bid model) as that commit had it, beside its modules
        data = [f for f in _git("ls-tree", "-r", "--full-tree", "--name-only", commit,
                                "spades_desktop/ai/data/").split() if f.endswith(".json")]
        scratch = Path(tempfile.mkdtemp(prefix=name + ".", dir=CACHE))
        for path in files:
            (scratch / Path(path).name).write_text(rewrite(_git("show", f"{commit}:{path}")), encoding="utf-8")
        if data:
            (scratch / "data").mkdir()
        for path in data:
            (scratch / "data" / Path(path).name).write_text(_git("show", f"{commit}:{path}"), encoding="utf-8")
        try:
            os.rename(scratch, target)
        except OSError:  # another process wrote it first: theirs is the same
            shutil.rmtree(scratch, ignore_errors=True)
    if str(CACHE) not in sys.path:
        sys.path.insert(0, str(CACHE))
    return name


def prepare(specs: list[str]) -> None:
    """Make the copies the specs need (in the main process, before the workers start)."""
    for spec in specs:
        _, ref = split_level(spec)
        if ref is not None:
            materialize(resolve(ref))


def make_player(spec: str, **options: Any) -> Any:
    """A computer player of ``spec``: today's ``ComputerPlayer``, or the old commit's, with the same
    options (seed, budget, iterations, halving; an old player without halving ignores it)."""
    level, ref = split_level(spec)
    if ref is None:
        return ComputerPlayer(level, **options)
    players = importlib.import_module(materialize(resolve(ref)) + ".players")
    try:
        return players.ComputerPlayer(level.value, **options)
    except TypeError:
        options.pop("halving", None)
        return players.ComputerPlayer(level.value, **options)
