"""The person's moves at the table: a card, a bid, an exchange, a claim, an undo, handed to the
engine through the controller; a refusal is shown with the rule's reason."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ai.judge import CheckerLevel
from ...engine import actions as A
from ...engine import events as E
from ...engine.claim import tricks_left
from ...engine.errors import IllegalAction, UndoNotAllowed
from ...engine.rule_values import Undo
from ...engine.seats import Seat
from ...engine.state import Phase
from ...engine.words import plural
from ...session.daily_run import PRACTICE_UNDO
from ..text.claims import claim_taken, no_claim
from ..text.daily_words import practice_now
from ..text.messages import forced_card_played, refusal
from ..text.variants import card_words
from .claims import MAX_TRICKS_LEFT

if TYPE_CHECKING:
    from .scene import TableScene


UNDO_GRACE = 1.2  # seconds the next computer waits after the person's card, so Ctrl+Z can take it back


class TableMoves:
    """What the person does, as intents handed to the engine."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._undo_known: tuple[int, int, bool] | None = None  # (state id, log length, can undo)

    def confirm_exchange(self) -> None:
        table = self.table
        st = table.ctl.state
        picks = list(table.exchange_pick)
        if not st.is_two and len(picks) != st.exchange_limit:
            table.flash(f"Choose {plural(st.exchange_limit, 'card')} to pass to your partner")
            return
        table.exchange_pick = []
        events: list[E.Event] = []
        try:
            for card in picks:
                events += table.ctl.submit(card)
            if st.is_two and table.ctl.state.phase is Phase.EXCHANGE and table.ctl.state.turn == table.ctl.human:
                events += table.ctl.submit(A.EXCHANGE_DONE)
        except IllegalAction as exc:
            table.flash(refusal(exc))
        table.queue.extend(events)
        table.panel.invalidate()

    @property
    def checking(self) -> bool:
        """Whether the person's decisions are checked now (the setting, or this hand from the menu)."""
        table = self.table
        if not table.session.traits.offers_checker:
            return False  # (a daily deal's playing is the player's own)
        return table.settings.play_checker is not CheckerLevel.OFF or table.check_hand == table.ctl.state.hand_number

    @property
    def checker_level(self) -> CheckerLevel:
        """Which mistakes the checker names: the setting's, or big ones for a hand checked from the menu."""
        level = self.table.settings.play_checker
        return CheckerLevel.BIG if level is CheckerLevel.OFF else level

    def act(self, action: int) -> None:
        """Hand an intent to the engine; a refusal is shown with the rule's reason."""
        table = self.table
        st = table.ctl.state
        card_played = st.phase is Phase.PLAY and A.is_card(action)
        # the position judged before the action changes it: the checker compares the action with it
        position = table.advisor.ask(st, table.ctl.human) if self.checking and table.ctl.human is not None else None
        hand, trick = st.hand_number, st.trick_count + 1 if card_played else 0
        try:
            events = table.ctl.submit(action)
        except IllegalAction as exc:
            table.flash(refusal(exc))
            table.app.sounds.play("illegal")
            return
        table.typed = ""
        table.hinted = None
        table.hints.acted()
        if table.said_once and table.message == table.said_once:
            table.message = ""  # why a key did nothing a moment ago ('B then Enter bids it') is past
        table.queue.extend(events)
        table.panel.invalidate()
        if table.selected >= 0:
            table.cursor_home = table.selected
        table.selected = -1
        table.dirty = True
        table.own_log_length = len(table.ctl.state.log)
        table.checker.submit(position, action, hand, trick)
        if card_played and table.ctl.state.rules.undo != Undo.OFF:
            table.timers.after(UNDO_GRACE * table.speed, tag="undo_grace")  # none at instant speed

    def claim_available(self) -> bool:
        """The person may claim: it is their card to play, two tricks or more are left (with one
        card left a claim saves nothing: "Claim the remaining 1 trick" was offered), and the engine
        has proven the claim."""
        table = self.table
        state = table.ctl.state
        return (table.accepting_input() and state.phase is Phase.PLAY and tricks_left(state) >= 2
                and table.claim.proven_for(state, table.ctl.human))

    def make_claim(self) -> None:
        table = self.table
        left = table.ctl.state.hand_size - table.ctl.state.trick_count
        table.queue.extend(table.ctl.play_out())
        table.flash(f"You claim the remaining {plural(left, 'trick')}")
        table.dirty = True

    def explain_no_claim(self) -> None:
        """C with no claim proven: why not, in one line ('No claim yet: West can still win a trick')."""
        table = self.table
        st = table.ctl.state
        human = table.ctl.human
        if human is None:
            return
        outcome = table.claim.why_not(st, human)
        table.flash(no_claim(outcome, tricks_left(st), MAX_TRICKS_LEFT, table.accepting_input() and st.turn == human,
                            table.name, human))

    def claim_members(self, seat: Seat) -> tuple[Seat, ...]:
        st = self.table.ctl.state
        return tuple(st.sides[st.side_of_seat(seat)])

    def answer_claim(self, agree: bool) -> None:
        """The person's answer to a computer's claim: Enter agrees, Esc plays on."""
        table = self.table
        seat = table.claim.offered_by
        table.claim.offered_by = None
        if seat is None:
            return
        if agree:
            left = tricks_left(table.ctl.state)
            table.queue.extend(table.ctl.play_out())
            table.flash(claim_taken(self.claim_members(seat), table.name, table.ctl.human, left))
        else:
            table.claim.declined(table.ctl.state)
        table.dirty = True

    def undo_available(self) -> bool:
        """Whether Ctrl+Z would take something back now.  The engine answers by replaying the game,
        so it is asked only right after the person's own move or on their turn, once per state."""
        table = self.table
        st = table.ctl.state
        if table.ctl.human is None or st.rules.undo == Undo.OFF:
            return False
        if len(st.log) != table.own_log_length and not (st.rules.undo == Undo.UNLIMITED and table.ctl.human_turn()):
            return False
        key = (id(st), len(st.log))
        if self._undo_known is None or self._undo_known[:2] != key:
            self._undo_known = (*key, table.ctl.can_undo())
        return self._undo_known[2]

    def undo(self) -> None:
        table = self.table
        try:
            table.ctl.undo()  # the engine decides whether the house rule allows it
        except UndoNotAllowed:
            rule = table.ctl.state.rules.undo
            table.flash("Undo is off in these house rules" if rule == Undo.OFF
                       else "Only your last card can be taken back, before the next card is played"
                       if rule == Undo.LAST_CARD else "Nothing of yours to undo")
            return
        table.queue.clear()
        table.tweener.finish_all()
        table.timers.cancel_tagged("undo_grace")
        table.cards.sync_from_state()
        table.flash("Undone")
        if table.session.mark_practice(PRACTICE_UNDO):
            table.app.flash(practice_now(PRACTICE_UNDO), seconds=4.0)

    def auto_look(self) -> bool:
        """Answer the blind-nil question for the person who asked not to be asked."""
        table = self.table
        st = table.ctl.state
        if st.phase is Phase.BLIND_DECISION and not table.cards.blind_prompt_wanted():
            self.act(A.LOOK)
            return True
        return False

    def auto_forced_card(self) -> bool:
        """With "Play a forced card" on, the person's only legal card plays itself: the hand's last
        card too (the table waited seven seconds and more for a click on it)."""
        table = self.table
        st = table.ctl.state
        if not table.settings.auto_play_forced or st.phase is not Phase.PLAY:
            return False
        legal = st.legal_actions()
        if len(legal) != 1:
            return False
        last = len(table.view.held(table.ctl.human)) <= 1
        self.act(legal[0])
        table.flash(forced_card_played(card_words(legal[0]), last))
        return True
