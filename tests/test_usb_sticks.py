"""USB sticks on the kiosk, as deploy/install.sh sets them up: the udev rule that picks which drives are
mounted, the script it runs (the systemd-mount command, for the kiosk's user, nosuid,nodev,noexec), and
the unmounting the app asks for after an export. The rule is matched here as udev matches it; the scripts
run with systemd-mount and findmnt replaced by recorders."""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from install_support import Install

REPO = Path(__file__).resolve().parents[1]
RULE = "etc/udev/rules.d/90-table-companion-usb-sticks.rules"
MOUNT = "usr/local/lib/table-companion/mount-stick"
EJECT = "usr/local/lib/table-companion/eject-sticks"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="install.sh needs bash")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Install:
    root = tmp_path_factory.mktemp("root")
    environment = {key: value for key, value in os.environ.items() if key != "SUDO_USER"}
    result = subprocess.run(["bash", str(REPO / "deploy/install.sh"), "--dry-run", "--root", str(root), "--user", "alice"],
                            capture_output=True, text=True, env=environment, timeout=120)
    assert result.returncode == 0, result.stderr
    return Install(root, result)


# ----- the rule, matched as udev does ----------------------------------------------------------------

def rule_matches(rule: str, device: dict) -> bool:
    """Whether every match key of a one-line udev rule holds for `device`: KEY=="a|b*" is a glob
    alternative; SUBSYSTEMS matches the device or any parent; ENV{X} the device's property X."""
    for key, operator, pattern in re.findall(r'([A-Z]+(?:\{[A-Z_]+\})?)(==|!=)"([^"]*)"', rule):
        if key.startswith("ENV{"):
            values = [device["env"].get(key[4:-1], "")]
        elif key == "SUBSYSTEMS":
            values = device["subsystems"]
        else:
            values = [device[key.lower()]]
        found = any(fnmatch.fnmatchcase(value, alternative) for value in values for alternative in pattern.split("|"))
        if found != (operator == "=="):
            return False
    return True


def drive(subsystems, action="add", **env) -> dict:
    return {"action": action, "subsystem": "block", "subsystems": ["block", *subsystems], "env": env}


USB = ["scsi", "usb"]
SD_CARD = ["mmc", "platform"]
DEVICES = {
    "a FAT stick": (drive(USB, ID_FS_USAGE="filesystem", ID_FS_TYPE="vfat"), True),
    "an exFAT stick": (drive(USB, ID_FS_USAGE="filesystem", ID_FS_TYPE="exfat"), True),
    "an ext4 stick": (drive(USB, ID_FS_USAGE="filesystem", ID_FS_TYPE="ext4"), True),
    "an NTFS stick": (drive(USB, ID_FS_USAGE="filesystem", ID_FS_TYPE="ntfs"), False),
    "a stick's partition table": (drive(USB, ID_PART_TABLE_TYPE="dos"), False),
    "a swap partition on a USB disk": (drive(USB, ID_FS_USAGE="other", ID_FS_TYPE="swap"), False),
    "a stick pulled out": (drive(USB, action="remove", ID_FS_USAGE="filesystem", ID_FS_TYPE="vfat"), False),
    "the SD card's system": (drive(SD_CARD, ID_FS_USAGE="filesystem", ID_FS_TYPE="ext4"), False),
    "the SD card's boot files": (drive(SD_CARD, ID_FS_USAGE="filesystem", ID_FS_TYPE="vfat"), False),
}


@pytest.mark.parametrize("what", DEVICES)
def test_only_a_usb_stick_s_fat_exfat_or_ext4_file_system_is_mounted(installed, what):
    rules = [line for line in installed.file(RULE).read_text().splitlines() if line and not line.startswith("#")]
    assert len(rules) == 1
    device, mounted = DEVICES[what]
    assert rule_matches(rules[0], device) == mounted
    assert f'RUN{{program}}+="/{MOUNT}"' in rules[0]


# ----- the scripts, with systemd-mount and findmnt recorded --------------------------------------------

def recorders(folder: Path, mounted: str = "") -> Path:
    """systemd-mount, umount and findmnt that write their arguments to calls.txt; findmnt lists `mounted`
    and says whether a mount point given to it is among them."""
    folder.mkdir(exist_ok=True)
    for name in ("systemd-mount", "umount"):
        (folder / name).write_text(f'#!/bin/sh\nprintf "%s\\n" "{name} $*" >>"{folder}/calls.txt"\n')
    (folder / "mounted.txt").write_text(mounted)
    (folder / "findmnt").write_text(f'#!/bin/sh\nif [ "$1" = --mountpoint ]; then grep -qx "$2" "{folder}/mounted.txt"; '
                                    f'else cat "{folder}/mounted.txt"; fi\n')
    for path in folder.iterdir():
        path.chmod(0o755)
    return folder


def calls(folder: Path) -> list[list[str]]:
    path = folder / "calls.txt"
    return [shlex.split(line) for line in path.read_text().splitlines()] if path.exists() else []


def plugged(installed, tmp_path, mounted: str = "", **device) -> list[list[str]]:
    """What udev's program does for a device with these properties."""
    fakes = recorders(tmp_path / "bin", mounted)
    environment = {"PATH": f"{fakes}:/usr/bin:/bin", **device}
    result = subprocess.run(["sh", str(installed.file(MOUNT))], env=environment, capture_output=True, text=True,
                            timeout=30)
    assert result.returncode == 0, result.stderr
    return calls(fakes)


def test_a_fat_stick_is_mounted_for_the_kiosk_user_where_the_app_looks(installed, tmp_path):
    assert plugged(installed, tmp_path, DEVNAME="/dev/sda1", ID_FS_TYPE="vfat", ID_FS_LABEL="FAMILY") == [[
        "systemd-mount", "--no-block", "--collect", "--fsck=no",
        "--options=nosuid,nodev,noexec,noatime,umask=0077,flush", "--owner=alice", "/dev/sda1", "/media/alice/FAMILY"]]


def test_an_exfat_stick_is_the_kiosk_user_s_too(installed, tmp_path):
    (command,) = plugged(installed, tmp_path, DEVNAME="/dev/sdb1", ID_FS_TYPE="exfat", ID_FS_LABEL="BIG")
    assert "--owner=alice" in command and "--options=nosuid,nodev,noexec,noatime,umask=0077" in command
    assert command[-1] == "/media/alice/BIG"


def test_an_ext4_stick_keeps_its_own_owners(installed, tmp_path):
    (command,) = plugged(installed, tmp_path, DEVNAME="/dev/sda1", ID_FS_TYPE="ext4", ID_FS_LABEL="family-data")
    assert "--options=nosuid,nodev,noexec,noatime" in command
    assert not any(word.startswith("--owner") for word in command)


@pytest.mark.parametrize("label", ["", "..", "../../etc", "MY STICK", "-rf"])
def test_a_label_that_is_no_plain_name_gives_the_folder_the_device_s_name(installed, tmp_path, label):
    (command,) = plugged(installed, tmp_path, DEVNAME="/dev/sdc1", ID_FS_TYPE="vfat", ID_FS_LABEL=label)
    assert command[-1] == "/media/alice/sdc1"


def test_a_second_stick_with_the_same_label_gets_a_folder_of_its_own(installed, tmp_path):
    (command,) = plugged(installed, tmp_path, mounted="/media/alice/FAMILY\n",
                         DEVNAME="/dev/sdb1", ID_FS_TYPE="vfat", ID_FS_LABEL="FAMILY")
    assert command[-1] == "/media/alice/FAMILY-sdb1"


def test_a_file_system_the_kiosk_does_not_take_is_left_alone(installed, tmp_path):
    assert plugged(installed, tmp_path, DEVNAME="/dev/sda1", ID_FS_TYPE="ntfs", ID_FS_LABEL="WIN") == []


def test_the_app_s_request_unmounts_every_stick_and_nothing_else(installed, tmp_path):
    fakes = recorders(tmp_path / "bin", "/\n/boot/firmware\n/media/alice/FAMILY\n/media/alice/FAMILY-sdb1\n"
                                        "/media/bob/THEIRS\n")
    result = subprocess.run(["sh", str(installed.file(EJECT))], env={"PATH": f"{fakes}:/usr/bin:/bin"},
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert calls(fakes) == [["systemd-mount", "--umount", "--no-ask-password", "/media/alice/FAMILY-sdb1"],
                            ["systemd-mount", "--umount", "--no-ask-password", "/media/alice/FAMILY"]]


def test_the_installer_sets_up_sticks_for_the_kiosk_user(installed):
    assert os.access(installed.file(MOUNT), os.X_OK) and os.access(installed.file(EJECT), os.X_OK)
    assert installed.file("media/alice").is_dir()
    path_unit = installed.file("etc/systemd/system/table-companion-eject.path").read_text()
    assert "PathExists=/run/table-companion/eject-sticks" in path_unit
    assert ["systemctl", "enable", "--now", "table-companion-eject.path"] in installed.commands
    service = installed.file("etc/systemd/system/table-companion.service").read_text()
    assert "Environment=TABLE_COMPANION_EJECT=/run/table-companion/eject-sticks" in service
    assert "RuntimeDirectory=table-companion" in service   # where the app's request is written


def test_the_scripts_pass_shellcheck():
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed here")
    scripts = [str(REPO / "deploy" / name) for name in ("mount-stick.in", "eject-sticks.in")]
    check = subprocess.run(["shellcheck", "--shell=sh", *scripts], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout
