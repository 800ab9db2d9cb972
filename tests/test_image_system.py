"""What deploy/image.sh writes into the image's root around the app, script by script, on a throwaway
root: the partitions found by PARTUUID (never by a label a USB stick could carry), the console a Pi 5
and QEMU have, the saved clock, the network, the splash and what the initramfs holds."""

from __future__ import annotations

import datetime
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"
DISK_ID = "1a2b3c4d"
DATA = "/var/lib/table-companion"

pytestmark = pytest.mark.skipif(shutil.which("sh") is None, reason="the scripts need sh")


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", str(DEPLOY / script), *args], capture_output=True, text=True, timeout=60)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for folder in ("etc/default", "usr/lib", "var/lib"):
        (tmp_path / "root" / folder).mkdir(parents=True)
    return tmp_path / "root"


def fstab(root: Path) -> dict[str, list[str]]:
    lines = [line.split() for line in (root / "etc/fstab").read_text().splitlines() if line and not line.startswith("#")]
    return {fields[1]: fields for fields in lines}


def test_every_partition_is_mounted_by_partuuid_and_checked_at_boot(root):
    result = run("image-fstab.sh", str(root), DISK_ID, DATA)
    assert result.returncode == 0, result.stderr
    mounts = fstab(root)
    assert mounts["/"][0] == f"PARTUUID={DISK_ID}-02"
    assert mounts["/boot/firmware"][0] == f"PARTUUID={DISK_ID}-01"
    assert mounts[DATA][0] == f"PARTUUID={DISK_ID}-03"
    assert "LABEL=" not in (root / "etc/fstab").read_text()
    # fsck's pass: the root first, then the others; none left unchecked.
    assert [mounts[where][5] for where in ("/", "/boot/firmware", DATA)] == ["1", "2", "2"]
    # The kiosk waits for the data rather than start on an empty folder; the boot partition may be slow.
    assert "nofail" not in mounts[DATA][3] and "nofail" in mounts["/boot/firmware"][3]
    # and waits for it longer than systemd's 90 s, which a slow first start went past.
    assert "x-systemd.device-timeout=10min" in mounts[DATA][3].split(",")
    assert (root / DATA.lstrip("/")).is_dir()


def test_the_kernel_finds_the_root_by_partuuid_and_hands_systemd_the_screen(root):
    run("image-fstab.sh", str(root), DISK_ID, DATA)
    settings = dict(line.split("=", 1) for line in (root / "etc/default/raspi-firmware").read_text().splitlines()
                    if "=" in line and not line.startswith("#"))
    assert settings["ROOTPART"] == f"PARTUUID={DISK_ID}-02"
    # /dev/console is the last console named: tty0 exists on a Pi 4, a Pi 5 and QEMU; ttyS1 on a Pi 4 only.
    assert settings["CONSOLES"].strip('"').split()[-1] == "tty0"
    extra = (root / "etc/default/raspi-extra-cmdline").read_text().split()
    assert {"quiet", "splash"} <= set(extra)


@pytest.mark.parametrize("disk_id", ["1A2B3C4D", "1a2b3c", "1a2b3c4d5", "zz2b3c4d"])
def test_a_disk_identifier_the_partition_table_cannot_carry_is_refused(root, disk_id):
    result = run("image-fstab.sh", str(root), disk_id, DATA)
    assert result.returncode != 0
    assert "8 lower-case hex digits" in result.stderr
    assert not (root / "etc/fstab").exists()


def test_the_clock_starts_no_earlier_than_the_image_and_is_saved_every_minute(root):
    (root / "etc/passwd").write_text("root:x:0:0::/root:/bin/sh\n")
    result = run("image-clock.sh", str(root), "2026-12-07 04:50:00 UTC")
    assert result.returncode == 0, result.stderr
    built = datetime.datetime(2026, 12, 7, 4, 50, tzinfo=datetime.timezone.utc).timestamp()
    assert os.stat(root / "var/lib/systemd/timesync/clock").st_mtime == built
    assert os.stat(root / "usr/lib/clock-epoch").st_mtime == built
    conf = (root / "etc/systemd/timesyncd.conf.d/table-companion.conf").read_text()
    assert "SaveIntervalSec=60" in conf.splitlines()


def test_the_network_takes_an_address_on_either_port_and_nothing_waits_for_it(root):
    result = run("image-network.sh", str(root))
    assert result.returncode == 0, result.stderr
    for name in ("eth0", "wlan0"):
        network = (root / f"etc/systemd/network/20-{name}.network").read_text()
        assert f"Name={name}" in network and "DHCP=yes" in network
    system = root / "etc/systemd/system"
    assert (system / "multi-user.target.wants/systemd-networkd.service").is_symlink()
    assert os.readlink(system / "systemd-networkd-wait-online.service") == "/dev/null"


def test_the_splash_shows_the_apps_picture_at_once(root):
    result = run("image-splash.sh", str(root))
    assert result.returncode == 0, result.stderr
    theme = root / "usr/share/plymouth/themes/table-companion"
    assert (theme / "splash.png").read_bytes() == (DEPLOY / "splash.png").read_bytes()
    assert "ModuleName=script" in (theme / "table-companion.plymouth").read_text()
    assert 'Image("splash.png")' in (theme / "table-companion.script").read_text()
    daemon = (root / "etc/plymouth/plymouthd.conf").read_text().splitlines()
    assert "Theme=table-companion" in daemon and "ShowDelay=0" in daemon


def test_the_initramfs_holds_fsck_and_the_sd_card_drivers_of_both_boards(root):
    result = run("image-initramfs.sh", str(root), "virtio_blk", "vc4")
    assert result.returncode == 0, result.stderr
    conf = root / "etc/initramfs-tools"
    assert (conf / "modules").read_text().split() == ["virtio_blk", "vc4"]
    assert "MODULES=list" in (conf / "conf.d/table-companion.conf").read_text()
    hook = (conf / "hooks/table-companion").read_text()
    for needed in ("copy_exec /usr/sbin/fsck", "copy_exec /usr/sbin/e2fsck", "fsck.ext4",
                   "kernel/drivers/mmc", "kernel/drivers/pinctrl/bcm", "gpio-brcmstb"):
        assert needed in hook
    assert os.access(conf / "hooks/table-companion", os.X_OK)


CLOCK_SERVICE = Path("/lib/systemd/system/systemd-timesyncd.service")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None or not CLOCK_SERVICE.exists(),
                    reason="needs systemd-analyze and systemd-timesyncd's unit to check against")
@pytest.mark.parametrize("unit", sorted(path.name for path in DEPLOY.glob("image-*.service")))
def test_the_image_s_own_units_leave_every_start_in_the_boot(tmp_path, unit):
    """An ordering cycle makes systemd drop one start from the boot to break it: a first-start unit
    ordered before the clock service (which starts before sysinit.target) left the image with no
    network time and no saved clock, so its clock went back to the build's at every start."""
    copy = tmp_path / unit.replace("image-", "table-companion-", 1)
    copy.write_text((DEPLOY / unit).read_text())
    result = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)], capture_output=True, text=True,
                            cwd=tmp_path, timeout=60)
    said = result.stdout + result.stderr
    assert "ordering cycle" not in said and "deleted to break" not in said, said
