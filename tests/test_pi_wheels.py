"""deploy/check-pi-wheels.sh: the Pi install must find a wheel (Linux aarch64, CPython 3.11) for every
dependency, because install.sh will not build Kivy or lgpio from source on the Pi.
Needs the package index; skips only when the check itself reports it unreachable (exit status 3)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CHECK = REPO / "deploy" / "check-pi-wheels.sh"
UNREACHABLE = 3

# It asks the package index, which takes seconds: part of `make test`, not of the quick group.
pytestmark = [pytest.mark.skipif(shutil.which("bash") is None, reason="the check is a bash script"), pytest.mark.slow]


def check(*options: str) -> subprocess.CompletedProcess:
    result = subprocess.run(["bash", str(CHECK), *options], capture_output=True, text=True, timeout=600,
                            env={**os.environ, "PYTHON": sys.executable})
    if result.returncode == UNREACHABLE:
        pytest.skip(f"the package index is unreachable from here: {result.stderr.strip().splitlines()[-1]}")
    return result


def test_every_pi_dependency_has_an_aarch64_cpython_3_11_wheel():
    result = check()
    assert result.returncode == 0, result.stdout + result.stderr
    wheels = [line.strip() for line in result.stdout.splitlines() if line.strip().endswith(".whl")]
    by_name = {wheel.split("-")[0].lower().replace("_", "-"): wheel for wheel in wheels}
    for name in ("kivy", "gpiozero", "lgpio"):
        assert name in by_name, f"{name} missing from {wheels}"
    for name in ("kivy", "lgpio"):
        tags = by_name[name]
        assert "-cp311-" in tags and "aarch64" in tags, tags
    assert "py3-none-any" in by_name["gpiozero"]


def test_a_dependency_without_a_pi_wheel_fails_the_check():
    # RPi.GPIO is published as source only, so the rpigpio extra would have to be compiled on the Pi.
    result = check("--extra", "rpigpio")
    assert result.returncode == 1
    assert "RPi.GPIO" in result.stderr
    assert "no wheel for the Pi" in result.stderr
