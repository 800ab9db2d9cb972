"""Power-loss safety, end to end: the real app is started as a subprocess, plays random moves through
the same path as a tap, and is killed with SIGKILL at random moments, again and again. After every
kill the database must be intact and hold every action the app had acknowledged, and the next start
must resume the unfinished game from exactly there."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

KILLS = 50


def start_app(data_dir, env):
    return subprocess.Popen(
        [sys.executable, "-m", "table_companion", "--data-dir", str(data_dir), "--backend", "none",
         "--size", "800x480", "--autoplay", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True, bufsize=1)


def read_until_killed(process, rng):
    """Collect acknowledgements, then SIGKILL after a random number of them plus a random pause."""
    acks, events = [], []
    wanted = rng.randint(0, 25)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        event = json.loads(line)
        events.append(event)
        if event["event"] == "ack":
            acks.append(event)
            if len(acks) > wanted:
                break
    time.sleep(rng.uniform(0, 0.02))
    process.send_signal(signal.SIGKILL)
    # Whatever the app printed before dying was acknowledged too.
    for line in process.stdout:
        if line.strip():
            event = json.loads(line)
            events.append(event)
            if event["event"] == "ack":
                acks.append(event)
    process.wait()
    return acks, events


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_no_acknowledged_action(tmp_path):
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"), "KIVY_LOG_LEVEL": "error",
           "KIVY_NO_CONSOLELOG": "1"}
    rng = random.Random(20261121)
    data_dir = tmp_path / "data"
    all_acks = []
    expected_resume = None  # (session, entries) the next start must offer, read from the database
    resumes = 0
    for kill in range(KILLS):
        acks, events = read_until_killed(start_app(data_dir, env), rng)
        all_acks += acks
        starts = [event for event in events if event["event"] in ("resumed", "started")]
        assert starts, f"run {kill}: the app printed nothing before it was killed"
        if expected_resume is not None:
            assert starts[0]["event"] == "resumed", f"run {kill}: the unfinished game was not resumed"
            assert (starts[0]["session"], starts[0]["entries"]) == expected_resume
            resumes += 1
        db = sqlite3.connect(data_dir / "companion.sqlite3")
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"database damaged after kill {kill}"
        stored = {(session, seq): (kind, json.loads(action) if action else None)
                  for session, seq, kind, action in db.execute("SELECT session_id, seq, kind, action FROM entries")}
        expected_resume = db.execute(
            "SELECT s.id, (SELECT COUNT(*) FROM entries e WHERE e.session_id = s.id) FROM sessions s "
            "WHERE s.finished_at IS NULL ORDER BY s.updated_at DESC, s.id DESC LIMIT 1").fetchone()
        db.close()
        for ack in all_acks:
            key = (ack["session"], ack["seq"])
            assert key in stored, f"acknowledged {ack} is missing after kill {kill}"
            assert stored[key] == (ack["kind"], ack["action"]), f"entry {key} differs from what was acknowledged"
    assert len(all_acks) >= KILLS, "the app acknowledged too few actions for the test to mean anything"
    assert resumes >= KILLS // 2, "the app should have resumed the unfinished game after most kills"
