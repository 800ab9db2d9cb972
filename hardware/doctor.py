"""`companion doctor`: checks the things a family cannot see when the table companion misbehaves.

GPIO backend and its timestamps, the pin map, every button's state (a button that reads pressed
before anyone touches it is stuck or miswired), the display and touchscreen, sound, and the data
directory. Each problem comes with a FIX line; the exit status is 1 when there is any problem.
On a PC the display, touchscreen, sound and Kivy's touch sources are the Pi's concerns: what is found
of them is said, never a problem whose fix is the Pi's.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import shutil
import sqlite3
import stat
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, TextIO

from companion import config as companion_config
from companion.errors import CompanionError
from companion.paths import default_data_dir
from companion.store import DAMAGED, DB_NAME, SavedGamesUnavailable, Store, proven_damaged, read_only_uri, usability_problem

from . import backend as gpio_backend
from .board import MODEL_FILES, is_raspberry_pi

OK, INFO, WARNING, PROBLEM = "ok", "info", "warning", "problem"

# linux/input-event-codes.h: a device reporting multitouch X positions is a touchscreen (or touchpad).
ABS_MT_POSITION_X = 0x35
LONG_BITS = ctypes.sizeof(ctypes.c_long) * 8

# Below this the app can no longer be trusted to save a game; below the second, warn early.
MIN_FREE_BYTES = 50 * 1024 * 1024
LOW_FREE_BYTES = 200 * 1024 * 1024


@dataclass
class Finding:
    check: str                  # backend | gpio-chip | pin-map | button | display | touch | kivy-input | audio | data
    status: str                 # ok | info | warning | problem
    summary: str                # one line for the person at the table
    fix: str | None = None      # what to do, for warnings and problems
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class SystemPaths:
    """Where the doctor looks; tests point these at a fake system."""

    dev: Path = Path("/dev")
    sys_input: Path = Path("/sys/class/input")
    asound_cards: Path = Path("/proc/asound/cards")
    kivy_home: Path | None = None   # None: $KIVY_HOME, else ~/.kivy
    model_files: tuple[Path, ...] = MODEL_FILES   # the device tree's model, naming a Raspberry Pi

    @property
    def on_a_pi(self) -> bool:
        return is_raspberry_pi(self.model_files)


def on_a_pc(check: str, summary: str) -> list[Finding]:
    """What a check of the Pi's own kit found on a PC, said as it is: nothing to fix here."""
    return [Finding(check, INFO, summary)]


def _user() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_name
    except (ImportError, KeyError):
        return os.environ.get("USER", "your-user")


def _group_fix(group: str, what: str) -> str:
    return (f"add the user to the '{group}' group for {what}: sudo usermod -aG {group} {_user()} "
            f"(then log out and in, or reboot; deploy/install.sh does this for the kiosk user)")


# --- GPIO ---------------------------------------------------------------------------------------------

def check_gpio_chips(paths: SystemPaths, needed: bool) -> list[Finding]:
    chips = sorted(paths.dev.glob("gpiochip*"))
    if not chips:
        if not needed:
            return [Finding("gpio-chip", INFO, "No GPIO chip (/dev/gpiochip*) on this machine; not needed here.")]
        return [Finding(
            "gpio-chip", PROBLEM, "No GPIO chip found: /dev/gpiochip* does not exist.",
            fix="run the table companion on a Raspberry Pi with Raspberry Pi OS Bookworm (its kernel provides "
                "/dev/gpiochip*); on a PC start it with --backend mock")]
    unusable = [str(chip) for chip in chips if not os.access(chip, os.R_OK | os.W_OK)]
    if unusable and needed:
        return [Finding("gpio-chip", PROBLEM, f"GPIO chip {', '.join(unusable)} is not usable by {_user()}.",
                        fix=_group_fix("gpio", "the buttons"), detail={"chips": [str(c) for c in chips]})]
    return [Finding("gpio-chip", OK, f"GPIO chip: {', '.join(str(c) for c in chips)}",
                    detail={"chips": [str(c) for c in chips]})]


def check_backend(requested: str | None, settings: dict[str, Any],
                  open_backend: Callable[..., Any]) -> tuple[list[Finding], Any]:
    try:
        backend = open_backend(requested, settings, strict=True)
    except gpio_backend.BackendUnavailable as error:
        name = gpio_backend.resolve_name(requested, settings)
        return [Finding("backend", PROBLEM, f"GPIO backend {name} cannot be used: {error}",
                        fix=_backend_fix(name, str(error)), detail={"backend": None, "requested": name})], None
    described = backend.describe()
    factory = described.get("pin_factory")
    if backend.name == "none":
        return [Finding("backend", INFO, "GPIO backend: none; kernel timestamps: no (on-screen buttons only, "
                        "no big buttons).",
                        detail=described)], backend
    if backend.kernel_timestamps:
        return [Finding("backend", OK, f"GPIO backend: {backend.name} ({factory}); kernel timestamps: yes, "
                        "presses are stamped by the kernel at the edge.", detail=described)], backend
    if backend.is_mock:
        return [Finding("backend", INFO, f"GPIO backend: mock ({factory}); kernel timestamps: no (simulated "
                        "pins; keyboard keys stand in for the buttons).",
                        detail=described)], backend
    return [Finding("backend", WARNING, f"GPIO backend: {backend.name} ({factory}); kernel timestamps: no, presses "
                    "are stamped in Python, so very close races can be judged wrongly.",
                    fix=backend.warning or "install lgpio: pip install 'table-companion[pi]', then use --backend lgpio",
                    detail=described)], backend


def _backend_fix(name: str, error: str) -> str:
    if name == "lgpio" and "module" in error:
        return ("install lgpio into the app's environment: re-run deploy/install.sh on the Pi, "
                "or pip install 'table-companion[pi]'; on a PC use --backend mock")
    if name == "lgpio":
        return ("check this is a Raspberry Pi running Raspberry Pi OS Bookworm and that "
                f"{_user()} is in the 'gpio' group (sudo usermod -aG gpio {_user()}, then reboot)")
    if name == "rpigpio":
        return "use the lgpio backend (--backend lgpio, or \"backend\": \"lgpio\" in config.json)"
    return "start with --backend mock on a PC, or --backend none for on-screen buttons only"


def describe_pin_map(settings: dict[str, Any]) -> Finding:
    buttons = settings["buttons"]
    parts = []
    for number, spec in sorted(buttons.items(), key=lambda item: int(item[0])):
        led = f", LED GPIO{spec['led']}" if spec.get("led") is not None else ", no LED"
        parts.append(f"{number}: GPIO{spec['pin']}{led}")
    return Finding("pin-map", OK, "Pin map (BCM numbers) " + "; ".join(parts) + ".",
                   detail={"buttons": {n: dict(s) for n, s in buttons.items()}})


def check_buttons(backend: Any, settings: dict[str, Any]) -> list[Finding]:
    """Each button's state right now; with nobody touching them, every one should read released."""
    from .buttons import PlayerButtons

    holdoff_ns = int(float(settings["race"]["holdoff_ms"]) * 1_000_000)
    try:
        buttons = PlayerButtons(backend, settings["buttons"], holdoff_ns, lambda edge: None)
    # gpiozero raises its own hierarchy (GPIOPinInUse, PinInvalidPin...) when a pin cannot be claimed.
    except Exception as error:  # noqa: BLE001
        return [Finding("button", PROBLEM, f"The buttons' pins could not be claimed: {error}",
                        fix="stop the kiosk first (sudo systemctl stop table-companion), since only one program "
                            "can hold the pins; if it still fails, check config.json 'buttons' for a pin used twice")]
    try:
        return button_states(buttons, settings)
    finally:
        buttons.close()


def button_states(buttons: Any, settings: dict[str, Any]) -> list[Finding]:
    """Each of the opened buttons (hardware.buttons.PlayerButtons) as it reads now."""
    held = buttons.held()
    findings = []
    for number in buttons.numbers:
        pin = settings["buttons"][str(number)]["pin"]
        if number in held:
            findings.append(Finding(
                "button", PROBLEM,
                f"Button {number} (GPIO{pin}) reads PRESSED with nobody touching it: stuck or miswired.",
                fix=f"check button {number}'s wiring: GPIO{pin} must reach GND only while the button is "
                    "pushed. A jammed microswitch, a wire on the wrong (normally-closed, NC) tab, or a bare "
                    "wire touching GND all look like this. Release it and run the doctor again.",
                detail={"button": number, "pin": pin, "pressed": True}))
        else:
            findings.append(Finding("button", OK, f"Button {number} (GPIO{pin}): released.",
                                    detail={"button": number, "pin": pin, "pressed": False}))
    return findings


# --- display and touch ----------------------------------------------------------------------------------

def check_display(paths: SystemPaths) -> list[Finding]:
    cards = sorted((paths.dev / "dri").glob("card*"))
    session = {name: os.environ[name] for name in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(name)}
    detail = {"drm_cards": [str(c) for c in cards], **session}
    if not cards and not session and not paths.on_a_pi:
        return on_a_pc("display", "No display here (no DISPLAY or WAYLAND_DISPLAY): on a PC the app opens its "
                                  "window in a desktop session.")
    if not cards and not session:
        return [Finding("display", PROBLEM, "No display found: no /dev/dri/card* and no DISPLAY or WAYLAND_DISPLAY.",
                        fix="check the display ribbon cable and power; /boot/firmware/config.txt needs "
                            "dtoverlay=vc4-kms-v3d (the Bookworm default) and display_auto_detect=1",
                        detail=detail)]
    if cards and not session and not any(os.access(c, os.R_OK | os.W_OK) for c in cards):
        return [Finding("display", PROBLEM, f"Display {', '.join(map(str, cards))} is not usable by {_user()}.",
                        fix=_group_fix("video", "the display") + "; add 'render' the same way", detail=detail)]
    where = ", ".join(str(c) for c in cards) if cards else "no DRM card"
    via = f" (session: {', '.join(f'{k}={v}' for k, v in session.items())})" if session else " (KMS/DRM, no desktop)"
    return [Finding("display", OK, f"Display: {where}{via}.", detail=detail)]


def _abs_bits(device: Path) -> set[int]:
    """The ABS capability bits of an input device. sysfs prints them as hex words the size of the
    kernel's `long`, most significant first (64 bits on 64-bit Raspberry Pi OS, 32 on 32-bit)."""
    try:
        words = (device / "device" / "capabilities" / "abs").read_text().split()
    except OSError:
        return set()
    width = LONG_BITS
    bits: set[int] = set()
    for index, word in enumerate(reversed(words)):
        try:
            value = int(word, 16)
        except ValueError:
            return set()
        bits.update(index * width + bit for bit in range(width) if value >> bit & 1)
    return bits


def find_touchscreens(paths: SystemPaths) -> list[dict[str, str]]:
    found = []
    for device in sorted(paths.sys_input.glob("event*")):
        if ABS_MT_POSITION_X not in _abs_bits(device):
            continue
        try:
            name = (device / "device" / "name").read_text().strip()
        except OSError:
            name = "unknown"
        found.append({"device": str(paths.dev / "input" / device.name), "name": name})
    return found


def check_touch(paths: SystemPaths) -> list[Finding]:
    screens = find_touchscreens(paths)
    if not screens:
        if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
            return [Finding("touch", INFO, "No touchscreen found; a mouse works in this desktop session.")]
        if not paths.on_a_pi:
            return on_a_pc("touch", "No touchscreen here: on a PC the mouse stands in for touch.")
        return [Finding("touch", PROBLEM, "No touchscreen found among /dev/input/event* (no multitouch device).",
                        fix="check the touchscreen's ribbon cable (official 7\" display) or USB cable; then "
                            "look for it with: cat /proc/bus/input/devices")]
    unreadable = [s["device"] for s in screens if not os.access(s["device"], os.R_OK)]
    names = "; ".join(f"{s['name']} at {s['device']}" for s in screens)
    if unreadable:
        return [Finding("touch", PROBLEM, f"Touchscreen found ({names}) but {_user()} cannot read it.",
                        fix=_group_fix("input", "the touchscreen"), detail={"touchscreens": screens})]
    return [Finding("touch", OK, f"Touchscreen: {names}.", detail={"touchscreens": screens})]


def check_kivy_input(paths: SystemPaths) -> list[Finding]:
    """More than one touch reader in Kivy's config makes every tap count twice."""
    home = paths.kivy_home or Path(os.environ.get("KIVY_HOME") or Path.home() / ".kivy")
    config_file = home / "config.ini"
    import configparser

    parser = configparser.RawConfigParser()
    try:
        parser.read(config_file)
    except configparser.Error as error:
        return [Finding("kivy-input", WARNING, f"Kivy's settings {config_file} cannot be read: {error}",
                        fix="delete the file (Kivy writes a fresh one) or re-run deploy/install.sh")]
    if not parser.has_section("input"):
        return []
    readers = dict(parser.items("input"))
    if len(readers) > 1 and not paths.on_a_pi:
        return on_a_pc("kivy-input", f"Kivy's touch sources in {config_file}: {', '.join(readers)} (on a PC the "
                                     "app reads the mouse, with no second touch).")
    if len(readers) > 1:
        return [Finding("kivy-input", WARNING,
                        f"Kivy reads touch from {len(readers)} sources in {config_file} "
                        f"({', '.join(readers)}): each tap may land twice.",
                        fix="keep one line in its [input] section, or re-run deploy/install.sh, which writes one",
                        detail={"input": readers})]
    return [Finding("kivy-input", OK, f"Kivy touch input: {', '.join(readers) or 'none'} ({config_file}).",
                    detail={"input": readers})]


# --- sound ------------------------------------------------------------------------------------------------

_CARD_LINE = re.compile(r"^\s*(\d+)\s+\[([^\]]+)\]:\s*(.*)$")


def check_audio(paths: SystemPaths, sound_wanted: bool) -> list[Finding]:
    try:
        text = paths.asound_cards.read_text()
    except OSError:
        text = ""
    cards = []
    for line in text.splitlines():
        match = _CARD_LINE.match(line)
        if match:
            cards.append({"index": int(match.group(1)), "id": match.group(2).strip(), "name": match.group(3).strip()})
    if not cards and not paths.on_a_pi:
        return on_a_pc("audio", "No sound card here: the race beep stays silent on this PC.")
    if not cards:
        status = PROBLEM if sound_wanted else INFO
        return [Finding("audio", status, "No sound card found (/proc/asound/cards is empty or missing).",
                        fix=("add dtparam=audio=on to /boot/firmware/config.txt; the official display has no "
                             "speaker and a Pi 5 has no headphone jack, so plug in a USB speaker or an HDMI screen "
                             "with speakers (or set \"display\": {\"sound\": false} in config.json)")
                        if sound_wanted else None,
                        detail={"cards": []})]
    devices = sorted((paths.dev / "snd").glob("pcmC*D*p"))
    if devices and not any(os.access(d, os.R_OK | os.W_OK) for d in devices):
        return [Finding("audio", PROBLEM, f"Sound card found but {_user()} cannot play to it.",
                        fix=_group_fix("audio", "sound"), detail={"cards": cards})]
    names = "; ".join(f"{c['index']}: {c['name']}" for c in cards)
    return [Finding("audio", OK, f"Sound: {names}.", detail={"cards": cards})]


# --- data ---------------------------------------------------------------------------------------------------

def check_data_dir(data_dir: Path) -> list[Finding]:
    existing = data_dir
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    detail: dict[str, Any] = {"path": str(data_dir), "exists": data_dir.exists()}
    if os.path.lexists(data_dir) and not data_dir.is_dir():
        return [Finding("data", PROBLEM, f"Data directory {data_dir} is not a folder: the app cannot start on it.",
                        fix=f"move {data_dir} away, or start with --data-dir pointing at a folder", detail=detail)]
    if _read_only_mount(existing):
        return [Finding("data", PROBLEM, f"Data directory {data_dir} is on a read-only mount: the app shows why it "
                                         "cannot start, and nothing can be saved.",
                        fix="remount it read-write (sudo mount -o remount,rw ...), or check the card's lock switch",
                        detail=detail)]
    if not os.access(existing, os.W_OK):
        return [Finding("data", PROBLEM, f"Data directory {data_dir} is not writable by {_user()}: games cannot be saved.",
                        fix=f"sudo chown -R {_user()}: {data_dir}  (or start with --data-dir pointing at a writable place)",
                        detail=detail)]
    free = shutil.disk_usage(existing).free
    detail["free_bytes"] = free
    where = f"{data_dir}" + ("" if data_dir.exists() else " (created at first start)")
    megabytes = free // (1024 * 1024)
    if free < MIN_FREE_BYTES:
        return [Finding("data", PROBLEM, f"Data directory {where}: only {megabytes} MB free; saving games will fail.",
                        fix="free space on that disk (sudo apt clean; delete old files) or use a bigger SD card",
                        detail=detail)]
    if free < LOW_FREE_BYTES:
        return [Finding("data", WARNING, f"Data directory {where}: {megabytes} MB free, running low.",
                        fix="free some space (sudo apt clean) before it runs out", detail=detail)]
    return [Finding("data", OK, f"Data directory {where}: {megabytes} MB free.", detail=detail)]


def _read_only_mount(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


# The app's own files, which it reads or writes as regular files only.
_OWN_FILES = ("config.json", "companion.lock", "companion.sqlite3", "sounds/cue.wav")


def check_own_files(data_dir: Path) -> list[Finding]:
    """Something other than a regular file where the app keeps one of its own (a pipe, a device, a
    folder, a link): the app refuses or replaces it, and says so here first."""
    findings = []
    for name in _OWN_FILES:
        path = data_dir / name
        try:
            mode = path.lstat().st_mode
        except OSError:
            continue
        if stat.S_ISREG(mode):
            continue
        kind = ("a link" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode)
                else "a named pipe" if stat.S_ISFIFO(mode) else "a device or socket")
        findings.append(Finding("data", WARNING, f"{path} is {kind}, not a file: the app does not read it as one.",
                                fix=f"move it away; the app writes {name} afresh where it can"))
    return findings


def check_saved_games(data_dir: Path) -> list[Finding]:
    """Read only. Says which of two very different things is wrong: a file proven unusable (its
    integrity check fails on a clean read, or it is another program's or a newer version's), which the
    app keeps aside at its next start; or a file that cannot be read just now (a read error, another
    program's lock, storage that will not open it), which is left where it is."""
    findings = []
    database = data_dir / DB_NAME
    if database.exists():
        problem = unreadable = None
        try:
            connection = sqlite3.connect(read_only_uri(database), uri=True, timeout=Store.busy_timeout)
            try:
                problem = usability_problem(connection)
            finally:
                connection.close()
            if problem is not None and problem.startswith(DAMAGED) and not proven_damaged(database):
                problem = None
                unreadable = SavedGamesUnavailable.because(
                    database, sqlite3.OperationalError("disk I/O error: read back damaged once, then whole"))
        except sqlite3.Error as error:
            unreadable = SavedGamesUnavailable.because(database, error)
        if problem is not None:
            findings.append(Finding("data", PROBLEM, f"Saved games file {database}: {problem} (checked on a clean read).",
                                    fix="start the app: it keeps this file aside under a dated name and begins a new one"))
        if unreadable is not None:
            findings.append(Finding("data", PROBLEM, f"Saved games file {database} could not be read: not proven "
                                                     f"damaged, and left where it is. {unreadable}",
                                    fix=unreadable.what_to_do))
    for aside in sorted(data_dir.glob(f"{DB_NAME}.unusable-*")):
        if not aside.name.endswith(("-wal", "-shm")):
            findings.append(Finding("data", WARNING, f"A saved games file was kept aside as {aside}.",
                                    fix="nothing is needed; keep it to look into, or delete it once not wanted"))
    return findings


# --- running it ---------------------------------------------------------------------------------------------

def collect(requested_backend: str | None, data_dir: Path, *, paths: SystemPaths | None = None,
            open_backend: Callable[..., Any] | None = None) -> list[Finding]:
    paths = paths or SystemPaths()
    open_backend = open_backend or gpio_backend.open_backend
    findings: list[Finding] = []
    try:
        settings = companion_config.load(data_dir)
    except CompanionError as error:
        findings.append(Finding("config", PROBLEM, f"config.json cannot be used: {error}",
                                fix=f"correct {Path(data_dir) / companion_config.CONFIG_NAME} (or move it away to "
                                    "go back to the defaults); the checks below use the defaults"))
        settings = companion_config.validate({})

    backend_findings, backend = check_backend(requested_backend, settings, open_backend)
    name = backend.name if backend is not None else gpio_backend.resolve_name(requested_backend, settings)
    findings += backend_findings
    findings += check_gpio_chips(paths, needed=name in ("lgpio", "rpigpio"))
    findings.append(describe_pin_map(settings))
    if backend is not None:
        try:
            if backend.has_gpio:
                findings += check_buttons(backend, settings)
        finally:
            backend.close()
    return findings + _beside_the_buttons(paths, settings, Path(data_dir))


def _beside_the_buttons(paths: SystemPaths, settings: dict[str, Any], data_dir: Path) -> list[Finding]:
    """The checks that read and claim nothing the running app holds."""
    return (check_display(paths) + check_touch(paths) + check_kivy_input(paths)
            + check_audio(paths, sound_wanted=bool(settings["display"]["sound"])) + check_data_dir(data_dir)
            + check_own_files(data_dir) + check_saved_games(data_dir))


def collect_in_app(data_dir: Path, settings: dict[str, Any], controller: Any, *,
                   paths: SystemPaths | None = None) -> list[Finding]:
    """The doctor run inside the running app (its Maintenance page), where `companion-doctor` cannot run
    beside the kiosk: the buttons are read through the app's own controller (hardware.controller.
    RaceController, None where none is open) instead of claiming their pins, which the app holds."""
    paths = paths or SystemPaths()
    findings: list[Finding] = []
    if controller is not None:
        backend = controller.backend
        findings += check_backend(backend.requested, settings, lambda *_args, **_kwargs: backend)[0]
        findings += check_gpio_chips(paths, needed=backend.name in ("lgpio", "rpigpio"))
        findings.append(describe_pin_map(settings))
        if controller.buttons is not None:
            findings += button_states(controller.buttons, settings)
    return findings + _beside_the_buttons(paths, settings, Path(data_dir))


_LABELS = {OK: "ok", INFO: "info", WARNING: "WARNING", PROBLEM: "PROBLEM"}


def report(findings: list[Finding], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    problems = [f for f in findings if f.status == PROBLEM]
    print("companion doctor", file=out)
    for finding in findings:
        print(f"  {_LABELS[finding.status]:<8} {finding.summary}", file=out)
        if finding.fix and finding.status in (WARNING, PROBLEM):
            print(f"  {'':<8} FIX: {finding.fix}", file=out)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found.", file=out)
    else:
        print("No problems found.", file=out)


def main(args: argparse.Namespace) -> int:
    data_dir = Path(getattr(args, "data_dir", None) or default_data_dir())
    findings = collect(getattr(args, "backend", None), data_dir)
    if getattr(args, "json", False):
        problems = sum(f.status == PROBLEM for f in findings)
        json.dump({"ok": problems == 0, "problems": problems, "findings": [asdict(f) for f in findings]},
                  sys.stdout, indent=2)
        print()
    else:
        report(findings)
    return 1 if any(f.status == PROBLEM for f in findings) else 0
