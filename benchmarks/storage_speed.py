"""Storage speed: save and load time of a whole game with its history.

Plays a complete, long partnership game (to 1000) with the normal player,
then times writing it as a save (atomic: temp file, fsync, replace) and reading
it back (parse, upgrade, replay every action through the rules and check the
summary).  Prints one JSON line with median and worst times in milliseconds.

Run: ``python benchmarks/storage_speed.py``
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.engine import GameState, preset
from spades_desktop.storage.saves import read_save, write_save


def full_game(seed: int) -> GameState:
    state, _ = GameState.new_game(preset("standard").with_changes(target_score=1000), seed)
    players = {s: ComputerPlayer(Level.NORMAL, seed=seed + int(s)) for s in state.seats}
    while not state.is_terminal():
        state.apply(players[state.turn].decide(state.view(state.turn)))
    return state


def main() -> None:
    state = full_game(21)
    folder = Path(tempfile.mkdtemp(prefix="spades-storage-"))
    path = folder / "game.json"
    saves, loads = [], []
    for _ in range(30):
        t0 = time.perf_counter()
        write_save(path, state, "benchmark")
        t1 = time.perf_counter()
        loaded, _ = read_save(path)
        t2 = time.perf_counter()
        saves.append((t1 - t0) * 1000)
        loads.append((t2 - t1) * 1000)
    assert loaded.scores == state.scores
    print(json.dumps({
        "hands": len(state.hand_history),
        "actions": len(state.log),
        "file_kb": round(path.stat().st_size / 1024, 1),
        "save_ms_p50": round(statistics.median(saves), 2),
        "save_ms_max": round(max(saves), 2),
        "load_ms_p50": round(statistics.median(loads), 2),
        "load_ms_max": round(max(loads), 2),
    }))


if __name__ == "__main__":
    main()
