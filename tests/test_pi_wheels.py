"""deploy/check-pi-wheels.sh: the Pi install must find a wheel (Linux aarch64; CPython 3.13 on trixie, 3.11
on bookworm) for every dependency but lgpio on 3.13, which install.sh builds from its published source;
it will not build Kivy on the Pi. Needs the package index; skips only when the check itself reports it
unreachable (exit status 3)."""

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


def wheels_of(result: subprocess.CompletedProcess) -> dict[str, str]:
    wheels = [line.strip() for line in result.stdout.splitlines() if line.strip().endswith(".whl")]
    return {wheel.split("-")[0].lower().replace("_", "-"): wheel for wheel in wheels}


def test_on_trixie_every_pi_dependency_has_a_cpython_3_13_wheel_but_lgpio_whose_source_is_built():
    result = check("--built", "lgpio")
    assert result.returncode == 0, result.stdout + result.stderr
    by_name = wheels_of(result)
    assert "-cp313-" in by_name["kivy"] and "aarch64" in by_name["kivy"], by_name["kivy"]
    assert "py3-none-any" in by_name["gpiozero"]
    assert "lgpio" not in by_name
    assert "lgpio-0.2.2.0.tar.gz" in result.stdout.split("from its source:")[1]


def test_on_trixie_lgpio_has_no_wheel_to_take():
    result = check()
    assert result.returncode == 1
    assert "lgpio" in result.stderr


def test_on_bookworm_every_pi_dependency_has_an_aarch64_cpython_3_11_wheel():
    result = check("--python-version", "3.11", "--glibc", "2.36")
    assert result.returncode == 0, result.stdout + result.stderr
    by_name = wheels_of(result)
    for name in ("kivy", "gpiozero", "lgpio"):
        assert name in by_name, f"{name} missing from {sorted(by_name)}"
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
