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
