"""The Raspberry Pi Imager repository file for the image `make image` builds: an os_list JSON that Imager
(2.0 or newer) opens as a custom repository (App options -> Content repository, or `rpi-imager --repo
FILE`), so that the table companion appears in its list of operating systems for a Pi 4 and a Pi 5, is
checked against its sha256 while it is written, and offers Imager's OS customisation (hostname, Wi-Fi,
time zone, keyboard), which the image takes at its first start in the form Imager writes for trixie-based
images (init_format cloudinit-rpi: user-data and network-config on the boot partition).

    python3 deploy/imager_repo.py --image IMG --compressed IMG.xz --version V [--url BASE] --out FILE

The fields are those rpi-imager reads (its doc/json-schema/os-list-schema.json and doc/schema-notes.md,
src/hwlistmodel.cpp for the devices). `problems()` lists what Imager would refuse or get wrong in a file.
Plain Python, no third-party module: it runs with the build machine's python3.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

NAME = "Table Companion"
DESCRIPTION = ("The table companion for card games, full screen on the 7\" touch display, for a Raspberry Pi 4 "
               "or 5. Debian 13 (trixie).")
# Imager's device tags for 64-bit images on these boards, as in Raspberry Pi's own list.
DEVICES = [
    {"name": "Raspberry Pi 5", "tags": ["pi5-64bit"], "description": "Raspberry Pi 5", "matching_type": "exclusive"},
    {"name": "Raspberry Pi 4", "tags": ["pi4-64bit"], "description": "Raspberry Pi 4, Pi 400",
     "matching_type": "exclusive", "default": True},
]
ICON_NAME = "table-companion-icon.png"
INIT_FORMATS = {"none", "systemd", "cloudinit", "cloudinit-rpi"}
# What every OS entry must carry (Imager's schema and schema notes), and of what JSON type.
REQUIRED = {"name": str, "description": str, "icon": str, "url": str, "extract_size": int, "extract_sha256": str,
            "image_download_size": int, "release_date": str, "devices": list}
OPTIONAL = {"image_download_sha256": str, "init_format": str, "architecture": str, "website": str, "capabilities": list}
SHA256 = re.compile(r"[0-9a-f]{64}")
CHUNK = 1 << 20


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        while chunk := file.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def location(path: Path, base_url: str) -> str:
    """Where Imager fetches a file: under BASE_URL once published, else the file here (file://)."""
    return f"{base_url.rstrip('/')}/{path.name}" if base_url else path.resolve().as_uri()


def repository(image: Path, compressed: Path, version: str, base_url: str = "",
               released: datetime.date | None = None) -> dict[str, object]:
    entry = {
        "name": f"{NAME} {version}",
        "description": DESCRIPTION,
        "icon": location(compressed.with_name(ICON_NAME), base_url),
        "url": location(compressed, base_url),
        "extract_size": image.stat().st_size,
        "extract_sha256": sha256_of(image),
        "image_download_size": compressed.stat().st_size,
        "image_download_sha256": sha256_of(compressed),
        "release_date": (released or datetime.date.today()).isoformat(),
        "devices": [tag for device in DEVICES for tag in device["tags"]],
        "init_format": "cloudinit-rpi",
        "architecture": "armv8",
    }
    devices = [{**device, "icon": entry["icon"]} for device in DEVICES]
    return {"imager": {"devices": devices}, "os_list": [entry]}


def problems(listing: object) -> list[str]:
    """What Imager would refuse or misread in an os_list file, one line each; none for a good file."""
    if not isinstance(listing, dict) or not isinstance(listing.get("os_list"), list) or not listing["os_list"]:
        return ["no os_list: Imager shows nothing"]
    found = []
    tags: set[str] = set()
    devices = listing.get("imager", {}).get("devices") if isinstance(listing.get("imager"), dict) else None
    if not isinstance(devices, list) or not devices:
        found.append("no imager.devices: Imager offers no device to choose")
    else:
        for device in devices:
            if not isinstance(device, dict) or not isinstance(device.get("name"), str) or not isinstance(device.get("tags"), list):
                found.append(f"device {device!r}: needs a name and a list of tags")
            else:
                tags.update(device["tags"])
    for number, entry in enumerate(listing["os_list"]):
        where = f"os_list[{number}]"
        if not isinstance(entry, dict):
            found.append(f"{where}: not an object")
            continue
        for field, kind in {**REQUIRED, **OPTIONAL}.items():
            if field not in entry:
                if field in REQUIRED:
                    found.append(f"{where}: {field} is missing")
            elif not isinstance(entry[field], kind) or isinstance(entry[field], bool):
                found.append(f"{where}: {field} must be a {kind.__name__}")
        for field in ("extract_sha256", "image_download_sha256"):
            if isinstance(entry.get(field), str) and not SHA256.fullmatch(entry[field]):
                found.append(f"{where}: {field} is not 64 lower-case hex digits")
        for field in ("extract_size", "image_download_size"):
            if isinstance(entry.get(field), int) and entry[field] <= 0:
                found.append(f"{where}: {field} must be above 0")
        if isinstance(entry.get("release_date"), str):
            try:
                datetime.date.fromisoformat(entry["release_date"])
            except ValueError:
                found.append(f"{where}: release_date must be YYYY-MM-DD")
        if entry.get("init_format", "none") not in INIT_FORMATS:
            found.append(f"{where}: init_format must be one of {sorted(INIT_FORMATS)}")
        for field in ("url", "icon"):
            if isinstance(entry.get(field), str) and urlparse(entry[field]).scheme not in ("http", "https", "file"):
                found.append(f"{where}: {field} must be an http(s):// or file:// address")
        if isinstance(entry.get("devices"), list) and tags and not tags & set(entry["devices"]):
            found.append(f"{where}: none of its devices is one Imager offers ({sorted(tags)})")
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", type=Path, required=True)
    parser.add_argument("--compressed", type=Path, required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--url", default="", help="where the .img.xz and the icon will be published (default: here)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    listing = repository(args.image, args.compressed, args.version, args.url)
    found = problems(listing)
    if found:
        print("imager_repo: " + "; ".join(found), file=sys.stderr)
        return 1
    args.out.write_text(json.dumps(listing, indent=2) + "\n")
    print(f"{args.out}: {listing['os_list'][0]['name']} for {', '.join(d['name'] for d in DEVICES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
