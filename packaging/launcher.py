"""Entry point of the frozen app (PyInstaller needs a script, not a module)."""

from spades_desktop.cli import main

raise SystemExit(main())
