"""docs/wiring.md and docs/wiring.png are made by deploy/wiring_diagram.py from the app's pin map;
these tests catch a pin map change that was not carried into the wiring guide."""

from __future__ import annotations

import importlib.util
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import DEFAULTS

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "deploy" / "wiring_diagram.py"


def load_script():
    spec = importlib.util.spec_from_file_location("wiring_diagram", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


wiring = load_script()


def test_wiring_guide_table_matches_the_default_pin_map():
    text = (REPO / "docs" / "wiring.md").read_text(encoding="utf-8")
    start = text.index(wiring.TABLE_START) + len(wiring.TABLE_START) + 1
    end = text.index(wiring.TABLE_END)
    assert text[start:end] == wiring.markdown_table(), \
        "docs/wiring.md is out of date: run  python deploy/wiring_diagram.py  and commit docs/"


def test_every_default_button_and_led_is_in_the_guide_on_the_right_header_pin():
    # gpiozero's own board data is an independent source for which header pin carries which GPIO.
    header = MockFactory().board_info.headers["J8"].pins
    table = wiring.markdown_table()
    for spec in DEFAULTS["buttons"].values():
        for bcm in (spec["pin"], spec["led"]):
            physical = next(pin for pin, info in header.items() if info.name == f"GPIO{bcm}")
            assert f"GPIO{bcm} — pin {physical}" in table


def test_header_drawing_agrees_with_gpiozero():
    header = MockFactory().board_info.headers["J8"].pins
    for pin, name in wiring.HEADER.items():
        expected = {"ID_SD": "GPIO0", "ID_SC": "GPIO1"}.get(name, name)
        assert header[pin].name == expected, pin


def test_each_player_has_their_own_ground_pin_and_no_pin_is_used_twice():
    rows = wiring.players()
    used = [pin for row in rows for pin in (row["button_pin"], row["led_pin"], row["ground_pin"])]
    assert len(used) == len(set(used))
    assert all(wiring.HEADER[row["ground_pin"]] == "GND" for row in rows)
    assert len(rows) == len(DEFAULTS["buttons"])


@pytest.mark.ui
def test_diagram_renders_headless_to_a_png(tmp_path):
    output = tmp_path / "wiring.png"
    env = {**os.environ, "KIVY_HOME": str(tmp_path / "kivy")}
    result = subprocess.run([sys.executable, str(SCRIPT), "--png", str(output)], capture_output=True, text=True,
                            timeout=180, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    header = output.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (wiring.WIDTH, wiring.HEIGHT)
    committed = (REPO / "docs" / "wiring.png").read_bytes()[:24]
    assert struct.unpack(">II", committed[16:24]) == (wiring.WIDTH, wiring.HEIGHT)
