"""Which board this is. Apart from hardware/backend.py (and gpiozero) so that the app's start, which
asks only whether the display is a Pi's, reads no more than this."""

from __future__ import annotations

from pathlib import Path

MODEL_FILES = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))


def is_raspberry_pi(model_files: tuple[Path, ...] = MODEL_FILES) -> bool:
    for path in model_files:
        try:
            if "raspberry pi" in path.read_bytes().decode("ascii", "replace").lower():
                return True
        except OSError:
            continue
    return False
