"""The display's backlight through sysfs (hardware/backlight.py), on a fake /sys/class/backlight."""

import os

from hardware.backlight import NOT_ALLOWED, find_backlight


def fake_backlight(root, name, maximum=255, level=255):
    device = root / name
    device.mkdir(parents=True)
    (device / "max_brightness").write_text(f"{maximum}\n")
    (device / "brightness").write_text(f"{level}\n")
    return device


def test_no_backlight_directory_means_none(tmp_path):
    assert find_backlight(tmp_path / "missing") is None
    (tmp_path / "empty").mkdir()
    assert find_backlight(tmp_path / "empty") is None


def test_the_official_displays_backlight_is_preferred(tmp_path):
    fake_backlight(tmp_path, "acpi_video0")
    fake_backlight(tmp_path, "10-0045", maximum=31)
    backlight = find_backlight(tmp_path)
    assert backlight.name == "10-0045" and backlight.max_brightness == 31


def test_brightness_is_a_share_of_the_maximum_and_never_dark_above_zero(tmp_path):
    device = fake_backlight(tmp_path, "rpi_backlight", maximum=31)
    backlight = find_backlight(tmp_path)
    assert backlight.set_percent(50)
    assert (device / "brightness").read_text() == "16\n"
    assert backlight.set_percent(1) and backlight.level == 1
    assert backlight.off() and backlight.level == 0
    assert backlight.set_percent(100) and backlight.level == 31
    assert backlight.problem is None


def test_a_backlight_the_user_may_not_write_says_how_to_fix_it(tmp_path, monkeypatch):
    import pathlib

    fake_backlight(tmp_path, "10-0045")
    # As the kiosk user without the udev rule: root-owned 0644 (faked, as tests may run as root).
    monkeypatch.setattr(os, "access", lambda path, mode: False)

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(pathlib.Path, "write_text", refuse)
    backlight = find_backlight(tmp_path)
    assert backlight.problem == NOT_ALLOWED
    assert not backlight.set_percent(50)
    assert backlight.problem == NOT_ALLOWED and "install.sh" in backlight.problem


def test_a_failed_write_never_raises(tmp_path):
    device = fake_backlight(tmp_path, "10-0045")
    backlight = find_backlight(tmp_path)
    (device / "brightness").unlink()
    (device / "brightness").mkdir()  # writing now fails, as a vanished device would
    assert not backlight.set_percent(80)
    assert backlight.problem
