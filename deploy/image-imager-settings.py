#!/usr/bin/python3
"""Installed by deploy/image.sh, run at a start by table-companion-imager-settings.service when the boot
partition holds Raspberry Pi Imager's OS customisation: takes it, then removes it from the boot partition
(it may hold the Wi-Fi's key, which the FAT partition would keep readable to any computer).

Imager 2 writes it for trixie-based images (init_format cloudinit-rpi, rpi-imager's
src/customization_generator.cpp) as cloud-init files: `user-data` (#cloud-config: hostname, timezone,
keyboard, users) and `network-config` (netplan version 2: wlan0's access point, its key and the country).
The image has no cloud-init; this takes the part of it a table needs:

- the hostname (and its line in /etc/hosts);
- the time zone (the app's Settings can change it later);
- the keyboard layout, into /etc/default/keyboard (the console itself keeps the US layout: the image has
  no console-setup);
- Wi-Fi: wpa_supplicant for wlan0 with the network, its key and the country, started now and at every
  start (systemd-networkd then takes an address by DHCP), so the clock is set from the network.

Accounts are not created or unlocked (the kiosk's own stay locked: a parent gives `pi` a password with
userconf.txt), and SSH is not offered (the image has no SSH server); both are said in the log.

    imager-settings [BOOT_DIR]      (default /boot/firmware)
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BOOT = Path("/boot/firmware")
FILES = ("user-data", "network-config", "meta-data")
HOSTNAME = re.compile(r"[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?")
TIMEZONE = re.compile(r"[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)*")
COUNTRY = re.compile(r"[A-Z]{2}")
LAYOUT = re.compile(r"[a-z]{2,8}(\([a-z0-9_-]+\))?")
WPA_UNIT = "wpa_supplicant@wlan0.service"


def wifi_of(network: object) -> dict[str, object] | None:
    """wlan0's first access point from netplan's version 2 layout: ssid, password (a passphrase or
    Imager's 64-hex key; None for an open network), hidden, country."""
    try:
        wlan0 = network["network"]["wifis"]["wlan0"]  # type: ignore[index]
        ssid, point = next(iter(wlan0["access-points"].items()))
    except (KeyError, TypeError, StopIteration, AttributeError):
        return None
    point = point if isinstance(point, dict) else {}
    country = str(wlan0.get("regulatory-domain") or "").upper()
    return {"ssid": str(ssid), "password": point.get("password"), "hidden": bool(point.get("hidden")),
            "country": country if COUNTRY.fullmatch(country) else ""}


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wpa_supplicant_conf(wifi: dict[str, object]) -> str:
    lines = ["# Written at the first start from Raspberry Pi Imager's settings (table-companion-imager-settings).",
             "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev", "update_config=0"]
    if wifi["country"]:
        lines.append(f"country={wifi['country']}")
    lines += ["network={", f"\tssid={quoted(str(wifi['ssid']))}"]
    if wifi["hidden"]:
        lines.append("\tscan_ssid=1")
    password = wifi["password"]
    if password is None or password == "":
        lines.append("\tkey_mgmt=NONE")
    else:
        password = str(password)
        # Imager hands over the key itself (64 hex digits, made from the passphrase), which
        # wpa_supplicant takes unquoted; a passphrase is quoted. WPA2 and WPA3 as Imager's own script.
        key = password if re.fullmatch(r"[0-9a-fA-F]{64}", password) else quoted(password)
        lines += ["\tkey_mgmt=WPA-PSK SAE", f"\tpsk={key}", "\tieee80211w=1"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def apply(root: Path, user_data: object, network: object) -> list[str]:
    """Writes what the settings ask for under ROOT; returns what was done, one line each."""
    done: list[str] = []
    settings = user_data if isinstance(user_data, dict) else {}
    hostname = str(settings.get("hostname") or "")
    if hostname and HOSTNAME.fullmatch(hostname):
        (root / "etc/hostname").write_text(hostname + "\n")
        hosts = root / "etc/hosts"
        lines = [line for line in hosts.read_text().splitlines() if not line.startswith("127.0.1.1")] if hosts.exists() else []
        hosts.write_text("\n".join(lines + [f"127.0.1.1\t{hostname}"]) + "\n")
        done.append(f"hostname {hostname}")
    elif hostname:
        done.append(f"hostname {hostname!r} left out: not a valid host name")
    timezone = str(settings.get("timezone") or "")
    if timezone and TIMEZONE.fullmatch(timezone) and (root / "usr/share/zoneinfo" / timezone).is_file():
        localtime = root / "etc/localtime"
        localtime.unlink(missing_ok=True)
        localtime.symlink_to(f"/usr/share/zoneinfo/{timezone}")
        (root / "etc/timezone").write_text(timezone + "\n")
        done.append(f"time zone {timezone}")
    elif timezone:
        done.append(f"time zone {timezone!r} left out: no such zone")
    keyboard = settings.get("keyboard")
    layout = str(keyboard.get("layout") or "") if isinstance(keyboard, dict) else ""
    if layout and LAYOUT.fullmatch(layout):
        (root / "etc/default").mkdir(parents=True, exist_ok=True)
        (root / "etc/default/keyboard").write_text(
            f'XKBMODEL="pc105"\nXKBLAYOUT="{layout}"\nXKBVARIANT=""\nXKBOPTIONS=""\n')
        done.append(f"keyboard layout {layout}")
    wifi = wifi_of(network)
    if wifi:
        conf = root / "etc/wpa_supplicant/wpa_supplicant-wlan0.conf"
        conf.parent.mkdir(parents=True, exist_ok=True)
        conf.touch(mode=0o600)
        conf.chmod(0o600)
        conf.write_text(wpa_supplicant_conf(wifi))
        wants = root / "etc/systemd/system/multi-user.target.wants"
        wants.mkdir(parents=True, exist_ok=True)
        link = wants / WPA_UNIT
        link.unlink(missing_ok=True)
        link.symlink_to("/usr/lib/systemd/system/wpa_supplicant@.service")
        done.append(f"Wi-Fi {wifi['ssid']!r}" + (f" ({wifi['country']})" if wifi["country"] else ""))
    for user in settings.get("users") or []:
        name = user.get("name") if isinstance(user, dict) else user
        done.append(f"account {name!r} not created: the table's accounts stay locked (userconf.txt gives pi a password)")
    if settings.get("enable_ssh") or settings.get("ssh_pwauth"):
        done.append("SSH not enabled: the image has no SSH server")
    return done


def read_yaml(path: Path) -> object:
    if not path.exists():
        return None
    import yaml  # python3-yaml, in the image

    try:
        return yaml.safe_load(path.read_text(errors="replace"))
    except yaml.YAMLError as error:
        print(f"imager-settings: {path.name} is not YAML Imager writes, left out: {error}", file=sys.stderr)
        return None


def main(argv: list[str]) -> int:
    boot = Path(argv[0]) if argv else BOOT
    done = apply(Path("/"), read_yaml(boot / "user-data"), read_yaml(boot / "network-config"))
    for name in FILES:
        (boot / name).unlink(missing_ok=True)
    subprocess.run(["sync", "-f", str(boot)], check=False)
    hostname = Path("/etc/hostname").read_text().strip()
    subprocess.run(["hostname", hostname], check=False)
    if any(line.startswith("Wi-Fi ") for line in done):
        subprocess.run(["systemctl", "daemon-reload"], check=False)
        subprocess.run(["systemctl", "start", "--no-block", WPA_UNIT], check=False)
    for line in done or ["nothing to take"]:
        print(f"Raspberry Pi Imager's settings: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
