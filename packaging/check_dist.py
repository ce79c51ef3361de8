"""Check what ``python -m build`` made: the wheel holds every runtime asset, the sdist those and
the files packagers need.

    python packaging/check_dist.py DIST_FOLDER      # exit 1, naming what is missing

CI runs it before installing the wheel into a fresh environment.
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: assets only a build for one system uses (the macOS app's icon), not the installed game
NOT_IN_THE_WHEEL = {"icon.icns"}


def asset_files() -> list[str]:
    """The runtime assets, relative to assets/."""
    folder = ROOT / "assets"
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.name not in NOT_IN_THE_WHEEL)


def missing_from_wheel(wheel: Path) -> list[str]:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = [f"spades_desktop/assets/{name}" for name in asset_files()]
    expected += ["spades_desktop/__init__.py", "spades_desktop/ui/app.py", "spades_desktop/ai/data/bid_model.json",
                 "spades_desktop/ai/data/win_chance.json", "spades_desktop/ai/data/win_chance_partnership.json"]
    return [name for name in expected if name not in names]


def missing_from_sdist(sdist: Path) -> list[str]:
    with tarfile.open(sdist) as packed:
        names = {name.split("/", 1)[1] for name in packed.getnames() if "/" in name}
    expected = [f"assets/{name}" for name in asset_files()]
    expected += ["CHANGELOG.md", "README.md", "pyproject.toml", "spades_desktop/ai/data/bid_model.json"]
    expected += [p.relative_to(ROOT).as_posix() for p in (ROOT / "packaging" / "linux").iterdir()]
    return [name for name in expected if name not in names]


def main(dist: Path) -> int:
    wheels = sorted(dist.glob("spades_desktop-*.whl"))
    sdists = sorted(dist.glob("spades_desktop-*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        print(f"expected one wheel and one sdist in {dist}, found {len(wheels)} and {len(sdists)}")
        return 1
    missing = [f"wheel: {m}" for m in missing_from_wheel(wheels[0])]
    missing += [f"sdist: {m}" for m in missing_from_sdist(sdists[0])]
    for line in missing:
        print(f"missing from the {line}")
    if not missing:
        print(f"{wheels[0].name} ({wheels[0].stat().st_size / 1e6:.2f} MB) and {sdists[0].name}"
              f" ({sdists[0].stat().st_size / 1e6:.2f} MB) hold every asset ({len(asset_files())} files)")
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python packaging/check_dist.py DIST_FOLDER")
    raise SystemExit(main(Path(sys.argv[1])))
