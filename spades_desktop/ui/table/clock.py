"""What moves the table on in a frame: animations and timers, the queued events shown one after
another, the computers' thinking, the claim watch, the advice and the checker."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.state import Phase

if TYPE_CHECKING:
    from .scene import TableScene


THINK_SLICE = 0.008  # seconds of AI search per frame: half a 60 fps frame, drawing takes 1-4 ms


#: frames in a row without a frame to spare, after which part of a portrait is drawn in a busy frame
BUSY_FRAMES = 20

#: a frame to spare draws ahead for about this long (a part of a portrait or a hand: at most about
#: 1 ms at 4K, where a whole portrait took 3-7 ms and a whole hand 2-3 ms)
DRAW_AHEAD_SECONDS = 0.0006

#: cards in the air in a frame that may still draw ahead: a card played, a trick swept; not a deal
#: (the deck and a dozen cards, already the costliest frames at 4K)
FEW_IN_FLIGHT = 4


class TableClock:
    """Advances the table by a frame's time; says whether anything changed."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.judged_from = -1  # the log length at which the checker's judgement was last started
        #: the last frame only moved cards (no callback, no new state): the widgets that show cards
        #: in motion are all that may have changed
        self.motion_only = False
        self.busy_frames = 0  # frames in a row with no room for work drawn ahead (see ``advance``)

    def advance(self, dt: float) -> bool:
        table = self.table
        changed = table.dirty
        table.dirty = False
        top = table.app.stack.top
        self.motion_only = False
        under_menu = top is not table and top is not table.modal
        if under_menu != table.under_menu:  # (what the table shows under a menu: nobody thinking)
            table.under_menu = under_menu
            changed = True
        if under_menu:
            return changed  # paused under a menu or an info overlay
        if table.paused:
            return changed  # watch mode, paused: nothing moves, nobody thinks
        moved = False  # cards moved, and nothing else happened (so far)
        if table.tweener.busy and table.tweener.update(dt):
            # the last tween done settles the table, which widgets read ("Your turn", the hints)
            if table.tweener.called_back or table.tweener.redrawn or not table.tweener.busy:
                changed = True
            else:
                moved = True
        if table.timers.update(dt):
            changed = True
        if table.art.take_ready():  # classic faces drawn in the background since the last frame
            table.painter.forget_faces()
            changed = True
        if table.ctl.state.phase is Phase.PLAY and not table.queue and table.claim.step(table.ctl.state):
            changed = True
        offer = table.claim.computer_offer(table.ctl.state, table.ctl.human, settled=table.settled)
        if offer is not None:
            table.claim.offered_by = offer
            if table.settings.computer_claims == "accept":  # the person asked not to be asked
                table.moves.answer_claim(True)
            changed = True
        if table.moves.checking and not table.autoplay and table.ctl.human is not None and table.ctl.human_turn() \
                and table.settled and self.judged_from != len(table.ctl.state.log):
            # the checker will judge this position once the person acts: start now, so that its note
            # (and a hint asked meanwhile) comes sooner; the computers wait for the person anyway
            self.judged_from = len(table.ctl.state.log)
            table.advisor.ask(table.ctl.state, table.ctl.human)
        if table.advisor.busy and table.advisor.step():
            changed = True
        if table.hints.step(dt):
            changed = True
        if table.checker.busy:
            mark = table.checker.step()
            if mark is not None:
                table.checker_note = mark.text
                table.timers.after(6.0, self._checker_note_over, tag="checker_note")
                changed = True
        if self.animate_queue():
            changed = True
        if table.modal is not None:
            self.motion_only = moved and not changed
            return changed or moved
        ready = table.settled and table.claim.offered_by is None
        if table.ctl.thinking_seat is not None or (table.autoplay and table.ctl.human_turn()):
            table.thinking_time += dt
            if table.autoplay and table.ctl.human is not None and table.ctl.human_turn():
                table.ctl.human = None  # the computer takes the person's seat too (demo mode)
            events = table.ctl.think(THINK_SLICE if table.speed > 0 else 0.05,
                                    ready and not table.timers.running("undo_grace"))
            if events:
                table.queue.extend(events)
                table.thinking_time = 0.0
                self.animate_queue()  # the card leaves the hand in the frame its answer came
                changed = True
        elif ready and table.ctl.human_turn() and (table.moves.auto_look() or table.moves.auto_forced_card()):
            changed = True
        elif (table.keyboard_cursor and table.selected < 0 and table.accepting_input()
              and table.ctl.state.phase is Phase.PLAY):
            table.selected = table.input.cursor_start()  # the first Enter of the turn plays
            changed = True
        if ready and table.panel.refresh():
            changed = True
        # a frame with nothing to draw finishes a card face ahead of its use, or draws part of a
        # portrait or a hand's next picture; so does a frame where only a card or two moved (the
        # computers playing each other leave no frame idle); a table that never rests still gets its
        # portraits, a part in a busy frame now and then
        idle = not changed and not table.tweener.busy
        spare = not changed and len(table.view.flying) <= FEW_IN_FLIGHT
        self.busy_frames = 0 if spare else self.busy_frames + 1
        if (spare and not (idle and table.art.warm_one())) or (
                self.busy_frames >= BUSY_FRAMES and not table.view.flying):
            self.busy_frames = 0
            if table.painter.prepare_one(DRAW_AHEAD_SECONDS):
                # a portrait drawn: its plate shows it from the next frame (drawing both in one
                # frame made it one of the longest at 4K)
                table.dirty = True
        self.motion_only = moved and not changed
        return changed or moved

    def animate_queue(self) -> bool:
        """Play queued events one after another (each waits for what the one before set moving)."""
        table = self.table
        played = False
        while table.queue and not table.tweener.busy and table.modal is None and table.pending_gather is None:
            table.animator.animate(table.queue.popleft())
            played = True
        return played



    def _checker_note_over(self) -> None:
        self.table.checker_note = ""
