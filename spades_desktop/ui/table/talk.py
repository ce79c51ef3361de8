"""Table talk at the table: at a hand's end a computer may say a word (``text/table_talk.py`` decides
who and what), shown in a bubble by its plate (``widgets/speech.py``) for a moment.

The hand summary waits a beat for it (``REACTION_BEAT``, by the animation speed: none at instant
speed), so the word is read on the table rather than under the summary's veil; nothing is said, and
nothing waits, with the "Table talk" setting off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import events as E
from .widgets.plates import sitting_at

if TYPE_CHECKING:
    from .scene import TableScene

REACTION_TIME = 2.5  # seconds a word stays in its bubble
REACTION_BEAT = 1.8  # seconds the hand summary waits at normal speed while it is read


class TableTalk:
    """A computer's word at a hand's end, by its plate for a moment."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def hand_scored(self, event: E.HandScored) -> bool:
        """A computer's word on the hand just scored (and the game, when it ends with it), shown by its
        plate; False when nobody speaks.  What the game's earlier hands said is worked out again from
        them (``game_talk``), so a continued game keeps quiet after a remark as a played-on one does."""
        table = self.table
        state = table.ctl.state
        over = next((e for e in table.queue if isinstance(e, E.GameOver)), None)
        from ..text.table_talk import game_talk, hand_end  # (at a hand's end, not with the table)

        before = [hand_end(result.hand_number, state.sides, result.breakdown) for result in state.hand_history
                  if result.hand_number < event.hand_number]
        end = hand_end(event.hand_number, state.sides, event.breakdown, over.winner if over is not None else None)
        speakers = [seat for seat in state.seats if sitting_at(table, seat) is not None]
        reaction = game_talk([*before, end], speakers, table.ctl.seed, on=table.settings.table_talk)[-1]
        if reaction is None:
            return False
        table.view.reaction = reaction
        table.timers.after(REACTION_TIME, self._over, tag="reaction")
        table.dirty = True
        return True

    def _over(self) -> None:
        self.table.view.reaction = None
