"""The keys a kiosk trusts for updates, and the check of a manifest's signature against them.

The kiosk's installer puts the public keys in `/etc/table-companion/update-keys/` (one binary OpenPGP
keyring per `.gpg` file), owned by root and read-only to everyone else: whoever could add a key there
could sign updates. A keyring that anyone but its trusted owner could change is not used, and with no
usable key every update is refused: there is no unsigned mode. The signature is checked by `gpgv`
(Debian's and Raspberry Pi OS's own verifier, which apt uses), which trusts exactly the keyrings it
is given and nothing in any user's home.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..files import create_flushed
from .format import UpdateRefused

FOLDER = Path("/etc/table-companion/update-keys")
KEYRING_LIMIT = 1024 * 1024
# What gpgv says (on --status-fd) of a signature it could not vouch for, though it may exit 0.
DOUBTFUL = ("BADSIG", "ERRSIG", "EXPSIG", "EXPKEYSIG", "REVKEYSIG", "NO_PUBKEY")


@dataclass(frozen=True)
class TrustedKeys:
    """The keyring files in `folder`. `owners`: the user ids a keyring and its folder may belong to
    (root on a kiosk); a file that another user could write is refused."""

    folder: Path = FOLDER
    owners: tuple[int, ...] = (0,)

    def keyrings(self) -> list[Path]:
        """The usable keyrings; UpdateRefused saying what to do when there is none."""
        try:
            self._check_owned(os.lstat(self.folder), self.folder)
            names = sorted(entry for entry in os.listdir(self.folder) if entry.endswith(".gpg"))
        except FileNotFoundError:
            names = []
        except OSError as error:
            raise UpdateRefused(f"the keys updates are checked with cannot be read ({error.strerror}): "
                                "install the table companion again with its installer") from None
        found = []
        for name in names:
            path = self.folder / name
            try:
                status = os.lstat(path)
            except OSError:
                continue
            self._check_owned(status, path)
            if stat.S_ISREG(status.st_mode) and 0 < status.st_size <= KEYRING_LIMIT:
                found.append(path)
        if not found:
            raise UpdateRefused(f"this table companion has no key to check updates with ({self.folder} holds "
                                "none), so it takes no update from a stick. Install it again with its installer, "
                                "which puts the key there")
        return found

    def _check_owned(self, status: os.stat_result, path: Path) -> None:
        if status.st_uid not in self.owners or status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            raise UpdateRefused(f"the keys updates are checked with could have been changed by someone else "
                                f"({path} may be written by others), so no update is taken. Install the table "
                                "companion again with its installer")

    def verify(self, manifest: bytes, signature: bytes, name: str) -> str:
        """The fingerprint of the trusted key that signed `manifest`; UpdateRefused otherwise."""
        keyrings = self.keyrings()
        gpgv = shutil.which("gpgv")
        if gpgv is None:
            raise UpdateRefused(f"{name} cannot be checked: this system has no gpgv to check signatures with "
                                "(sudo apt install gpgv)")
        # gpgv reads files only; its own folder keeps it from looking in anyone's home. It makes no socket,
        # so the folder's path may be as long as the system's temporary folder makes it.
        with tempfile.TemporaryDirectory(prefix="table-companion-signature-") as folder:
            manifest_path, signature_path = Path(folder, "manifest"), Path(folder, "manifest.sig")
            create_flushed(manifest_path, manifest)
            create_flushed(signature_path, signature)
            # --ignore-time-conflict: a key made or a signature signed "in the future" is still checked.
            # A Pi 4 has no clock of its own: offline, it starts from the time it saved when last on,
            # which can be weeks behind the day a genuine update was signed. Which version may replace
            # which is decided by the signed version numbers, never by the clock.
            command = [gpgv, "--homedir", folder, "--status-fd", "1", "--ignore-time-conflict"]
            for keyring in keyrings:
                command += ["--keyring", str(keyring)]
            try:
                result = subprocess.run([*command, str(signature_path), str(manifest_path)], capture_output=True,
                                        timeout=60, check=False, env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C"})
            except (OSError, subprocess.TimeoutExpired) as error:
                raise UpdateRefused(f"{name} could not be checked ({error}): try again") from None
        status_lines = result.stdout.decode("ascii", "replace").splitlines()
        words = [line.split()[1:] for line in status_lines if line.startswith("[GNUPG:] ")]
        valid = [word[1] for word in words if len(word) >= 2 and word[0] == "VALIDSIG"]
        if result.returncode != 0 or not valid or any(word and word[0] in DOUBTFUL for word in words):
            raise UpdateRefused(f"{name} is not signed by a key this table companion trusts: it was changed, or it "
                                "comes from someone else. Nothing was installed")
        return valid[0]

