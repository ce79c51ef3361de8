"""Build the standalone app with PyInstaller, and optionally check it.

    python packaging/build.py            # one-folder app in dist/spades-desktop/
    python packaging/build.py --onefile  # a single executable in dist/
    python packaging/build.py --check    # build, then run the frozen app's smoke test
                                         # and one autoplayed hand, and report size and start time

Works on Linux, Windows and macOS (run it on each to build for it).  It installs
PyInstaller into the current environment first.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def check(executable: Path, bundle: Path) -> dict[str, object]:
    home = tempfile.mkdtemp(prefix="spades-frozen-")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SPADES_DESKTOP_HOME": home}
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([str(executable), "--frames", "1"], env=env, check=True, timeout=60)
        timings.append(time.perf_counter() - start)
    smoke = subprocess.run([str(executable), "--smoke-test"], env=env, timeout=120)
    # one hand played by the computers, every decision in a worker process (exit 1 if none was)
    autoplay = subprocess.run([str(executable), "--autoplay-hands", "1"], timeout=300,
                              env={**env, "SPADES_DESKTOP_REQUIRE_WORKERS": "1"})
    return {
        "smoke_test_exit": smoke.returncode,
        "autoplay_exit": autoplay.returncode,
        "size_mb": round(folder_size(bundle) / 1e6, 1),
        "start_to_first_frame_s": round(min(timings), 3),
        "ok": smoke.returncode == 0 and autoplay.returncode == 0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--no-install", action="store_true", help="PyInstaller is already installed")
    args = parser.parse_args()
    if not args.no_install:
        run([sys.executable, "-m", "pip", "install", "--quiet", "pyinstaller>=6"])
        run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)])
    shutil.rmtree(ROOT / "build" / "spades_desktop", ignore_errors=True)
    env = {**os.environ, "SPADES_ONEFILE": "1" if args.onefile else "0"}
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", str(ROOT / "dist"),
         "--workpath", str(ROOT / "build"), str(ROOT / "packaging" / "spades_desktop.spec")], env=env)
    suffix = ".exe" if sys.platform == "win32" else ""
    if args.onefile:
        executable = ROOT / "dist" / f"spades-desktop{suffix}"
        bundle = executable
    else:
        bundle = ROOT / "dist" / "spades-desktop"
        executable = bundle / f"spades-desktop{suffix}"
    print(f"built {executable}")
    if args.check:
        result = check(executable, bundle)
        print(json.dumps(result))
        return 0 if result["ok"] else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
