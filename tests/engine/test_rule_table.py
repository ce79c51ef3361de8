"""The rule table is the one place a house rule is described: the engine's validation, the
settings rows, the reasons a row is off, How to play and the presets all come from it."""

from __future__ import annotations

import itertools
import re
from dataclasses import fields
from pathlib import Path

import pytest

from spades_desktop.engine.presets import PRESETS
from spades_desktop.engine.rule_table import RULE_SPECS, SPECS
from spades_desktop.engine.rules import CHOICES, VARIANT_MODES, HouseRules, Mode, RulesError, preset
from spades_desktop.ui.text.how_to_play import rules_text

README = Path(__file__).resolve().parents[2] / "README.md"


def _readme_rule_keys() -> set[str]:
    """The keys the README's "House rules" section lists in backticks, before the presets."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## House rules", 1)[1].split("Presets:", 1)[0]
    return set(re.findall(r"`([a-z_]+)`", section))


def test_every_rule_key_is_in_the_readme():
    missing = {spec.key for spec in RULE_SPECS} - _readme_rule_keys()
    assert not missing, f"README's House rules section does not list {sorted(missing)}"


def test_the_table_has_one_record_per_house_rule_field_in_the_settings_order():
    assert [spec.key for spec in RULE_SPECS] == list(SPECS)
    assert {f.name for f in fields(HouseRules)} == set(SPECS)
    assert {spec.key: spec.choices for spec in RULE_SPECS} == CHOICES


@pytest.mark.parametrize("spec", RULE_SPECS, ids=lambda spec: spec.key)
def test_each_record_is_complete_and_its_default_is_the_engines(spec):
    assert spec.label and spec.help and spec.choices
    defaults = HouseRules()
    if spec.default is None and spec.key == "blind_nil_exchange":  # the mode's default
        assert getattr(defaults, spec.key) in spec.choices
    else:
        assert spec.default in spec.choices
        assert getattr(defaults, spec.key) == spec.default
    for value in spec.choices:
        assert spec.word(value), (spec.key, value)
        assert getattr(HouseRules(**{spec.key: value}), spec.key) == value  # every choice is allowed
    with pytest.raises(RulesError) as info:
        HouseRules(**{spec.key: "not a value"})
    assert info.value.allowed == spec.allowed_text()


def test_text_values_become_enum_members_and_files_keep_the_text():
    import json

    rules = HouseRules.from_dict({"mode": "auction", "undo": "off", "first_lead": "two_of_clubs"})
    assert rules.mode is Mode.AUCTION and rules.mode == "auction"
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["mode"] == "auction" and data["undo"] == "off" and data["first_lead"] == "two_of_clubs"
    assert HouseRules.from_dict(data) == rules


def test_a_rule_a_mode_excludes_says_why_and_how_to_play_leaves_it_out():
    auction = preset("auction")
    assert SPECS["nil_value"].reason(auction) == "no nil in an auction"
    assert SPECS["first_lead"].reason(preset("two_player")) == "the non-dealer leads in two-player"
    assert SPECS["failed_nil_counts_for_partner"].reason(preset("cutthroat")) == "only in partnership"
    assert not any("Nil (take no trick)" in line for line in rules_text(auction))
    assert any("Nil (take no trick): +/-100" in line for line in rules_text(preset("standard")))


def test_presets_are_records_of_valid_changes():
    names = [p.name for p in PRESETS]
    assert len(names) == len(set(names)) and names[0] == "standard"
    for p in PRESETS:
        assert set(p.changes) <= set(SPECS) and p.title
        assert preset(p.name) == HouseRules(**p.changes)


# ---------------------------------------------------------------- the table says what the screens said
# The settings screen's reasons and value words before the table (commit 1eea882, ui/screens/settings.py
# ``_rule_reason`` and ``words``, ui/text/variants.py ``variant_reason``), kept as the reference the
# records must reproduce word for word.  Rules added since then are not in it.
_ADDED_SINCE = ("all_tricks_bonus",)
_BEFORE_THE_TABLE = tuple(spec.key for spec in RULE_SPECS if spec.key not in _ADDED_SINCE)
_LIMITS = {"deck": "Jokers decks: partnership, cutthroat and three-player only",
           "bidding": "Bidding styles: partnership, cutthroat, two-player and three-player only",
           "nil_exchange": "Nil exchange: partnership only"}
_STYLE = {"whiz": "Whiz", "mirror": "Mirror", "suicide": "Suicide"}


def _reason_before_the_table(r: HouseRules, key: str) -> str:
    mode = r.mode
    if key == "nil_value" and not r.nil_possible and mode != "auction":
        return "nil is off"
    if key == "blind_nil_allowed" and not r.nil_allowed:
        return "nil is off"
    if key in ("blind_nil_value", "blind_nil_min_deficit", "blind_nil_exchange") and not r.blind_nil_possible:
        return "blind nil is off" if mode != "auction" else "no nil in an auction"
    if key in ("nil_allowed", "nil_value", "blind_nil_allowed") and mode == "auction":
        return "no nil in an auction"
    if key == "blind_nil_exchange" and mode == "cutthroat":
        return "no partner and no discards in cutthroat"
    if key in ("min_team_bid", "failed_nil_counts_for_partner") and mode != "partnership":
        return "only in partnership"
    if key == "first_lead" and mode in ("two_player", "auction"):
        return "the non-dealer leads in two-player" if mode == "two_player" else "the high bidder leads"
    if key in _LIMITS and len({v for v in CHOICES[key] if mode in VARIANT_MODES[key][v]}) <= 1:
        return _LIMITS[key]
    style = r.bidding_in_force
    if key == "nil_allowed" and style != "standard" and mode != "auction":
        return f"{_STYLE[style]} bidding brings nil"
    if key == "min_team_bid" and style != "standard" and mode == "partnership":
        return f"not with {_STYLE[style].lower()} bidding"
    if key == "nil_exchange" and not r.nil_possible:
        return "nil is off"
    return ""


_WORDS_BEFORE_THE_TABLE = {
    "partnership": "Partnership", "cutthroat": "Cutthroat", "two_player": "Two-player", "auction": "Auction",
    "three_player": "Three-player", "jokers": "Jokers", "jokers_deuces": "Jokers & deuces",
    "left_of_dealer": "Left of dealer", "two_of_clubs": "Two of clubs", "broken": "Once broken",
    "any_time": "Any time", "off": "Off", "last_card": "Last own card", "unlimited": "Unlimited",
}


def _word_before_the_table(key: str, value: object) -> str:
    special = {"bags_reset": ("Carry over", "Reset to zero"), "thirteen_bid_double": ("Normal", "Double points"),
               "thirteen_bid_fail_bags": ("Normal", "Also 13 bags")}
    if key in special:
        return special[key][bool(value)]
    if key == "losing_score" and value is None:
        return "Off"
    if key == "nil_exchange":
        return "None" if not value else f"{value} card{'s' if value != 1 else ''}"
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, str):
        return _WORDS_BEFORE_THE_TABLE.get(value, value.replace("_", " ").capitalize())
    return str(value)


def _rules_grid():
    for mode, deck, bidding, exchange, nil, blind in itertools.product(
            tuple(Mode), ("standard", "jokers", "jokers_deuces"), ("standard", "whiz", "mirror", "suicide"),
            (0, 2), (True, False), (True, False)):
        yield HouseRules(mode=mode, deck=deck, bidding=bidding, nil_exchange=exchange, nil_allowed=nil,
                         blind_nil_allowed=blind)


def test_every_reason_is_the_one_the_settings_screen_gave_before_the_table():
    checked = 0
    for rules in _rules_grid():
        for key in _BEFORE_THE_TABLE:
            assert SPECS[key].reason(rules) == _reason_before_the_table(rules, key), (key, rules)
            checked += 1
    assert checked == 5 * 3 * 4 * 2 * 2 * 2 * len(_BEFORE_THE_TABLE)


@pytest.mark.parametrize("key", _BEFORE_THE_TABLE)
def test_every_value_is_shown_in_the_words_it_had_before_the_table(key):
    for value in SPECS[key].choices:
        assert SPECS[key].word(value) == _word_before_the_table(key, value), (key, value)


def test_how_to_play_explains_the_rules_in_the_order_of_the_game():
    """The mode, how a trick goes, then each record's lines by its topic (deal, play, bidding,
    scoring, end, controls): not the settings screen's order."""
    rule_lines = rules_text(HouseRules(all_tricks_bonus=200, blind_nil_exchange=2))[:12]
    assert rule_lines == [
        "Four players in two sides: you (South) and North against East and West.",
        "Follow the suit led if you can; otherwise play any card. The highest trump wins the trick,",
        "otherwise the highest card of the suit led. The winner leads next.",
        "The player left of the dealer leads first; never spades on the first lead unless that is all they hold.",
        "Spades may not be led until one has been played on another suit (or you hold only spades).",
        "Bid how many tricks you will take. Make it: 10 a trick, +1 a bag for each extra; miss it: -10 a trick.",
        "Nil (take no trick): +/-100. Blind nil, before seeing your cards: +/-200.",
        "A blind nil bidder and partner then swap 2 cards.",
        "Every 10 bags cost 100 points; extra bags carry over.",
        "Boston: a side taking all 13 tricks scores 200 more, whatever it bid (after any doubling; nils still count).",
        "The first side to 500 with the higher score wins; equal top scores play another hand.",
        "Undo takes back your last card until the next card is played.",
    ]
    variants = rules_text(HouseRules(deck="jokers", bidding="whiz", nil_exchange=1))
    order = [next(i for i, line in enumerate(variants) if line.startswith(start))
             for start in ("Jokers deck", "The player left", "Whiz bidding", "Jokers count", "Nil exchange", "Bid how")]
    assert order == sorted(order)
