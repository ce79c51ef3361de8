"""The game state machine: a whole game of Spades in every mode, one action at a time.

In the spirit of OpenSpiel: ``current_player``, ``legal_actions()``, ``apply()``
returning the events the action caused, ``clone()`` and terminal detection.  Chance
(the dealer draw, the deal, the two-player stock, the exchange draw) comes from the
game seed, so a game is reproducible from (rules, seed, actions).  Everything is
checked before anything changes, so an illegal action leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from . import actions as A
from .cards import (
    NUM_CARDS,
    SUIT_OF,
    card_id,
    cards_of,
)
from .consequences import first_lead_card
from .deal_checks import checked_deal, checked_side_numbers
from .decks import deck_for
from .errors import (
    IllegalAction,
    NotYourTurn,
    StateError,
)
from .events import (
    DEALT,
    DealerDrawn,
    Event,
)
from .hand_flow import HandFlow
from .phase import Phase
from .rng import shuffled_deck
from .rule_values import Undo
from .rules import HouseRules, Mode
from .seat_views import build_view
from .seats import Seat
from .state_fields import (
    BID_CHOICES,
    BREAKING_PLAYS,
    PHASE_BIDDING,
    PHASE_GAME_OVER,
    PHASE_PLAY,
    PLAIN_PLAYS,
    RNG_DEALER_DRAW,
    SEATS2,
    SEATS3,
    SEATS4,
    StateFields,
)
from .view import SeatView

#: the latest hand a game may open with (a deal code names hands 1 to 63)
MAX_FIRST_HAND = 63

__all__ = ["GameState", "Phase", "seats_for", "sides_for"]  # (Phase: read from here by most callers)


def sides_for(mode: str) -> dict[str, tuple[Seat, ...]]:
    """Scoring sides of a mode: pairs in partnership and auction, single seats otherwise."""
    if mode in (Mode.PARTNERSHIP.value, Mode.AUCTION.value):
        return {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}
    if mode == Mode.TWO_PLAYER.value:
        return {"N": (Seat.N,), "S": (Seat.S,)}
    if mode == Mode.THREE_PLAYER.value:
        return {s.name: (s,) for s in SEATS3}
    return {s.name: (s,) for s in SEATS4}


def seats_for(mode: str) -> tuple[Seat, ...]:
    """The seats that play in a mode, in the order the score sheet lists them."""
    if mode == Mode.TWO_PLAYER.value:
        return SEATS2
    if mode == Mode.THREE_PLAYER.value:
        return SEATS3
    return SEATS4


def _rank_key(card: int) -> int:
    # Higher rank wins the dealer draw; among equal ranks spades > hearts > diamonds > clubs.
    return (card % 13) * 4 + card // 13



class GameState(HandFlow):
    """A whole game; see the module docstring.  Create with :meth:`new_game` or :meth:`from_deal`."""

    __slots__ = ()  # the slots are ``StateFields``'s

    # ------------------------------------------------------------------ creation
    def __init__(self, rules: HouseRules, seed: int) -> None:
        self.rules = rules
        self.mode = rules.mode
        self.is_two = self.mode == Mode.TWO_PLAYER.value
        self.is_auction = self.mode == Mode.AUCTION.value
        self.seats = seats_for(self.mode)
        self.n_players = len(self.seats)
        self.deck = deck_for(rules.deck_in_force, self.mode)
        self.hand_size = self.deck.hand_size
        self.bidding = rules.bidding_in_force
        self.nil_choices = BID_CHOICES[self.hand_size][rules.nil_possible]
        self.blind_possible = rules.blind_nil_possible
        self.first_card = first_lead_card(rules, self.deck.mask)  # the card that must open a hand, or 0
        # whether a partnership hand may have cards exchanged after the bids (read at every hand's last bid)
        self.partnership_exchange = self.mode == Mode.PARTNERSHIP.value and bool(
            rules.blind_nil_exchange or rules.nil_exchange_in_force
        )
        self.sides = sides_for(self.mode)
        self.side_of = [""] * 4
        for side, members in self.sides.items():
            for s in members:
                self.side_of[s] = side
        if len(self.seats) == 2:
            self.next_seat = [Seat.S, Seat.E, Seat.N, Seat.W]
        elif len(self.seats) == 3:
            self.next_seat = [Seat.S, Seat.E, Seat.W, Seat.N]  # North, South, West: East's chair skipped
        else:
            self.next_seat = [Seat.E, Seat.S, Seat.W, Seat.N]
        # play_order[leader]: the seats of a trick in play order; shared tuples, no allocation per trick
        self.play_order = []
        for lead in SEATS4:
            order = [lead]
            while len(order) < self.n_players:
                order.append(self.next_seat[order[-1]])
            self.play_order.append(tuple(order))
        # deal_rows[first seat]: the DEALT row of the seat each card of a deal goes to, in dealing order
        self.deal_rows = [tuple(DEALT[s] for s in order) * self.hand_size for order in self.play_order]
        self.seed = seed
        self.start = None
        self.stop_after_hand = False
        self.hand_number = 1
        self.redeals = 0
        self.dealer = Seat.N
        self.phase = PHASE_BIDDING
        self.turn = None
        self.scores = {side: 0 for side in self.sides}
        self.bags = {side: 0 for side in self.sides}
        self.hand_history = []
        self.winner = None
        self.log = []
        self.dealer_draw = ()
        self._reset_hand()

    @classmethod
    def new_game(cls, rules: HouseRules, seed: int, first_hand: int = 1,
                 dealer: Seat | None = None) -> tuple[GameState, list[Event]]:
        """A new game: the dealer draw and the first deal, up to the first decision.

        ``first_hand`` and ``dealer``: the game opens with that hand of the seed's deals, dealt by
        ``dealer`` (no dealer draw): the deal a deal code names (``deal_codes``), the very cards
        hand ``first_hand`` of a game of this seed is dealt, whatever was played before it."""
        state = cls(rules, seed)
        events: list[Event] = []
        if first_hand != 1 or dealer is not None:
            if dealer is None or dealer not in state.seats or not 1 <= first_hand <= MAX_FIRST_HAND:
                raise StateError(f"a game cannot open with hand {first_hand} dealt by {dealer!r}"[:200])
            state.start = {"first_hand": first_hand, "dealer": dealer.name}
            state.hand_number, state.dealer = first_hand, dealer
            state._begin_hand(events)
            return state, events
        deck = shuffled_deck(seed, 0, 0, RNG_DEALER_DRAW)  # drawn from a standard deck
        drawn = tuple(zip(state.seats, deck, strict=False))
        state.dealer_draw = drawn
        state.dealer = max(drawn, key=lambda sc: _rank_key(sc[1]))[0]
        events.append(DealerDrawn(tuple(s for s, _ in drawn), tuple(c for _, c in drawn), state.dealer))
        state._begin_hand(events)
        return state, events

    @classmethod
    def from_deal(
        cls,
        rules: HouseRules,
        dealer: Seat,
        hands: Mapping[Seat, int],
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
        *,
        hand_number: int = 1,
        seed: int = 0,
        stop_after_hand: bool = True,
        exchange: bool = False,
    ) -> GameState:
        """A hand that starts from known hands (hand records, tests, AI search).

        The hands are checked: 13 (three players: 17) distinct cards of the deck in
        force each, no card in two hands.  In two-player mode only N and S hold cards
        and the draw is skipped.  ``exchange``: the hands are as dealt, and a partnership's
        nil or blind-nil exchange is played after the bids as in a dealt game (a hand record
        that says what was bid from); without it the hands are as held for the play and no
        exchange comes.
        """
        state = cls(rules, seed)
        state.stop_after_hand = stop_after_hand
        seen = checked_deal(state, dealer, hands)  # (a hand record's or a save's: anything may be in it)
        for name, given in (("scores", scores), ("bags", bags)):
            if given is not None:
                (state.scores if name == "scores" else state.bags).update(checked_side_numbers(state, name, given))
        state.hand_number = hand_number
        state.dealer = dealer
        state.start = {
            "dealer": dealer.name,
            "hand_number": hand_number,
            "hands": {s.name: [card_id(c) for c in cards_of(hands[s])] for s in state.seats},
            "scores": dict(state.scores),
            "bags": dict(state.bags),
            "stop_after_hand": stop_after_hand,
        }
        if exchange:
            state.start["exchange"] = True
        state._reset_hand()
        for seat in state.seats:
            state.hands[seat] = hands[seat]
        if state.mode == Mode.TWO_PLAYER.value:
            state.discards = state.deck.mask & ~seen
        state._after_deal([])
        return state

    # ------------------------------------------------------------------ applying
    def apply(self, action: int, seat: Seat | None = None) -> list[Event]:
        """Apply the current player's action and return the events it caused.

        ``seat``, when given, must be the player on turn (the UI passes it so a
        stray click can never act for another seat).
        """
        if seat is not None and seat != self.turn:
            raise NotYourTurn(f"it is {self.turn.name if self.turn is not None else 'nobody'}'s turn, "
                              f"not {seat.name}'s")
        if self.phase is PHASE_PLAY and type(action) is int and 0 <= action < NUM_CARDS:
            mask = self._legal_mask
            if mask is None:
                mask = self._compute_legal_mask()
            if not mask >> action & 1:
                raise self._explain_illegal_card(action)
            # The hot path of every simulated hand, so _play's opening is inlined here.
            self.log.append(action)
            self._legal_mask = self._legal_tuple = None
            actor = self.actor
            bit = 1 << action
            self.hands[actor] ^= bit
            self.played |= bit
            cards = self.trick_cards
            cards.append(action)
            if not self.broken and SUIT_OF[action] == self.trump:
                self.broken = True
                events: list[Event] = [BREAKING_PLAYS[actor][action]]
            else:
                events = [PLAIN_PLAYS[actor][action]]
            if len(cards) < self.n_players:
                self.turn = self.next_seat[actor]
            else:
                self._finish_trick(events)
            return events
        legal = self._legal_tuple
        if legal is None:
            legal = self.legal_actions()
        if type(action) is not int or action not in legal:
            self._check(action)  # raises the specific rule that forbids it
            raise IllegalAction(f"{A.action_text(action)} is not possible now")
        events = []
        self._do(action, events)
        return events

    def apply_quiet(self, action: int) -> None:
        """Apply a known-legal action without building events (AI search)."""
        self._do(action, None)

    # ------------------------------------------------------------------ copying
    def clone(self) -> GameState:
        new = GameState.__new__(GameState)
        for name in StateFields.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.looked = list(self.looked)
        new.bids = list(self.bids)
        new.blind = list(self.blind)
        new.tricks = list(self.tricks)
        new.trick_cards = list(self.trick_cards)
        new.completed = list(self.completed)
        new.scores = dict(self.scores)
        new.bags = dict(self.bags)
        new.hand_history = list(self.hand_history)
        new.seen = list(self.seen)
        new.blind_decided = list(self.blind_decided)
        new.exchange_queue = list(self.exchange_queue)
        new.exchange_pairs = list(self.exchange_pairs)
        new.exchange_chosen = list(self.exchange_chosen)
        new.calls = list(self.calls)
        new.log = list(self.log)
        new.hand_bids = list(self.hand_bids)
        new.hand_exchanges = dict(self.hand_exchanges)
        return new

    # ------------------------------------------------------------------ undo
    def _rewound(self, seat: Seat) -> GameState | None:
        """The state just before ``seat``'s last decision, if the undo rule lets it be taken back.

        Undo is rare, so it replays the log rather than keeping history: once for the last
        own card (the replay up to the last action also tells who made it), twice for
        unlimited undo (once to find the seat's last action, once to rewind to it).
        """
        mode = self.rules.undo
        if mode == Undo.OFF or self.phase is PHASE_GAME_OVER or not self.log:
            return None
        if mode == Undo.LAST_CARD:
            before = self._replay_prefix(len(self.log) - 1)
            return before if before.turn == seat and before.phase is PHASE_PLAY else None
        point = self.undo_point(seat)
        return None if point is None else self._replay_prefix(point)

    def undo_point(self, seat: Seat) -> int | None:
        """Index in the action log to rewind to so ``seat`` may redo its last decision, or None."""
        mode = self.rules.undo
        if mode == Undo.OFF or self.phase is PHASE_GAME_OVER or not self.log:
            return None
        if mode == Undo.LAST_CARD:
            return len(self.log) - 1 if self._rewound(seat) is not None else None
        actors = self._replay_actors()
        for i in range(len(self.log) - 1, -1, -1):
            if actors[i] == seat:
                return i
        return None

    def _replay_actors(self) -> list[Seat]:
        """Who took each logged action."""
        state = self._fresh_start()
        actors: list[Seat] = []
        for action in self.log:
            actors.append(state.actor)
            state._do(action, None)
        return actors

    def can_undo(self, seat: Seat) -> bool:
        return self._rewound(seat) is not None

    def undo(self, seat: Seat) -> GameState:
        """A new state rewound to just before ``seat``'s last decision, as the undo rule allows."""
        from .errors import UndoNotAllowed

        rewound = self._rewound(seat)
        if rewound is None:
            raise UndoNotAllowed(
                "undo is off" if self.rules.undo == Undo.OFF
                else "only your own last card may be taken back, before the next card is played"
                if self.rules.undo == Undo.LAST_CARD else "nothing of yours to undo"
            )
        return rewound

    def _replay_prefix(self, count: int) -> GameState:
        state = self._fresh_start()
        for action in self.log[:count]:
            state._do(action, None)
        return state

    def replayed(self) -> Iterator[tuple[GameState, int]]:
        """The game played again from its start: each logged action with the state just before it
        (one state, changed in place by the next step: read it, keep nothing of it)."""
        state = self._fresh_start()
        for action in self.log:
            yield state, action
            state._do(action, None)

    def _fresh_start(self) -> GameState:
        start = self.start
        if start is None:
            return GameState.new_game(self.rules, self.seed)[0]
        if "hands" not in start:  # a game opened with a later hand of its seed (a deal code's)
            first, dealer = start["first_hand"], start["dealer"]
            assert isinstance(first, int) and isinstance(dealer, str)
            return GameState.new_game(self.rules, self.seed, first, Seat[dealer])[0]
        return _state_from_start(self.rules, self.seed, start)

    # ------------------------------------------------------------------ views
    def view(self, seat: Seat) -> SeatView:
        return build_view(self, seat)


def _side_numbers(start: Mapping[str, object], name: str) -> Mapping[str, int] | None:
    """A saved start's scores or bags (each number is checked by ``from_deal``)."""
    given = start.get(name)
    if given is None or isinstance(given, Mapping):
        return given
    raise StateError(f"bad start of hand: {name} must be an object of sides, not {given!r}"[:200])


def _flag(start: Mapping[str, object], name: str, default: bool) -> bool:
    """A true-or-false entry of a saved start of hand."""
    flag = start.get(name, default)
    if not isinstance(flag, bool):
        raise StateError(f"bad start of hand: {name} must be true or false, not {flag!r}")
    return flag


def _state_from_start(rules: HouseRules, seed: int, start: Mapping[str, object]) -> GameState:
    from .cards import mask_from_ids

    hand_number = start.get("hand_number", 1)
    if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
        raise StateError(f"bad start of hand: hand_number must be a whole number from 1, not {hand_number!r}")
    stop = _flag(start, "stop_after_hand", True)
    exchange = _flag(start, "exchange", False)
    try:
        aliases = deck_for(rules.deck_in_force, rules.mode).aliases
        dealt = start["hands"]
        if not isinstance(dealt, Mapping):
            raise StateError(f"bad start of hand: hands must be an object of seats, not {dealt!r}"[:200])
        hands = {Seat.parse(k): mask_from_ids(v, aliases) for k, v in dealt.items()}
        if len(hands) != len(dealt):
            raise StateError("bad start of hand: a seat is named twice")
        return GameState.from_deal(
            rules,
            Seat.parse(start["dealer"]),
            hands,
            _side_numbers(start, "scores"),
            _side_numbers(start, "bags"),
            hand_number=hand_number,
            seed=seed,
            stop_after_hand=stop,
            exchange=exchange,
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, StateError):
            raise
        raise StateError(f"bad start of hand: {exc}") from exc
