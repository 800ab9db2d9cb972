"""Whatever a race log holds, `replay-race` gives a decision or one line naming the line at fault:
never a traceback."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import config
from companion.errors import CompanionError
from companion.races import racelog
from hardware.replay import replay

LOGS = [path.read_text(encoding="utf-8").splitlines()
        for path in sorted((Path(__file__).parent.parent / "docs" / "races").glob("*.jsonl"))]
WORDS = st.sampled_from(["event", "arm", "edge", "decision", "player", "pressed", "t_ns", "kind", "players",
                         "seed", "settings", "bones", "claim", "tie_policy", "settle_ms", ""])
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-10**25, 10**25), st.floats(allow_nan=True), WORDS)
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(WORDS, inner, max_size=4)), max_leaves=10)


@st.composite
def nearly_right(draw):
    lines = [json.loads(line) for line in draw(st.sampled_from(LOGS)) if line.strip()]
    index = draw(st.integers(0, len(lines) - 1))
    line = lines[index]
    if draw(st.booleans()):
        line[draw(st.sampled_from(sorted(line)))] = draw(VALUES)
    else:
        lines[index] = draw(VALUES)
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), lines[draw(st.integers(0, len(lines) - 1))])
    return "\n".join(json.dumps(line, allow_nan=True) for line in lines)


@pytest.mark.slow   # a fuzz run: make test runs it, make check leaves it out
@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=nearly_right())
def test_any_race_log_is_decided_or_refused_in_one_line(text):
    try:
        decision = replay(racelog.parse(text), config.validate({}))
    except CompanionError as problem:
        assert str(problem) and "\n" not in str(problem)
    else:
        assert decision.to_json()
