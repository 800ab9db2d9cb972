import json

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
