"""Ctrl+C at any moment of ``spades-desktop review`` (issue 57): made to happen, as a terminal does
it (SIGINT to the whole process group), at several moments of a real run: a quiet stop with status
130, one line on standard error below the progress, no traceback, no process left behind, the
save unchanged.

Before: a press in the first second and a half printed a KeyboardInterrupt from the middle of an
import, or a worker's "Fatal Python error: init_import_site".  Moments are found by what the
process does (its stop set up, a worker started, its first progress), never by the clock; the
only waits are limits for a process that never comes to that point.

What no test here covers, and no code of the game can, is the interpreter's own start before the
game's first module runs: the moments start once ``cli.main`` has set up the stop (the command
then catches SIGTERM, which ``/proc`` shows).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spades_desktop.cli import REVIEW_STOPPED
from spades_desktop.storage.saves import write_save
from tests.session.test_review import _played

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads processes from /proc")

#: a process that never comes to the moment asked for fails after this long (a limit, not a measure)
LONGEST_WAIT = 60.0
#: the pool's notice on a machine too busy for its workers (``review_cli._cli_fallback``)
FELL_BACK = b"the review goes on in this process"


@pytest.fixture(scope="module")
def save(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("review-stop") / "game.json"
    write_save(path, _played(5), name="Evening game")
    return path


def _status_field(pid: int, name: str) -> str:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(name + ":"):
            return line.split(":", 1)[1].strip()
    return ""


def _catches(pid: int, signum: int) -> bool:
    try:
        return bool(int(_status_field(pid, "SigCgt") or "0", 16) & (1 << (signum - 1)))
    except OSError:
        return False


def _group(pgid: int) -> dict[int, tuple[str, str]]:
    """The living processes of process group ``pgid``: pid -> (state, command line); zombies
    (ended, waiting for their reaper) are not living."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            found[int(entry)] = (fields[0], command)
    return found


def _wait_for(what: str, ready) -> None:
    deadline = time.monotonic() + LONGEST_WAIT
    while not ready():
        if time.monotonic() > deadline:
            pytest.fail(f"the review never came to {what}")
        time.sleep(0.002)


def _start(save: Path) -> subprocess.Popen[bytes]:
    """The command in a process group of its own (as a terminal runs it), from ``cli.main``'s stop on."""
    command = [sys.executable, "-m", "spades_desktop", "review", str(save), "--samples", "16"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    _wait_for("setting up its stop (Ctrl+C before it is Python's traceback)",
              lambda: _catches(process.pid, signal.SIGTERM) or process.poll() is not None)
    return process


def _stopped_quietly(process: subprocess.Popen[bytes], save: Path, before: bytes, status: int = 130,
                     first: bytes = b"") -> None:
    out, err = process.communicate(timeout=LONGEST_WAIT)
    words = (first + err).decode()
    lines = [line for line in words.replace("\r", "\n").splitlines()
             if line and not line.startswith("Reviewing hand") and FELL_BACK.decode() not in line]
    assert process.returncode == status, words
    assert lines == [REVIEW_STOPPED], words  # one line, no traceback, no "Fatal Python error"
    assert words.endswith("\n" + REVIEW_STOPPED + "\n") or words == REVIEW_STOPPED + "\n", "below the progress"
    assert out == b""
    _wait_for("an end of every process it started", lambda: not _group(process.pid))
    assert save.read_bytes() == before


def test_ctrl_c_as_the_review_begins_stops_it_quietly(save):
    """The moment its stop is set up: its imports (30 ms of them in ``cli`` alone before) are next."""
    before = save.read_bytes()
    process = _start(save)
    os.killpg(process.pid, signal.SIGINT)
    _stopped_quietly(process, save, before)


def _until_progress(process: subprocess.Popen[bytes]) -> bytes:
    """What the command wrote to standard error up to its first progress character (``\r``):
    nothing, or on a machine so busy that a worker was silent for seconds, the pool's notice that
    the review goes on in this process (the app's own way out, ``ThinkerPool``'s stall watch)."""
    assert process.stderr is not None
    seen = b""
    while not seen.endswith(b"\r"):
        byte = os.read(process.stderr.fileno(), 1)
        assert byte, seen.decode()  # the command ended before any progress
        seen += byte
    return seen


def test_ctrl_c_after_the_first_progress_stops_it_and_its_workers(save):
    before = save.read_bytes()
    process = _start(save)
    first = _until_progress(process)  # the progress line's first character: the judging has begun
    if FELL_BACK not in first:
        # the workers may still be starting as the first progress is printed (a pool starts its
        # processes as it is first asked): the moment is once one is there to end
        _wait_for("starting a worker", lambda: len(_group(process.pid)) > 1 or process.poll() is not None)
    os.killpg(process.pid, signal.SIGINT)
    _stopped_quietly(process, save, before, first=first)


def _ignores(pid: int, signum: int) -> bool:
    try:
        return bool(int(_status_field(pid, "SigIgn") or "0", 16) & (1 << (signum - 1)))
    except OSError:
        return False


def _a_worker_starting(pgid: int) -> bool:
    """A worker's Python is up to its imports: it has its Ctrl+C handler (a press now is a
    KeyboardInterrupt in the middle of them) and has not yet come to ignore Ctrl+C (its first act
    as a worker, ``start_worker_watch``)."""
    return any("spawn_main" in command and _catches(pid, signal.SIGINT) and not _ignores(pid, signal.SIGINT)
               for pid, (_, command) in _group(pgid).items())


@pytest.mark.slow
def test_ctrl_c_while_the_workers_start_stops_them_too(save):
    """The worker's own Python is starting: before, it died with "Fatal Python error"."""
    for _ in range(3):
        before = save.read_bytes()
        process = _start(save)
        _wait_for("starting a worker", lambda p=process: _a_worker_starting(p.pid) or p.poll() is not None)
        os.killpg(process.pid, signal.SIGINT)
        _stopped_quietly(process, save, before)


@pytest.mark.slow
@pytest.mark.parametrize("moment", [0.05, 0.3, 1.0])
def test_ctrl_c_a_while_into_the_review_stops_it_quietly(save, moment):
    """A while after the stop is set up (imports, the save read, the workers starting or judging);
    a review already done by then has printed itself and ends 0."""
    before = save.read_bytes()
    process = _start(save)
    time.sleep(moment)
    os.killpg(process.pid, signal.SIGINT)
    if process.wait(timeout=LONGEST_WAIT) == 0:
        out, err = process.communicate()
        assert out.startswith(b"# Review of Evening game") and b"Traceback" not in err
        return
    _stopped_quietly(process, save, before)


@pytest.mark.slow
def test_ctrl_c_pressed_again_while_it_stops_changes_nothing(save):
    before = save.read_bytes()
    process = _start(save)
    first = _until_progress(process)
    for _ in range(5):
        os.killpg(process.pid, signal.SIGINT)
    _stopped_quietly(process, save, before, first=first)


@pytest.mark.slow
def test_a_kill_stops_it_quietly_with_the_shell_s_status(save):
    before = save.read_bytes()
    process = _start(save)
    first = _until_progress(process)
    process.send_signal(signal.SIGTERM)  # to the command only, as ``kill PID`` does
    _stopped_quietly(process, save, before, status=128 + signal.SIGTERM, first=first)
