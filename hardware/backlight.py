"""The display's backlight, through the kernel's sysfs files (`/sys/class/backlight/*/brightness`,
out of `max_brightness`). The official 7" display has one; a PC's monitor has none the app may set.

deploy/install.sh installs a udev rule that lets the kiosk's group (video) write `brightness`. A
write that fails never stops the app: the screen keeps its brightness and `problem` says why."""

from __future__ import annotations

import os
from pathlib import Path

SYSFS = Path("/sys/class/backlight")
# Names the official display's backlight takes: rpi_backlight (older kernels) and the panel's I2C
# address 0x45 (e.g. 10-0045 on a Pi 4, another bus number on a Pi 5).
_OFFICIAL = ("rpi_backlight", "-0045")

NOT_ALLOWED = ("The display's backlight is there, but the app may not change it. "
               "Run deploy/install.sh again and reboot.")


class Backlight:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.problem: str | None = None if self.writable else NOT_ALLOWED

    @property
    def name(self) -> str:
        return self.directory.name

    @property
    def max_brightness(self) -> int:
        return int((self.directory / "max_brightness").read_text().strip())

    @property
    def writable(self) -> bool:
        return os.access(self.directory / "brightness", os.W_OK)

    @property
    def level(self) -> int:
        return int((self.directory / "brightness").read_text().strip())

    def set_percent(self, percent: float) -> bool:
        """Set the backlight to `percent` of its maximum; never fully dark above 0 %."""
        top = self.max_brightness
        level = 0 if percent <= 0 else max(1, min(top, round(top * percent / 100)))
        return self._write(level)

    def off(self) -> bool:
        return self._write(0)

    def _write(self, level: int) -> bool:
        try:
            (self.directory / "brightness").write_text(f"{level}\n")
        except OSError as error:
            self.problem = NOT_ALLOWED if isinstance(error, PermissionError) else (
                f"The display's backlight could not be set: {error.strerror or error}.")
            return False
        self.problem = None
        return True


def find_backlight(root: Path = SYSFS) -> Backlight | None:
    """The display's backlight, preferring the official display's if there are several; None if
    there is none."""
    try:
        candidates = sorted(path for path in Path(root).iterdir()
                            if (path / "brightness").exists() and (path / "max_brightness").exists())
    except OSError:
        return None
    usable = []
    for path in candidates:
        try:
            if int((path / "max_brightness").read_text().strip()) > 0:
                usable.append(path)
        except (OSError, ValueError):
            continue
    if not usable:
        return None
    usable.sort(key=lambda path: not any(mark in path.name for mark in _OFFICIAL))
    return Backlight(usable[0])
