"""`companion replay-race FILE` as a user runs it: a subprocess, a file, one JSON object out."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / ".venv" / "bin" / "companion"
SAMPLES = ROOT / "docs" / "races"
CUE = 5_000_000_000
MS = 1_000_000


def arm(kind, players, **extra):
    return {"event": "arm", "t_ns": CUE, "kind": kind, "players": players, **extra}


def edge(player, at_ms, pressed=True):
    return {"event": "edge", "player": player, "pressed": pressed, "t_ns": CUE + round(at_ms * MS)}


def run(path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, COMPANION_DATA_DIR=str(path.parent / "data"))
    return subprocess.run([str(COMPANION), "replay-race", str(path)], capture_output=True, text=True,
                          env=env, timeout=120)


def replay(tmp_path: Path, lines: list) -> dict:
    path = tmp_path / "race.jsonl"
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    result = run(path)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_an_earlier_press_logged_after_a_later_one_wins(tmp_path):
    decision = replay(tmp_path, [arm("claim", [1, 2, 3, 4]), edge(1, 231.65), edge(3, 231.4), edge(4, 402)])
    assert decision["winners"] == [3]
    assert decision["margins_ms"] == {"3": 0.0, "1": 0.25, "4": 170.6}
    assert decision["losers"][:2] == [1, 4]


def test_a_bone_race_gives_one_bone_fewer_than_players_in_press_order(tmp_path):
    decision = replay(tmp_path, [arm("bones", [1, 2, 3, 4]), edge(2, 300), edge(4, 180), edge(1, 450), edge(3, 260)])
    assert decision["winners"] == [4, 3, 2]
    assert decision["losers"] == [1]


def test_an_edge_before_the_arm_line_is_a_false_start(tmp_path):
    decision = replay(tmp_path, [edge(2, -900), edge(2, -700, pressed=False), arm("claim", [1, 2]),
                                 edge(2, 150), edge(1, 200)])
    assert decision["false_starts"] == [2]
    assert decision["winners"] == [1]


def test_a_button_held_through_the_arm_is_reported_stuck(tmp_path):
    decision = replay(tmp_path, [arm("claim", [1, 2], held=[2]), edge(2, 50, pressed=False), edge(2, 100), edge(1, 200)])
    assert decision["stuck"] == [2]
    assert decision["winners"] == [1]


def test_a_bouncing_button_is_timed_from_its_first_edge(tmp_path):
    decision = replay(tmp_path, [arm("claim", [1, 2]), edge(1, 200), edge(1, 200.3, pressed=False), edge(1, 201),
                                 edge(2, 200.8)])
    assert decision["winners"] == [1]
    assert decision["margins_ms"]["2"] == 0.8


def test_presses_closer_than_the_tie_window_are_reported_as_a_tie(tmp_path):
    decision = replay(tmp_path, [arm("claim", [1, 2, 3]), edge(3, 250.04), edge(1, 250), edge(2, 390)])
    assert decision["ties"] == [[1, 3]]
    assert decision["winners"] == []
    assert decision["rerace"] == [1, 3]


def test_nobody_pressing_is_a_timeout(tmp_path):
    decision = replay(tmp_path, [arm("claim", [1, 2])])
    assert decision["timed_out"] is True and decision["winners"] == []


@pytest.mark.parametrize("bad_line, message", [
    ('{"event":"edge","player":1,"pressed":true}', "line 3: edge is missing 't_ns'"),
    ('{"event":"edge","player":1,"pressed":true,"t_ns":5200000000,', "line 3: not valid JSON"),
    ('{"event":"edge","player":8,"pressed":true,"t_ns":5200000000}', "line 3: button 8 is not in the pin map"),
    ('{"event":"edge","player":1,"pressed":1,"t_ns":5200000000}', "line 3: edge: pressed must be true or false"),
])
def test_a_malformed_line_exits_2_and_names_the_line(tmp_path, bad_line, message):
    path = tmp_path / "race.jsonl"
    path.write_text(json.dumps(arm("claim", [1, 2])) + "\n" + json.dumps(edge(2, 100)) + "\n" + bad_line + "\n")
    result = run(path)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_a_missing_file_exits_2_and_names_it(tmp_path):
    result = run(tmp_path / "nope.jsonl")
    assert result.returncode == 2 and "nope.jsonl" in result.stderr


@pytest.mark.parametrize("sample, expected", [
    ("photo-finish.jsonl", {"winners": [3], "margins_ms": {"3": 0.0, "1": 0.25, "4": 170.6}}),
    ("false-start.jsonl", {"winners": [1, 3], "losers": [2], "false_starts": [2]}),
    ("tie.jsonl", {"ties": [[1, 3]], "rerace": [1, 3], "winners": []}),
    ("tie-draw.jsonl", {"ties": [[2, 3]], "winners": [1, 4, 3], "losers": [2],
                        "tie_draw": {"seed": 2024, "among": [2, 3], "order": [3, 2]}}),
])
def test_the_documented_sample_logs_replay_as_documented(sample, expected):
    result = run(SAMPLES / sample)
    assert result.returncode == 0, result.stderr
    decision = json.loads(result.stdout)
    assert {key: decision[key] for key in expected} == expected
