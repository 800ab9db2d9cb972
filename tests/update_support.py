"""Update files for the tests: a program's wheel made here (no build), signed and bundled as `make update`
does, and the keys a kiosk trusting the signer would have."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from companion.updates import TrustedKeys
from companion.updates import format as update_format


def newer(version: str) -> str:
    """The version after `version`: its last number one more."""
    *head, last = version.split(".")
    return ".".join([*head, str(int(last) + 1)])


def wheel(version: str, name: str = "table-companion", start: str = "", extra: dict[str, bytes] | None = None) -> bytes:
    """A wheel of a program called `name` at `version`; its table_companion.main runs `start`."""
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("table_companion.py", "import sys\n\n\ndef main():\n"
                                               f"    print('program {version}')\n{start or '    return 0'}\n")
        distribution = f"{name.replace('-', '_')}-{version}.dist-info"
        archive.writestr(f"{distribution}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        archive.writestr(f"{distribution}/RECORD", "")
        for path, data in (extra or {}).items():
            archive.writestr(path, data)
    return output.getvalue()


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under `folder` with its contents: what a refusal must leave as it was."""
    return {str(path.relative_to(folder)): (path.read_bytes() if path.is_file() else None)
            for path in sorted(folder.rglob("*"))}


def short_folder(prefix: str) -> Path:
    """A new folder with a short path, whatever TMPDIR says: gpg's agent puts its socket in its home, and a
    socket's path may not be longer than about a hundred bytes."""
    base = "/tmp" if os.path.isdir("/tmp") else None
    return Path(tempfile.mkdtemp(prefix=prefix, dir=base))


class Signer:
    """A throwaway gpg key, and the folder of trusted keys a kiosk trusting it would have."""

    def __init__(self, name: str = "Updates", made_at: int | None = None):
        # made_at: the key made and every signature signed at that time (seconds since 1970), as by a
        # signer whose clock is ahead of the kiosk's.
        self._made_at = () if made_at is None else ("--faked-system-time", f"{made_at}!")
        self.home = short_folder("tc-gpg-")
        self._gpg("--quick-generate-key", "--passphrase", "", f"{name} <{name.lower()}@example.org>", "ed25519",
                  "sign", "never")
        self.keys_folder = Path(tempfile.mkdtemp(prefix="trusted-keys-"))
        os.chmod(self.keys_folder, 0o755)
        keyring = self.keys_folder / f"{name.lower()}.gpg"
        keyring.write_bytes(self._gpg("--export").stdout)
        os.chmod(keyring, 0o644)
        self.keys = TrustedKeys(self.keys_folder, owners=(os.getuid(),))
        self.fingerprint = next(line.split(":")[9] for line in
                                self._gpg("--with-colons", "--list-keys").stdout.decode().splitlines()
                                if line.startswith("fpr:"))

    def _gpg(self, *arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run(["gpg", "--batch", "--homedir", str(self.home), "--pinentry-mode", "loopback",
                               *self._made_at, *arguments], check=True, capture_output=True, timeout=120)

    def sign(self, data: bytes) -> bytes:
        source = self.home / "to-sign"
        source.write_bytes(data)
        self._gpg("--yes", "--detach-sign", "--output", str(self.home / "signature"), str(source))
        return (self.home / "signature").read_bytes()

    def bundle(self, version: str, program: bytes | None = None, manifest: bytes | None = None) -> bytes:
        """The update file for `program` (a wheel at `version` by default), its manifest signed by this key."""
        program = program if program is not None else wheel(version)
        manifest = manifest if manifest is not None else update_format.manifest_for(version, program)
        return update_format.bundle(version, program, self.sign(manifest), manifest=manifest)

    def write_bundle(self, folder: Path, version: str, program: bytes | None = None) -> Path:
        path = folder / f"table-companion-{version}.tcupdate"
        path.write_bytes(self.bundle(version, program))
        return path

    def close(self) -> None:
        subprocess.run(["gpgconf", "--homedir", str(self.home), "--kill", "gpg-agent"], capture_output=True,
                       check=False, timeout=30)
        shutil.rmtree(self.home, ignore_errors=True)
        shutil.rmtree(self.keys_folder, ignore_errors=True)


def have_gpg() -> bool:
    return shutil.which("gpg") is not None and shutil.which("gpgv") is not None
