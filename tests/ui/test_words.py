"""Words said once: counts with their nouns, bids, seats and sides (no pygame)."""

from __future__ import annotations

import re

import pytest

from spades_desktop.engine import actions as A
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.words import plural
from spades_desktop.ui.text.words import (
    action_bid_text,
    bid_text,
    call_text,
    level_word,
    plate_detail,
    plate_lines,
    seat_name,
    side_name,
)

NAMES = {"N": "North", "E": "East", "S": "Ann", "W": "West"}


def test_plural_says_one_and_many():
    assert plural(1, "trick") == "1 trick"
    assert plural(0, "trick") == "0 tricks"
    assert plural(4, "bag") == "4 bags"
    assert plural(2, "later move") == "2 later moves"


def test_every_kind_of_bid_in_words():
    assert bid_text(None) == ""
    assert bid_text(0) == "nil" and bid_text(0, blind=True) == "blind nil"
    assert bid_text(7) == "7"
    assert call_text(None) == "pass" and call_text(9) == "9"
    assert action_bid_text(A.NIL) == "nil" and action_bid_text(A.BLIND_NIL) == "blind nil"
    assert action_bid_text(A.PASS) == "pass" and action_bid_text(A.bid_action(5)) == "5"


def test_seats_and_sides_by_name_in_every_mode():
    assert seat_name(Seat.S, NAMES) == "Ann"
    assert seat_name(Seat.E, {}) == "East"  # a name the settings lack: the seat's own
    assert side_name("NS", NAMES) == "North & Ann"  # partnership and auction
    assert side_name("EW", {}) == "East & West"
    assert side_name("W", NAMES) == "West"  # cutthroat, two-player, three-player: a seat alone


def test_who_led_and_who_won_in_one_sentence():
    from spades_desktop.ui.text.words import led_and_won

    assert led_and_won("You", "You") == "You led and won"
    assert led_and_won("North", "North") == "North led and won"
    assert led_and_won("North", "You") == "North led, you won"
    assert led_and_won("You", "East") == "You led, East won"


def test_the_winner_of_a_game_with_the_verb_that_agrees():
    from spades_desktop.ui.text.words import win_title

    assert win_title("North & You", True) == "You win!"
    assert win_title("East & West", False) == "East & West win"
    assert win_title("East", False) == "East wins"  # cutthroat, two- and three-player: one seat


def test_a_nil_in_the_hand_summary_names_its_seat():
    from spades_desktop.engine.rules import HouseRules
    from spades_desktop.engine.scoring import score_side
    from spades_desktop.ui.text.summary_rows import breakdown_rows

    rules = HouseRules()
    side = score_side(rules, "NS", (Seat.N, Seat.S), [4, 1, 0, 3], [False, False, True, False], [5, 4, 1, 3], 0, 0)
    rows = breakdown_rows({"NS": side}, {**NAMES, "S": "South"})
    assert ["Nil", "South blind nil -200"] in rows


# ---------------------------------------------------------------- every text over many games
def _texts_of_games():
    """(where, text) for the words of the screens' pure text functions, over seeded games of every
    mode and variant played by the normal level: the table summary and prompts at every step, and
    after each hand its summary rows, Why these bids, the exchanges, who led and won each trick,
    the score sheet, How to play, the checker's marks, the game summary and its winner."""
    from spades_desktop.ai.explain import bid_moments, explain_bid
    from spades_desktop.ai.judge import Judgement, Prospect
    from spades_desktop.ai.players import ComputerPlayer
    from spades_desktop.engine.cards import SUIT_OF
    from spades_desktop.engine.rules import HouseRules, preset
    from spades_desktop.engine.state import GameState, Phase
    from spades_desktop.storage.settings import Settings
    from spades_desktop.ui.table.play_check import CheckMark
    from spades_desktop.ui.text.hint_words import bid_hint
    from spades_desktop.ui.text.how_to_play import rules_text
    from spades_desktop.ui.text.key_help import how_to_play_keys
    from spades_desktop.ui.text.score_sheet import sheet_rows
    from spades_desktop.ui.text.summary_rows import breakdown_rows, game_summary_rows
    from spades_desktop.ui.text.table_summary import summarize
    from spades_desktop.ui.text.variants import (
        bid_prompt,
        draw_prompt,
        exchange_prompt,
        exchange_words,
        mode_title,
        style_reason,
    )
    from spades_desktop.ui.text.why_bids import why_line
    from spades_desktop.ui.text.words import led_and_won, win_title

    names = Settings().names

    def name(seat: Seat) -> str:
        return seat_name(seat, names)

    games = [preset(p) for p in ("standard", "two_player", "cutthroat", "auction", "three_player", "jokers",
                                 "minimum_bid_one", "two_of_clubs_lead")]
    games += [HouseRules(bidding="whiz"), HouseRules(bidding="mirror", deck="jokers_deuces"),
              HouseRules(bidding="suicide", nil_exchange=2), HouseRules(nil_exchange=1, blind_nil_exchange=1),
              HouseRules(mode="two_player", blind_nil_exchange=1), HouseRules(target_score=100)]
    for rules in games:
        keys = set(how_to_play_keys(auction=rules.mode == "auction", draw=rules.mode == "two_player"))
        for line in [line for line in rules_text(rules) if line not in keys][:-3]:  # the keys' lines name keys
            yield "how to play", line
        yield "mode", mode_title(rules)
        for seed in (1, 2):
            state, _ = GameState.new_game(rules, seed)
            players = {s: ComputerPlayer("normal", seed=seed) for s in state.seats}
            scored = 0
            while state.phase is not Phase.GAME_OVER and len(state.hand_history) < 3:
                seat = state.turn
                shown = {s: bid_text(state.bids[s], state.blind[s]) for s in state.seats}
                tricks = {s: state.tricks[s] for s in state.seats}
                led = SUIT_OF[state.trick_cards[0]] if state.trick_cards else None
                summary = summarize(state, shown, tricks, state.scores, state.bags, seat, Seat.S, name, led)
                for line in summary.sides:
                    yield "score panel", f"{line.name} · {line.progress} · {line.bags_text}"
                for text in (summary.trump_text, summary.broken_text, summary.turn_text,
                             *(n.text for n in summary.nils.values())):
                    yield "table", text
                action = players[seat].decide(state.view(seat))
                if state.phase is Phase.BIDDING and not state.is_auction:
                    yield "bid prompt", bid_prompt(state, seat)
                    yield "bid reason", style_reason(state, seat, action)
                    words = "nil" if action == A.NIL else str(A.bid_value(action))
                    yield "hint", explain_bid(state.hands[seat], words, 1 if state.is_two else 2, state.deck.mask)
                    yield "bid hint", bid_hint(state.view(seat), action, 64)
                elif state.phase is Phase.EXCHANGE:
                    yield "exchange", exchange_prompt(state, seat)
                elif state.phase is Phase.DRAW:
                    yield "draw", " · ".join(draw_prompt(state, seat))
                state.apply(action)
                for result in state.hand_history[scored:]:
                    scored += 1
                    for row in breakdown_rows(result.breakdown, names):
                        yield "hand summary", " · ".join(row)
                    for m in bid_moments(state, result.hand_number) if not state.is_auction else ():
                        yield "why these bids", why_line(name(m.seat), m, person=m.seat == Seat.S,
                                                         style=state.bidding, deck=state.deck.mask,
                                                         opponents=1 if state.is_two else 2)
                    for s, (given, received) in result.exchanges:  # told to the person, of their own
                        if s != Seat.S:
                            continue
                        partner = None if state.is_two else name(s.partner())
                        for line in exchange_words(given, received, partner):
                            yield "exchange", line
                    for leader, _, _, winner in result.tricks_played:
                        yield "replay", led_and_won(name(leader), name(winner))
            for sheet in sheet_rows(state, name):
                for cells in sheet.cells.values():
                    yield "score sheet", " · ".join(cells)
            for row in game_summary_rows(state, names, state.winner):
                yield "game summary", " · ".join(row)
            for side in state.sides:
                yield "game over", win_title(side_name(side, names), side == state.side_of_seat(Seat.S))
    prospect = Prospect(0.0, 3.0, None, None, None)
    for loss in (0.6, 1.0, 1.4, 7.0):
        yield "checker", CheckMark(1, 3, Judgement(12, 25, loss, 0.1, 50, prospect, prospect)).text
        yield "checker", CheckMark(1, 0, Judgement(A.bid_action(3), A.bid_action(4), loss, 0.1, 50, prospect,
                                                   prospect)).text


_SEAT_LETTER = re.compile(r"(?<![\w&'])[NESW](?![\w'])")
_ONE_MANY = re.compile(r"(?<![\d.])1 (tricks|points|cards|bags|spades|trumps|hands|games|players)\b")
_CAPITAL_SPADES = re.compile(r"(?<!^)(?<![.!?] )\bSpades\b(?! Desktop)")
_YOU_THIRD_PERSON = re.compile(r"\bYou (bids|wins|takes|names|deals|claims|leads|holds|passes|has|is)\b"
                               r"|[a-z],? You\b|^(North|East|South|West) (win|take|lead|deal)\b")


@pytest.mark.slow
def test_every_text_names_seats_counts_in_the_right_number_and_keeps_spades_lower_case():
    """No single-letter seat ('S blind -200'), no '1 tricks' or '1 points', no capitalised
    'Spades' in running text (the game's name aside), no 'You wins', 'East win' or 'North led, You won'."""
    seen = 0
    for where, text in _texts_of_games():
        seen += 1
        plain = text.replace("or N for nil", "")  # the key N, said in the bid prompt
        assert not _SEAT_LETTER.search(plain), f"{where}: a seat by its letter: {text!r}"
        assert not _ONE_MANY.search(text), f"{where}: one of a plural: {text!r}"
        assert not _CAPITAL_SPADES.search(text), f"{where}: 'Spades' in running text: {text!r}"
        assert not _YOU_THIRD_PERSON.search(text), f"{where}: the person in the third person: {text!r}"
    assert seen > 5000


def test_a_plate_says_the_level_and_the_bid_and_tricks():
    assert [level_word(level) for level in ("easy", "normal", "hard")] == ["Easy", "Normal", "Hard"]
    assert plate_detail("", 0) == "tricks 0" and plate_detail("pass", 1) == "passed  ·  tricks 1"
    assert plate_detail("4", 2) == "bid 4  ·  tricks 2"
    assert plate_detail("nil", 0, "Nil: intact") == "Nil: intact  ·  tricks 0"
    assert plate_lines("Nora", "Hard", "bid 4  ·  tricks 2", three=True) == (("Nora",), ("Hard",),
                                                                            ("bid 4  ·  tricks 2",))
    assert plate_lines("Nora", "Hard", "tricks 0", three=False) == (("Nora", "Hard"), ("tricks 0",))
    assert plate_lines("You", "", "tricks 0", three=True) == (("You",), ("tricks 0",)), "no level for the person"
