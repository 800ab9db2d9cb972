"""Whatever a game log holds, `replay-game` and `import-game` either take it or refuse it with one line
naming the place: never a traceback, never a hang, and a refused import writes nothing."""

import copy
import json
import os
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.gamelog import import_document, read_document, session_from_document
from companion.store import Store

EXAMPLES = sorted((Path(__file__).parent.parent / "seeds" / "examples").glob("*.json"))
LOGS = [json.loads(path.read_text(encoding="utf-8")) for path in EXAMPLES]

WORDS = st.sampled_from(["game", "players", "options", "actions", "type", "player", "name", "colour", "button",
                         "nut", "draw", "play", "kind", "colour", "number", "red", "", "\udc80", "x" * 60])
NUMBERS = st.one_of(st.integers(min_value=-10**20, max_value=10**20), st.floats(allow_nan=True), st.just(10**400))
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, WORDS, st.text(string.printable, max_size=5))
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(WORDS, inner, max_size=4)), max_leaves=12)


@st.composite
def nearly_right_logs(draw):
    """One of the real example logs with one place swapped for something else."""
    log = copy.deepcopy(draw(st.sampled_from(LOGS)))
    where = draw(st.sampled_from(["game", "players", "options", "actions", "player", "action", "extra"]))
    junk = draw(VALUES)
    if where in ("game", "players", "options", "actions"):
        log[where] = junk
    elif where == "player" and log["players"]:
        log["players"][draw(st.integers(0, len(log["players"]) - 1))] = junk
    elif where == "action" and log.get("actions"):
        index = draw(st.integers(0, len(log["actions"]) - 1))
        action = log["actions"][index]
        if isinstance(action, dict) and draw(st.booleans()):
            action[draw(st.sampled_from(sorted(action) or ["type"]))] = junk
        else:
            log["actions"][index] = junk
    else:
        log[draw(WORDS)] = junk
    return log


def refused_in_one_line(call):
    try:
        call()
    except CompanionError as problem:
        assert str(problem) and "\n" not in str(problem) and "Traceback" not in str(problem)
        return True
    return False


@pytest.mark.slow   # a fuzz run: make test runs it, make check leaves it out
@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=st.one_of(VALUES, nearly_right_logs()))
def test_any_log_replays_or_is_refused_in_one_line(document):
    refused_in_one_line(lambda: session_from_document(document))


@pytest.mark.slow   # a fuzz run: make test runs it, make check leaves it out
@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=nearly_right_logs())
def test_a_refused_import_writes_nothing(tmp_path_factory, document):
    store = Store.open(tmp_path_factory.mktemp("data"))
    try:
        if refused_in_one_line(lambda: import_document(store, document)):
            assert store.sessions() == [] and store.unreadable() == []
        else:
            (record,) = store.sessions()
            assert store.resume(record.id).state == session_from_document(document).state
    finally:
        store.close()


@pytest.mark.parametrize("make", ["folder", "pipe", "not utf-8", "deep", "huge number", "missing"])
def test_files_that_are_no_log_at_all_are_refused_in_one_line(tmp_path, make):
    path = tmp_path / "log.json"
    if make == "folder":
        path.mkdir()
    elif make == "pipe":
        os.mkfifo(path)  # reading it would wait forever for a writer
    elif make == "not utf-8":
        path.write_bytes(b'{"game": "nut\xff"}')
    elif make == "deep":
        path.write_text("[" * 100000 + "]" * 100000)
    elif make == "huge number":
        path.write_text('{"game": "nut", "players": [' + "9" * 5000 + "]}")
    refused = False
    try:
        read_document(path)
    except CompanionError as problem:
        refused = "\n" not in str(problem)
    except FileNotFoundError:
        refused = make == "missing"  # the command line turns this one into "no such file"
    assert refused
