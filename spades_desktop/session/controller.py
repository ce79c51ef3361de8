"""The game as the table sees it: the engine state, the computer seats and their thinking.

No pygame here.  The table hands the person's intents to ``submit`` (the engine
decides legality) and calls ``think`` each frame.  With a pool of worker processes
(``thinkers``) a computer's decision is sent there with the game's revision and its answer
taken when it arrives, unless undo, a new game or a load made it stale; without one (or if
the pool fails) the computer searches in a small time slice of each frame, so thinking never
freezes the window either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..ai.players import ComputerPlayer, Decision, Level
from ..engine import actions as A
from ..engine.errors import BlindNilNotAllowed
from ..engine.events import Event
from ..engine.rules import HouseRules
from ..engine.seats import Seat
from ..engine.state import GameState, Phase
from .thinkers import DecisionRequest, SharedCard, ThinkerPool

if TYPE_CHECKING:
    from concurrent.futures import Future


class GameController:
    def __init__(self, state: GameState, levels: dict[Seat, str], human: Seat | None = Seat.S,
                 seed: int = 0, on_change: Callable[[GameController, Sequence[Event]], None] | None = None,
                 cards_seen: bool = False) -> None:
        self.state = state
        self.human = human
        self.seed = seed
        # the hand in which the person's cards were shown face up: blind nil is over for that hand
        self._seen_hand: int | None = state.hand_number if cards_seen else None
        self.players = {
            seat: ComputerPlayer(levels.get(seat, Level.NORMAL), seed=seed * 10 + int(seat))
            for seat in state.seats if seat != human
        }
        self.decision: Decision | None = None  # thinking in slices of the frame (no worker to ask)
        self.on_change = on_change  # the game session's hook: called after every action with its events
        self.thinkers: ThinkerPool | None = None  # the worker processes, when the app has them
        self.revision = 0  # grows with every change of the game: an answer to an older one is stale
        # a decision on its way in the workers: one request, or a hard card's worlds shared out
        self.asked: tuple[int, Seat, Future[int] | SharedCard] | None = None
        self.stale_answers = 0  # answers dropped because the game had moved on (undo, load, new game)
        self.worker_answers = 0  # decisions a worker process made
        #: the state just before the action that ended the last hand (the engine deals the next one at
        #: once: the table still shows the last hand's end meanwhile, and its words come from this)
        self.last_hand_end: GameState | None = None

    @classmethod
    def new(cls, rules: HouseRules, seed: int, levels: dict[Seat, str], human: Seat | None = Seat.S,
            on_change: Callable[[GameController, Sequence[Event]], None] | None = None,
            ) -> tuple[GameController, list[Event]]:
        state, events = GameState.new_game(rules, seed)
        return cls(state, levels, human, seed, on_change), events

    @property
    def thinking_seat(self) -> Seat | None:
        turn = self.state.turn
        return turn if turn is not None and turn != self.human else None

    def human_turn(self) -> bool:
        return self.human is not None and self.state.turn == self.human

    @property
    def cards_seen(self) -> bool:
        """Whether the person has seen their cards in the hand being played (saved with the game)."""
        return self._seen_hand is not None and self._seen_hand == self.state.hand_number

    def mark_cards_seen(self) -> None:
        """The table has shown the person's cards face up.  From now until the hand ends blind
        nil is neither offered nor accepted, whatever the settings say later."""
        if self.human is not None and self.state.hands[self.human]:
            self._seen_hand = self.state.hand_number

    def seen_seats(self) -> list[str]:
        """What a save records of the cards the person has seen this hand (``cards_seen`` in the file)."""
        return [self.human.name] if self.human is not None and self.cards_seen else []

    def submit(self, action: int) -> list[Event]:
        """The person's action; raises the engine's IllegalAction with the reason if it is not allowed."""
        if action == A.BLIND_NIL and self.cards_seen:
            raise BlindNilNotAllowed("you have seen your cards, so blind nil is not possible this hand")
        events = self._apply(action, self.human)
        self._changed(events)
        return events

    def think(self, seconds: float, ready_to_act: bool) -> list[Event]:
        """Let the computer on turn think for up to ``seconds``; apply its action when it has
        finished and the table is ready to show it."""
        seat = self.thinking_seat
        if seat is None:
            self.cancel()
            return []
        player = self.players.get(seat)
        if player is None:  # the person's seat handed to the computer (demo mode)
            player = self.players[seat] = ComputerPlayer(Level.NORMAL, seed=self.seed * 10 + int(seat))
        if self.asked is None and self.decision is None and self.thinkers is not None:
            request = DecisionRequest(player.level, player.seed * 100_003 + self.revision, player.budget,
                                      player.iterations, self.state.view(seat))
            shared = player.level is Level.HARD and self.state.phase is Phase.PLAY
            pending = self.thinkers.share_card(request) if shared else self.thinkers.submit(request)
            if pending is not None:
                self.asked = (self.revision, seat, pending)
        if self.asked is not None:
            return self._take_answer(ready_to_act)
        if self.decision is None:
            self.decision = player.start(self.state.view(seat))
        done = self.decision.step(seconds)
        if not (done and ready_to_act):
            return []
        action = self.decision.result
        self.decision = None
        return self._act(seat, action)

    def _take_answer(self, ready_to_act: bool) -> list[Event]:
        """The worker's answer once it has come and the table is ready to show it; dropped if
        the game has changed since it was asked."""
        assert self.asked is not None and self.thinkers is not None
        revision, seat, pending = self.asked
        finished = pending.done() if isinstance(pending, SharedCard) else self.thinkers.finished(pending)
        if not (finished and ready_to_act):  # the answer is read once, when it can be played
            return []
        action = (self.thinkers.shared_answer(pending) if isinstance(pending, SharedCard)
                  else self.thinkers.answer(pending))
        self.asked = None
        if action is None:  # the worker failed: think here from the next frame
            return []
        if revision != self.revision or seat != self.thinking_seat:
            self.stale_answers += 1
            return []
        self.worker_answers += 1
        return self._act(seat, action)

    def _act(self, seat: Seat, action: int) -> list[Event]:
        events = self._apply(action, seat)
        self._changed(events)
        return events

    def _apply(self, action: int, seat: Seat | None) -> list[Event]:
        """The engine applies ``action``; an action of a hand's last trick keeps the state before it
        (``last_hand_end``) once it has ended the hand."""
        state = self.state
        last_trick = state.phase is Phase.PLAY and state.trick_count >= state.hand_size - 1
        before = state.clone() if last_trick else None
        events = state.apply(action, seat=seat)
        if before is not None and state.hand_number != before.hand_number:
            self.last_hand_end = before
        return events

    def play_out(self) -> list[Event]:
        """A granted claim: the rest of the hand is played at once, every seat its lowest legal
        card (a proven claim ends the same whatever is played)."""
        self.cancel()
        state = self.state
        hand = state.hand_number
        events: list[Event] = []
        before = state.clone()
        while state.phase is Phase.PLAY and state.hand_number == hand and state.turn is not None:
            events += state.apply(min(state.legal_actions()), seat=state.turn)
        if state.hand_number != hand:
            self.last_hand_end = before
        self._changed(events)
        return events

    def hint(self) -> int | None:
        """What the normal player would do in the person's place."""
        if not self.human_turn():
            return None
        return ComputerPlayer(Level.NORMAL, seed=self.seed).decide(self.state.view(self.human))  # type: ignore[arg-type]

    def can_undo(self) -> bool:
        return self.human is not None and self.state.can_undo(self.human)

    def undo(self) -> None:
        """Rewind as the house rule allows; raises UndoNotAllowed (state untouched) if it does not."""
        if self.human is None:
            from ..engine.errors import UndoNotAllowed

            raise UndoNotAllowed("nobody's moves to take back")
        rewound = self.state.undo(self.human)
        self.cancel()
        self.state = rewound
        self._changed([])  # a new revision: an answer asked before the undo is stale

    def cancel(self) -> None:
        if self.decision is not None:
            self.decision.cancel()
            self.decision = None
        if self.asked is not None:
            self.asked[2].cancel()  # not started yet: never run; running: its answer is dropped
            self.asked = None

    @property
    def thinking(self) -> bool:
        """A computer is working on a decision (in a worker or in the frame's slices)."""
        return self.asked is not None or self.decision is not None

    def _changed(self, events: Sequence[Event]) -> None:
        self.revision += 1
        if self.on_change is not None:
            self.on_change(self, events)
