"""Computer players: legal everywhere, reproducible, honest, and sensible at the table."""

from __future__ import annotations

import random

import pytest

from spades_desktop.ai import ComputerPlayer, Level
from spades_desktop.ai.knowledge import knowledge_from_view, sample_deal
from spades_desktop.ai.playout import legal_mask
from spades_desktop.ai.world_search import world_from_view
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import card_id
from spades_desktop.engine.rules import PRESETS, HouseRules, preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from tests.ai_helpers import deal, position

FAST_LEVELS = (Level.EASY, Level.NORMAL)


def _player(level: Level, seed: int = 0) -> ComputerPlayer:
    return ComputerPlayer(level, seed=seed, iterations=6 if level is Level.HARD else None)


@pytest.mark.slow
@pytest.mark.parametrize("name", [p.name for p in PRESETS])
def test_every_decision_is_legal_in_every_preset(name):
    rules = preset(name)
    if rules.mode == "partnership":
        rules = rules.with_changes(blind_nil_exchange=2)
    phases = set()
    for game in range(6):
        state, _ = GameState.new_game(rules, game)
        players = {s: _player(FAST_LEVELS[(game + int(s)) % 2], seed=game) for s in state.seats}
        steps = 0
        while not state.is_terminal() and state.hand_number <= 2 and steps < 400:
            view = state.view(state.turn)
            action = players[state.turn].decide(view)
            assert action in state.legal_actions(), (name, state.phase, A.action_text(action))
            phases.add(state.phase)
            state.apply(action)
            steps += 1
    assert Phase.PLAY in phases and Phase.BIDDING in phases


@pytest.mark.slow
@pytest.mark.parametrize("name", ["standard", "two_player", "cutthroat", "auction"])
def test_hard_decisions_are_legal(name):
    state, _ = GameState.new_game(preset(name), 3)
    hard = ComputerPlayer(Level.HARD, seed=1, iterations=4)
    while not state.is_terminal() and state.hand_number == 1:
        action = hard.decide(state.view(state.turn))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.hand_number == 2 or state.is_terminal()


class _BlindWhenOffered(ComputerPlayer):
    """A normal player that always takes blind nil when offered, to reach the exchange."""

    def decide(self, view):  # type: ignore[override]
        if A.BLIND_NIL in view.legal_actions:
            return A.BLIND_NIL
        return super().decide(view)


def test_blind_nil_exchanges_and_draws_are_decided_legally():
    for rules in (preset("two_player"), preset("standard").with_changes(blind_nil_exchange=3)):
        seen = set()
        for seed in range(4):
            state, _ = GameState.new_game(rules, seed)
            players = {s: (_BlindWhenOffered(Level.NORMAL, seed=seed) if s in (Seat.N, Seat.E)
                           else ComputerPlayer(Level.NORMAL, seed=seed)) for s in state.seats}
            while not state.is_terminal() and state.hand_number == 1:
                action = players[state.turn].decide(state.view(state.turn))
                assert action in state.legal_actions()
                seen.add(state.phase)
                state.apply(action)
        assert Phase.EXCHANGE in seen, rules.mode


def test_decisions_repeat_under_a_seed():
    state, _ = GameState.new_game(preset("standard"), 11)
    driver = ComputerPlayer(Level.NORMAL, seed=2)
    while state.phase is not Phase.PLAY or state.trick_count < 3:
        state.apply(driver.decide(state.view(state.turn)))
    view = state.view(state.turn)
    for level in Level:
        first = ComputerPlayer(level, seed=5, iterations=20).decide(view)
        again = ComputerPlayer(level, seed=5, iterations=20).decide(view)
        assert first == again, level


def _replay_with_other_hidden_cards(state: GameState, seat: Seat, rng: random.Random) -> GameState:
    """The same game from ``seat``'s point of view, with every other hidden card moved
    to a random place consistent with what the seat knows."""
    view = state.view(seat)
    knowledge = knowledge_from_view(view)
    current = sample_deal(knowledge, rng)
    played_by = {s: 0 for s in state.seats}
    for _, seats, cards, _ in state.completed:
        for s, c in zip(seats, cards, strict=True):
            played_by[s] |= 1 << c
    for s, c in zip(state.play_order[state.leader], state.trick_cards, strict=False):
        played_by[s] |= 1 << c
    start = {s: current[s] | played_by[s] for s in state.seats}
    other = GameState.from_deal(state.rules, state.dealer, start, dict(state.scores), dict(state.bags),
                                stop_after_hand=True)
    for action in state.log:
        other.apply(action)
    return other


@pytest.mark.slow
@pytest.mark.parametrize("name", ["standard", "cutthroat", "auction", "two_player"])
def test_no_cheating_hidden_cards_do_not_change_decisions(name):
    rules = preset(name)
    rng = random.Random(4)
    checked = 0
    for game in range(6):
        hands = deal() if rules.mode != "two_player" else None
        if hands is None:
            pool = list(range(52))
            random.Random(game).shuffle(pool)
            hands = {Seat.N: sum(1 << c for c in pool[:13]), Seat.S: sum(1 << c for c in pool[13:26])}
        else:
            pool = list(range(52))
            random.Random(game).shuffle(pool)
            hands = {s: sum(1 << c for c in pool[13 * i:13 * i + 13]) for i, s in enumerate(Seat)}
        state = GameState.from_deal(rules, Seat.W if rules.mode != "two_player" else Seat.N, hands,
                                    stop_after_hand=True)
        driver = ComputerPlayer(Level.NORMAL, seed=game)
        stop_at = rng.randrange(4, 40)
        while not state.is_terminal() and len(state.log) < stop_at:
            state.apply(driver.decide(state.view(state.turn)))
        if state.is_terminal():
            continue
        seat = state.turn
        twin = _replay_with_other_hidden_cards(state, seat, rng)
        assert any(twin.hands[s] != state.hands[s] for s in state.seats if s != seat) or state.phase is Phase.TRUMP
        assert_every_level_decides_alike(state, twin, seat, name)
        checked += 1
    assert checked >= 3


def assert_every_level_decides_alike(state: GameState, twin: GameState, seat: Seat, name: str) -> None:
    """Two games that look the same from ``seat`` (other hidden cards elsewhere) get the same decision."""
    assert twin.view(seat) == state.view(seat)
    for level in Level:
        mine = ComputerPlayer(level, seed=9, iterations=15).decide(state.view(seat))
        theirs = ComputerPlayer(level, seed=9, iterations=15).decide(twin.view(seat))
        assert mine == theirs, (name, level)


@pytest.mark.slow
def test_playout_core_agrees_with_the_engine_on_legal_cards():
    rng = random.Random(1)
    for game in range(30):
        rules = preset(["standard", "two_of_clubs_lead", "auction", "two_player"][game % 4])
        state, _ = GameState.new_game(rules, game)
        driver = ComputerPlayer(Level.NORMAL, seed=game)
        while not state.is_terminal() and state.hand_number == 1:
            if state.phase is Phase.PLAY:
                view = state.view(state.turn)
                world = world_from_view(view, list(state.hands))
                assert legal_mask(world, int(state.turn)) == state.legal_card_mask()
            state.apply(driver.decide(state.view(state.turn)) if rng.random() < 0.7
                        else rng.choice(state.legal_actions()))


# ---------------------------------------------------------------- bidding scenarios
def _bid_of(level: Level, rules: HouseRules, hands, bids_before: list[object]) -> int:
    state = position(rules, hands, bids_before, [])
    if state.phase is Phase.BLIND_DECISION:
        state.apply(A.LOOK)
    action = ComputerPlayer(level, seed=1, iterations=200).decide(state.view(state.turn))
    assert A.is_bid(action)
    return A.bid_value(action)


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_aces_and_long_spades_bid_high(level):
    strong = ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "AD", "AC", "KH", "2C", "3D", "4H"]
    bid = _bid_of(level, preset("standard"), deal(N=strong), [])
    assert bid >= 7


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_weak_hand_bids_nil_where_allowed_and_never_where_not(level):
    weak = ["2S", "3S", "2H", "3H", "4H", "6H", "2D", "3D", "5D", "7D", "2C", "4C", "6C"]
    hands = deal(N=weak)
    assert _bid_of(level, preset("standard"), hands, []) == 0
    no_nil = preset("minimum_bid_one")
    assert _bid_of(level, no_nil, hands, []) >= 1


def test_partner_of_a_nil_bids_its_tricks_without_sandbagging():
    fair = ["AS", "KS", "7S", "5S", "AH", "QH", "3H", "KD", "8D", "4D", "9C", "6C", "3C"]
    hands = deal(S=fair, N=["2S", "3S", "2H", "4H", "6H", "2D", "3D", "5D", "7D", "2C", "4C", "5C", "7C"])
    # dealer W: N and E bid before S
    alone = _bid_of(Level.NORMAL, preset("standard"), hands, [3, 3])
    covering = _bid_of(Level.NORMAL, preset("standard"), hands, ["nil", 3])
    assert covering >= alone


def test_blind_nil_only_when_well_behind_late():
    rules = preset("standard")
    behind = GameState.from_deal(rules, Seat.W, deal(), {"NS": 150, "EW": 430}, stop_after_hand=True)
    assert behind.phase is Phase.BLIND_DECISION and behind.turn == Seat.N
    assert ComputerPlayer(Level.NORMAL).decide(behind.view(Seat.N)) == A.BLIND_NIL
    level = GameState.from_deal(rules, Seat.W, deal(), {"NS": 200, "EW": 210}, stop_after_hand=True)
    assert ComputerPlayer(Level.NORMAL).decide(level.view(Seat.N)) == A.LOOK
    ahead = GameState.from_deal(rules, Seat.W, deal(), {"NS": 430, "EW": 150}, stop_after_hand=True)
    assert ComputerPlayer(Level.NORMAL).decide(ahead.view(Seat.N)) == A.LOOK
    # far behind but early: normal play can still catch up, no gamble
    early = GameState.from_deal(rules, Seat.W, deal(), {"NS": -150, "EW": 200}, stop_after_hand=True)
    assert ComputerPlayer(Level.NORMAL).decide(early.view(Seat.N)) == A.LOOK
    # hopeless: a made blind nil could not bring the game back, a failed one only sinks the side further
    hopeless = GameState.from_deal(rules, Seat.W, deal(), {"NS": -300, "EW": 430}, stop_after_hand=True)
    assert ComputerPlayer(Level.NORMAL).decide(hopeless.view(Seat.N)) == A.LOOK


def test_blind_nil_alone_only_when_an_opponent_is_about_to_win():
    rules = preset("cutthroat")
    scores = {"N": 150, "E": 380, "S": 200, "W": 250}
    state = GameState.from_deal(rules, Seat.W, deal(), scores, stop_after_hand=True)
    assert state.phase is Phase.BLIND_DECISION and state.turn == Seat.N
    assert ComputerPlayer(Level.NORMAL).decide(state.view(Seat.N)) == A.LOOK  # E is not yet close to 500
    late = GameState.from_deal(rules, Seat.W, deal(), {**scores, "E": 420}, stop_after_hand=True)
    assert ComputerPlayer(Level.NORMAL).decide(late.view(Seat.N)) == A.BLIND_NIL


# ---------------------------------------------------------------- play scenarios
STANDARD = preset("standard")


def _card(state: GameState, level: Level = Level.NORMAL) -> str:
    action = ComputerPlayer(level, seed=3, iterations=150).decide(state.view(state.turn))
    return card_id(action)


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_takes_over_when_nil_partner_is_winning(level):
    # dealer N: E leads. E leads 2H, S (nil) forced to play QH (only heart), W plays 3H: S is winning.
    hands = deal(
        S=["QH", "2S", "3S", "2D", "3D", "4D", "2C", "3C", "4C", "5C", "6C", "7C", "8C"],
        E=["2H", "4S", "5S", "5D", "6D", "7D", "9C", "TC", "JC", "QC", "KC", "AC", "6S"],
        W=["3H", "4H", "5H", "6H", "7H", "8H", "9H", "TS", "JS", "QS", "KS", "AS", "9S"],
        N=["KH", "AH", "TH", "7S", "8S", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "JH"],
    )
    state = position(STANDARD, hands, [3, "nil", 4, 5], ["2H", "QH", "3H"], dealer=Seat.N)
    assert state.turn == Seat.N
    played = _card(state, level)
    assert played in ("KH", "AH"), played


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_does_not_overtake_partners_sure_winner(level):
    # dealer W: N leads AH (a sure winner); S holds KH and low hearts and must not waste the king
    hands = deal(
        N=["AH", "2H", "AS", "KS", "2D", "3D", "4D", "2C", "3C", "4C", "5C", "6C", "7C"],
        S=["KH", "3H", "4H", "QS", "JS", "8D", "9D", "TD", "JD", "8C", "9C", "TC", "JC"],
    )
    state = position(STANDARD, hands, [4, 3, 4, 2], ["AH", "5H"], dealer=Seat.W)
    assert state.turn == Seat.S
    assert _card(state, level) in ("3H", "4H")


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_ducks_under_an_opponent_nil(level):
    # dealer N: E (nil) leads 9H... W (E's partner) and S/N want E to win it
    hands = deal(
        E=["9H", "2S", "3S", "2D", "3D", "4D", "2C", "3C", "4C", "5C", "6C", "7C", "8C"],
        S=["KH", "2H", "TH", "7S", "8S", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "JH"],
    )
    state = position(STANDARD, hands, ["nil", 4, 3, 4], ["9H"], dealer=Seat.N)
    assert state.turn == Seat.S
    assert _card(state, level) == "2H"


THIRD_HANDS = deal(
    N=["AC", "KC", "8H", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
    E=["3C", "5C", "KH", "QD", "KD", "AD", "3H", "4H", "5H", "6H", "7H", "9H", "TH"],
    S=["4C", "6C", "AH", "2H", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"],
    W=["2C", "7C", "8C", "9C", "TC", "JC", "QC", "JH", "QH", "JS", "QS", "KS", "AS"],
)
THIRD_PLAYS = ["2C", "AC", "3C", "4C", "KC", "5C", "6C", "7C", "8H", "KH"]


def _third_trick(bids: list[object], bags_ns: int, scores: dict[str, int] | None = None) -> GameState:
    """Dealer S; N wins the first two tricks with AC and KC, then leads 8H and E plays KH.
    S, holding AH and 2H, decides whether to take the trick."""
    state = position(STANDARD, THIRD_HANDS, bids, THIRD_PLAYS, dealer=Seat.S, scores=scores,
                     bags={"NS": bags_ns, "EW": 0})
    assert state.turn == Seat.S and state.tricks[Seat.N] == 2
    return state


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_avoids_a_bag_once_the_contract_is_made_near_the_bag_limit(level):
    # bids in order W, N, E, S: NS contract 1 + 1 = 2, already taken
    state = _third_trick([4, 1, 1, 1], bags_ns=9)
    assert _card(state, level) == "2H"


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_does_not_set_own_side_to_avoid_a_bag(level):
    # NS contract 3 + 3 = 6 with 2 taken: near the bag limit, S still takes the trick
    state = _third_trick([3, 3, 3, 3], bags_ns=9)
    assert _card(state, level) == "AH"


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_plays_for_the_game_state_fights_a_contract_that_would_end_the_game(level):
    # as in the bag test NS have made 1 + 1, but EW (at 480) win the game if they make their 5:
    # S takes the trick to fight that contract instead of ducking a bag
    state = _third_trick([4, 1, 1, 1], bags_ns=9, scores={"NS": 100, "EW": 480})
    assert _card(state, level) == "AH"


def test_decision_searches_in_slices_and_cancels():
    """The hard level is anytime: it answers at once, searches in slices the caller hands it and
    stops when cancelled.  Counted in sampled worlds, not seconds, so a busy machine cannot fail it."""
    state, _ = GameState.new_game(preset("standard"), 2)
    driver = ComputerPlayer(Level.NORMAL)
    while state.phase is not Phase.PLAY:
        state.apply(driver.decide(state.view(state.turn)))
    hard = ComputerPlayer(Level.HARD, iterations=12)
    decision = hard.start(state.view(state.turn))
    assert decision.result in state.legal_actions()  # a sound answer at once
    counts = []
    while not decision.step(0.0005):
        counts.append(decision.count)
        assert decision.count < 12 and decision.result in state.legal_actions()
    assert counts == sorted(counts) and decision.count == 12  # slices add up to the whole search
    assert decision.result in state.legal_actions()
    timed = ComputerPlayer(Level.HARD, budget=0.01).start(state.view(state.turn))
    while not timed.step(0.002):
        pass
    assert timed.result in state.legal_actions()  # a budget in seconds ends by itself
    other = hard.start(state.view(state.turn))
    other.cancel()
    assert other.step(0.01) is True and other.count == 0


# ---------------------------------------------------------------- a nil bidder that cannot duck
@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_nil_in_second_seat_forced_over_plays_its_lowest_card(level):
    # dealer N: E leads 9H; S (nil) holds only TH and KH in hearts, both win. W and N (S's partner)
    # are still to play: JH, QH or AH beat the ten, only AH the king, so the ten goes
    hands = deal(
        S=["TH", "KH", "2S", "3S", "2D", "3D", "4D", "2C", "3C", "4C", "5C", "6C", "7C"],
        E=["9H", "4S", "5S", "5D", "6D", "7D", "9C", "TC", "JC", "QC", "KC", "AC", "6S"],
        N=["AH", "2H", "QH", "7S", "8S", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "JH"],
    )
    state = position(STANDARD, hands, [3, "nil", 4, 5], ["9H"], dealer=Seat.N)
    assert state.turn == Seat.S and state.view(Seat.S).bids[Seat.S] == 0
    # hard at the worlds it reaches in its time (575): at 150 the TH's 13 points over the KH are
    # within the noise (2 to 3 seeds in 40 chose the KH, before issue 43's sampling and after)
    action = ComputerPlayer(level, seed=3, iterations=575).decide(state.view(state.turn))
    assert card_id(action) == "TH"


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_nil_in_third_seat_forced_over_keeps_the_card_most_likely_overtaken(level):
    # dealer E: S leads 9D, W plays TD; N (nil) holds JD and KD only. E plays last: JD loses to
    # QD or AD, KD only to AD, so JD keeps the best chance that E overtakes
    hands = deal(
        N=["JD", "KD", "2S", "3S", "2H", "3H", "4H", "2C", "3C", "4C", "5C", "6C", "7C"],
        S=["9D", "AS", "KS", "QS", "AH", "KH", "QH", "AC", "KC", "QC", "JC", "TC", "9C"],
        W=["TD", "2D", "3D", "4D", "5H", "6H", "7H", "8H", "4S", "5S", "6S", "7S", "8C"],
        E=["QD", "AD", "5D", "6D", "7D", "8D", "9H", "TH", "JH", "8S", "9S", "TS", "JS"],
    )
    state = position(STANDARD, hands, [4, 3, "nil", 5], ["9D", "TD"], dealer=Seat.E)
    assert state.turn == Seat.N and state.view(Seat.N).bids[Seat.N] == 0
    assert _card(state, level) == "JD"


def test_nil_forced_over_in_last_seat_sheds_its_highest_card():
    # as above, but N plays last (dealer N: E leads 9D, S and W follow low): the trick is lost
    # whatever N plays, so the normal player gets rid of the king that could cost it a later trick
    # (the hard player may keep it: a broken nil's tricks count for its partner, and it searches that)
    hands = deal(
        N=["JD", "KD", "2S", "3S", "2H", "3H", "4H", "2C", "3C", "4C", "5C", "6C", "7C"],
        E=["9D", "AS", "KS", "QS", "AH", "KH", "QH", "AC", "KC", "QC", "JC", "TC", "9C"],
        S=["2D", "TD", "3D", "4D", "5H", "6H", "7H", "8H", "4S", "5S", "6S", "7S", "8C"],
        W=["QD", "AD", "5D", "6D", "7D", "8D", "9H", "TH", "JH", "8S", "9S", "TS", "JS"],
    )
    state = position(STANDARD, hands, [4, 3, 5, "nil"], ["9D", "2D", "5D"], dealer=Seat.N)
    assert state.turn == Seat.N and state.view(Seat.N).bids[Seat.N] == 0
    assert _card(state) == "KD"


# ---------------------------------------------------------------- the auction partner
AUCTION = preset("auction")
AUCTION_N = ["AS", "KS", "5S", "3S", "AH", "KH", "3H", "AD", "5D", "4D", "6C", "3C", "2C"]  # about 5.5 tricks


def _auction(calls: list[object], north: list[str] = AUCTION_N) -> GameState:
    """Dealer E: calls in order S, W, N, E, S, ...; returns the state with North to call."""
    state = GameState.from_deal(AUCTION, Seat.E, deal(N=north), stop_after_hand=True)
    for call in calls:
        state.apply(A.PASS if call == "pass" else A.bid_action(int(call)))  # type: ignore[call-overload]
    assert state.phase is Phase.BIDDING and state.turn == Seat.N
    return state


def _call(state: GameState, level: Level) -> str:
    action = _player(level, seed=1).decide(state.view(Seat.N))
    return "pass" if action == A.PASS else str(A.bid_value(action))


@pytest.mark.parametrize("level", [*FAST_LEVELS, Level.HARD])
def test_auction_raises_partner_once_by_its_own_count_then_stops(level):
    # S calls 8; North's hand adds tricks S could not count on, and the side can make 9
    assert _call(_auction([8, "pass"]), level) == "9"
    # S pushes on to 10: that says nothing new about S's hand, and North's count of the side is
    # still 9 (it used to answer 11, then 13 over 12, and the side went down)
    assert _call(_auction([8, "pass", 9, "pass", 10, "pass"]), level) == "pass"
    assert _call(_auction([8, "pass", 9, "pass", 12, "pass"]), level) == "pass"


@pytest.mark.parametrize("level", [*FAST_LEVELS, Level.HARD])
def test_auction_does_not_outbid_partner_without_tricks_to_add(level):
    # about 2.4 tricks: no more than the three S already counted on from North
    weak = ["QS", "5S", "3S", "2S", "QH", "4H", "3H", "JD", "5D", "4D", "KC", "3C", "2C"]
    assert _call(_auction([7, "pass"], north=weak), level) == "pass"
    strong = ["AS", "KS", "QS", "JS", "5S", "AH", "KH", "3H", "AD", "KD", "4D", "AC", "2C"]
    assert _call(_auction([7, "pass"], north=strong), level) == "8"


@pytest.mark.parametrize("level", [*FAST_LEVELS, Level.HARD])
def test_auction_competes_with_the_opponents_up_to_the_sides_count(level):
    # S opened 8 (about 4.5 tricks shown), W overcalled: North, about 7.3 tricks, fights for the
    # contract at 10 (the side counts 11.8)...
    good = ["AS", "KS", "QS", "5S", "3S", "AH", "KH", "3H", "AD", "5D", "4D", "6C", "2C"]
    assert _call(_auction([8, 9], north=good), level) == "10"
    # ...but not past the side's count
    assert _call(_auction([8, 12], north=good), level) == "pass"


def _proportional_deal(k, rng: random.Random) -> list[int]:
    """The same deal by the draw that also handles voids: the unknown cards shuffled, then each given
    to a seat that still needs cards, in proportion to how many it needs (every seat may hold every suit)."""
    from spades_desktop.ai.knowledge import _deal_by_suit
    from spades_desktop.engine.cards import cards_of

    cards = list(cards_of(k.unknown))
    hands = [0, 0, 0, 0, 0]
    hands[k.seat] = k.hand
    rng.shuffle(cards)
    every_seat = {suit: list(k.need) for suit in range(4)}
    assert _deal_by_suit(cards, every_seat, dict(k.need), hands, rng.random)
    return hands[:4]


def test_a_deal_with_no_void_known_is_the_proportional_draw_card_for_card():
    # the first trick's deals skip counting the seats' needs again for every card (issue 26): the
    # same random numbers must still give the same deal, so a seed's decisions are unchanged
    compared = 0
    for seed in range(8):
        state, _ = GameState.new_game(preset("standard"), seed)
        driver = ComputerPlayer(Level.NORMAL, seed=seed)
        while state.phase is not Phase.PLAY:
            state.apply(driver.decide(state.view(state.turn)))
        knowledge = knowledge_from_view(state.view(state.turn))
        assert not any(knowledge.voids.values())
        for draw in range(20):
            assert sample_deal(knowledge, random.Random(draw)) == _proportional_deal(knowledge, random.Random(draw))
            compared += 1
    assert compared == 160
