"""Update files for the tests: a program's wheel made here (no build), bundled as `make update` does."""

from __future__ import annotations

import io
import shutil
import subprocess
import zipfile
from pathlib import Path

from companion import updates


def newer(version: str) -> str:
    """The version after `version`: its last number one more."""
    *head, last = version.split(".")
    return ".".join([*head, str(int(last) + 1)])


def wheel(version: str, name: str = "table-companion", start: str = "") -> bytes:
    """A wheel of a program called `name` at `version`; its table_companion.main runs `start`."""
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w") as archive:
        archive.writestr("table_companion.py", "import sys\n\n\ndef main():\n"
                                               f"    print('program {version}')\n{start or '    return 0'}\n")
        distribution = f"{name.replace('-', '_')}-{version}.dist-info"
        archive.writestr(f"{distribution}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        archive.writestr(f"{distribution}/RECORD", "")
    return output.getvalue()


def write_bundle(folder: Path, version: str, **options) -> Path:
    path = folder / f"table-companion-{version}.tcupdate"
    path.write_bytes(updates.bundle(version, wheel(version), **options))
    return path


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under `folder` with its contents: what a refusal must leave as it was."""
    return {str(path.relative_to(folder)): (path.read_bytes() if path.is_file() else None)
            for path in sorted(folder.rglob("*"))}


class Signer:
    """A throwaway gpg key, and the keyring a kiosk trusting it would have."""

    def __init__(self, home: Path, name: str = "Updates"):
        self.home = home
        home.mkdir(mode=0o700, parents=True)
        self._gpg("--quick-generate-key", "--passphrase", "", f"{name} <{name.lower()}@example.org>", "ed25519",
                  "sign", "never")
        self.keyring = home / "trusted.gpg"
        self.keyring.write_bytes(self._gpg("--export").stdout)

    def _gpg(self, *arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run(["gpg", "--batch", "--homedir", str(self.home), "--pinentry-mode", "loopback",
                               *arguments], check=True, capture_output=True, timeout=120)

    def sign(self, data: bytes) -> bytes:
        source = self.home / "to-sign"
        source.write_bytes(data)
        self._gpg("--yes", "--detach-sign", "--output", str(self.home / "signature"), str(source))
        return (self.home / "signature").read_bytes()


def have_gpg() -> bool:
    return shutil.which("gpg") is not None and shutil.which("gpgv") is not None
