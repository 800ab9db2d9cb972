"""The walk `make image-check` replays on the emulated Pi finds its buttons in this version of the app: a
screen reordered (Settings' sections, say) must move the check's touches with it, not leave them on
nothing, which only a half-hour run of the check would otherwise find out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("kivy")

REPO = Path(__file__).resolve().parent.parent
WALK = REPO / "deploy" / "image_check_taps.py"


@pytest.mark.slow
def test_the_maintenance_walk_holds_the_version_row_open_and_reaches_export_everything(tmp_path):
    stick = tmp_path / "stick"
    stick.mkdir()
    (stick / "notes.txt").write_text("a family's stick\n")
    out = tmp_path / "walk"
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"),
           "IMAGE_CHECK_KEYS": str(REPO / "deploy" / "update-keys")}
    done = subprocess.run([sys.executable, str(WALK), str(stick), str(out), str(tmp_path / "data"),
                           "settings", "maintenance", "export-everything"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    taps = json.loads((out / "taps.json").read_text())
    assert [tap["name"] for tap in taps] == ["settings", "maintenance", "export-everything"]
    # The page opens only for a finger kept down past the hold's three seconds; the others are taps.
    assert [tap["held"] > 3.0 for tap in taps] == [False, True, False]
    for tap in taps:
        assert 0 <= tap["x"] < 800 and 0 <= tap["y"] < 480, tap
        assert (out / tap["screen"]).stat().st_size > 0


@pytest.mark.slow
def test_the_switched_back_walk_draws_home_with_its_line_about_the_update(tmp_path):
    """The check waits on the emulated Pi for the Home this walk draws after a switch-back: a walk that
    ignored the word from the start would leave it waiting for a plain Home the Pi rightly never shows."""
    stick = tmp_path / "stick"
    stick.mkdir()
    shots = {}
    for name, told in (("plain", {}), ("switched-back", {"TABLE_COMPANION_SWITCHED_BACK": "9.9.2",
                                                          "IMAGE_CHECK_RUNNING": "9.9.1"})):
        out = tmp_path / name
        env = {key: value for key, value in os.environ.items() if not key.startswith(("TABLE_COMPANION_", "IMAGE_CHECK_"))}
        env.update({"KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"),
                    "IMAGE_CHECK_KEYS": str(REPO / "deploy" / "update-keys"), **told})
        done = subprocess.run([sys.executable, str(WALK), str(stick), str(out), str(tmp_path / f"data-{name}"),
                               "settings"], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        shots[name] = (out / json.loads((out / "taps.json").read_text())[0]["screen"]).read_bytes()
    assert shots["plain"] != shots["switched-back"]
