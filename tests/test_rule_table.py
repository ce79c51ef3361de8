"""The rule table is the one place a house rule is described: the engine's validation, the
settings rows, the reasons a row is off, How to play and the presets all come from it."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from spades_desktop.engine.rule_table import PRESETS, RULE_SPECS, SPECS
from spades_desktop.engine.rules import CHOICES, HouseRules, Mode, RulesError, preset
from spades_desktop.ui.text.how_to_play import rules_text

README = Path(__file__).resolve().parent.parent / "README.md"


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
