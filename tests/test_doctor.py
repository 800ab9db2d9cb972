"""`companion doctor` against a fake Raspberry Pi: device nodes, sysfs and /proc/asound live in a temp
directory, and the buttons are gpiozero mock pins."""

from __future__ import annotations

import ctypes
import io
import json
import os
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from hardware import backend as gpio_backend
from hardware import doctor


def sysfs_bits(*bits: int) -> str:
    """Capability bits as sysfs prints them: hex words of the kernel's long, most significant first."""
    width = ctypes.sizeof(ctypes.c_long) * 8
    value = sum(1 << bit for bit in bits)
    words = []
    while True:
        words.append(f"{value & ((1 << width) - 1):x}")
        value >>= width
        if not value:
            break
    return " ".join(reversed(words))


# The official 7" display's touch controller: ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X/Y, ABS_MT_TRACKING_ID.
FT5X06_ABS = sysfs_bits(0x00, 0x01, 0x2F, 0x35, 0x36, 0x39)


def fake_pi(tmp_path: Path, *, gpio_chip: bool = True) -> doctor.SystemPaths:
    dev = tmp_path / "dev"
    for node in ["dri/card1", "dri/renderD128", "input/event0", "input/event4", "snd/pcmC0D0p", "snd/controlC0"]:
        (dev / node).parent.mkdir(parents=True, exist_ok=True)
        (dev / node).write_text("")
    if gpio_chip:
        (dev / "gpiochip0").write_text("")
    sys_input = tmp_path / "sys/class/input"
    for name, label, abs_bits in [("event0", "vc4-hdmi-0", "0"), ("event4", "generic ft5x06 (79)", FT5X06_ABS)]:
        device = sys_input / name / "device"
        (device / "capabilities").mkdir(parents=True)
        (device / "capabilities" / "abs").write_text(abs_bits + "\n")
        (device / "name").write_text(label + "\n")
    cards = tmp_path / "proc/asound/cards"
    cards.parent.mkdir(parents=True)
    cards.write_text(" 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n"
                     "                      bcm2835 Headphones\n")
    kivy_home = tmp_path / "kivy"
    kivy_home.mkdir()
    (kivy_home / "config.ini").write_text("[input]\ntouchscreen_%(name)s = probesysfs,provider=mtdev,select_all=0\n")
    return doctor.SystemPaths(dev=dev, sys_input=sys_input, asound_cards=cards, kivy_home=kivy_home,
                              model_files=(a_pi_model(tmp_path),))


def a_pi_model(tmp_path: Path) -> Path:
    model = tmp_path / "proc/device-tree/model"
    model.parent.mkdir(parents=True, exist_ok=True)
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    return model


def bare(tmp_path: Path, *, pi: bool) -> doctor.SystemPaths:
    """A machine with no display, touchscreen or sound card, and two touch sources in Kivy's settings."""
    empty = tmp_path / "empty"
    kivy_home = empty / "kivy"
    kivy_home.mkdir(parents=True)
    (kivy_home / "config.ini").write_text("[input]\nmouse = mouse\n%(name)s = probesysfs\n")
    return doctor.SystemPaths(dev=empty / "dev", sys_input=empty / "sys", asound_cards=empty / "cards",
                              kivy_home=kivy_home, model_files=(a_pi_model(tmp_path) if pi else empty / "model",))


@pytest.fixture(autouse=True)
def no_desktop_session(monkeypatch):
    # The kiosk has none; a developer's DISPLAY must not change what these tests see.
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)


REAL_OPEN_BACKEND = gpio_backend.open_backend


def mock_backend(factory: MockFactory):
    """The real backend opener on a mock pin factory the test controls."""
    def open_backend(name, settings, *, strict):
        return REAL_OPEN_BACKEND("mock", settings, strict=strict, factory=factory)
    return open_backend


class StuckClosedPin(MockPin):
    """A button whose contacts never open: the line stays at GND whatever the pull-up does."""

    def _set_pull(self, value):
        super()._set_pull(value)
        self.drive_low()


def problems(findings):
    return [f for f in findings if f.status == doctor.PROBLEM]


def run_main(monkeypatch, paths, open_backend, data_dir, *, json_output=False, backend=None):
    monkeypatch.setattr(doctor, "SystemPaths", lambda: paths)
    monkeypatch.setattr(doctor.gpio_backend, "open_backend", open_backend)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    code = doctor.main(Namespace(json=json_output, backend=backend, data_dir=data_dir))
    return code, out.getvalue()


def test_healthy_table_reports_no_problems_and_exits_zero(tmp_path, monkeypatch):
    paths = fake_pi(tmp_path)
    code, text = run_main(monkeypatch, paths, mock_backend(MockFactory()), tmp_path / "data")
    assert code == 0, text
    assert "No problems found." in text
    assert "PROBLEM" not in text
    assert "GPIO backend: mock (MockFactory)" in text
    assert "Touchscreen: generic ft5x06 (79)" in text
    assert "bcm2835 Headphones" in text
    for number in range(1, 7):
        assert f"Button {number} (GPIO" in text and "released" in text


def test_pin_map_is_reported_from_the_configuration(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "config.json").write_text(json.dumps({"buttons": {"1": {"pin": 4, "led": 18}, "2": {"pin": 16}}}))
    findings = doctor.collect(None, data, paths=fake_pi(tmp_path), open_backend=mock_backend(MockFactory()))
    (pin_map,) = [f for f in findings if f.check == "pin-map"]
    assert "1: GPIO4, LED GPIO18" in pin_map.summary and "2: GPIO16, no LED" in pin_map.summary
    assert [f.detail["pin"] for f in findings if f.check == "button"] == [4, 16]


def test_stuck_button_is_reported_with_a_fix_and_fails(tmp_path, monkeypatch):
    factory = MockFactory()
    factory.pin(24, pin_class=StuckClosedPin)  # button 3 in the default pin map
    code, text = run_main(monkeypatch, fake_pi(tmp_path), mock_backend(factory), tmp_path / "data")
    assert code == 1
    assert "PROBLEM  Button 3 (GPIO24) reads PRESSED with nobody touching it" in text
    fix_line = text.splitlines()[text.splitlines().index(
        next(line for line in text.splitlines() if "Button 3 (GPIO24)" in line)) + 1]
    assert "FIX:" in fix_line and "GPIO24 must reach GND only while the button is pushed" in fix_line
    assert "Button 2 (GPIO22): released." in text
    assert "1 problem found." in text


def test_missing_gpio_chip_with_lgpio_is_reported_with_fixes(tmp_path, monkeypatch):
    def lgpio_without_chip(name, settings, *, strict):
        assert name == "lgpio" and strict
        raise gpio_backend.BackendUnavailable(
            "lgpio could not open the GPIO chip ([Errno 2] No such file or directory: '/dev/gpiochip0')")

    code, text = run_main(monkeypatch, fake_pi(tmp_path, gpio_chip=False), lgpio_without_chip,
                          tmp_path / "data", backend="lgpio")
    assert code == 1
    assert "PROBLEM  GPIO backend lgpio cannot be used: lgpio could not open the GPIO chip" in text
    assert "PROBLEM  No GPIO chip found: /dev/gpiochip* does not exist." in text
    assert text.count("FIX:") >= 2
    assert "--backend mock" in text
    # The rest of the check still runs: the family learns about the screen and sound too.
    assert "Touchscreen: generic ft5x06 (79)" in text


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this machine has a real GPIO chip")
def test_lgpio_on_a_machine_without_gpio_is_a_problem_with_the_real_backend(tmp_path):
    findings = doctor.collect("lgpio", tmp_path / "data", paths=fake_pi(tmp_path, gpio_chip=False))
    (backend,) = [f for f in findings if f.check == "backend"]
    assert backend.status == doctor.PROBLEM and backend.fix
    assert backend.detail["requested"] == "lgpio"


def test_json_output_lists_findings_and_problems(tmp_path, monkeypatch):
    factory = MockFactory()
    factory.pin(17, pin_class=StuckClosedPin)
    code, text = run_main(monkeypatch, fake_pi(tmp_path), mock_backend(factory), tmp_path / "data", json_output=True)
    document = json.loads(text)
    assert code == 1
    assert document["ok"] is False and document["problems"] == 1
    stuck = [f for f in document["findings"] if f["check"] == "button" and f["detail"]["pressed"]]
    assert [(f["detail"]["button"], f["detail"]["pin"]) for f in stuck] == [(1, 17)]
    assert stuck[0]["fix"]
    backend = next(f for f in document["findings"] if f["check"] == "backend")
    assert backend["detail"]["pin_factory"] == "MockFactory"
    assert backend["detail"]["kernel_timestamps"] is False


def test_missing_display_touch_and_sound_are_each_reported(tmp_path):
    findings = doctor.collect(None, tmp_path / "data", paths=bare(tmp_path, pi=True),
                              open_backend=mock_backend(MockFactory()))
    failing = {f.check: f for f in problems(findings)}
    assert set(failing) == {"display", "touch", "audio"}
    assert all(f.fix for f in failing.values())


def test_on_a_pc_the_pis_display_touch_sound_and_touch_sources_are_no_problem(tmp_path):
    findings = doctor.collect(None, tmp_path / "data", paths=bare(tmp_path, pi=False),
                              open_backend=mock_backend(MockFactory()))
    assert not problems(findings) and not [f for f in findings if f.status == doctor.WARNING]
    said = {f.check: f for f in findings}
    for check in ("display", "touch", "audio", "kivy-input"):
        assert said[check].status == doctor.INFO and not said[check].fix
    assert "mouse stands in for touch" in said["touch"].summary


def test_two_touch_readers_in_kivy_settings_are_a_warning(tmp_path):
    paths = fake_pi(tmp_path)
    (paths.kivy_home / "config.ini").write_text("[input]\nmouse = mouse\n%(name)s = probesysfs\n")
    findings = doctor.collect(None, tmp_path / "data", paths=paths, open_backend=mock_backend(MockFactory()))
    (kivy,) = [f for f in findings if f.check == "kivy-input"]
    assert kivy.status == doctor.WARNING and "twice" in kivy.summary and kivy.fix


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_data_directory_is_a_problem(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o500)
    findings = doctor.collect(None, data, paths=fake_pi(tmp_path), open_backend=mock_backend(MockFactory()))
    (data_finding,) = [f for f in findings if f.check == "data"]
    assert data_finding.status == doctor.PROBLEM and "chown" in data_finding.fix


def test_broken_config_file_is_a_problem_and_the_rest_still_runs(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "config.json").write_text('{"buttons": {"1": {"pin": 99}}}')
    findings = doctor.collect(None, data, paths=fake_pi(tmp_path), open_backend=mock_backend(MockFactory()))
    (config_problem,) = problems(findings)
    assert config_problem.check == "config" and "buttons.1.pin" in config_problem.summary
    assert len([f for f in findings if f.check == "button"]) == 6  # fell back to the default pin map


def test_companion_doctor_command_prints_json(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "table_companion", "--backend", "mock", "--data-dir", str(tmp_path), "doctor", "--json"],
        capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[1],
    )
    document = json.loads(result.stdout)
    assert result.returncode == (0 if document["ok"] else 1)
    assert {f["check"] for f in document["findings"]} >= {"backend", "pin-map", "button", "display", "touch",
                                                         "audio", "data"}


def test_doctor_reports_a_damaged_saved_games_file_and_what_was_kept_aside(tmp_path):
    import os

    from companion.players import Player
    from companion.store import Store
    from hardware.doctor import check_saved_games

    store = Store.open(tmp_path)
    store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    store.close()
    assert check_saved_games(tmp_path) == []
    os.truncate(tmp_path / "companion.sqlite3", 1024)
    before = sorted(os.listdir(tmp_path))
    (finding,) = check_saved_games(tmp_path)
    assert finding.status == "problem" and "damaged" in finding.summary and "start the app" in finding.fix
    assert sorted(os.listdir(tmp_path)) == before  # the doctor only looks
    Store.open(tmp_path).close()
    (kept,) = check_saved_games(tmp_path)
    assert kept.status == "warning" and "kept aside as" in kept.summary


def test_doctor_tells_a_file_it_cannot_read_just_now_from_a_damaged_one(tmp_path, monkeypatch):
    from companion.players import Player
    from companion.store import Store
    from hardware.doctor import check_saved_games

    store = Store.open(tmp_path)
    store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    store.close()
    monkeypatch.setattr(Store, "busy_timeout", 0.2)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time; db = sqlite3.connect(sys.argv[1], isolation_level=None); "
         "db.execute('PRAGMA locking_mode=EXCLUSIVE'); db.execute('BEGIN EXCLUSIVE'); "
         "db.execute('SELECT COUNT(*) FROM sessions').fetchone(); print('held', flush=True); time.sleep(60)",
         str(tmp_path / "companion.sqlite3")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        (finding,) = check_saved_games(tmp_path)
    finally:
        holder.kill()
        holder.wait()
    assert finding.status == "problem" and "not proven damaged" in finding.summary
    assert "another program is using it" in finding.summary and "close that program" in finding.fix


def test_doctor_names_what_is_planted_in_place_of_the_apps_own_files(tmp_path):
    from hardware.doctor import check_own_files

    os.mkfifo(tmp_path / "config.json")
    (tmp_path / "companion.lock").symlink_to("/etc/passwd")
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "cue.wav").mkdir()
    said = {finding.summary for finding in check_own_files(tmp_path)}
    assert said == {f"{tmp_path / 'config.json'} is a named pipe, not a file: the app does not read it as one.",
                    f"{tmp_path / 'companion.lock'} is a link, not a file: the app does not read it as one.",
                    f"{tmp_path / 'sounds' / 'cue.wav'} is a folder, not a file: the app does not read it as one."}
