"""Deal codes name the same cards on every machine and in every later version: a few codes are
pinned to their cards here (a change of dealing that moved them would fail), and every way a code
can be mistyped is refused with its reason."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades_desktop.engine.daily import DAILY_HANDS, DailyDateError, daily_codes, daily_game, parse_day
from spades_desktop.engine.deal_codes import (
    ALPHABET,
    DECKS,
    EXAMPLE,
    MODES,
    SEEDS,
    DealCode,
    DealCodeError,
    _check_symbol,
    code_of_hand,
    hands_text,
    parse_code,
)
from spades_desktop.engine.rule_values import Deck
from spades_desktop.engine.rules import HouseRules
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState

PINNED = {
    "10040-0000T": ["North: AS 9S 5S 2S JH 2H TD 8D 5D QC JC 9C 3C",
                    "East: KH QH 3H AD QD JD 9D 7D 4D 3D TC 7C 5C",
                    "South: QS JS TS 4S AH TH 6H 5H 6D AC KC 4C 2C",
                    "West: KS 8S 7S 6S 3S 9H 8H 7H 4H KD 2D 8C 6C"],
    "158W0-30E8C": ["North: BJ KS QS JS 8S 5S 4S 8H 4H 9D 8D 5D 3C",
                    "East: LJ TS 2S QH JH 3H 4D 3D AC KC QC 8C 7C",
                    "South: AS AH 9H 7H 5H AD QD JD TD 6D TC 6C 5C",
                    "West: 9S 7S 6S 3S KH TH 6H KD 7D JC 9C 4C 2C"],
    "18GBZ-ZZZRX": ["Stock, first card first: 2C 9H TH 6C 3D 2H QC JH KH 7C 8C JS KS 4H 8D KC 5H 7S 4S 3S JC QH "
                    "AC 6H JD TD",
                    "  then: AS 3H 9C 6S QD 2S 5C AH 4C 2D 5D 6D 3C QS KD 8H 4D 5S 8S 7D 7H TC AD TS 9D 9S"],
    "1GZW3-7JCGM": ["North: AS KS JS 9S 8S 3S 2S KH TH 7H 3H QD JD 5D 4D JC 7C",
                    "South: TS 6S QH JH 5H 4H 2H AD KD 8D 2D AC KC QC 9C 5C 4C",
                    "West: QS 7S 5S 4S AH 9H 8H 6H TD 9D 7D 6D 3D TC 8C 6C 3C"],
}


@pytest.mark.parametrize("text", sorted(PINNED))
def test_a_pinned_code_deals_its_cards(text):
    code = parse_code(text)
    assert code.text() == text
    assert hands_text(code.deal(HouseRules())) == PINNED[text]


def test_the_example_in_the_words_is_a_real_code():
    assert parse_code(EXAMPLE).text() == EXAMPLE


def test_a_code_is_the_hand_of_its_game_whatever_was_played_before():
    """Hand 3 of a game, played any way, is the deal its code names (same dealer, same seats)."""
    rules = HouseRules()
    state = GameState.new_game(rules, 4242)[0]
    while state.hand_number < 3:
        state.apply(max(state.legal_actions()), seat=state.turn)
    code = code_of_hand(state)
    assert code is not None and code.hand == 3 and code.dealer == state.dealer
    dealt = parse_code(code.text()).deal(rules)
    assert dealt.dealer == state.dealer and dealt.hand_number == 3
    assert dealt.hands == state.hands


@given(st.sampled_from(MODES), st.sampled_from(DECKS), st.sampled_from(list(Seat)), st.integers(1, 63),
       st.integers(0, len(SEEDS) - 1))
def test_every_code_reads_back_as_itself(mode, deck, dealer, hand, seed):
    code = DealCode(mode, deck, dealer, hand, seed)
    probe = GameState(code.rules(HouseRules()), 0)
    if dealer not in probe.seats or Deck(probe.rules.deck_in_force) != deck:
        with pytest.raises(DealCodeError):
            parse_code(code.text())
        return
    assert parse_code(code.text()) == code
    assert parse_code(code.text().lower().replace("-", " ")) == code  # (typed in any case, any spacing)


@given(st.integers(0, 9), st.integers(1, 31))
def test_every_single_mistyped_character_fails_the_check(position, shift):
    text = EXAMPLE.replace("-", "")
    wrong = ALPHABET[(ALPHABET.index(text[position]) + shift) % 32]
    typo = text[:position] + wrong + text[position + 1:]
    with pytest.raises(DealCodeError, match="check fails"):
        parse_code(typo)


@pytest.mark.parametrize(("text", "reason"), [
    ("158W0-30E8", "has 10 characters, like 158W0-30E8C; this one has 9"),
    ("158W0-30E8CC", "this one has 11"),
    ("158WO-30E8C", "O is not used in deal codes: did you mean 0?"),
    ("I58W0-30E8C", "I is not used in deal codes: did you mean 1?"),
    ("158W0-30E8#", "# is not used in deal codes"),
    ("", "type a deal code"),
])
def test_a_mistyped_code_is_refused_with_its_reason(text, reason):
    with pytest.raises(DealCodeError) as refused:
        parse_code(text)
    assert reason in str(refused.value)


def _with_check(symbols: list[int]) -> str:
    text = "".join(ALPHABET[v] for v in [*symbols, _check_symbol(symbols)])
    return f"{text[:5]}-{text[5:]}"


def test_a_code_of_a_newer_version_says_so():
    newer = [2] + [ALPHABET.index(c) for c in EXAMPLE.replace("-", "")[1:9]]
    with pytest.raises(DealCodeError, match="newer version of Spades Desktop"):
        parse_code(_with_check(newer))


def test_a_code_with_a_valid_check_but_no_deal_is_refused():
    with pytest.raises(DealCodeError, match="not a deal code"):
        parse_code(_with_check([1, 31, 31, 31, 31, 31, 31, 31, 31]))  # (mode 7, and the spare bits set)


def test_the_daily_deal_is_the_first_four_hands_of_the_days_game_and_the_same_every_time():
    day = date(2026, 12, 2)
    codes = daily_codes(day)
    assert [c.text() for c in codes] == ["1004G-G47R9", "1088G-G47RN", "10GCG-G47R0", "10RGG-G47RC"]
    assert len(codes) == DAILY_HANDS
    state = daily_game(day)
    for code in codes:
        while state.hand_number < code.hand:
            state.apply(min(state.legal_actions()), seat=state.turn)
        assert code_of_hand(state) == code
    assert daily_codes(date(2026, 12, 3)) != codes


@pytest.mark.parametrize(("text", "reason"), [
    ("2026-02-30", "is not a date of the calendar"),
    ("02-12-2026", "write it as YYYY-MM-DD"),
    ("1999-12-31", "daily deals run from 2000-01-01 to 9999-12-31"),
    ("tomorrow", "write it as YYYY-MM-DD"),
])
def test_a_bad_date_is_refused_with_its_reason(text, reason):
    with pytest.raises(DailyDateError, match=reason):
        parse_day(text)


def test_a_far_date_has_a_deal():
    assert len(daily_codes(parse_day("9999-12-31"))) == DAILY_HANDS
    assert len(daily_codes(parse_day("2000-01-01"))) == DAILY_HANDS


def test_a_game_opened_by_code_is_saved_and_read_back_as_that_deal():
    from spades_desktop.engine import serialize

    state = parse_code(EXAMPLE).deal(HouseRules())
    for _ in range(5):
        state.apply(min(state.legal_actions()), seat=state.turn)
    again = serialize.from_dict(serialize.to_dict(state))
    assert again.hands == state.hands and again.hand_number == 7 and again.dealer == Seat.E
    assert again.log == state.log


def test_a_saved_start_with_a_first_hand_out_of_range_is_refused():
    from spades_desktop.engine import serialize
    from spades_desktop.engine.errors import StateError

    data = serialize.to_dict(parse_code(EXAMPLE).deal(HouseRules()))
    for bad in (0, 64, "7", True):
        data["start"]["first_hand"] = bad
        with pytest.raises(StateError, match="first hand"):
            serialize.from_dict(data)
    data["start"]["first_hand"] = 7
    data["start"]["dealer"] = "Q"
    with pytest.raises(StateError, match="dealer"):
        serialize.from_dict(data)
