"""Raspberry Pi Imager's OS customisation, taken at the image's first start (deploy/image-imager-settings.py)
from what Imager 2 writes on the boot partition of a trixie-based image: cloud-init's user-data and a
netplan network-config (rpi-imager's src/customization_generator.cpp), applied to a throwaway root."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("imager_settings", REPO / "deploy" / "image-imager-settings.py")
settings = importlib.util.module_from_spec(spec)
spec.loader.exec_module(settings)

KEY = "a" * 64   # Imager hands the Wi-Fi key over as 64 hex digits, made from the passphrase
# As Imager writes them with a hostname, time zone, keyboard, Wi-Fi, and a user with SSH.
USER_DATA = {
    "hostname": "kitchen-table", "manage_etc_hosts": True, "packages": ["avahi-daemon"],
    "timezone": "Europe/Berlin", "keyboard": {"model": "pc105", "layout": "de"},
    "enable_ssh": True, "users": [{"name": "mum", "groups": "users,sudo", "lock_passwd": False, "passwd": "$6$x$y"}],
}
NETWORK = {"network": {"version": 2, "wifis": {"wlan0": {
    "dhcp4": True, "regulatory-domain": "DE", "access-points": {"Home \"5G\"": {"password": KEY}}, "optional": True}}}}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "etc").mkdir(parents=True)
    (root / "etc/hostname").write_text("table-companion\n")
    (root / "etc/hosts").write_text("127.0.0.1\tlocalhost\n127.0.1.1\ttable-companion\n")
    zone = root / "usr/share/zoneinfo/Europe/Berlin"
    zone.parent.mkdir(parents=True)
    zone.write_bytes(b"TZif")
    return root


def test_hostname_time_zone_keyboard_and_wifi_are_taken(root):
    done = settings.apply(root, USER_DATA, NETWORK)
    assert (root / "etc/hostname").read_text() == "kitchen-table\n"
    assert "127.0.1.1\tkitchen-table" in (root / "etc/hosts").read_text().splitlines()
    assert "table-companion" not in (root / "etc/hosts").read_text()
    assert os.readlink(root / "etc/localtime") == "/usr/share/zoneinfo/Europe/Berlin"
    assert (root / "etc/timezone").read_text() == "Europe/Berlin\n"
    assert 'XKBLAYOUT="de"' in (root / "etc/default/keyboard").read_text()
    conf = root / "etc/wpa_supplicant/wpa_supplicant-wlan0.conf"
    lines = [line.strip() for line in conf.read_text().splitlines()]
    assert "country=DE" in lines
    assert 'ssid="Home \\"5G\\""' in lines
    assert f"psk={KEY}" in lines        # the key itself, unquoted
    assert conf.stat().st_mode & 0o077 == 0
    link = root / "etc/systemd/system/multi-user.target.wants/wpa_supplicant@wlan0.service"
    assert os.readlink(link) == "/usr/lib/systemd/system/wpa_supplicant@.service"
    assert "Wi-Fi 'Home \"5G\"' (DE)" in done


def test_the_tables_accounts_stay_locked_and_ssh_off(root):
    done = settings.apply(root, USER_DATA, NETWORK)
    assert any("account 'mum' not created" in line for line in done)
    assert "SSH not enabled: the image has no SSH server" in done
    assert not (root / "etc/passwd").exists() and not (root / "etc/shadow").exists()


def test_a_passphrase_is_quoted_and_an_open_network_has_no_key():
    def conf(password):
        return settings.wpa_supplicant_conf({"ssid": "cafe", "password": password, "hidden": True, "country": ""})
    assert '\tpsk="correct horse"' in conf("correct horse")
    assert "\tscan_ssid=1" in conf("correct horse")
    assert "key_mgmt=NONE" in conf(None) and "psk" not in conf(None)
    assert "country=" not in conf(None)


@pytest.mark.parametrize("user_data, left_out", [
    ({"hostname": "bad_name!"}, "hostname 'bad_name!' left out"),
    ({"timezone": "Mars/Olympus"}, "time zone 'Mars/Olympus' left out"),
    ({"timezone": "../../etc/passwd"}, "time zone '../../etc/passwd' left out"),
])
def test_a_setting_that_cannot_be_right_is_left_out_and_said(root, user_data, left_out):
    done = settings.apply(root, user_data, None)
    assert any(line.startswith(left_out) for line in done), done
    assert (root / "etc/hostname").read_text() == "table-companion\n"
    assert not (root / "etc/localtime").exists()


def test_nothing_asked_changes_nothing(root):
    assert settings.apply(root, None, None) == []
    assert settings.apply(root, {}, {"network": {"version": 2}}) == []
    assert not (root / "etc/wpa_supplicant").exists()


def test_the_files_imager_writes_are_read_as_yaml(root, tmp_path):
    yaml = pytest.importorskip("yaml")
    boot = tmp_path / "boot"
    boot.mkdir()
    # Imager's own text, as its generator writes it.
    (boot / "user-data").write_text("#cloud-config\nhostname: kitchen-table\nmanage_etc_hosts: true\n"
                                    "timezone: Europe/Berlin\nkeyboard:\n  model: pc105\n  layout: \"de\"\n")
    (boot / "network-config").write_text(f'network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n'
                                         f'      regulatory-domain: "DE"\n      access-points:\n        "Home":\n'
                                         f'          password: "{KEY}"\n      optional: true\n')
    assert yaml.safe_load((boot / "user-data").read_text())["hostname"] == "kitchen-table"
    done = settings.apply(root, settings.read_yaml(boot / "user-data"), settings.read_yaml(boot / "network-config"))
    assert done == ["hostname kitchen-table", "time zone Europe/Berlin", "keyboard layout de", "Wi-Fi 'Home' (DE)"]
