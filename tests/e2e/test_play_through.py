"""Every game played from Home to its winner in the real app, through touches and big-button presses
only, at 2 players and at its maximum with long names, at 800x480 and 1280x720, with the layout check
on every screen; and a game killed with SIGKILL mid-way and finished after a restart."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.registry import GAMES

PLAY = Path(__file__).with_name("play.py")
SIZES = ("800x480", "1280x720")
TIMEOUT_S = 600


def run_play(tmp_path, *args, **kwargs):
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"), "KIVY_LOG_LEVEL": "error",
           "KIVY_NO_CONSOLELOG": "1"}
    return subprocess.run([sys.executable, str(PLAY), *args], capture_output=True, text=True, env=env,
                          timeout=TIMEOUT_S, **kwargs)


def report_of(result) -> dict:
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no report; stderr:\n{result.stderr[-4000:]}"
    return json.loads(lines[-1])


def assert_played(result) -> dict:
    report = report_of(result)
    problems = "\n".join(report.get("layout_problems", []))
    assert "error" not in report, report["error"] + ("\nlayout problems:\n" + problems if problems else "")
    assert not problems, f"layout problems:\n{problems}"
    assert result.returncode == 0, result.stderr[-4000:]
    return report


CASES = [pytest.param(entry.key, players, long_names, size, id=f"{entry.key}-{players}p-{size}")
         for entry in GAMES
         for players, long_names in ((entry.min_players, False), (entry.max_players, True))
         for size in SIZES]
# Nuts about Mutts at four: the seats in one row, where a family once could not see the dog house.
CASES += [pytest.param("nuts_about_mutts", 4, False, size, id=f"nuts_about_mutts-4p-{size}") for size in SIZES]
# With Larger text, at each game's largest table with long names: the tightest it gets.
LARGER_CASES = [pytest.param(entry.key, entry.max_players, size, id=f"{entry.key}-{entry.max_players}p-{size}-larger")
                for entry in GAMES for size in SIZES]


@pytest.mark.slow
@pytest.mark.e2e
@pytest.mark.parametrize("game, players, long_names, size", CASES)
def test_a_family_plays_the_whole_game(tmp_path, game, players, long_names, size):
    args = [game, "--players", str(players), "--size", size, "--data-dir", str(tmp_path / "data")]
    report = assert_played(run_play(tmp_path, *args, *(["--long-names"] if long_names else [])))
    assert report["taps"] > 0


@pytest.mark.slow
@pytest.mark.e2e
@pytest.mark.parametrize("game, players, size", LARGER_CASES)
def test_a_family_with_larger_text_plays_the_whole_game(tmp_path, game, players, size):
    """Larger text put on in Settings by touch, then the whole game: every screen passes the layout
    check, with its floor raised to 3.2 mm for any text."""
    args = [game, "--players", str(players), "--size", size, "--long-names", "--larger-text",
            "--data-dir", str(tmp_path / "data")]
    report = assert_played(run_play(tmp_path, *args))
    assert report["larger_text"] and report["taps"] > 0


@pytest.mark.slow
@pytest.mark.e2e
@pytest.mark.parametrize("game", [entry.key for entry in GAMES])
def test_a_game_killed_mid_way_resumes_exactly_and_is_finished(tmp_path, game):
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"), "KIVY_LOG_LEVEL": "error",
           "KIVY_NO_CONSOLELOG": "1"}
    data = str(tmp_path / "data")
    process = subprocess.Popen([sys.executable, str(PLAY), game, "--players", "2", "--data-dir", data,
                                "--stop-after-taps", "12"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    stopped = None
    for line in process.stdout:
        if line.startswith("{"):
            stopped = json.loads(line)
        if line.strip() == "STOPPED" or process.poll() is not None:
            break
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    assert stopped and stopped.get("stopped"), f"the play-through never got going: {process.stderr.read()[-3000:]}"

    from companion.store import Store

    store = Store.open(Path(data))
    try:
        record = store.unfinished()
        assert record is not None and record.id == stopped["session"]
        assert record.entry_count >= stopped["entries"]
    finally:
        store.close()
    assert_played(run_play(tmp_path, game, "--players", "2", "--data-dir", data, "--resume"))
