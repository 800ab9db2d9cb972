"""The ready image's 7" DSI display: deploy/image-display.sh puts the compiled overlay where the Pi's
firmware loads it when it detects the display, and the setting that asks for it where raspi-firmware's
hook copies it into config.txt. The overlay is applied with fdtoverlay to the Pi 4 device tree of
Debian's kernel (tests/data, copied from linux-image-6.1.0-50-arm64), as the firmware would apply it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "deploy" / "image-display.sh"
DEBIAN_PI4_DTB = REPO / "tests" / "data" / "debian-6.1-bcm2711-rpi-4-b.dtb"
DSI1 = "/soc/dsi@7e700000"
I2C0 = "/soc/i2c@7e205000"

pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("sh", "dtc", "fdtoverlay", "fdtget")),
    reason="needs device-tree-compiler",
)


def run(*command: str | Path) -> str:
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"{command}: {result.stdout}{result.stderr}"
    return result.stdout.strip()


@pytest.fixture()
def image_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "etc" / "default").mkdir(parents=True)
    run("sh", SCRIPT, root)
    return root


def test_the_firmware_is_asked_to_load_the_display_overlay_through_raspi_firmwares_settings(image_root):
    overlay = image_root / "boot" / "firmware" / "overlays" / "vc4-kms-dsi-7inch.dtbo"
    assert overlay.stat().st_size > 0
    settings = (image_root / "etc" / "default" / "raspi-firmware-custom").read_text().splitlines()
    assert "display_auto_detect=1" in settings


def test_on_debians_pi4_device_tree_the_overlay_wires_the_panel_and_its_touch_to_dsi1(image_root, tmp_path):
    merged = tmp_path / "merged.dtb"
    run("fdtoverlay", "-i", DEBIAN_PI4_DTB, "-o", merged,
        image_root / "boot" / "firmware" / "overlays" / "vc4-kms-dsi-7inch.dtbo")
    assert run("fdtget", DEBIAN_PI4_DTB, DSI1, "status") == "disabled"

    def get(node: str, prop: str, kind: str = "s") -> str:
        return run("fdtget", "-t", kind, merged, node, prop)

    assert get(DSI1, "status") == "okay"
    assert get(I2C0, "status") == "okay"
    assert get(f"{I2C0}/lcd@45", "compatible") == "raspberrypi,7inch-touchscreen-panel"
    assert get(f"{I2C0}/touchscreen@38", "compatible") == "edt,edt-ft5506"
    assert get(f"{I2C0}/touchscreen@38", "touchscreen-size-x", "u") == "800"
    assert get(f"{I2C0}/touchscreen@38", "touchscreen-size-y", "u") == "480"

    # The display connector's I2C: I2C0 on GPIO 44 and 45 (ALT1) instead of the header's GPIO 0 and 1.
    pins = get(I2C0, "pinctrl-0", "u")
    pin_group = next(
        f"/soc/gpio@7e200000/{name}" for name in run("fdtget", "-l", merged, "/soc/gpio@7e200000").split()
        if run("fdtget", "-d", "", "-t", "u", merged, f"/soc/gpio@7e200000/{name}", "phandle") == pins
    )
    assert get(pin_group, "brcm,pins", "u") == "44 45"
    assert get(pin_group, "brcm,function", "u") == "5"

    # The DSI output and the panel's input point at each other.
    dsi_end, panel_end = f"{DSI1}/port/endpoint", f"{I2C0}/lcd@45/port/endpoint"
    assert get(dsi_end, "remote-endpoint", "u") == get(panel_end, "phandle", "u")
    assert get(panel_end, "remote-endpoint", "u") == get(dsi_end, "phandle", "u")
