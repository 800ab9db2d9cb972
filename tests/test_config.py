import json
import re

import pytest

from companion import config
from companion.errors import BadOption


def test_missing_file_means_defaults(tmp_path):
    assert config.load(tmp_path) == config.DEFAULTS


def test_a_typo_in_a_key_is_refused_with_the_right_names(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps({"race": {"setle_ms": 20}}))
    with pytest.raises(BadOption, match=r"race.setle_ms.*settle_ms"):
        config.load(tmp_path)


def test_a_value_of_the_wrong_kind_is_refused(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps({"race": {"tie_policy": "coin"}}))
    with pytest.raises(BadOption, match="rerace"):
        config.load(tmp_path)


def test_two_buttons_on_one_pin_are_refused():
    with pytest.raises(BadOption, match="GPIO17 is already used by buttons.1.pin"):
        config.validate({"buttons": {"1": {"pin": 17}, "2": {"pin": 17}}})


def test_broken_json_names_the_line(tmp_path):
    (tmp_path / "config.json").write_text('{\n  "backend": "mock",\n}')
    with pytest.raises(BadOption, match="line 3"):
        config.load(tmp_path)


def test_save_then_load_keeps_the_family_settings(tmp_path):
    settings = config.load(tmp_path)
    settings["race"]["settle_ms"] = 45.0
    settings["keys"]["1"] = "q"
    config.save(tmp_path, settings)
    assert config.load(tmp_path)["race"]["settle_ms"] == 45.0
    assert config.load(tmp_path)["keys"]["1"] == "q"


# --- the settings screen's settings: each saved and read back, every refusal named ----------------------

@pytest.mark.parametrize("section, key, value", [
    ("display", "sound", False),
    ("display", "volume", 40),
    ("display", "brightness", 60),
    ("display", "sleep_after_min", 15),
    ("display", "high_contrast", True),
    ("race", "false_start", "lockout"),
    ("race", "lockout_ms", 500.0),
    ("race", "tie_policy", "draw"),
    ("race", "settle_ms", 50.0),
])
def test_each_setting_is_saved_and_read_back(tmp_path, section, key, value):
    settings = config.load(tmp_path)
    assert settings[section][key] != value
    settings[section][key] = value
    config.save(tmp_path, settings)
    again = config.load(tmp_path)
    assert again[section][key] == value
    assert again == settings


def test_keys_and_pins_are_saved_and_read_back(tmp_path):
    settings = config.load(tmp_path)
    settings["keys"]["2"] = "w"
    settings["buttons"]["3"]["pin"] = 16
    config.save(tmp_path, settings)
    assert config.load(tmp_path)["keys"]["2"] == "w"
    assert config.load(tmp_path)["buttons"]["3"] == {"pin": 16, "led": 25}


@pytest.mark.parametrize("change, complaint", [
    ({"display": {"volume": 150}}, "display.volume: expected 0 to 100 %, got 150"),
    ({"display": {"brightness": 5}}, "display.brightness: expected 10 to 100 %, got 5"),
    ({"display": {"sleep_after_min": 2.5}}, "display.sleep_after_min: expected a whole number"),
    ({"display": {"sleep_after_min": 1000}}, "expected 0 to 240 minutes"),
    ({"race": {"settle_ms": 500}}, "race.settle_ms: expected 0 to 200 ms, got 500"),
    ({"race": {"lockout_ms": 9000}}, "race.lockout_ms: expected 0 to 5000 ms"),
    ({"race": {"false_start": "warn"}}, "race.false_start: expected one of lockout, lose"),
    ({"display": {"high_contrast": "yes"}}, "display.high_contrast: expected true or false"),
    ({"keys": {"1": "ab"}}, "keys.1: a key is one letter, digit or sign"),
    ({"keys": {"1": " "}}, "keys.1: a key is one letter, digit or sign"),
    ({"keys": {"1": ""}}, "keys.1: a key is one letter"),
    ({"keys": {"1": "q", "2": "Q"}}, "keys.2: the key 'Q' is already used by keys.1"),
    ({"keys": {"7": "q"}}, "button '7' should be numbered 1 to 6"),
    ({"buttons": {"1": {"pin": 28}}}, "buttons.1.pin: expected a BCM GPIO number 2 to 27, got 28"),
    ({"buttons": {"1": {"pin": 1}}}, "buttons.1.pin: expected a BCM GPIO number 2 to 27, got 1"),
    ({"buttons": {"1": {"pin": 17, "led": 27}, "2": {"pin": 27}}}, "GPIO27 is already used by buttons.1.led"),
])
def test_a_refused_setting_names_itself_and_says_why(tmp_path, change, complaint):
    with pytest.raises(BadOption) as refusal:
        config.validate(change)
    assert complaint in str(refusal.value)
    (tmp_path / "config.json").write_text(json.dumps(change))
    with pytest.raises(BadOption, match=re.escape(complaint)):
        config.load(tmp_path)


def test_a_refused_save_leaves_the_file_exactly_as_it_was(tmp_path):
    settings = config.load(tmp_path)
    settings["display"]["volume"] = 30
    config.save(tmp_path, settings)
    before = (tmp_path / "config.json").read_bytes()
    settings["keys"]["2"] = settings["keys"]["1"]
    with pytest.raises(BadOption, match="already used"):
        config.save(tmp_path, settings)
    assert (tmp_path / "config.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.json"]  # no temporary file left over


def test_save_replaces_the_file_in_one_step(tmp_path, monkeypatch):
    """The new content goes to a temporary file, synced, then renamed over config.json."""
    import os

    calls = []
    real_replace, real_fsync = os.replace, os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append(("replace", a.name, b.name)), real_replace(a, b))[1])
    config.save(tmp_path, config.load(tmp_path))
    assert calls[0] == "fsync"
    assert calls[1][0] == "replace" and calls[1][1].endswith(".tmp") and calls[1][2] == "config.json"
    assert json.loads((tmp_path / "config.json").read_text())["display"]["sleep_after_min"] == 0
