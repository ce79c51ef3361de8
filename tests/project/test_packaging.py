"""Assets are found the same way from a source checkout and from an installed wheel.

(The frozen app is checked by ``packaging/build.py --check``, which CI runs.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import sys; sys.path.insert(0, sys.argv[1]); "
    "import spades_desktop, spades_desktop.resources as r; "
    "p = r.asset_path('icon.png'); print(p); print(spades_desktop.__file__); "
    "assert p.exists() and p.stat().st_size > 1000, p"
)


def test_assets_from_a_source_checkout(tmp_path):
    done = subprocess.run([sys.executable, "-c", PROBE, str(ROOT)], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    icon, package = done.stdout.split()
    assert Path(icon) == ROOT / "assets" / "icon.png"
    assert Path(package).is_relative_to(ROOT)


@pytest.mark.slow
def test_assets_from_an_installed_wheel(tmp_path):
    wheels = tmp_path / "wheels"
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                    str(wheels), str(ROOT)], check=True, capture_output=True)
    wheel = next(wheels.glob("spades_desktop-*.whl"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site),
                    str(wheel)], check=True, capture_output=True)
    done = subprocess.run([sys.executable, "-c", PROBE, str(site)], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    icon, package = done.stdout.split()
    assert Path(icon).is_relative_to(site) and Path(package).is_relative_to(site)
