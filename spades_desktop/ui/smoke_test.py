"""``--smoke-test``: the frozen app's check that it came whole (card art, typeface, suit symbols).

A few frames of the title and of a watched table; exit status 1 when the table could not draw the
chosen deck, or a typeface or the suit symbols are missing.  Apart from the app, which only runs
the window.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .cards.cardart import CardArt
    from .core.scene import SceneStack

log = logging.getLogger("spades_desktop")


class SmokeApp(Protocol):
    """What the check uses of the app."""

    stack: SceneStack

    def to_title(self) -> None: ...
    def watch_game(self) -> None: ...
    def frame(self, dt: float) -> bool: ...
    def card_art(self, width: int) -> CardArt: ...
    def redraw_all(self) -> None: ...
    def close(self) -> int: ...


def smoke_test(app: SmokeApp) -> int:
    """Run the check and close the app; its exit status."""
    app.to_title()
    for _ in range(20):
        app.frame(1 / 60)
    app.watch_game()  # the table as a watched game: neither the autosave nor the statistics change
    for _ in range(120):
        app.frame(1 / 60)
    from .table.scene import TableScene

    table = app.stack.scenes[0]
    art = app.card_art(table.layout.card_w if isinstance(table, TableScene) else 120)  # the table's own art
    if art.classic is not None and not art.classic.wait(20.0):
        log.error("smoke test: %s", art.classic.failed or "the classic card faces were not drawn in time")
        app.close()
        return 1
    app.redraw_all()
    app.frame(1 / 60)
    from .cards.suit_glyphs import suits_missing
    from .core.typeface import typeface_missing

    missing = typeface_missing() + suits_missing()
    if missing:  # the frozen app's check that its typeface and suit art came along
        log.error("smoke test: the typeface or the suit symbols are missing: %s", ", ".join(missing))
        app.close()
        return 1
    return app.close()
