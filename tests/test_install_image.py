"""deploy/install.sh into a root that is not running (an SD card image being built, a chroot), and the
checks of what it needs, made before anything is changed. Throwaway roots only: the image is a few
files that look like Raspberry Pi OS to the installer, and every install here is a dry run or is refused."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from install_support import Install

REPO = Path(__file__).resolve().parents[1]
INSTALL = REPO / "deploy" / "install.sh"
UNIT = "/etc/systemd/system/table-companion.service"
WANTS_LINK = "etc/systemd/system/multi-user.target.wants/table-companion.service"
TTY1_LOGIN = "etc/systemd/system/getty.target.wants/getty@tty1.service"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="install.sh needs bash")


def make_image(directory: Path, *, python: str | None = "3.11", programs=("systemctl", "apt-get"),
               users=("alice",), groups=("gpio", "video", "render", "input", "audio")) -> Path:
    """The parts of a Raspberry Pi OS root the installer looks at before it installs."""
    bin_dir = directory / "usr/bin"
    bin_dir.mkdir(parents=True)
    for program in programs:
        (bin_dir / program).write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / program).chmod(0o755)
    if python is not None:
        (bin_dir / f"python{python}").write_text("")
        (bin_dir / f"python{python}").chmod(0o755)
        (bin_dir / "python3").symlink_to(f"python{python}")
    (directory / "etc").mkdir()
    (directory / "etc/passwd").write_text("root:x:0:0::/root:/bin/bash\n" + "".join(
        f"{name}:x:{1000 + index}:{1000 + index}::/home/{name}:/bin/bash\n" for index, name in enumerate(users)))
    (directory / "etc/group").write_text("".join(f"{name}:x:{900 + index}:\n" for index, name in enumerate(groups)))
    return directory


def install(*options: str, env_path: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ}
    env.pop("SUDO_USER", None)
    if env_path is not None:
        env["PATH"] = env_path
    return subprocess.run(["bash", str(INSTALL), *options], capture_output=True, text=True, env=env, timeout=120)


def dry_run_into_image(tmp_path: Path, image: Path, *options: str) -> Install:
    output = tmp_path / "written"
    completed = install("--dry-run", "--root", str(output), "--image-root", str(image), *options)
    return Install(output, completed)


@pytest.fixture
def image(tmp_path) -> Path:
    return make_image(tmp_path / "image")


# --- installing into an image ------------------------------------------------------------------------------

def test_the_service_is_enabled_by_its_link_without_asking_systemd(tmp_path, image):
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode == 0, result.stderr
    link = result.file(WANTS_LINK)
    assert link.is_symlink() and os.readlink(link) == UNIT
    assert result.file(UNIT.lstrip("/")).is_file()
    assert not [command for command in result.commands if "systemctl" in command]


def test_what_needs_a_running_system_is_skipped_and_listed(tmp_path, image):
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode == 0, result.stderr
    skipped = result.stdout.split("Skipped, for the running system to do at its first boot:")[1]
    assert "daemon-reload" in skipped and "try-restart" in skipped
    assert "udevadm" in skipped
    assert not [command for command in result.commands if "udevadm" in command]
    assert "starts at the image's first boot" in result.stdout
    assert "sudo reboot" not in result.stdout


def test_every_command_runs_inside_the_image(tmp_path, image):
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode == 0, result.stderr
    assert result.commands
    assert all(command[:2] == ["chroot", str(image)] for command in result.commands), result.commands
    # The image cannot see this clone: pip installs a copy placed inside the image.
    pip_sources = [command[-1] for command in result.commands if command[3:6] == ["-m", "pip", "install"]
                   and "--upgrade" not in command[-2:]]
    assert pip_sources and all(source.startswith("/var/tmp/") for source in pip_sources), pip_sources
    assert ["chroot", str(image), "usermod", "-a", "-G", "gpio,video,render,input,audio", "alice"] in result.commands


def test_the_login_prompt_on_tty1_is_switched_off_by_removing_its_link(tmp_path, image):
    login = tmp_path / "written" / TTY1_LOGIN
    login.parent.mkdir(parents=True)
    login.symlink_to("/lib/systemd/system/getty@.service")
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode == 0, result.stderr
    assert not login.is_symlink()


def test_a_desktop_image_is_set_to_boot_to_the_console(tmp_path, image):
    display_manager = image / "etc/systemd/system/display-manager.service"
    display_manager.parent.mkdir(parents=True)
    display_manager.write_text("")
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode == 0, result.stderr
    assert os.readlink(result.file("etc/systemd/system/default.target")) == "/lib/systemd/system/multi-user.target"
    assert not [command for command in result.commands if "raspi-config" in command]


def test_a_dry_run_never_writes_into_the_image(tmp_path, image):
    before = sorted(str(path.relative_to(image)) for path in image.rglob("*"))
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode == 0, result.stderr
    assert sorted(str(path.relative_to(image)) for path in image.rglob("*")) == before


def test_the_overlay_is_refused_in_an_image_with_what_to_do_instead(tmp_path, image):
    result = dry_run_into_image(tmp_path, image, "--user", "alice", "--overlay", "--data-dir", "/srv/family")
    assert result.returncode != 0
    assert "--overlay cannot be set up in an image" in result.stderr
    assert "after the first boot" in result.stderr
    assert not result.file(UNIT.lstrip("/")).exists()


def test_an_image_root_that_does_not_exist_is_refused(tmp_path):
    result = dry_run_into_image(tmp_path, tmp_path / "no-such-image", "--user", "alice")
    assert result.returncode != 0
    assert "is not a directory" in result.stderr


def test_an_image_without_proc_and_dev_mounted_says_how_to_mount_them(tmp_path, image):
    # Not a dry run: the mounts matter only when the image's programs really run. Refused before
    # anything is changed, with or without root.
    completed = install("--image-root", str(image), "--user", "alice")
    assert completed.returncode != 0
    assert f"mount -t proc proc {image}/proc" in completed.stderr
    assert f"mount --bind /dev {image}/dev" in completed.stderr
    assert not (image / UNIT.lstrip("/")).exists()


# --- prerequisites, checked in the image before anything is changed -------------------------------------------

@pytest.mark.parametrize("image_options, message", [
    ({"programs": ("apt-get",)}, "systemd is missing from the image"),
    ({"programs": ("systemctl",)}, "apt-get is missing from the image"),
    ({"python": None}, "python3 is missing from the image"),
    ({"python": "3.9"}, "python3 on the image at"),
    ({"users": ("bob",)}, "there is no user 'alice' in the image"),
])
def test_a_missing_prerequisite_is_named_with_what_to_do_and_nothing_is_written(tmp_path, image_options, message):
    image = make_image(tmp_path / "image", **image_options)
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode != 0
    problems = [line for line in result.stderr.splitlines() if line.startswith("  - ")]
    assert len(problems) == 1, result.stderr
    assert message in problems[0]
    assert result.commands == []
    assert not result.file(UNIT.lstrip("/")).exists()


def test_python_older_than_3_11_is_refused_with_the_version_found(tmp_path):
    image = make_image(tmp_path / "image", python="3.9")
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert "is 3.9; the app needs 3.11 or newer" in result.stderr


def test_every_missing_prerequisite_is_listed_at_once(tmp_path):
    image = make_image(tmp_path / "image", python=None, programs=(), users=())
    result = dry_run_into_image(tmp_path, image, "--user", "alice")
    assert result.returncode != 0
    problems = [line for line in result.stderr.splitlines() if line.startswith("  - ")]
    assert [p.split()[1] for p in problems] == ["systemd", "apt-get", "python3", "there"], problems
    assert "nothing was changed" in result.stderr


# --- prerequisites on the machine itself ------------------------------------------------------------------------

def path_without(tmp_path: Path, *left_out: str, python_version: str | None = None) -> str:
    """A PATH with every program of this machine except LEFT_OUT, and optionally a python3 of another version."""
    shim = tmp_path / "shim-bin"
    shim.mkdir()
    for directory in ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"):
        if not Path(directory).is_dir():
            continue
        for program in Path(directory).iterdir():
            link = shim / program.name
            if program.name in left_out or link.exists() or link.is_symlink():
                continue
            link.symlink_to(program)
    if python_version is not None:
        (shim / "python3").unlink(missing_ok=True)
        major, minor = python_version.split(".")
        (shim / "python3").write_text(f"#!/bin/sh\necho {major}.{minor}\n")
        (shim / "python3").chmod(0o755)
    return str(shim)


def test_a_machine_without_systemd_apt_or_python_3_11_is_told_each_before_anything_happens(tmp_path):
    # An account that does not exist keeps this refused on any machine, so nothing is ever installed.
    completed = install("--user", "nobody-at-this-table",
                        env_path=path_without(tmp_path, "systemctl", "apt-get", python_version="3.9"))
    assert completed.returncode != 0
    problems = [line for line in completed.stderr.splitlines() if line.startswith("  - ")]
    if not problems:
        pytest.skip(f"this machine is seen as a chroot, where the image checks apply: {completed.stderr[:200]}")
    text = "\n".join(problems)
    assert "systemd is missing from this system (no systemctl)" in text
    assert "apt-get is missing from this system" in text
    assert "python3 on this system is 3.9" in text
    assert "there is no user 'nobody-at-this-table'" in text
    assert "sudo adduser nobody-at-this-table" in text
