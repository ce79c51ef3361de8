"""What the screens say about the variants (decks, bidding styles, nil exchange, three players),
as plain functions of the rules and the state: no pygame."""

from __future__ import annotations

from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import (
    BIG_JOKER,
    HIGH_TWO_OF_DIAMONDS,
    HIGH_TWO_OF_SPADES,
    LITTLE_JOKER,
    parse_card,
)
from spades_desktop.engine.rule_table import SPECS
from spades_desktop.engine.rules import HouseRules, preset
from spades_desktop.engine.seats import SEAT_NAMES, Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.ui.cards.card_sprite import hand_order
from spades_desktop.ui.table.layout import TableLayout
from spades_desktop.ui.text.how_to_play import rules_text
from spades_desktop.ui.text.table_summary import summarize
from spades_desktop.ui.text.variants import (
    bid_prompt,
    card_words,
    exchange_prompt,
    face_of,
    forced_bid,
    mode_title,
    style_words,
    variant_note,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _until_turn(state: GameState, seat: Seat, choose=lambda legal: legal[0]) -> GameState:
    """Bid for the others (the first legal bid, or ``choose``) until ``seat`` is to bid."""
    for _ in range(8):
        if state.turn == seat and state.phase is Phase.BIDDING:
            return state
        if state.phase is Phase.BLIND_DECISION:
            state.apply(A.LOOK)
            continue
        state.apply(choose([a for a in state.legal_actions() if A.is_bid(a)]))
    raise AssertionError("never the seat's turn to bid")


def test_the_table_names_the_mode_and_the_variants_in_force():
    assert mode_title(preset("standard")) == "Partnership"
    assert mode_title(preset("jokers").with_changes(bidding="mirror")) == "Partnership · Jokers · Mirror"
    assert mode_title(preset("three_player")) == "Three-player"
    # jokers_deuces is not played by three players: the title shows what is played
    assert mode_title(HouseRules(mode="three_player", deck="jokers_deuces", bidding="suicide")) == "Three-player"
    assert mode_title(HouseRules(nil_exchange=2)) == "Partnership · Nil pass 2"


def test_settings_rows_a_mode_excludes_say_why():
    two = preset("two_player")
    assert SPECS["deck"].reason(two) == "Jokers decks: partnership, cutthroat and three-player only"
    assert SPECS["nil_exchange"].reason(two) == "Nil exchange: partnership only"
    assert SPECS["bidding"].reason(two) == ""  # whiz and mirror are played by two
    assert SPECS["bidding"].reason(preset("auction")).startswith("Bidding styles: partnership, cutthroat")
    assert SPECS["deck"].reason(preset("standard")) == ""
    # a style built on nil brings it whatever nil_allowed says; min_team_bid is for standard bidding
    whiz = HouseRules(bidding="whiz", nil_allowed=False)
    assert SPECS["nil_allowed"].reason(whiz) == "Whiz bidding brings nil"
    assert SPECS["min_team_bid"].reason(HouseRules(bidding="suicide")) == "not with suicide bidding"
    assert SPECS["nil_exchange"].reason(HouseRules(nil_allowed=False)) == "nil is off"


def test_a_stepper_offers_only_the_values_the_mode_plays():
    three = preset("three_player")
    assert SPECS["deck"].values_in_mode(three.mode) == ("standard", "jokers")
    cut = preset("cutthroat")
    assert "suicide" not in SPECS["bidding"].values_in_mode(cut.mode)
    note = variant_note(HouseRules(mode="three_player", deck="jokers_deuces"), "deck")
    assert note == "Jokers & deuces: not in three-player, so the standard deck"
    assert variant_note(preset("jokers"), "deck") == ""


def test_jokers_and_the_trump_deuces_have_words_and_faces():
    assert card_words(BIG_JOKER) == "the Big Joker (BJ)"
    assert card_words(LITTLE_JOKER) == "the Little Joker (LJ)"
    assert card_words(HIGH_TWO_OF_DIAMONDS) == "the 2 of diamonds (2D, a trump)"
    assert card_words(parse_card("TH")) == "the 10 of hearts (10H)"  # as the table names it (issue 38)
    assert card_words(parse_card("QS")) == "the queen of spades (QS)"
    # the trump 2D is drawn as the 2 of diamonds, the high 2S as the 2 of spades, a joker has no suit
    assert face_of(HIGH_TWO_OF_DIAMONDS) == (1, 0) and face_of(HIGH_TWO_OF_SPADES) == (3, 0)
    assert face_of(BIG_JOKER) is None


def test_hands_sort_the_jokers_and_high_deuces_above_the_ace_of_spades():
    cards = [parse_card("3H"), parse_card("AS"), BIG_JOKER, HIGH_TWO_OF_SPADES, parse_card("4S"),
             LITTLE_JOKER, HIGH_TWO_OF_DIAMONDS, parse_card("KD")]
    order = hand_order(cards)
    assert order[:6] == [BIG_JOKER, LITTLE_JOKER, HIGH_TWO_OF_DIAMONDS, HIGH_TWO_OF_SPADES, parse_card("AS"),
                         parse_card("4S")]


def test_mirror_offers_one_bid_and_says_it_is_the_spade_count():
    for seed in range(6):
        state = _until_turn(GameState.new_game(HouseRules(bidding="mirror"), seed)[0], S)
        spades = state.trumps_held(S)
        prompt = bid_prompt(state, S)
        if spades:
            assert prompt.startswith(f"Mirror: you bid your {spades} spade")
            assert forced_bid(state) == A.bid_action(spades)
        else:
            assert prompt == "Mirror: you hold no spades, so you bid nil" and forced_bid(state) == A.NIL


def test_whiz_names_the_two_choices_and_jokers_count_as_spades():
    rules = HouseRules(bidding="whiz", deck="jokers")
    for seed in range(20):
        state = _until_turn(GameState.new_game(rules, seed)[0], S)
        spades = state.trumps_held(S)
        if spades and state.hands[S] >> 54:  # a joker in hand: the prompt says it counts
            prompt = bid_prompt(state, S)
            assert prompt.startswith(f"Whiz: you bid your {spades} spades (") and prompt.endswith(") or nil")
            assert "J" in prompt.split("(")[1]
            assert forced_bid(state) is None
            return
    raise AssertionError("no deal with a joker in South's hand")


def test_suicide_says_what_the_partner_left():
    rules = HouseRules(bidding="suicide")
    state = _until_turn(GameState.new_game(rules, 1)[0], S, lambda legal: A.NIL)
    if state.bids[N] is None:
        assert bid_prompt(state, S) == "Suicide: you bid nil or 4 or more; your partner then bids the other"
    else:
        assert bid_prompt(state, S) == "Suicide: your partner bid nil, so you bid 4 or more"
    state = _until_turn(GameState.new_game(rules, 1)[0], S, lambda legal: legal[-1])
    if state.bids[N] is not None:
        assert bid_prompt(state, S) == f"Suicide: your partner bid {state.bids[N]}, so you bid nil"


def test_the_nil_exchange_prompt_says_who_bid_nil():
    rules = HouseRules(nil_exchange=2)
    state = GameState.new_game(rules, 4)[0]
    while state.phase in (Phase.BIDDING, Phase.BLIND_DECISION):
        if state.phase is Phase.BLIND_DECISION:
            state.apply(A.LOOK)
        else:
            state.apply(A.NIL if state.turn == N else A.bid_action(3))
    assert state.phase is Phase.EXCHANGE
    assert exchange_prompt(state, N) == "You bid nil: choose 2 cards to pass to your partner"
    assert exchange_prompt(state, S) == "Your partner bid nil: choose 2 cards to pass"


def test_how_to_play_explains_the_deck_the_style_the_exchange_and_three_players():
    deuces = " ".join(rules_text(HouseRules(deck="jokers_deuces", bidding="whiz", nil_exchange=1)))
    assert "Big Joker, Little Joker, 2D, 2S, AS, KS ... 3S" in deuces
    assert "Whiz bidding: bid the number of spades you hold, or nil" in deuces
    assert "pass each other 1 card " in deuces
    three = " ".join(rules_text(preset("three_player").with_changes(first_lead="two_of_clubs")))
    assert "17 cards each" in three and "East's chair is empty" in three
    assert "The holder of the 3 of clubs leads it" in three
    assert "Mirror bidding" in " ".join(rules_text(HouseRules(bidding="mirror")))
    # a variant the mode does not play is not explained
    assert "Jokers" not in " ".join(rules_text(HouseRules(mode="two_player", deck="jokers")))


def test_why_these_bids_words_for_forced_styles():
    hand = sum(1 << parse_card(c) for c in ("AS", "KS", "2S", "3H"))
    assert style_words("mirror", hand) == "mirror: 3 spades held, so 3"
    assert style_words("whiz", 1 << parse_card("3H")) == "whiz: no spades, so nil"
    assert style_words("suicide", hand) == ""


def test_three_player_summary_counts_seventeen_tricks():
    state = GameState.new_game(preset("three_player"), 2)[0]
    bids = {N: "5", S: "6", W: "4"}
    zero = dict.fromkeys(state.sides, 0)
    summary = summarize(state, bids, {N: 0, S: 0, W: 0}, zero, zero, None, S,
                        lambda seat: SEAT_NAMES[seat], None)
    assert {line.side for line in summary.sides} == {"N", "S", "W"}
    # 17 tricks: South's 6 can still be made with none won yet
    south = next(line for line in summary.sides if line.side == "S")
    assert south.progress == "Bid 6 · Won 0 · Need 6"
    summary = summarize(state, bids, {N: 9, S: 2, W: 2}, zero, zero, None, S, lambda seat: SEAT_NAMES[seat], None)
    south = next(line for line in summary.sides if line.side == "S")
    assert south.progress == "Bid 6 · Won 2 · Need 4"  # 4 tricks left of 17


def test_seventeen_cards_fit_every_window():
    for size in ((960, 540), (1280, 720), (1920, 1080), (3840, 2160)):
        for scale in (0.095, 0.115, 0.135):
            lay = TableLayout(*size, card_scale=scale, sides=3)
            south = lay.hand_slots(S, 17)
            for seat in (S, N):
                for x, _ in lay.hand_slots(seat, 17):
                    assert lay.card_w / 2 - 1 <= x <= size[0] - lay.card_w / 2 + 1, (size, seat, x)
            south_left = south[0][0] - lay.card_w / 2
            for x, y in lay.hand_slots(W, 17):  # West's backs lie sideways, peeking in from the edge
                assert y - lay.card_w / 2 >= 0 and y + lay.card_w / 2 <= size[1], (size, y)
                assert x + lay.card_h / 2 < south_left  # beside South's hand, never over it
            assert south[1][0] - south[0][0] >= lay.card_w * 0.3  # each card shows its corner index
