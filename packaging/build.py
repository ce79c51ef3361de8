"""Build the standalone app with PyInstaller, and optionally check it.

    python packaging/build.py            # one-folder app in dist/spades-desktop/
    python packaging/build.py --onefile  # a single executable in dist/
    python packaging/build.py --check    # build, then run the frozen app's smoke test
                                         # and one autoplayed hand, and report size and start time
                                         # (and the size table by package)
    python packaging/build.py --archive  # build, then pack the app into the file a player
                                         # downloads (packaging/archive.py); --check first if given

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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from archive import make_archive  # noqa: E402 - packaging/ is not a package
from size_table import bundle_bytes, sizes_by_package, table  # noqa: E402


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


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
    # Linux: the frozen app installs its menu entry and icons (they came along) and takes them away
    entry_ok = True
    if sys.platform.startswith("linux"):
        desktop = {**env, "HOME": home, "XDG_DATA_HOME": os.path.join(home, "share")}
        added = subprocess.run([str(executable), "--install-desktop-entry"], env=desktop, timeout=60)
        entry = Path(home, "share", "applications", "org.spadesdesktop.SpadesDesktop.desktop")
        entry_ok = added.returncode == 0 and f"Exec={executable}" in entry.read_text(encoding="utf-8")
        removed = subprocess.run([str(executable), "--remove-desktop-entry"], env=desktop, timeout=60)
        entry_ok = entry_ok and removed.returncode == 0 and not entry.exists()
    return {
        "smoke_test_exit": smoke.returncode,
        "autoplay_exit": autoplay.returncode,
        "desktop_entry_ok": entry_ok,
        "size_mb": round(bundle_bytes(bundle) / 1e6, 1),  # each file once (links not followed)
        "start_to_first_frame_s": round(min(timings), 3),
        "ok": smoke.returncode == 0 and autoplay.returncode == 0 and entry_ok,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--archive", action="store_true", help="pack the app for download (not with --onefile)")
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
        if not args.onefile:
            print(table(sizes_by_package(bundle)))
        print(json.dumps(result))
        if not result["ok"]:
            return 1
    if args.archive and not args.onefile:
        from spades_desktop import __version__

        archive = make_archive(ROOT / "dist", __version__)
        print(json.dumps({"archive": str(archive), "archive_mb": round(archive.stat().st_size / 1e6, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
