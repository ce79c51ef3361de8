"""Run by ``render_speed.py`` in a fresh process: start, draw one frame, print "drawn", exit.

``bare``: a pygame-ce window and nothing else (the floor any pygame game starts from); ``title``:
Spades Desktop to its title screen's first frame, as a player starts it; ``table``: straight to a
new game's first frame.  The caller times from starting the process to reading "drawn", so both
include the interpreter's own start.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(kind: str, size: tuple[int, int]) -> None:
    if kind == "bare":
        import pygame

        pygame.init()
        screen = pygame.display.set_mode(size)
        screen.fill((18, 92, 58))
        pygame.display.flip()
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        os.environ["SPADES_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="spades-start-")
        from spades_desktop import app_entry

        import_window = getattr(app_entry, "import_window", None)  # the launch's own way in (older trees: none)
        if import_window is not None:
            import_window()
        from spades_desktop.ui.app import App, Options

        app = App(Options(size=size, seed=3, rules="standard", new_game=kind == "table"))
        if kind == "table":
            app.new_game()
        else:
            app.to_title()
        app.frame(1 / 60)
        print("drawn", flush=True)
        thinkers = getattr(app, "thinkers", None)  # (an app older than the worker processes has none)
        if thinkers is not None:
            thinkers.close()  # the first frame started them: stop them before the process ends
        return
    print("drawn", flush=True)


if __name__ == "__main__":
    width, height = (int(v) for v in sys.argv[2].split("x"))
    main(sys.argv[1], (width, height))
