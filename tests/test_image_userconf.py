"""The ready image's only way to a password: userconf.txt on the boot partition, taken at the next start
(deploy/image-userconf.sh, run with chpasswd replaced by one that records what it was given)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "deploy" / "image-userconf.sh"
ENCRYPTED = "$6$salt$abcdefghijklmnopqrstuvwxyz0123456789"

pytestmark = pytest.mark.skipif(shutil.which("sh") is None, reason="the script needs sh")


def take(tmp_path: Path, content: str) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    userconf = tmp_path / "userconf.txt"
    userconf.write_text(content)
    tools = tmp_path / "bin"
    tools.mkdir()
    given = tmp_path / "chpasswd-was-given"
    chpasswd = tools / "chpasswd"
    chpasswd.write_text(f'#!/bin/sh\n[ "$1" = --encrypted ] || exit 2\ncat >"{given}"\n')
    chpasswd.chmod(0o755)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(["sh", str(SCRIPT), str(userconf)], capture_output=True, text=True, env=env, timeout=30)
    return result, userconf, given


def test_an_encrypted_password_for_pi_is_set_and_the_file_removed(tmp_path):
    result, userconf, given = take(tmp_path, f"pi:{ENCRYPTED}\r\n")
    assert result.returncode == 0, result.stderr
    assert given.read_text() == f"pi:{ENCRYPTED}\n"
    assert not userconf.exists()


@pytest.mark.parametrize(("line", "reason"), [
    ("pi:secret", "no encrypted password"),
    (f"root:{ENCRYPTED}", "only pi can be given a password"),
])
def test_a_plain_password_or_another_user_is_refused_and_the_file_still_removed(tmp_path, line, reason):
    result, userconf, given = take(tmp_path, line + "\n")
    assert result.returncode != 0
    assert reason in result.stderr
    assert not given.exists()
    assert not userconf.exists()   # a password written in the clear does not stay on the FAT partition
