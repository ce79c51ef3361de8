"""Entry point of the frozen app (PyInstaller needs a script, not a module)."""

from spades_desktop.cli import main

if __name__ == "__main__":  # spawn-started workers import the main script too
    raise SystemExit(main())
