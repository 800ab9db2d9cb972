"""The parts of `make pi-check` that run without emulation: how it judges a screenshot, and that it
refuses clearly when it cannot run. The emulated run itself needs root and minutes; it is not run here."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PI_CHECK = REPO / "deploy" / "pi-check.sh"
PNG_CHECK = REPO / "deploy" / "pi_check_png.py"
SCREENSHOT = REPO / "docs" / "screenshots" / "home-800x480.png"


def write_png(path: Path, rows: list[bytes], width: int) -> Path:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)
    pixels = b"".join(b"\x00" + row for row in rows)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels))
                     + chunk(b"IEND", b""))
    return path


def check_png(path: Path, size: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(PNG_CHECK), str(path), size], capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(not SCREENSHOT.is_file(), reason="the docs' screenshots are not in this checkout")
def test_a_drawn_screen_of_the_right_size_passes():
    result = check_png(SCREENSHOT, "800x480")
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(not SCREENSHOT.is_file(), reason="the docs' screenshots are not in this checkout")
def test_a_screen_of_the_wrong_size_fails_with_both_sizes():
    result = check_png(SCREENSHOT, "1280x720")
    assert result.returncode == 1
    assert "is 800x480, not 1280x720" in result.stderr


def test_a_screen_of_one_colour_is_blank(tmp_path):
    blank = write_png(tmp_path / "blank.png", [b"\x20\x30\x40" * 80] * 48, 80)
    result = check_png(blank, "80x48")
    assert result.returncode == 1
    assert "is blank" in result.stderr


def test_a_screen_with_something_on_it_is_not_blank(tmp_path):
    rows = [bytes((x * y) % 256 for x in range(240)) for y in range(48)]
    drawn = write_png(tmp_path / "drawn.png", rows, 80)
    assert check_png(drawn, "80x48").returncode == 0


def test_a_missing_or_empty_screenshot_fails(tmp_path):
    (tmp_path / "empty.png").write_bytes(b"")
    for path in (tmp_path / "empty.png", tmp_path / "never-written.png"):
        result = check_png(path, "800x480")
        assert result.returncode == 1
        assert "missing or empty" in result.stderr


@pytest.mark.skipif(shutil.which("bash") is None, reason="pi-check.sh needs bash")
def test_pi_check_names_its_options():
    result = subprocess.run(["bash", str(PI_CHECK), "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    for option in ("--rebuild", "--keep", "--source", "PI_ROOT_CACHE"):
        assert option in result.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="pi-check.sh needs bash")
def test_pi_check_refuses_an_unknown_option_before_doing_anything():
    result = subprocess.run(["bash", str(PI_CHECK), "--fast"], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "unknown option '--fast'" in result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="run as root, pi-check would start building its arm64 root")
def test_pi_check_says_it_needs_root():
    result = subprocess.run(["bash", str(PI_CHECK)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "needs root" in result.stderr and "sudo make pi-check" in result.stderr
