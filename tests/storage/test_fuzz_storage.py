"""Fuzz through the game's own storage API: mutated saves (every mode), settings, statistics and
hand records, plus a named pipe, a folder, a device and an unreadable file in place of each.

Asserted for every file: no exception but the storage's own error type (settings, statistics
and check-hand never raise at all), no load blocks (a watchdog stops one that never returns), the good files beside
it are untouched, a refused damaged file is kept (set aside with the same bytes) or left where it
is, and an accepted save is a game the rules reach from its seed.

Derandomized like the property tests: the same few hundred mutations per kind on every run.
``SPADES_FUZZ_EXPLORE=1`` tries ten times as many from a fresh seed (printed with the counts;
``SPADES_FUZZ_SEED=N`` repeats one).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import random
import shutil
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.cli import check_hand_file
from spades_desktop.engine import GameState, preset
from spades_desktop.engine.record import record_of
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.serialize import summary, to_dict
from spades_desktop.storage.errors import StorageError
from spades_desktop.storage.saves import SaveError, SaveFolder, read_save, recover_save, save_document, write_save
from spades_desktop.storage.settings import Settings, read_settings_file, save_settings, settings_from_dict
from spades_desktop.storage.statistics import Statistics, read_statistics_file, save_statistics

EXPLORE = os.environ.get("SPADES_FUZZ_EXPLORE") == "1"
PER_KIND = 3000 if EXPLORE else 250
SEED = int(os.environ.get("SPADES_FUZZ_SEED", str(random.SystemRandom().randrange(10**9) if EXPLORE else 15)))
FIXTURES = Path(__file__).parents[1] / "fixtures"
HUGE_MARK = "__huge_number__"
HANG = 60.0  # seconds after which a load that has not returned is taken to block (a hang, not slowness)


class Hang(Exception):
    """A load that did not return: raised by the watchdog so the suite never blocks."""


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    if not hasattr(signal, "setitimer"):
        yield
        return

    def fire(signum, frame):
        raise Hang

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ------------------------------------------------------------------ real files of every kind
def _played(mode: str, seed: int, steps: int) -> GameState:
    state, _ = GameState.new_game(preset(mode), seed)
    player = ComputerPlayer(Level.EASY, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(player.decide(state.view(state.turn)))
    return state


def real_files(folder: Path) -> dict[str, list[bytes]]:
    files: dict[str, list[bytes]] = {"save": [], "settings": [], "statistics": [], "record": []}
    for i, mode in enumerate(["standard", "cutthroat", "two_player", "auction"]):
        for steps in (5, 70, 160):
            state = _played(mode, 100 + i, steps)
            path = folder / f"{mode}-{steps}.json"
            write_save(path, state, f"{mode} {steps}", game_id=f"g{i}{steps}")
            files["save"].append(path.read_bytes())
            if state.hand_history:
                files["record"].append(json.dumps(record_of(state.hand_history[0].to_dict(), state.rules)).encode())
    files["save"] += [(FIXTURES / "save_v1.json").read_bytes(), (FIXTURES / "save_v2.json").read_bytes()]
    for settings in (Settings(), Settings().with_changes(animation_speed="fast", volume=0.3, window_size=(1920, 1080),
                                                         rules=preset("auction").to_dict(), names={"N": "Ann"})):
        save_settings(folder / "settings.json", settings)
        files["settings"].append((folder / "settings.json").read_bytes())
    stats = Statistics()
    for i, mode in enumerate(["standard", "cutthroat"]):
        state = _played(mode, 7 + i, 400)
        stats.start_game(f"g{i}", state.rules.mode)
        stats.record_hands(f"g{i}", state, Seat.S)
        if state.is_terminal():
            stats.record_game(state, Seat.S, f"g{i}")
    save_statistics(folder / "statistics.json", stats)
    files["statistics"].append((folder / "statistics.json").read_bytes())
    files["statistics"].append(json.dumps({"format": "spades-desktop/statistics", "version": 1, "modes": {
        "partnership": {"games": 2, "won": 1, "lost": 1, "hands": 14, "contracts_made": 8, "bags": 9,
                        "best_score": 510, "worst_score": 230}}}).encode())
    return files


# ------------------------------------------------------------------ mutations
def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON tree (as a key path), containers included."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:40]):
            out += _paths(v, (*prefix, i))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


def _hostile_value(rng: random.Random) -> Any:
    return rng.choice([
        HUGE_MARK, float("nan"), float("inf"), float("-inf"), 1e20, -1, 0, 2**70, -(2**70), 1.5, True, False,
        None, "", "x" * rng.choice([17, 200, 100_000]), [], {}, [1, 2], {"a": 1}, "NS", "N", "S", "AS", "bid 14",
        [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    ])


def _dump(doc: Any, rng: random.Random) -> bytes:
    text = json.dumps(doc)  # NaN and Infinity come out as the bare words Python reads back
    if HUGE_MARK in text:
        text = text.replace(f'"{HUGE_MARK}"', "9" * rng.choice([25, 400, 5000, 50_000]))
    return text.encode()


def mutate_json(raw: bytes, rng: random.Random) -> bytes:
    doc = json.loads(raw)
    places = _paths(doc)
    how = rng.randrange(5)
    place = rng.choice(places)
    if how == 0:  # a hostile value anywhere
        doc = _set(doc, place, _hostile_value(rng))
    elif how == 1 and place:  # a key or item missing
        parent = doc
        for key in place[:-1]:
            parent = parent[key]
        del parent[place[-1]]
    elif how == 2:  # an extra key
        containers = [p for p in places if isinstance(_get(doc, p), dict)]
        _get(doc, rng.choice(containers))[rng.choice(["extra", "version", "format", "cards_seen", "game_id",
                                                      "tracked", "hands"])] = _hostile_value(rng)
    elif how == 3:  # deep nesting in place of a value
        depth = rng.choice([40, 1000, 100_000])
        return _dump(_set(doc, place, HUGE_MARK), rng).replace(
            b"9" * 25, b"[" * depth + b"]" * depth, 1) if place else b"[" * depth + b"]" * depth
    else:  # a number nudged: the sort of hand edit that keeps the file valid JSON
        numbers = [p for p in places if isinstance(_get(doc, p), int | float) and not isinstance(_get(doc, p), bool)]
        if numbers:
            p = rng.choice(numbers)
            doc = _set(doc, p, _get(doc, p) + rng.choice([-1000, -1, 1, 10, 10**9]))
    return _dump(doc, rng)


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def mutate_bytes(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    how = rng.randrange(5)
    if how == 0:
        return bytes(data[: rng.randrange(len(data))])  # truncated
    if how == 1:
        for _ in range(rng.randrange(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)  # flipped bytes
        return bytes(data)
    if how == 2:
        for _ in range(rng.randrange(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)  # flipped bits
        return bytes(data)
    if how == 3:  # another encoding
        text = raw.decode("utf-8").replace('"', '"\u00e9', 1)
        return rng.choice([text.encode("utf-16"), text.encode("utf-8-sig"), text.encode("latin-1"),
                           text.encode("utf-32")])
    return rng.choice([b"", b" \n", b"null", b"[]", b"{}", b"0", b'"save"', b"\x00" * 64, b"\xff\xfe\xfd"])


def tamper_consistently(raw: bytes, rng: random.Random) -> bytes:
    """A save whose game is self-consistent but starts from a deal, scores and bags no game reached."""
    doc = json.loads(raw)
    if doc.get("format") != "spades-desktop/save":
        return mutate_json(raw, rng)
    game = doc["game"]
    rules = HouseRules.from_dict(game["rules"])
    seed = game["start"]["seed"]
    fresh, _ = GameState.new_game(rules, seed)
    if rng.random() < 0.5 and len(fresh.seats) == 4 and any(fresh.hands):
        hands = {s: fresh.hands[s] for s in fresh.seats}  # the seed's own deal
    else:
        deck = list(range(52))
        rng.shuffle(deck)
        hands = {s: sum(1 << c for c in deck[13 * i: 13 * i + 13]) for i, s in enumerate(fresh.seats)}
    sides = list(fresh.sides)
    scores = {s: rng.choice([0, 0, 120, -300, 10**9, rules.target_score]) for s in sides}
    bags = {s: rng.choice([0, 0, 3, rules.bag_limit + 5, 15]) for s in sides}
    hand = rng.choice([1, 1, 2, 777])
    try:
        state = GameState.from_deal(rules, rng.choice(fresh.seats), hands, scores, bags, hand_number=hand,
                                    seed=seed, stop_after_hand=rng.random() < 0.5)
    except Exception:
        return mutate_json(raw, rng)
    player = ComputerPlayer(Level.EASY, seed=seed)
    for _ in range(rng.randrange(0, 60)):
        if state.is_terminal():
            break
        state.apply(player.decide(state.view(state.turn)))
    doc["game"] = to_dict(state)
    return json.dumps(doc).encode()


def mutate(kind: str, raw: bytes, rng: random.Random) -> tuple[bytes, str]:
    """A mutated file and which family of mutation made it."""
    roll = rng.random()
    if kind == "save" and roll < 0.15:
        return tamper_consistently(raw, rng), "consistent tamper"
    if roll < 0.6:
        return mutate_json(raw, rng), "json"
    return mutate_bytes(raw, rng), "bytes"


# ------------------------------------------------------------------ loading and judging
def load(kind: str, path: Path, i: int) -> bool:
    """Load through the game's API; True if accepted.  Raises anything the API lets through."""
    if kind == "save":
        if i % 2:
            state = recover_save(path)[0]  # Continue's way
        else:
            state, _ = read_save(path)
        _assert_reachable(state)
        return True
    if kind == "settings":
        loaded = read_settings_file(path)
        assert settings_from_dict(loaded.settings.to_dict())[1] == []  # whatever was kept is valid
        loaded.settings.house_rules()
        return not loaded.problems
    if kind == "statistics":
        loaded = read_statistics_file(path)
        for stats in loaded.statistics.per_mode.values():
            stats.check()
        assert Statistics.from_dict(json.loads(json.dumps(loaded.statistics.to_dict()))).to_dict() == \
            loaded.statistics.to_dict()
        return not loaded.problems
    answer = check_hand_file(str(path))
    assert isinstance(answer, dict) and isinstance(answer.get("legal"), bool)
    json.dumps(answer)
    return answer.get("error_at") != "record"


def _assert_reachable(state: GameState) -> None:
    """An accepted save is a game its seed reaches: replayed from the seed, the same position."""
    assert state.start is None, "an accepted save starts from a fixed deal"
    again, _ = GameState.new_game(state.rules, state.seed)
    for action in state.log:
        again.apply(action)
    assert summary(again) == summary(state)
    assert all(abs(v) < 10**6 for v in state.scores.values()) and state.hand_number < 10**5


def _digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def _kept(work: Path, name: str, data: bytes) -> bool:
    """The mutated bytes are still there: at the path, or set aside beside it."""
    candidates = [work / name, *work.glob(f"{name}.corrupt-*")]
    return any(p.is_file() and p.read_bytes() == data for p in candidates)


FILE_NAME = {"save": "autosave.json", "settings": "settings.json", "statistics": "statistics.json",
             "record": "record.json"}
KINDS = list(FILE_NAME)


def run_kind(kind: str, sources: list[bytes], tmp: Path, rng: random.Random) -> dict[str, Any]:
    counts: dict[str, Any] = {"tried": 0, "refused": 0, "accepted": 0, "crashes": 0, "hangs": 0, "by_family": {}}
    failures: list[str] = []
    neighbours = tmp / f"{kind}-neighbours"
    neighbours.mkdir()
    for i, raw in enumerate(sources):
        (neighbours / f"good-{i}.json").write_bytes(raw)
    before = _digest(neighbours)
    work = tmp / f"{kind}-work"
    name = FILE_NAME[kind]
    for i in range(PER_KIND):
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        data, family = mutate(kind, rng.choice(sources), rng)
        (work / name).write_bytes(data)
        outcome = _judge(kind, work / name, i, failures)
        counts["tried"] += 1
        counts[outcome] += 1
        tally = counts["by_family"].setdefault(family, {"tried": 0, "refused": 0})
        tally["tried"] += 1
        tally["refused"] += outcome == "refused"
        if outcome == "refused" and kind in ("save", "settings", "statistics") and not _kept(work, name, data):
            failures.append(f"{kind} #{i}: a refused file was lost")
        if kind == "save" and i % 50 == 0:  # the load screen lists the good saves beside a bad one
            shutil.copy(neighbours / "good-0.json", work / "good.json")
            good = SaveFolder(work).listing().good
            if [g.path.name for g in good if g.path.name == "good.json"] != ["good.json"]:
                failures.append(f"save #{i}: a damaged save hid a good one")
    assert _digest(neighbours) == before, "a good file beside the fuzzed one was changed"
    counts["failures"] = failures[:5]
    return counts


def _judge(kind: str, path: Path, i: int, failures: list[str]) -> str:
    """Load one file: "accepted", "refused", "crashes" or "hangs".  No wall-clock limit: a slow
    load on a busy machine is not a failure; one that never returns is (the watchdog)."""
    try:
        with watchdog(HANG):
            accepted = load(kind, path, i)
        outcome = "accepted" if accepted else "refused"
    except Hang:
        failures.append(f"{kind} #{i}: no answer within {HANG:.0f} s")
        return "hangs"
    except StorageError as exc:
        outcome = "refused" if kind == "save" else "crashes"
        text = str(exc)
        if outcome == "crashes" or not text or len(text) > 400 or "Traceback" in text or "Error" in text:
            failures.append(f"{kind} #{i}: message {text[:120]!r}")
            outcome = "crashes"
    except Exception as exc:
        failures.append(f"{kind} #{i}: {type(exc).__name__}: {str(exc)[:120]}")
        return "crashes"
    return outcome


def special_files(kind: str, tmp: Path, source: bytes, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A named pipe, a folder, a device and an unreadable file in place of the file."""
    results: dict[str, str] = {}
    makers: dict[str, Callable[[Path], None]] = {"folder": lambda p: p.mkdir()}
    if hasattr(os, "mkfifo"):
        makers["named pipe"] = lambda p: os.mkfifo(p)
    if os.path.exists("/dev/zero"):
        makers["device"] = lambda p: p.symlink_to("/dev/zero")
    makers["unreadable"] = lambda p: p.write_bytes(source)
    for what, make in makers.items():
        work = tmp / f"{kind}-special-{what.replace(' ', '-')}"
        work.mkdir()
        path = work / FILE_NAME[kind]
        make(path)
        if what == "unreadable":
            def no_permission(file, flags, *args, _path=path, _open=os.open, **kwargs):
                if Path(file) == _path:
                    raise PermissionError(errno.EACCES, "Permission denied", str(file))
                return _open(file, flags, *args, **kwargs)

            monkeypatch.setattr(os, "open", no_permission)
        failures: list[str] = []
        try:
            outcome = _judge(kind, path, 0, failures)
        finally:
            monkeypatch.undo()
            if what == "named pipe":
                with contextlib.suppress(OSError):
                    os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        assert outcome == "refused", (kind, what, outcome, failures)
        assert os.path.lexists(path), f"{what} in place of {kind} was moved or removed"
        results[what] = outcome
    return results


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_fuzzed_files_never_crash_hang_or_lose_anything(tmp_path, kind, monkeypatch):
    (tmp_path / "sources").mkdir()
    sources = real_files(tmp_path / "sources")[kind]
    rng = random.Random(f"{SEED}-{kind}")
    counts = run_kind(kind, sources, tmp_path, rng)
    counts["special"] = special_files(kind, tmp_path, sources[0], monkeypatch)
    print(json.dumps({"fuzz": kind, "seed": SEED, "explore": EXPLORE, **counts}))
    assert counts["crashes"] == 0 and counts["hangs"] == 0, counts["failures"]
    assert counts["tried"] == PER_KIND and counts["refused"] > PER_KIND // 5
    if kind != "record":
        assert counts["accepted"] > 0  # mutations that keep a valid file are still accepted


def test_a_refused_save_leaves_a_message_and_the_file_kept(tmp_path):
    """The fuzz's bookkeeping checked once by hand: a refused save is kept with its bytes."""
    path = tmp_path / "autosave.json"
    state = _played("standard", 3, 20)
    path.write_bytes(json.dumps({**save_document(state), "saved_at": "noon"}).encode())
    data = path.read_bytes()
    with pytest.raises(SaveError):
        read_save(path)
    assert _kept(tmp_path, "autosave.json", data)
