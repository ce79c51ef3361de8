"""Table talk at the table: at a hand's end a computer may say a word (``text/table_talk.py`` decides
who and what), shown in a bubble by its plate (``widgets/speech.py``) for a moment.

The hand summary waits a beat for it (``REACTION_BEAT``, by the animation speed: none at instant
speed), so the word is read on the table rather than under the summary's veil; nothing is said, and
nothing waits, with the "Table talk" setting off.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import events as E
from .widgets.plates import sitting_at

if TYPE_CHECKING:
    from .scene import TableScene

REACTION_TIME = 2.5  # seconds a word stays in its bubble
REACTION_BEAT = 1.8  # seconds the hand summary waits at normal speed while it is read
RECENT = 4  # lines said lately, not said again while another is left


class TableTalk:
    """Who said what lately at this table (the talk is seldom and does not repeat itself)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.last_said: int | None = None  # the hand at whose end a word was last said
        self.recent: tuple[str, ...] = ()

    def hand_scored(self, event: E.HandScored) -> bool:
        """A computer's word on the hand just scored (and the game, when it ends with it), shown by its
        plate; False when nobody speaks.  The same game says the same things (seeded by the game)."""
        table = self.table
        state = table.ctl.state
        over = next((e for e in table.queue if isinstance(e, E.GameOver)), None)
        from ..text.table_talk import hand_end, react  # (at a hand's end, not with the table)

        end = hand_end(event.hand_number, state.sides, event.breakdown, over.winner if over is not None else None)
        speakers = [seat for seat in state.seats if sitting_at(table, seat) is not None]
        rng = random.Random(table.ctl.seed * 7919 + event.hand_number)
        reaction = react(end, speakers, rng, on=table.settings.table_talk, last_said=self.last_said,
                         recent=self.recent)
        if reaction is None:
            return False
        self.last_said = event.hand_number
        self.recent = (*self.recent, reaction.line)[-RECENT:]
        table.view.reaction = reaction
        table.timers.after(REACTION_TIME, self._over, tag="reaction")
        table.dirty = True
        return True

    def _over(self) -> None:
        self.table.view.reaction = None
