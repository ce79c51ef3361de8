"""One judge behind every piece of advice (issue 38): the hint, the play checker and the game review
ask the same judgement of a position, so they never contradict each other; only clear mistakes are
named, at the checker's setting; cards are named as the table names them; "Why these bids" adds up."""

from __future__ import annotations

import json
import os
import random
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from spades_desktop.ai import judge_worlds, normal
from spades_desktop.ai.checker import checkable
from spades_desktop.ai.explain import count_line, explain_bid
from spades_desktop.ai.judge import (
    Assessment,
    CheckerLevel,
    Judgement,
    Prospect,
    assemble,
    assess,
    judge_part,
    position_seed,
)
from spades_desktop.engine import actions as A
from spades_desktop.engine.cards import mask_from_ids, parse_card
from spades_desktop.engine.rules import preset
from spades_desktop.engine.seats import Seat
from spades_desktop.engine.state import GameState, Phase
from spades_desktop.engine.words import card_name, card_short
from spades_desktop.session.advice import Advisor, position_key
from spades_desktop.session.review import Reviewer
from spades_desktop.storage.settings import Settings, settings_from_dict
from spades_desktop.ui.core.keymap import Context, Intent
from spades_desktop.ui.table.play_check import CheckMark, PlayChecker
from spades_desktop.ui.text.hint_words import bid_hint
from spades_desktop.ui.text.key_help import table_key_help
from spades_desktop.ui.text.review_words import choice_text, position_text
from spades_desktop.ui.text.variants import card_words
from tests.ai_helpers import deal, position


@pytest.fixture
def quick_judge(monkeypatch):
    """Fewer deals a position (the same for every asker, so agreement is still what is tested)."""
    monkeypatch.setattr(judge_worlds, "JUDGE_MS", 20.0)
    monkeypatch.setattr(judge_worlds, "BID_DEALS", 24)


def _hinted_game(mode: str, seed: int) -> tuple[GameState, dict[int, int], Advisor]:
    """One hand of a seeded game, South following the hint (asked of the ``Advisor`` as the table
    asks it, judged in slices), the others the normal level; the hints by the decision's log index."""
    state, _ = GameState.new_game(preset(mode).with_changes(target_score=1000), seed)
    advisor = Advisor()
    hints: dict[int, int] = {}
    rng = random.Random(seed)
    while not state.hand_history:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        action = normal.decide(view, rng)
        if seat == Seat.S and checkable(view, action):
            key = advisor.ask(state, seat)
            while advisor.known_for(key) is None:
                advisor.step(1.0)
            action = advisor.known_for(key).best  # type: ignore[union-attr]
            hints[len(state.log)] = action
        state.apply(action)
    return state, hints, advisor


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["standard", "cutthroat", "two_player"])
def test_the_hint_is_the_reviews_best_choice_and_following_it_is_never_a_mistake(quick_judge, mode):
    state, hints, advisor = _hinted_game(mode, 3)
    assert any(A.is_bid(h) for h in hints.values()) and sum(A.is_card(h) for h in hints.values()) >= 5
    reviewer = Reviewer(state, lambda: None, seats=[Seat.S])
    while not reviewer.done:
        reviewer.step(1.0)
    for index, hint in hints.items():
        reviewed = reviewer.review.judged[index]
        assert reviewed is not None and reviewed.best == hint and not reviewed.mistake and reviewed.loss == 0
    # and the play checker, at its keenest setting, says nothing of a hint followed
    checker = PlayChecker(advisor, lambda: CheckerLevel.EVERY)
    for index, hint in hints.items():
        checker.submit(position_seed(state.seed, state.log[:index]), hint, 1, 1)
        assert checker.step() is None
    assert not checker.marks and not checker.busy


def test_asking_twice_or_in_parts_gives_the_same_judgement(quick_judge):
    state, _ = GameState.new_game(preset("standard"), 8)
    rng = random.Random(1)
    while not (state.phase is Phase.PLAY and state.trick_count == 3 and state.turn == Seat.S):
        state.apply(normal.decide(state.view(state.turn), rng))  # type: ignore[arg-type]
    view, seed = state.view(Seat.S), position_key(state)
    samples = judge_worlds.judge_samples(view)
    whole = assess(view, seed)
    parts: dict[int, object] = {}
    for share in range(3):
        parts.update(judge_part(view, seed, samples, share, 3))
    assert assemble(view, parts) == whole == assess(view, seed)
    assert position_seed(state.seed, state.log) == seed != position_seed(state.seed + 1, state.log)


@pytest.mark.slow
def test_the_judge_in_a_worker_process_agrees_with_the_judge_here(quick_judge):
    from spades_desktop.session.thinkers import ThinkerPool

    state, _ = GameState.new_game(preset("two_player"), 5)
    rng = random.Random(2)
    while not (state.phase is Phase.PLAY and state.turn == Seat.S and len(state.legal_actions()) > 2):
        state.apply(normal.decide(state.view(state.turn), rng))  # type: ignore[arg-type]
    pool = ThinkerPool(2)
    pool.start()
    try:
        assert pool.ready(120)
        there = Advisor(lambda: pool)
        key = there.ask(state, Seat.S)
        while there.known_for(key) is None:
            there.step()
        here = Advisor()
        here.ask(state, Seat.S)
        while here.assessment(state) is None:
            here.step(1.0)
        assert there.known_for(key) == here.assessment(state)
    finally:
        pool.close()


def _assessment(best: list[float], other: list[float]) -> Assessment:
    """Two cards (the 2 and 3 of clubs) with these values deal by deal."""
    outcome = (3, True, None, None, None, 0.0)
    return Assessment(len(best), {0: 0, 1: 1}, {0: tuple(best), 1: tuple(other)},
                      {0: (outcome,) * len(best), 1: (outcome,) * len(other)})


def test_a_close_call_is_never_called_a_mistake():
    rng = random.Random(4)
    best = [rng.uniform(-60, 60) for _ in range(40)]
    noisy = [b - 4 + rng.uniform(-40, 40) for b in best]  # about 4 points worse, far within the noise
    verdict = _assessment(best, noisy).judgement(1)
    assert verdict is not None and verdict.loss >= 3 and not verdict.mistake
    small = _assessment(best, [b - 2.5 for b in best]).judgement(1)  # sure, but under three points
    assert small is not None and small.noise == pytest.approx(0, abs=1e-9) and not small.mistake
    for level in CheckerLevel:
        assert not level.names(verdict) and not level.names(small)


def test_the_checker_setting_names_big_mistakes_every_mistake_or_none():
    best = [float(i % 7) for i in range(40)]
    medium = _assessment(best, [b - 5 for b in best]).judgement(1)
    big = _assessment(best, [b - 12 for b in best]).judgement(1)
    assert medium is not None and big is not None and medium.mistake and big.big and not medium.big
    assert [level.names(medium) for level in CheckerLevel] == [False, False, True]
    assert [level.names(big) for level in CheckerLevel] == [False, True, True]
    assert Settings().play_checker is CheckerLevel.BIG  # big mistakes only, by default


def test_the_checker_setting_is_read_from_old_and_new_settings_files():
    def loaded(value: object) -> tuple[CheckerLevel, list[str]]:
        settings, problems = settings_from_dict({"format": "spades-desktop/settings", "play_checker": value})
        return settings.play_checker, problems

    assert loaded(True) == (CheckerLevel.BIG, [])  # a file from before: the checker was on
    assert loaded(False) == (CheckerLevel.OFF, [])  # ... or off, as the person left it
    for level in CheckerLevel:
        assert loaded(level.value) == (level, [])
    level, problems = loaded("sometimes")
    assert level is CheckerLevel.BIG and problems and "play_checker must be one of off, big, every" in problems[0]
    saved = json.loads(json.dumps(Settings(play_checker=CheckerLevel.EVERY).to_dict()))
    assert saved["play_checker"] == "every" and settings_from_dict(saved)[0].play_checker is CheckerLevel.EVERY


def test_the_settings_screen_offers_the_checkers_three_values(tmp_path):
    from spades_desktop.ui.screens.settings import words

    assert [words("play_checker", level) for level in CheckerLevel] == ["Off", "Big mistakes only", "Every mistake"]


def test_cards_are_named_as_the_table_names_them():
    ten = parse_card("TD")
    assert card_short(ten) == "10D" and card_name(ten) == "the 10 of diamonds"
    assert card_words(ten) == "the 10 of diamonds (10D)"
    assert card_name(parse_card("QH")) == "the queen of hearts" and card_short(parse_card("BJ")) == "BJ"
    prospect = Prospect(0.0, 3.0, None, None, None)
    mark = CheckMark(1, 4, Judgement(parse_card("TC"), parse_card("TH"), 12.0, 1.0, 50, prospect, prospect))
    assert mark.text == "Checker: 10H was better than 10C, about 12 points"
    assert choice_text(parse_card("TS")) == "10S"


def test_no_piece_of_advice_names_a_ten_as_t():
    """The review's position, the checker's note, the hint and Why these bids over seeded hands."""
    from spades_desktop.session.review import decisions_of

    state, _ = GameState.new_game(preset("standard").with_changes(target_score=1000), 12)
    rng = random.Random(12)
    while not state.hand_history:
        state.apply(normal.decide(state.view(state.turn), rng))  # type: ignore[arg-type]
    names = {s: s.name for s in Seat}
    texts = [position_text(d, names) for d in decisions_of(state)]
    texts += [count_line(state.hand_history[0].hands[s]) for s in state.seats]
    first = state.hand_history[0]
    again = GameState.from_deal(state.rules, first.dealer, {s: first.hands[s] for s in state.seats})
    while again.phase is Phase.BIDDING:  # the hint at each seat's bid, as the person would ask it
        texts.append(bid_hint(again.view(again.turn), A.bid_action(3)))
        again.apply(normal.choose_bid(again.view(again.turn)))
    assert any("10" in t for t in texts)
    assert not [t for t in texts if re.search(r"\bT[CDHS]\b", t)]


def test_why_these_bids_adds_up_and_says_the_rounding():
    rng = random.Random(7)
    for _ in range(300):
        hand = sum(1 << c for c in rng.sample(range(52), 13))
        line = count_line(hand)
        if line == "no sure tricks":
            continue
        parts = [float(v) for v in re.findall(r": (\d+(?:\.5)?)", line)]
        total = float(re.search(r"\((\d+(?:\.5)?) in all, each to the half trick\)", line).group(1))  # type: ignore[union-attr]
        assert sum(parts) == total and all(p >= 0.5 for p in parts)
    hand = mask_from_ids(["AS", "KS", "7S", "5S", "3S", "AH", "KH", "9H", "8H", "6H", "4D", "3D", "2D"])
    total = count_line(hand).split("(")[1].split(" in all")[0]
    assert total == "6.5"
    assert explain_bid(hand, "6").endswith("(6.5 in all, each to the half trick); rounded down, so bid 6")
    assert explain_bid(hand, "7").endswith("; rounded up, so bid 7")
    assert explain_bid(hand, "5").endswith("; lowered to 5 for the bids before it and the bags, so bid 5")


def _first_bidder(cards: list[str]):
    """West's view as the first to bid (dealer South), having looked at its cards."""
    state = position(preset("standard"), deal(W=cards), [], [], dealer=Seat.S)
    state.apply(A.LOOK)
    return state.view(Seat.W)


def test_the_bid_hint_says_why_in_a_sentence():
    """The count's items in words, then the rounding named, and the numbers add up to the bid: 1 and
    1.5 of the items, half a trick more for what a seat takes in play (3); the judge's 5 is two
    more, said as the deals' choice."""
    cards = ["AC", "KC", "5C", "2C", "9S", "7S", "4S", "3S", "8H", "6H", "4D", "3D", "2D"]
    view = _first_bidder(cards)
    text = bid_hint(view, A.bid_action(3))
    assert text == ("Bid 3: your four spades about one, and your ace and king of clubs about one and a half more;"
                    " a seat takes a little over its count in play: half a trick more")
    assert "·" not in text  # a sentence, not the count's shorthand
    judged = bid_hint(view, A.bid_action(5), deals=64)
    assert judged.endswith("; over 64 deals, 5 scores best: two more")
    low = ["2C", "3C", "4C", "2D", "3D", "4D", "2H", "3H", "4H", "5H", "6H", "7H", "2S"]
    nil = bid_hint(_first_bidder(low), A.NIL)
    assert nil.startswith("Bid nil: no card of yours should have to win a trick (") and "% risk" in nil


@pytest.mark.slow
def test_the_hint_key_shows_a_thinking_mark_while_the_judge_works(tmp_path):

    from tests.ui_driver import Driver

    assert "H hint thinking.." in table_key_help((Context.GLOBAL, Context.TABLE, Context.PLAY), 2)[1]
    d = Driver(str(tmp_path), rules="standard", seed=4)
    table = d.table
    while True:
        assert d.wait_for_person() == "act"
        if table.ctl.state.phase is Phase.PLAY and len(table.ctl.state.legal_actions()) > 1:
            break
        d.act_once()
    d.press(Intent.HINT)
    assert table.hint_thinking and table.hinted is None  # asked: the frame goes on while the judge works
    frames = 0
    while table.hint_thinking:
        d.step()
        frames += 1
    assert frames > 1 and table.hinted == table.advisor.assessment(table.ctl.state).best  # type: ignore[union-attr]
    assert table.message.startswith("Hint: the ")


def test_why_these_bids_says_what_the_judge_behind_the_hint_said_of_the_persons_bid():
    from spades_desktop.ai.explain import BidMoment
    from spades_desktop.ui.text.why_bids import why_line

    prospect = Prospect(0.0, 3.0, None, None, None)
    hand = mask_from_ids(["AS", "KS", "7S", "5S", "3S", "AH", "KH", "9H", "8H", "6H", "4D", "3D", "2D"])
    moment = BidMoment(Seat.S, A.bid_action(5), hand, A.bid_action(6))
    worse = Judgement(A.bid_action(5), A.bid_action(6), 7.6, 2.0, 64, prospect, prospect)
    line = why_line("You", moment, person=True, style="standard", judged=worse)
    assert line.startswith("You bid 5 (the hint's bid was 6, about 8 points better over 64 deals); the count gives 6: ")
    same = Judgement(A.bid_action(5), A.bid_action(5), 0.0, 0.0, 64, prospect, prospect)
    assert why_line("You", moment, person=True, style="standard", judged=same).startswith(
        "You bid 5 (the hint's bid too); the count gives 6: ")
