"""Whatever is in config.json, starting gives either the settings or one BadOption line naming what is
wrong: never a traceback, and never a value that validates and then breaks a timer further on."""

import json
import math
import os
import signal
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import config
from companion.errors import BadOption

KEYS = st.sampled_from(["race", "display", "keys", "buttons", "backend", "turn_buttons", "settle_ms", "timeout_s",
                        "volume", "1", "7", "x", "", "pin", "led", "enabled", "long_press_ms", "tie_policy"])
NUMBERS = st.one_of(st.integers(min_value=-10**30, max_value=10**30),
                    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1e308, -0.0, 2**63]))
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(string.printable + "é\u00a0", max_size=6))
DOCUMENTS = st.recursive(LEAVES, lambda children: st.one_of(st.lists(children, max_size=4),
                                                            st.dictionaries(KEYS, children, max_size=5)),
                         max_leaves=25)


def near_valid():
    """A real settings file with one value swapped for something else."""
    section_key = st.sampled_from([(section, key) for section, values in config.DEFAULTS.items()
                                   if isinstance(values, dict) for key in values])
    return st.tuples(section_key, LEAVES).map(
        lambda pair: {pair[0][0]: {**config.DEFAULTS[pair[0][0]], pair[0][1]: pair[1]}})


def loaded(tmp_path, text):
    (tmp_path / config.CONFIG_NAME).write_text(text, encoding="utf-8")
    try:
        return config.load(tmp_path)
    except BadOption as problem:
        assert "\n" not in str(problem) and str(problem)
        return None


def every_number(settings_doc):
    for value in settings_doc.values():
        if isinstance(value, dict):
            yield from every_number(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            yield value


@pytest.mark.slow   # a fuzz run: make test runs it, make check leaves it out
@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=st.one_of(DOCUMENTS, near_valid()))
def test_any_settings_document_loads_or_is_refused_in_one_line(tmp_path, document):
    result = loaded(tmp_path, json.dumps(document, allow_nan=True))
    if result is not None:
        assert all(math.isfinite(number) and 0 <= number <= 10**4 for number in every_number(result))


def test_files_that_are_not_settings_at_all_are_refused_in_one_line(tmp_path):
    for text in ["[" * 5000 + "]" * 5000, '{"race": {"timeout_s": ' + "9" * 5000 + "}}", "NaN", "",
                 '{"race": {"settle_ms": Infinity}}', '{"keys": {"x": "a"}}']:
        assert loaded(tmp_path, text) is None, text
    (tmp_path / config.CONFIG_NAME).write_bytes(b'{"backend": "\xff\xfe"}')
    try:
        config.load(tmp_path)
    except BadOption as problem:
        assert "not UTF-8" in str(problem)
    else:
        raise AssertionError("a file that is not UTF-8 was accepted")


@pytest.mark.parametrize("plant, words", [
    (lambda path: os.mkfifo(path), "named pipe"),
    (lambda path: path.symlink_to("/dev/zero"), "device"),
    (lambda path: path.mkdir(), "folder"),
    (lambda path: path.symlink_to(path), "circle"),
    (lambda path: path.write_bytes(b" " * (config.LARGEST_FILE + 1)), "more than any settings file"),
])
def test_a_settings_file_that_is_no_file_is_one_line_and_never_hangs(tmp_path, plant, words):
    plant(tmp_path / config.CONFIG_NAME)
    def hung(*_):
        raise AssertionError("reading the settings hung")

    # Reading a pipe or /dev/zero used to wait, or fill memory, for ever.
    signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        with pytest.raises(BadOption) as refused:
            config.load(tmp_path)
    finally:
        signal.alarm(0)
    assert words in str(refused.value) and "\n" not in str(refused.value)
    assert "move it away" in str(refused.value)


def test_saving_the_settings_replaces_a_planted_link_instead_of_writing_through_it(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("not the app's")
    (tmp_path / config.CONFIG_NAME).symlink_to(target)
    config.save(tmp_path, config.validate({}))
    assert target.read_text() == "not the app's"
    assert config.load(tmp_path) == config.validate({})
