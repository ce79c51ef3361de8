"""The "Table talk" setting in the settings file: ``table_talk``, true by default, kept through a
save and a load, and a wrong value read as the default with the reason (never a crash); and every
key of the settings file listed in the README."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

import pytest

from spades_desktop.storage.settings import Settings, load_settings, save_settings


def test_table_talk_is_on_by_default_and_kept_through_the_file(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().table_talk is True
    save_settings(path, Settings().with_changes(table_talk=False))
    assert json.loads(path.read_text())["table_talk"] is False
    loaded, problems = load_settings(path)
    assert loaded.table_talk is False and not problems


def test_a_file_from_before_the_setting_talks(tmp_path):
    path = tmp_path / "settings.json"
    data = Settings().to_dict()
    del data["table_talk"]
    path.write_text(json.dumps(data))
    loaded, problems = load_settings(path)
    assert loaded.table_talk is True and not problems


@pytest.mark.parametrize("value", ["yes", 1, 0, None, [], {"on": True}, "false"])
def test_a_wrong_value_falls_back_to_the_default_and_says_why(tmp_path, value):
    path = tmp_path / "settings.json"
    data = {**Settings().with_changes(animation_speed="fast").to_dict(), "table_talk": value}
    path.write_text(json.dumps(data))
    loaded, problems = load_settings(path)
    assert loaded.table_talk is True
    assert loaded.animation_speed == "fast", "the other settings are kept"
    assert problems == ["table_talk must be true or false; using the default"]


README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_key_of_the_settings_file_is_listed_in_the_readme():
    text = README.read_text(encoding="utf-8")
    listed = text.split("The settings file (`settings.json`", 1)[1].split("\n\n", 1)[0]
    keys = set(re.findall(r"`([a-z_]+)`", listed))
    missing = {f.name for f in fields(Settings)} - keys
    assert not missing, f"the README's list of the settings file's keys leaves out {sorted(missing)}"
