"""The person's input at the table: clicks on cards and chips, and keys read through the keymap.

Every key is looked up in ``core.keymap`` for the contexts in force (a computer's claim, a trick
held for study, watching, a focused choice, the decision the person must make, the choice panel's
buttons, then the table's own keys), so a key means one thing where it is pressed; the intents are
handed to the table's actions (``act``, ``undo``, ``hint`` ...).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import pygame

from ...engine import actions as A
from ...engine.state import Phase
from ...engine.words import plural
from ..core.intents import TRUMP_OF
from ..core.keymap import Context, Intent, KeyPress, binding_for, label_of
from ..core.keys import key_press
from ..text.idle_keys import enter_without_bid, idle_key_reason, key_does_nothing
from ..text.variants import forced_bid
from ..text.words import TYPED_WORDS, typed_action

if TYPE_CHECKING:
    from .scene import TableScene

#: the context of the decision each phase asks of the person
PHASE_CONTEXT = {Phase.BLIND_DECISION: Context.BLIND_DECISION, Phase.DRAW: Context.DRAW, Phase.TRUMP: Context.TRUMP,
                 Phase.PLAY: Context.PLAY, Phase.EXCHANGE: Context.EXCHANGE}
DECISIONS = (Context.BIDDING, Context.AUCTION, *PHASE_CONTEXT.values())
#: keys that type a bid to be confirmed with Enter, as digits do (one key must not bid a nil)
TYPED_BIDS = {Intent.NIL: A.NIL, Intent.BLIND_NIL: A.BLIND_NIL, Intent.PASS: A.PASS}  # each waits for Enter
PHASE_ACTIONS = {Intent.LOOK: A.LOOK, Intent.KEEP: A.KEEP, Intent.DISCARD: A.DISCARD,
                 Intent.NO_TRUMP: A.NO_TRUMP,
                 **{intent: A.TRUMP_BASE + suit for intent, suit in TRUMP_OF.items()}}


def table_contexts(*, claim_offer: bool = False, trick_held: bool = False, watching: bool = False,
                   decision: Context | None = None, choices: bool = False, focused: bool = False) -> list[Context]:
    """The table's contexts in force, the most specific first."""
    found = [context for context, wanted in ((Context.CLAIM_OFFER, claim_offer), (Context.TRICK_HELD, trick_held),
                                             (Context.WATCH, watching), (Context.FOCUSED, focused)) if wanted]
    if decision is not None:
        found.append(decision)
    if choices:
        found.append(Context.CHOICES)
    found.append(Context.TABLE)
    return found


def possible_table_contexts() -> list[list[Context]]:
    """Every set of contexts the table can put in force (for the keymap's tests): nobody decides
    while watching; the panel's buttons take keys only while the person may act (so never while a
    trick is held, and playing a card has none); a button has the focus only among buttons."""
    sets = []
    for claim_offer, trick_held, watching, choices, focused in itertools.product((False, True), repeat=5):
        for decision in (None, *DECISIONS):
            if watching and (decision is not None or choices):
                continue
            if (focused and not choices) or (choices and (decision in (None, Context.PLAY) or trick_held)):
                continue
            sets.append(table_contexts(claim_offer=claim_offer, trick_held=trick_held, watching=watching,
                                       decision=decision, choices=choices, focused=focused))
    return sets


class TableInput:
    def __init__(self, table: TableScene) -> None:
        self.table = table

    def contexts(self) -> list[Context]:
        """The contexts whose keys are live now, the most specific first."""
        table = self.table
        state = table.ctl.state
        decision = None
        if table.ctl.human_turn() and not table.autoplay:
            if state.phase is Phase.BIDDING:
                decision = Context.AUCTION if state.is_auction else Context.BIDDING
            else:
                decision = PHASE_CONTEXT.get(state.phase)
        choices = table.accepting_input() and bool(table.panel.buttons)
        return table_contexts(claim_offer=table.claim.offered_by is not None,
                              trick_held=table.pending_gather is not None, watching=table.watching,
                              decision=decision, choices=choices,
                              focused=choices and table.panel.group.focused() is not None)

    def _key(self, event: pygame.event.Event) -> None:
        """A key: its intent in the contexts in force, handed to what the table does."""
        table = self.table
        press = key_press(event)
        found = binding_for(self.contexts(), press)
        if found is None:
            self._explain_idle(press)
            return
        context, binding = found
        intent = binding.intent
        if intent is Intent.GO_ON:
            self._go_on()
        elif intent in TABLE_ACTIONS:
            TABLE_ACTIONS[intent](self)
        elif context in (Context.CHOICES, Context.FOCUSED):
            if table.panel.group.do(intent):
                table.dirty = True
        elif not table.accepting_input():
            return  # the person's decision, pressed while cards still move: nothing happens
        elif intent in (Intent.CURSOR_LEFT, Intent.CURSOR_RIGHT, Intent.CHOOSE, Intent.PICK):
            self._card_intent(intent)
        elif intent is Intent.CONFIRM and context is Context.EXCHANGE:
            table.moves.confirm_exchange()
        elif intent is Intent.CONFIRM:
            self._confirm_bid(context)
        elif intent is Intent.DIGIT:
            self._digit(int(press.key.strip("[]")))
        elif intent in TYPED_BIDS:
            self._type_bid(TYPED_BIDS[intent])
        elif intent is Intent.ERASE:
            table.typed = table.typed[:-1] if table.typed.isdigit() else ""  # a typed nil goes whole
            table.dirty = True
        elif intent in PHASE_ACTIONS:
            table.moves.act(PHASE_ACTIONS[intent])

    def _explain_idle(self, press: KeyPress) -> None:
        """A key with no meaning now: why it did nothing where it means something at another moment
        of the hand ('Not your turn: West is to play'), else that it does nothing here; once per hand
        for each key and reason, so a held key does not repeat it."""
        table = self.table
        for decision in DECISIONS:
            found = binding_for([decision], press)
            if found is None:
                continue
            context, binding = found
            reason = idle_key_reason(binding.intent, context, table.ctl.state, table.ctl.human, table.name)
            if reason:
                table.say_once(reason)
                return
        table.say_once(key_does_nothing(press))

    # ------------------------------------------------------------ what the table's keys do
    def _show_hands(self) -> None:
        self.table.toggle_all_hands()

    def _pause_play(self) -> None:
        table = self.table
        table.paused = not table.paused
        go_on = label_of(Intent.PAUSE_PLAY, Context.WATCH)
        table.flash(f"Paused: {go_on} to go on" if table.paused else "Playing on", 600 if table.paused else 1.2)
        table.dirty = True

    def _accept_claim(self) -> None:
        self.table.moves.answer_claim(True)

    def _refuse_claim(self) -> None:
        self.table.moves.answer_claim(False)

    def _claim(self) -> None:
        if self.table.moves.claim_available():
            self.table.moves.make_claim()
        else:
            self.table.moves.explain_no_claim()

    def _menu(self) -> None:
        table = self.table
        table.app.stack.push(table.app.scenes.pause(table))

    def _undo(self) -> None:
        self.table.undo()

    def _last_trick(self) -> None:
        table = self.table
        if table.view.last_trick:
            view = table.view
            table.app.stack.push(table.app.scenes.last_trick(view.last_trick, view.last_trick_marks, table.name))
        else:
            table.flash("No trick has been played yet in this hand")

    def _score_sheet(self) -> None:
        table = self.table
        table.app.stack.push(table.app.scenes.score_sheet(table.ctl.state, table.checker.marks))

    def _hint(self) -> None:
        self.table.hint()

    def _speed(self) -> None:
        self.table.cycle_speed()

    # ------------------------------------------------------------ bidding by keyboard
    def _digit(self, digit: int) -> None:
        table = self.table
        typed = table.typed if table.typed.isdigit() else ""
        table.typed = (typed + str(digit))[-2:]
        if int(table.typed) > table.ctl.state.hand_size:
            table.typed = str(digit)
        table.dirty = True

    def _type_bid(self, action: int) -> None:
        """N, B or P: the nil or the pass is typed, and Enter bids it (as a typed number is)."""
        table = self.table
        state = table.ctl.state
        if action not in state.legal_actions():
            if state.turn == table.ctl.human and state.phase is Phase.BIDDING:
                table.moves.act(action)  # the engine refuses it with its rule's reason
            return
        table.typed = TYPED_WORDS[action]
        table.dirty = True

    def _confirm_bid(self, context: Context) -> None:
        """Enter: the bid typed, else the hint's outlined choice (a bid, or keep or discard in the
        two-player draw), else the only bid there is; in the blind-nil question, with nothing typed,
        Enter looks at the cards."""
        table = self.table
        state = table.ctl.state
        typed = typed_action(table.typed)
        if typed is not None:
            table.typed = ""
            table.moves.act(typed)
        elif table.hinted is not None and table.hinted in state.legal_actions():
            table.moves.act(table.hinted)
        elif state.phase is Phase.BLIND_DECISION:
            table.moves.act(A.LOOK)
        elif (only := forced_bid(state)) is not None:
            table.moves.act(only)  # mirror (or whiz without spades): Enter confirms the only bid
        else:
            table.say_once(enter_without_bid(context))  # (it did nothing and said nothing)

    def _go_on(self) -> None:
        """Gather the trick held for study (Space, Enter or a click)."""
        table = self.table
        if table.pending_gather is None:
            return
        gather, table.pending_gather = table.pending_gather, None
        gather()
        table.dirty = True

    def _card_at(self, pos: tuple[int, int]) -> int:
        seat = self.table.ctl.human
        if seat is None:
            return -1
        cards = self.table.view.hands.get(seat, [])
        cw, ch = self.table.layout.card_w, self.table.layout.card_h
        for i in range(len(cards) - 1, -1, -1):
            sprite = self.table.view.human_sprites.get(cards[i])
            if sprite is None:
                continue
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (int(sprite.x), int(sprite.y - sprite.lift))
            if rect.collidepoint(pos):
                return i
        return -1

    def handle_event(self, event: pygame.event.Event) -> None:
        table = self.table
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if clicked and table.pending_gather is not None:
            self._go_on()
            return
        clicked = clicked and table.modal is None
        if clicked and table.undo_chip is not None and table.undo_chip.collidepoint(event.pos):
            table.undo()
            return
        if (clicked and table.claim_chip is not None and table.claim_chip.collidepoint(event.pos)
                and table.moves.claim_available()):
            table.moves.make_claim()
            return
        if table.panel.handle(event):
            table.dirty = True
            return
        if not table.accepting_input():
            if event.type == pygame.MOUSEMOTION and table.hover != -1:
                table.hover = -1
                table.dirty = True
            return
        if table.ctl.state.phase in (Phase.PLAY, Phase.EXCHANGE):
            self._hand_input(event)

    def _hand_input(self, event: pygame.event.Event) -> None:
        seat = self.table.ctl.human
        cards = self.table.view.held(seat)
        if event.type == pygame.MOUSEMOTION:
            idx = self._card_at(event.pos)
            if idx != self.table.hover:
                self.table.hover = idx
                self.table.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            idx = self._card_at(event.pos)
            if idx >= 0:
                self.table.keyboard_cursor = False
                self._choose_card(cards[idx], idx)

    def _card_intent(self, intent: Intent) -> None:
        """The arrows, and the key that plays (or picks to pass) the card they are on."""
        table = self.table
        cards = table.view.hands.get(table.ctl.human, []) if table.ctl.human is not None else []
        if not cards:
            return
        table.keyboard_cursor = True
        if intent in (Intent.CURSOR_LEFT, Intent.CURSOR_RIGHT):
            table.selected = self._keyboard_step(cards, -1 if intent is Intent.CURSOR_LEFT else 1)
            table.dirty = True
        elif 0 <= table.selected < len(cards):
            self._choose_card(cards[table.selected], table.selected)
        else:  # nothing chosen yet: Enter first shows where the keyboard starts
            table.selected = self._keyboard_step(cards, 0)
            table.dirty = True

    def _keyboard_step(self, cards: list[int], step: int) -> int:
        """The card the arrows land on: only cards that may be played are stops.  With nothing
        chosen yet the first press lands on the likeliest card (the hint's, when hints are on, or
        else the first legal one) instead of the far left."""
        legal = self.table.cards.legal_cards()
        stops = [i for i, card in enumerate(cards) if card in legal] or list(range(len(cards)))
        if self.table.selected not in stops:
            return self._likely_card(cards, stops)
        at = stops.index(self.table.selected)
        return stops[(at + step) % len(stops)]

    def cursor_start(self) -> int:
        """Where the keyboard cursor waits when the person's turn comes: where the first arrow would
        land (the hint's card with hints on, as ever); with hints off, the playable card nearest to
        where it last was."""
        table = self.table
        cards = table.view.hands.get(table.ctl.human, []) if table.ctl.human is not None else []
        legal = table.cards.legal_cards()
        stops = [i for i, card in enumerate(cards) if card in legal]
        if not stops:
            return -1
        if table.settings.hints:
            return self._likely_card(cards, stops)
        home = max(0, min(table.cursor_home, len(cards) - 1))
        return min(stops, key=lambda i: (abs(i - home), i))

    def _likely_card(self, cards: list[int], stops: list[int]) -> int:
        if self.table.settings.hints and self.table.ctl.state.phase is Phase.PLAY:
            # the judge's best card where the position is judged already (the hint's), else the
            # normal level's at once (the cursor never waits)
            judged = self.table.advisor.assessment(self.table.ctl.state)
            action = judged.best if judged is not None else self.table.ctl.hint()
            if action is not None and action in cards and cards.index(action) in stops:
                return cards.index(action)
        return stops[0]

    def _choose_card(self, card: int, index: int) -> None:
        st = self.table.ctl.state
        if st.phase is Phase.EXCHANGE:
            if card in self.table.exchange_pick:
                self.table.exchange_pick.remove(card)
            elif len(self.table.exchange_pick) < st.exchange_limit:
                self.table.exchange_pick.append(card)
            else:
                self.table.flash(f"Choose at most {plural(st.exchange_limit, 'card')}")
            self.table.panel.invalidate()
            self.table.dirty = True
            return
        if self.table.settings.confirm_play and self.table.selected != index:
            self.table.selected = index
            self.table.flash(f"Click again (or press {label_of(Intent.CHOOSE, Context.PLAY)}) to play it")
            return
        self.table.moves.act(card)


#: the table's own intents, whatever the phase
TABLE_ACTIONS = {
    Intent.SHOW_HANDS: TableInput._show_hands,
    Intent.PAUSE_PLAY: TableInput._pause_play,
    Intent.ACCEPT_CLAIM: TableInput._accept_claim,
    Intent.REFUSE_CLAIM: TableInput._refuse_claim,
    Intent.CLAIM: TableInput._claim,
    Intent.MENU: TableInput._menu,
    Intent.UNDO: TableInput._undo,
    Intent.LAST_TRICK: TableInput._last_trick,
    Intent.SCORE_SHEET: TableInput._score_sheet,
    Intent.HINT: TableInput._hint,
    Intent.SPEED: TableInput._speed,
}
