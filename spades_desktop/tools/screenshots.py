"""The README's screenshot, taken from the real game: ``python -m spades_desktop.tools.screenshots``.

Starts the app headless (SDL's dummy video driver) in a temporary user folder, plays a seeded game
with a computer player choosing the person's bids and cards, which it hands to the table exactly as
a click would (``TableScene.act``), and saves the window when the person is about to play the last
card of a trick in the second hand: the hand fanned, three cards in the trick, the plates and the
scores all on screen.  Run it again after a change to the look and commit the new picture.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_OUT = Path("docs/screenshots")
SEED = 21
SIZE = (1920, 1080)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spades_desktop.tools.screenshots", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder the pictures go to")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="spades-shots-") as home:
        os.environ["SPADES_DESKTOP_HOME"] = home  # never the player's own settings, saves or statistics
        path = take_table_shot(args.out, args.seed)
    print(path)
    return 0


def take_table_shot(out: Path, seed: int) -> Path:
    import pygame

    from ..ai import ComputerPlayer, Level
    from ..engine.seats import Seat
    from ..engine.state import Phase
    from ..ui.app import App, Options
    from ..ui.table.scene import TableScene

    app = App(Options(size=SIZE, seed=seed, rules="standard"))
    app.update_settings(animation_speed="instant", deck_style="classic", auto_play_forced=False)
    app.new_game()
    brain = ComputerPlayer(Level.NORMAL, seed=seed)
    for _ in range(200_000):
        app.frame(1 / 60)
        # the game's own loop sleeps between frames; back to back, frames would leave the worker pool's
        # threads (which carry requests to the workers and answers back) waiting seconds for their turn
        time.sleep(0)
        table = next((s for s in app.stack.scenes if isinstance(s, TableScene)), None)
        if table is None:
            raise RuntimeError("the table closed before the picture was taken")
        state = table.ctl.state
        if table.modal is not None:
            table.modal.close()  # type: ignore[attr-defined]
            continue
        if table.claim.offered_by is not None:
            table.moves.answer_claim(False)  # a computer claims the rest: play on, as Esc does (it waited for ever)
            continue
        if not (table.accepting_input() and table.panel.is_current()):
            continue
        if state.hand_number >= 2 and state.phase is Phase.PLAY and len(table.view.trick) == 3 \
                and len(table.view.hands.get(Seat.S, [])) >= 10:
            break
        table.moves.act(brain.decide(state.view(Seat.S)))
    else:
        raise RuntimeError("the game never reached the moment to picture")
    if table.art.classic is not None:
        table.art.classic.wait(60.0)  # the classic faces, drawn in the background
    app.redraw_all()
    app.frame(1 / 60)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"table-{SIZE[0]}x{SIZE[1]}.png"
    pygame.image.save(app.screen, str(path))
    return path


if __name__ == "__main__":
    sys.exit(main())
