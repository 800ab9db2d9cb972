"""The README's commands as a newcomer types them on a PC, in a fresh clone of the project: `make run
SIZE=800x480` (which makes .venv and installs) reaches Home, and then each line of the README's example
of the `companion` command runs as written, with no traceback; `doctor` finds no problem on a PC."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTALL_AND_START_S = 900


def readme_example() -> list[str]:
    """The lines of the first shell block under the README's "The `companion` command"."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## The `companion` command", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the README's companion section has no shell example"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def newcomer_env(tmp_path: Path) -> dict[str, str]:
    """A PC with no desktop session's leftovers: the app's data and Kivy's settings of its own."""
    return {**{k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "COMPANION_", "PYTEST"))},
            "COMPANION_DATA_DIR": str(tmp_path / "data"), "KIVY_HOME": str(tmp_path / "kivy")}


def start_app(clone: Path, env: dict[str, str]) -> str:
    """`make run SIZE=800x480` until the app says Home is on the screen; then it is closed."""
    process = subprocess.Popen(["make", "run", "SIZE=800x480"], cwd=clone, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    seen: list[str] = []
    deadline = time.monotonic() + INSTALL_AND_START_S
    try:
        assert process.stdout is not None
        for line in process.stdout:
            seen.append(line)
            if "Home is on the screen" in line or time.monotonic() > deadline:
                break
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)
    return "".join(seen)


@pytest.mark.slow
def test_the_readmes_commands_work_as_written_in_a_fresh_clone(tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=300)
    env = newcomer_env(tmp_path)

    shown = start_app(clone, env)
    assert "Home is on the screen" in shown, shown[-4000:]
    assert "--size 800x480" in shown                     # make said the command it ran
    assert "Traceback" not in shown, shown[-4000:]

    for line in readme_example():
        result = subprocess.run(line, shell=True, cwd=clone, env=env, capture_output=True, text=True, timeout=300)
        said = result.stdout + result.stderr
        assert result.returncode == 0, f"{line}:\n{said[-3000:]}"
        assert "Traceback" not in said, f"{line}:\n{said[-3000:]}"
        if line.endswith("screenshot list"):
            assert re.search(r"^home\s", result.stdout, re.M), result.stdout
        if line.endswith("doctor"):
            assert "No problems found." in result.stdout and "PROBLEM" not in result.stdout, result.stdout
    assert (clone / "home.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
