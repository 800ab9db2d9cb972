"""The Raspberry Pi Imager repository file `make image` writes beside the .img.xz (deploy/imager_repo.py):
checked against the fields rpi-imager reads (its doc/json-schema/os-list-schema.json, doc/schema-notes.md
and src/hwlistmodel.cpp), with the sizes and sha256 of the files it names."""

from __future__ import annotations

import datetime
import hashlib
import json
import lzma
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "deploy"))
import imager_repo  # noqa: E402


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    """An image and its .img.xz, as make image leaves them (small, with a partition-table-like start)."""
    image = tmp_path / "table-companion-0.1.0.img"
    image.write_bytes(b"\x00" * 446 + bytes(range(64)) + b"\x55\xaa" + b"table" * 5000)
    compressed = tmp_path / (image.name + ".xz")
    compressed.write_bytes(lzma.compress(image.read_bytes(), preset=6))
    return image, compressed


def test_the_file_names_the_image_with_its_sizes_and_checksums(built):
    image, compressed = built
    listing = imager_repo.repository(image, compressed, "0.1.0", released=datetime.date(2026, 12, 7))
    assert imager_repo.problems(listing) == []
    (entry,) = listing["os_list"]
    assert entry["extract_size"] == image.stat().st_size
    assert entry["extract_sha256"] == hashlib.sha256(image.read_bytes()).hexdigest()
    assert entry["image_download_size"] == compressed.stat().st_size
    assert entry["image_download_sha256"] == hashlib.sha256(compressed.read_bytes()).hexdigest()
    # What Imager writes when it decompresses the download is the image itself.
    assert hashlib.sha256(lzma.decompress(compressed.read_bytes())).hexdigest() == entry["extract_sha256"]
    assert entry["release_date"] == "2026-12-07"
    assert entry["url"] == compressed.resolve().as_uri()
    assert entry["name"] == "Table Companion 0.1.0"


def test_imager_offers_it_for_a_pi_4_and_a_pi_5_with_customisation_for_trixie(built):
    listing = imager_repo.repository(*built, "0.1.0")
    (entry,) = listing["os_list"]
    assert set(entry["devices"]) == {"pi4-64bit", "pi5-64bit"}
    offered = {device["name"]: device["tags"] for device in listing["imager"]["devices"]}
    assert offered == {"Raspberry Pi 4": ["pi4-64bit"], "Raspberry Pi 5": ["pi5-64bit"]}
    # Imager 2 writes user-data and network-config (cloud-init) for trixie-based images.
    assert entry["init_format"] == "cloudinit-rpi"


def test_a_published_image_is_named_by_its_address(built):
    listing = imager_repo.repository(*built, "0.1.0", "https://example.org/table/")
    (entry,) = listing["os_list"]
    assert entry["url"] == "https://example.org/table/table-companion-0.1.0.img.xz"
    assert entry["icon"] == "https://example.org/table/table-companion-icon.png"


@pytest.mark.parametrize("change, problem", [
    (lambda e: e.pop("extract_sha256"), "extract_sha256 is missing"),
    (lambda e: e.pop("devices"), "devices is missing"),
    (lambda e: e.update(extract_size="2 GB"), "extract_size must be a int"),
    (lambda e: e.update(image_download_sha256="ABC"), "image_download_sha256 is not 64 lower-case hex digits"),
    (lambda e: e.update(release_date="7 Dec 2026"), "release_date must be YYYY-MM-DD"),
    (lambda e: e.update(init_format="cloud-init"), "init_format must be one of"),
    (lambda e: e.update(url="table-companion.img.xz"), "url must be an http(s):// or file:// address"),
    (lambda e: e.update(devices=["pi3-64bit"]), "none of its devices is one Imager offers"),
])
def test_what_imager_would_refuse_is_named(built, change, problem):
    listing = imager_repo.repository(*built, "0.1.0")
    change(listing["os_list"][0])
    found = imager_repo.problems(listing)
    assert any(problem in line for line in found), found


def test_a_file_without_devices_or_entries_is_refused():
    assert imager_repo.problems({"os_list": []}) == ["no os_list: Imager shows nothing"]
    assert "no imager.devices: Imager offers no device to choose" in imager_repo.problems(
        {"os_list": [{"name": "x"}]})


def test_the_command_writes_the_file_beside_the_image(built, tmp_path):
    image, compressed = built
    out = tmp_path / "table-companion.json"
    result = subprocess.run([sys.executable, str(REPO / "deploy" / "imager_repo.py"), "--image", str(image),
                             "--compressed", str(compressed), "--version", "0.1.0", "--out", str(out)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    listing = json.loads(out.read_text())
    assert imager_repo.problems(listing) == []
    assert listing["os_list"][0]["image_download_size"] == compressed.stat().st_size
