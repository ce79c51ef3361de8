"""What the game says at start-up (the one-copy lock, what start-up found), before quitting a game
that is not on disk, and when --screenshot's image cannot be written (no pygame: tested on its own).

Each lock problem has its own remedy, so each is said in its own words: a read-only folder is
something the player can fix, "another copy may be running" is not what happened there.
"""

from __future__ import annotations

from ...session.files import LockProblem, shown
from ...session.startup import UserFiles

READ_ONLY_NOTICE = ("Spades Desktop is already running for this user, so this window saves nothing"
                    " (games, settings and statistics stay as the other window keeps them)")

_LOCK_WORDS = {
    LockProblem.READ_ONLY: ("The game's folder {folder} is read-only, so this copy will not save."
                            " Make it writable and start the game again to keep your games"),
    LockProblem.NOT_A_FILE: ("{path} is not a plain file (a link, a folder or a pipe), so this copy cannot tell"
                             " whether another one runs. This copy will not save; remove it to save again"),
    LockProblem.UNUSABLE: ("Another copy may be running, or the lock file cannot be opened: {path}."
                           " This copy will not save"),
}

#: asked before quitting (or leaving the table) when the game's last autosave failed
UNSAVED_QUIT_QUESTION = "Your game could not be saved: it is only in memory. Quit anyway and lose it?"
#: asked before quitting a game played in a copy that saves nothing
NOT_KEPT_QUIT_QUESTION = "This copy saves nothing, so your game will be lost. Quit anyway?"


def lock_notice(kind: LockProblem, path: str, folder: str) -> str:
    """Why this copy saves nothing when the lock could not even be tried (``kind`` is not NONE)."""
    return _LOCK_WORDS.get(kind, _LOCK_WORDS[LockProblem.UNUSABLE]).format(path=path, folder=folder)


def startup_notices(files: UserFiles) -> list[str]:
    """What start-up found that the player should know of, for the title screen: folders that
    could not be made, the settings' problems, why this copy saves nothing, the statistics'."""
    notices = [fault.folder_unusable() for fault in files.folder_faults] + files.settings_problems
    paths = files.paths
    if files.read_only and files.lock.problem:
        notices.append(lock_notice(files.lock.kind, shown(str(paths.lock_file)), shown(str(paths.data))))
    elif files.read_only:
        notices.append(READ_ONLY_NOTICE)
    return notices + files.statistics_problems


def screenshot_error(path: str, exc: BaseException) -> str:
    """--screenshot's image could not be written: one line on stderr, with the path as typed."""
    reason = (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)).rstrip(".")
    return f"the screenshot could not be written to {path}: {reason[:1].lower()}{reason[1:]}"
