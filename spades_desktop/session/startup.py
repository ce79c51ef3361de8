"""Opening the player's files at start-up, before any window: the folders, the log, the one-copy
lock, leftovers of an interrupted write, the settings and the statistics.

The log is started here too (``setup_logging``), and ``refused_screenshot`` checks the command
line's --screenshot path before anything opens.

Kept out of the window's code (``ui/app.py``) so that the app only runs the window, and so that
what start-up found is one record a test can look at without pygame.  It says what it found as
facts (which folder could not be made, which problem the lock had); the window words them.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..about import about_line
from ..log_file import LogFile
from ..options import Options
from ..storage.atomic import remove_leftover_temporaries
from ..storage.faults import WriteFault, folder_usable, make_folders
from ..storage.instance_lock import InstanceLock
from ..storage.paths import UserPaths, user_paths
from ..storage.settings import Settings, read_settings_file
from ..storage.statistics import Statistics, read_statistics_file

log = logging.getLogger("spades_desktop")


@dataclass
class UserFiles:
    """What start-up found in the player's folders, and what this copy may write."""

    paths: UserPaths
    lock: InstanceLock
    #: another copy holds the lock, or the lock could not be tried: this copy writes nothing
    read_only: bool
    settings: Settings
    #: False when the settings file was out of reach (never replace what could not be read)
    settings_writable: bool
    #: values were left out or replaced by defaults: the file is kept aside before the first rewrite
    settings_had_bad_values: bool
    statistics: Statistics
    statistics_writable: bool
    #: folders that could not be made (a file in a folder's place): said, not fatal
    folder_faults: list[WriteFault] = field(default_factory=list)
    #: the settings' problems and the statistics', in the player's words
    settings_problems: list[str] = field(default_factory=list)
    statistics_problems: list[str] = field(default_factory=list)


def setup_logging(paths: UserPaths) -> None:
    """The log: into the logs folder (where it can be opened) and onto stderr (where there is one)."""
    handlers: list[logging.Handler] = []
    with contextlib.suppress(OSError):
        handlers.append(LogFile(str(paths.log_file)))
    if sys.stderr is not None:  # a windowed (frozen) build has no console
        handlers.append(logging.StreamHandler(sys.stderr))
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True)
    log.info("%s", about_line())  # first: which version and system wrote what follows


def refused_screenshot(options: Options, paths: UserPaths | None = None) -> str:
    """Why --screenshot's path is refused (it lies in the game's own folders, where it could
    overwrite a save), or ""."""
    paths = paths or user_paths()
    if options.screenshot and paths.holds(Path(options.screenshot)):
        return (f"spades-desktop: --screenshot {options.screenshot} is inside the game's own folders"
                " (its saves and settings live there); choose a path elsewhere")
    return ""


def open_user_files(paths: UserPaths | None = None,
                    start_log: Callable[[UserPaths], None] = setup_logging) -> UserFiles:
    """Make the folders, start the log (``start_log``), take the lock, clear what an interrupted
    write left behind (only with the lock: a second copy leaves the first one's files alone), and
    read the settings and the statistics."""
    paths = paths or user_paths()
    folder_faults = make_folders(paths.folders)
    start_log(paths)
    lock = InstanceLock(paths.lock_file)
    read_only = not lock.acquire()  # also when the lock cannot even be tried: fails closed
    if read_only and lock.problem:
        log.warning("the lock %s cannot be opened (%s): read-only", paths.lock_file, lock.problem)
    elif read_only:
        log.warning("another copy (process %s) holds %s: read-only", lock.holder() or "?", paths.lock_file)
    if not read_only:
        for folder in (paths.config, paths.data, paths.saves):
            remove_leftover_temporaries(folder)
    settings_file = read_settings_file(paths.settings_file)
    name = paths.settings_file.name
    for problem in settings_file.problems:
        log.warning("settings: %s", problem)
    stats_file = read_statistics_file(paths.statistics_file)
    return UserFiles(
        paths=paths, lock=lock, read_only=read_only,
        settings=settings_file.settings,
        settings_writable=settings_file.writable and not read_only and folder_usable(paths.config),
        settings_had_bad_values=settings_file.had_bad_values,
        statistics=stats_file.statistics, statistics_writable=stats_file.writable and not read_only,
        folder_faults=folder_faults,
        settings_problems=[p if p.startswith(name) else f"{name}: {p}" for p in settings_file.problems],
        statistics_problems=stats_file.problems,
    )
