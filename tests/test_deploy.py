"""deploy/install.sh, run in its dry-run mode: every file it would install lands under a throwaway root
and the system commands (apt, usermod, systemctl, raspi-config) are printed instead of run."""

from __future__ import annotations

import configparser
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from install_support import Install

REPO = Path(__file__).resolve().parents[1]
INSTALL = REPO / "deploy" / "install.sh"
UNIT = "etc/systemd/system/table-companion.service"
EJECT_UNIT = "etc/systemd/system/table-companion-eject"
KIVY_CONFIG = "etc/table-companion/kivy/config.ini"
DOCTOR = "usr/local/bin/companion-doctor"
VENV = "/opt/table-companion/venv"
DEFAULT_DATA = "/var/lib/table-companion"
UPDATES = "/var/lib/table-companion-updates"
# Of the updates folder only the start state is the kiosk's to write: the versions are the update service's.
UPDATES_START = f"{UPDATES}/start"
BACKLIGHT_RULE = "etc/udev/rules.d/90-table-companion-backlight.rules"
# Writable in the unit despite ProtectKernelTunables=, for the display's backlight; "-": may be missing.
BACKLIGHT_SYSFS = "-/sys/devices/platform"
# Beside the data directory: updates from a stick, and the sticks themselves (mounted for the user alice).
ALSO_WRITABLE = [UPDATES_START, "-/media/alice", BACKLIGHT_SYSFS]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="install.sh needs bash")


def install(root: Path, *options: str, path_dir: Path | None = None) -> Install:
    env = dict(os.environ)
    if path_dir is not None:
        env["PATH"] = f"{path_dir}{os.pathsep}{env['PATH']}"
    env.pop("SUDO_USER", None)
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--root", str(root), *options],
        capture_output=True, text=True, env=env, timeout=120,
    )
    return Install(root, result)


def unit_settings(path: Path) -> dict[str, list[str]]:
    """systemd allows a key more than once (DeviceAllow=, Environment=), so keep every value."""
    settings: dict[str, list[str]] = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def paths(settings: dict[str, list[str]], key: str) -> list[str]:
    """Path settings, each as systemd reads it (quotes removed)."""
    return [word for value in settings.get(key, []) for word in shlex.split(value)]


def environment(settings: dict[str, list[str]]) -> dict[str, str]:
    pairs = {}
    for entry in settings.get("Environment", []):
        for assignment in shlex.split(entry):
            name, _, value = assignment.partition("=")
            pairs[name] = value
    return pairs


def kivy_config(path: Path) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser()
    parser.optionxform = str  # keep key case, as Kivy does
    parser.read(path)
    return parser


@pytest.fixture
def done(tmp_path) -> Install:
    result = install(tmp_path / "root", "--user", "alice", "--rotation", "90")
    assert result.returncode == 0, result.stderr
    return result


# --- the service -----------------------------------------------------------------------------------------

def test_service_starts_the_installed_app_full_screen_on_the_data_directory(done):
    settings = unit_settings(done.file(UNIT))
    command = shlex.split(settings["ExecStart"][0])
    # The installed version's launcher, which starts an update from a stick once it is installed.
    assert command[:3] == [f"{VENV}/bin/python", "-m", "companion.launch"]
    assert "--fullscreen" in command
    assert command[command.index("--data-dir") + 1] == DEFAULT_DATA
    assert settings["User"] == ["alice"]
    assert settings["WantedBy"] == ["multi-user.target"]


def test_service_comes_back_after_a_crash(done):
    settings = unit_settings(done.file(UNIT))
    assert settings["Restart"][0] in {"always", "on-failure"}
    assert float(settings["RestartSec"][0]) > 0
    # The default start limit would leave a kiosk dark after a few quick crashes.
    assert settings["StartLimitIntervalSec"] == ["0"]


def test_service_may_write_only_the_data_directory(done):
    settings = unit_settings(done.file(UNIT))
    assert settings["NoNewPrivileges"] == ["yes"]
    assert settings["ProtectSystem"][0] in {"strict", "full"}
    assert paths(settings, "ReadWritePaths") == [DEFAULT_DATA, *ALSO_WRITABLE]
    assert settings["PrivateTmp"] == ["yes"]
    assert settings["ProtectHome"] == ["yes"]
    assert settings["DevicePolicy"] == ["closed"]
    allowed = {entry.split()[0] for entry in settings["DeviceAllow"]}
    assert {"char-drm", "char-input", "char-gpiochip", "char-alsa"} <= allowed


def test_a_data_directory_with_a_space_reaches_the_app_whole(tmp_path):
    result = install(tmp_path / "root", "--user", "alice", "--data-dir", "/srv/family games")
    assert result.returncode == 0, result.stderr
    settings = unit_settings(result.file(UNIT))
    command = shlex.split(settings["ExecStart"][0])
    assert command[command.index("--data-dir") + 1] == "/srv/family games"
    assert shlex.split(settings["RequiresMountsFor"][0]) == ["/srv/family games"]
    assert shlex.split(settings["ReadWritePaths"][0]) == ["/srv/family games"]
    doctor = result.file("usr/local/bin/companion-doctor").read_text()
    assert '--data-dir "/srv/family games" doctor' in doctor


@pytest.mark.parametrize("data_dir", ['/srv/a"b', "/srv/50%", "/srv/x|y", "/srv/$HOME", "/srv/a\\b"])
def test_a_data_directory_the_unit_cannot_carry_is_refused_before_anything_is_written(tmp_path, data_dir):
    result = install(tmp_path / "root", "--user", "alice", "--data-dir", data_dir)
    assert result.returncode != 0
    assert "character the service file cannot carry" in result.stderr
    assert not result.file(UNIT).exists()


def test_the_unit_is_locked_down_to_what_a_kiosk_needs(done):
    settings = unit_settings(done.file(UNIT))
    assert settings["UMask"] == ["0077"]
    assert "@system-service" in settings["SystemCallFilter"]
    assert settings["CapabilityBoundingSet"] == [""]
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here")
    scored = subprocess.run([analyze, "security", "--offline=true", str(done.file(UNIT))],
                            capture_output=True, text=True, timeout=120)
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+)", scored.stdout)
    if found is None:
        pytest.skip(f"this systemd-analyze cannot score a unit file offline: {scored.stderr.strip()[:200]}")
    assert float(found.group(1)) <= 3.0, scored.stdout[-2000:]


def test_lgpio_gets_a_writable_working_directory(done):
    settings = unit_settings(done.file(UNIT))
    env = environment(settings)
    workdir = settings["WorkingDirectory"][0]
    assert env["LG_WD"] == workdir
    # Writable under ProtectSystem=strict: systemd's own runtime directory for the unit, or a listed path.
    runtime = [f"/run/{name}" for name in settings.get("RuntimeDirectory", [])]
    assert workdir in runtime + paths(settings, "ReadWritePaths")


def test_service_draws_with_sdl2_on_kms_and_keeps_kivy_off_the_command_line(done):
    env = environment(unit_settings(done.file(UNIT)))
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["KIVY_WINDOW"] == "sdl2"
    assert env["KIVY_HOME"] == "/etc/table-companion/kivy"
    # Without it Kivy parses --fullscreen/--data-dir itself and refuses to start.
    assert env["KIVY_NO_ARGS"] == "1"


def test_data_directory_under_home_stays_reachable(tmp_path):
    result = install(tmp_path / "root", "--user", "alice", "--data-dir", "/home/alice/companion")
    assert result.returncode == 0, result.stderr
    settings = unit_settings(result.file(UNIT))
    assert paths(settings, "ReadWritePaths") == ["/home/alice/companion", *ALSO_WRITABLE]
    assert settings["ProtectHome"] == ["read-only"]


def _verify_root(tmp_path: Path) -> Path:
    root = tmp_path / "verify-root"
    result = install(root, "--user", "alice")
    assert result.returncode == 0, result.stderr
    # systemd-analyze --root needs the stock units (sysinit.target...) and the program the unit starts.
    shutil.copytree("/usr/lib/systemd/system", root / "usr/lib/systemd/system", symlinks=True)
    program = root / VENV.lstrip("/") / "bin" / "python"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    return root


@pytest.mark.skipif(shutil.which("systemd-analyze") is None or not Path("/usr/lib/systemd/system").is_dir(),
                    reason="systemd-analyze is not installed here")
def test_systemd_accepts_every_line_of_the_unit(tmp_path):
    root = _verify_root(tmp_path)
    check = subprocess.run(
        ["systemd-analyze", "verify", f"--root={root}", f"/{UNIT}", f"/{EJECT_UNIT}.path", f"/{EJECT_UNIT}.service"],
        capture_output=True, text=True, timeout=60,
    )
    # systemd only warns (exit 0) about unknown keys and bad values, then ignores them; any output is a problem.
    assert check.returncode == 0 and (check.stdout + check.stderr).strip() == "", check.stdout + check.stderr


# --- Kivy settings -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rotation", ["0", "90", "180", "270"])
def test_kivy_reads_touch_from_exactly_one_source_and_turns_the_picture(tmp_path, rotation):
    result = install(tmp_path / "root", "--user", "alice", "--rotation", rotation)
    assert result.returncode == 0, result.stderr
    config = kivy_config(result.file(KIVY_CONFIG))
    inputs = dict(config.items("input"))
    assert len(inputs) == 1, inputs
    (reader,) = inputs.values()
    assert reader.startswith("probesysfs")
    # mtdev follows slot-based ("type B") multitouch, which the official display's controller sends;
    # Kivy's hidinput reader only understands the older protocol and would see no touches at all.
    assert "provider=mtdev" in reader
    assert "select_all=0" in reader  # touchscreens only, not keyboards or the HDMI CEC device
    assert "mouse" not in inputs
    assert config.get("graphics", "rotation") == rotation


def test_bad_rotation_is_refused_before_anything_is_written(tmp_path):
    result = install(tmp_path / "root", "--user", "alice", "--rotation", "45")
    assert result.returncode != 0
    assert "--rotation must be 0, 90, 180 or 270" in result.stderr
    assert result.commands == []
    assert not result.file(UNIT).exists()


def test_kivy_2_3_loads_the_written_settings_unchanged(done, tmp_path):
    """Kivy rewrites an out-of-date config.ini at startup and re-adds its default touch probe (double taps);
    the written file must be taken as current and have every key Kivy looks up."""
    home = done.file("etc/table-companion/kivy")
    before = (home / "config.ini").read_text()
    probe = textwrap.dedent("""
        import json
        from kivy.config import Config
        print(json.dumps({s: dict(Config.items(s)) for s in Config.sections()}))
    """)
    env = {**os.environ, "KIVY_HOME": str(home), "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120)
    assert loaded.returncode == 0, loaded.stderr
    import json
    sections = json.loads(loaded.stdout.strip().splitlines()[-1])
    assert (home / "config.ini").read_text() == before
    assert list(sections["input"]) == ["touchscreen_%(name)s"]
    assert sections["graphics"]["rotation"] == "90"

    # Kivy's own defaults, from a fresh home: each key must be present in ours.
    fresh = tmp_path / "fresh-kivy-home"
    fresh.mkdir()
    defaults = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                              env={**env, "KIVY_HOME": str(fresh)})
    assert defaults.returncode == 0, defaults.stderr
    for section, keys in json.loads(defaults.stdout.strip().splitlines()[-1]).items():
        if section == "input":
            continue
        missing = set(keys) - set(sections.get(section, {}))
        assert not missing, f"[{section}] lacks {sorted(missing)}"


# --- groups, packages, program -----------------------------------------------------------------------------

def test_user_joins_the_hardware_groups(done):
    (usermod,) = done.ran("usermod")
    assert usermod[-1] == "alice"
    groups = set(usermod[usermod.index("-G") + 1].split(","))
    assert groups == {"gpio", "video", "render", "input", "audio"}
    assert "-a" in usermod  # append: never drop the user's other groups


def test_the_kiosk_user_may_set_the_displays_backlight(done):
    rules = [line for line in done.file(BACKLIGHT_RULE).read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    (rule,) = rules
    assert 'SUBSYSTEM=="backlight"' in rule and 'ACTION=="add"' in rule
    # sysfs files take no GROUP=/MODE=: the rule changes the brightness file itself, for the video group.
    assert 'RUN+="/bin/chgrp video /sys%p/brightness"' in rule
    assert 'RUN+="/bin/chmod g+w /sys%p/brightness"' in rule
    (usermod,) = done.ran("usermod")
    assert "video" in usermod[usermod.index("-G") + 1].split(",")
    # A backlight that is already there gets the rule now, not only at the next boot.
    assert ["udevadm", "control", "--reload"] in done.commands
    assert ["udevadm", "trigger", "--subsystem-match=backlight", "--action=add"] in done.commands
    # /sys is read-only under ProtectKernelTunables=; the backlight's devices are opened again.
    settings = unit_settings(done.file(UNIT))
    assert settings["ProtectKernelTunables"] == ["yes"]
    assert BACKLIGHT_SYSFS in settings["ReadWritePaths"]


@pytest.mark.skipif(shutil.which("udevadm") is None, reason="udevadm is not installed here")
def test_udev_accepts_the_backlight_rule(done):
    check = subprocess.run(["udevadm", "verify", str(done.file(BACKLIGHT_RULE))],
                           capture_output=True, text=True, timeout=60)
    if check.returncode != 0 and "unknown command" in check.stderr.lower():
        pytest.skip("this udevadm has no verify command (systemd < 253)")
    assert check.returncode == 0, check.stdout + check.stderr


def test_packages_and_program_are_installed_and_the_service_enabled(done):
    (apt_install,) = [c for c in done.commands if "apt-get" in c and "install" in c]
    for package in ("python3-venv", "libgles2", "libegl1", "libgbm1", "libgl1-mesa-dri", "libasound2", "libmtdev1"):
        assert package in apt_install
    pip_installs = [c for c in done.ran(f"{VENV}/bin/python", "-m", "pip", "install") if str(REPO) in " ".join(c)]
    assert any(arg.endswith("[pi]") for command in pip_installs for arg in command)
    assert ["systemctl", "enable", "table-companion.service"] in done.commands
    assert ["systemctl", "disable", "getty@tty1.service"] in done.commands


def test_desktop_image_is_switched_to_boot_to_the_console(tmp_path):
    root = tmp_path / "root"
    display_manager = root / "etc/systemd/system/display-manager.service"
    display_manager.parent.mkdir(parents=True)
    display_manager.write_text("")
    result = install(root, "--user", "alice")
    assert result.returncode == 0, result.stderr
    assert ["raspi-config", "nonint", "do_boot_behaviour", "B1"] in result.commands


def test_lite_image_keeps_its_boot_setting(done):
    assert done.ran("raspi-config") == []


def test_doctor_wrapper_runs_as_the_kiosk_user_with_the_kiosk_settings(done):
    text = done.file(DOCTOR).read_text()
    assert os.access(done.file(DOCTOR), os.X_OK)
    assert f'"{VENV}/bin/companion" --data-dir "{DEFAULT_DATA}" doctor' in text
    assert "sudo -u alice" in text


# --- the family's data -------------------------------------------------------------------------------------

def test_first_install_creates_the_data_directory_for_the_user(done):
    data = done.file(DEFAULT_DATA.lstrip("/"))
    assert data.is_dir()
    assert ["chown", "alice:", DEFAULT_DATA] in done.commands


def test_reinstall_keeps_the_familys_data(tmp_path):
    root = tmp_path / "root"
    first = install(root, "--user", "alice")
    assert first.returncode == 0, first.stderr
    data = root / DEFAULT_DATA.lstrip("/")
    (data / "config.json").write_text('{"backend": "lgpio"}\n')
    (data / "sessions").mkdir()
    (data / "sessions" / "0001.json").write_text('{"game": "mix_the_mutts"}\n')
    os.chmod(data, 0o700)

    again = install(root, "--user", "alice", "--rotation", "180")
    assert again.returncode == 0, again.stderr
    assert (data / "config.json").read_text() == '{"backend": "lgpio"}\n'
    assert (data / "sessions" / "0001.json").read_text() == '{"game": "mix_the_mutts"}\n'
    assert sorted(p.name for p in data.rglob("*")) == ["0001.json", "config.json", "sessions"]
    assert (data.stat().st_mode & 0o777) == 0o700
    assert [command for command in again.ran("chown") if command[-1] == DEFAULT_DATA] == []
    assert "Keeping the existing data directory" in again.stdout
    # The upgrade itself did happen.
    assert kivy_config(again.file(KIVY_CONFIG)).get("graphics", "rotation") == "180"


@pytest.mark.parametrize("data_dir", ["/tmp/companion", "/boot/firmware/companion", "relative/dir",
                                      "/opt/table-companion/data"])
def test_data_directory_that_would_lose_data_is_refused(tmp_path, data_dir):
    result = install(tmp_path / "root", "--user", "alice", "--data-dir", data_dir)
    assert result.returncode != 0
    assert "--data-dir" in result.stderr
    assert result.commands == []


def test_kiosk_never_runs_as_root(tmp_path):
    result = install(tmp_path / "root", "--user", "root")
    assert result.returncode != 0
    assert "--user" in result.stderr


def test_root_option_without_dry_run_is_refused(tmp_path):
    result = subprocess.run(["bash", str(INSTALL), "--root", str(tmp_path), "--user", "alice"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "--root only works together with --dry-run" in result.stderr


# --- read-only root overlay ----------------------------------------------------------------------------------

def fake_findmnt(directory: Path, answer: str) -> Path:
    """A findmnt that reports every path as living on ANSWER ("TARGET FSTYPE")."""
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / "findmnt"
    script.write_text(f"#!/bin/sh\necho '{answer}'\n")
    script.chmod(0o755)
    return directory


def overlay_root(tmp_path: Path, fstab_line: str | None) -> Path:
    root = tmp_path / "root"
    (root / "etc").mkdir(parents=True)
    (root / "etc/fstab").write_text("proc /proc proc defaults 0 0\n" + (fstab_line or ""))
    (root / "boot/firmware").mkdir(parents=True)
    # As raspi-config leaves it after enabling the overlay.
    (root / "boot/firmware/cmdline.txt").write_text(
        "overlayroot=tmpfs console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 rootwait\n")
    return root


def test_overlay_with_data_on_the_root_file_system_is_refused(tmp_path):
    root = overlay_root(tmp_path, None)
    result = install(root, "--user", "alice", "--overlay", path_dir=fake_findmnt(tmp_path / "bin", "/ ext4"))
    assert result.returncode != 0
    assert "root file system" in result.stderr and "separate ext4 partition" in result.stderr
    assert result.commands == []
    assert not result.file(UNIT).exists()


@pytest.mark.parametrize("answer, complaint", [("/boot/firmware vfat", "boot partition"),
                                               ("/srv/family vfat", "does not survive power cuts"),
                                               ("/srv/family ext4", "not listed in /etc/fstab")])
def test_overlay_with_data_on_an_unsafe_partition_is_refused(tmp_path, answer, complaint):
    root = overlay_root(tmp_path, None)
    result = install(root, "--user", "alice", "--overlay", "--data-dir", "/srv/family/companion",
                     path_dir=fake_findmnt(tmp_path / "bin", answer))
    assert result.returncode != 0
    assert complaint in result.stderr
    assert result.commands == []


def test_overlay_keeps_the_data_partition_writable(tmp_path):
    root = overlay_root(tmp_path, "PARTUUID=1234-03 /srv/family ext4 defaults,noatime 0 2\n")
    result = install(root, "--user", "alice", "--overlay", "--data-dir", "/srv/family/companion",
                     path_dir=fake_findmnt(tmp_path / "bin", "/srv/family ext4"))
    assert result.returncode == 0, result.stderr
    assert ["raspi-config", "nonint", "do_overlayfs", "0"] in result.commands
    cmdline = (root / "boot/firmware/cmdline.txt").read_text().split()
    # recurse=0: the overlay covers / only, so the data partition from /etc/fstab stays on disk.
    assert [word for word in cmdline if word.startswith("overlayroot=")] == ["overlayroot=tmpfs:recurse=0"]
    assert "root=PARTUUID=1234-02" in cmdline and "rootwait" in cmdline
    assert paths(unit_settings(result.file(UNIT)), "ReadWritePaths") == ["/srv/family/companion", *ALSO_WRITABLE]
    assert paths(unit_settings(result.file(UNIT)), "RequiresMountsFor") == ["/srv/family/companion"]


def test_disable_overlay_takes_the_overlay_off_the_kernel_command_line(tmp_path):
    root = overlay_root(tmp_path, None)
    cmdline = root / "boot/firmware/cmdline.txt"
    cmdline.write_text("overlayroot=tmpfs:recurse=0 console=tty1 root=PARTUUID=1234-02 rootwait\n")
    result = install(root, "--disable-overlay")
    assert result.returncode == 0, result.stderr
    assert cmdline.read_text() == "console=tty1 root=PARTUUID=1234-02 rootwait\n"
    assert "reboot" in result.stdout


# --- script quality ----------------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed here")
def test_deploy_scripts_pass_shellcheck():
    scripts = sorted(str(p) for p in (REPO / "deploy").glob("*.sh"))
    check = subprocess.run(["shellcheck", *scripts], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout
    wrapper = subprocess.run(["shellcheck", "--shell=sh", str(REPO / "deploy/companion-doctor.in")],
                             capture_output=True, text=True, timeout=60)
    assert wrapper.returncode == 0, wrapper.stdout


# --- updates from a stick: signed, and installed by a service of their own ------------------------------

KEYS = "etc/table-companion/update-keys"
UPDATE_SERVICE = "etc/systemd/system/table-companion-update@.service"
UPDATE_SOCKET = "etc/systemd/system/table-companion-update.socket"
UPDATES_TMPFILES = "etc/tmpfiles.d/table-companion-updates.conf"


def test_the_project_s_release_key_is_installed_root_s_and_read_only_to_the_kiosk(done):
    keys = done.file(KEYS)
    installed = sorted(path.name for path in keys.iterdir())
    assert installed == sorted(path.name for path in (REPO / "deploy" / "update-keys").glob("*.gpg"))
    assert installed, "the project ships its release key"
    assert oct(keys.stat().st_mode & 0o777) == "0o755"
    assert {oct(path.stat().st_mode & 0o777) for path in keys.iterdir()} == {"0o644"}
    assert ["chown", "-R", "root:root", "/etc/table-companion"] in done.commands


def test_a_family_s_own_key_replaces_the_keys_installed_before(tmp_path):
    root = tmp_path / "root"
    assert install(root, "--user", "alice").returncode == 0
    own = tmp_path / "our-keys"
    own.mkdir()
    (own / "family.gpg").write_bytes(b"\x98\x33 a public key")
    again = install(root, "--user", "alice", "--update-keys", str(own))
    assert again.returncode == 0, again.stderr
    assert sorted(path.name for path in (root / KEYS).iterdir()) == ["family.gpg"]


def test_without_a_key_to_trust_nothing_is_installed(tmp_path):
    empty = tmp_path / "no-keys"
    empty.mkdir()
    result = install(tmp_path / "root", "--user", "alice", "--update-keys", str(empty))
    assert result.returncode == 1
    assert "holds no public keyring" in result.stderr and "takes no update from a stick" in result.stderr
    assert result.commands == [] and not (tmp_path / "root" / "etc").exists()


def test_updates_are_installed_by_their_own_user_and_only_the_kiosk_may_ask(done):
    service = unit_settings(done.file(UPDATE_SERVICE))
    assert service["User"] == ["table-companion-updates"]
    assert shlex.split(service["ExecStart"][0]) == [f"{VENV}/bin/python", "-P", "-m", "companion.updates.service"]
    assert paths(service, "ReadWritePaths") == [f"{UPDATES}/versions"]
    assert service["PrivateNetwork"] == ["yes"] and service["ProtectSystem"] == ["strict"]
    socket = unit_settings(done.file(UPDATE_SOCKET))
    assert (socket["SocketUser"], socket["SocketMode"], socket["Accept"]) == (["alice"], ["0600"], ["yes"])
    kiosk = unit_settings(done.file(UNIT))
    assert environment(kiosk)["TABLE_COMPANION_UPDATE_SOCKET"] == socket["ListenStream"][0]
    assert environment(kiosk)["TABLE_COMPANION_UPDATES"] == UPDATES
    assert ["useradd", "--system", "--user-group", "--home-dir", "/nonexistent", "--no-create-home", "--shell",
            "/usr/sbin/nologin", "table-companion-updates"] in done.commands
    assert ["chown", "table-companion-updates:table-companion-updates", f"{UPDATES}/versions"] in done.commands
    assert ["chown", "alice:", f"{UPDATES}/start"] in done.commands
    assert ["systemctl", "enable", "--now", "table-companion-update.socket"] in done.commands
    tmpfiles = done.file(UPDATES_TMPFILES).read_text()
    assert f"R {UPDATES}/versions/.partial-*" in tmpfiles   # what a cut-short install left, at every boot
    assert f"d {UPDATES}/versions 0755 table-companion-updates table-companion-updates -" in tmpfiles


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here")
def test_the_update_service_is_hardened(done):
    """systemd's own measure of what a service could do if it were taken over: 10 is everything."""
    analysed = subprocess.run(["systemd-analyze", "security", "--offline=true", str(done.file(UPDATE_SERVICE))],
                              capture_output=True, text=True, timeout=120)
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+)", analysed.stdout)
    assert found is not None, analysed.stdout + analysed.stderr
    assert float(found.group(1)) <= 2.0


def test_an_installer_run_wins_over_every_update_from_a_stick(tmp_path):
    root = tmp_path / "root"
    assert install(root, "--user", "alice").returncode == 0
    locked_in = root / UPDATES.lstrip("/") / "versions" / "9999.9999.9999.9999"
    locked_in.mkdir(parents=True)
    (locked_in / "table_companion.py").write_text("print('not going away')\n")
    (root / UPDATES.lstrip("/") / "start" / "state.json").write_text('{"current": "9999.9999.9999.9999"}\n')
    again = install(root, "--user", "alice")
    assert again.returncode == 0, again.stderr
    assert sorted(path.name for path in (root / UPDATES.lstrip("/")).rglob("*")) == ["start", "versions"]
