"""make update SIGN=KEY: the update file a kiosk with no network installs from a USB stick (see
companion/updates/ and docs/raspberry-pi.md). Builds this checkout's wheel, signs its manifest with
the gpg key KEY and writes build/update/table-companion-<version>.tcupdate; copy that file to the top of
a stick. A kiosk takes it only if KEY's public key is among its trusted keys
(/etc/table-companion/update-keys/, put there by deploy/install.sh): there are no unsigned updates.

    .venv/bin/python deploy/make_update.py --sign KEY [--version X.Y.Z] [--out DIR]

--version builds the checkout as another version number, for testing the update path (make image-check
does) without changing the project's own number.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from companion.updates import format as update_format  # noqa: E402

VERSION_FILES = {"pyproject.toml": r'(?m)^version = "[^"]+"', "companion/__init__.py": r'(?m)^__version__ = "[^"]+"'}


def source_tree(into: Path, version: str | None) -> Path:
    """What a commit of the working tree would hold, copied; with `version`, numbered so."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, capture_output=True).stdout.split(b"\0")
    for name in filter(None, (entry.decode() for entry in listed)):
        source = REPO / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    if version is not None:
        for name, pattern in VERSION_FILES.items():
            path = into / name
            text = path.read_text(encoding="utf-8")
            replacement = pattern.split(" = ")[0].removeprefix("(?m)^") + f' = "{version}"'
            path.write_text(re.sub(pattern, replacement, text, count=1), encoding="utf-8")
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description="Write the update file for a kiosk's USB stick.")
    parser.add_argument("--sign", metavar="KEY", required=True,
                        help="the gpg key (its id, fingerprint or e-mail) that signs it: kiosks take signed updates only")
    parser.add_argument("--version", help="build as this version number (for testing the update path)")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "update")
    args = parser.parse_args()
    if args.version is not None:
        update_format.version_key(args.version)
    with tempfile.TemporaryDirectory(prefix="table-companion-update-") as scratch:
        tree = source_tree(Path(scratch, "src"), args.version)
        wheels = Path(scratch, "wheels")
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(tree)],
                       check=True)
        (wheel_path,) = wheels.glob(f"{update_format.WHEEL_PREFIX}*-py3-none-any.whl")
        version = wheel_path.name.removeprefix(update_format.WHEEL_PREFIX).split("-")[0]
        wheel = wheel_path.read_bytes()
        manifest = Path(scratch, update_format.MANIFEST)
        manifest.write_bytes(update_format.manifest_for(version, wheel))
        signed = subprocess.run(["gpg", "--batch", "--yes", "--local-user", args.sign, "--detach-sign", str(manifest)],
                                check=False)
        if signed.returncode != 0:
            print(f"make update: gpg could not sign with the key {args.sign!r} (see above); the kiosks trusting it "
                  "take only updates it signed", file=sys.stderr)
            return 1
        signature = Path(f"{manifest}.sig").read_bytes()
    args.out.mkdir(parents=True, exist_ok=True)
    out = args.out / f"{update_format.APP}-{version}{update_format.SUFFIX}"
    out.write_bytes(update_format.bundle(version, wheel, signature))
    print(f"{out} ({out.stat().st_size // 1024} KB, version {version}, signed by {args.sign})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
