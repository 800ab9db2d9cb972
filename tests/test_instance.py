"""One running app per data directory: a second copy is refused and told who holds it, and a killed
app leaves nothing behind that blocks the next start."""

import os
import select
import signal
import subprocess
import sys

import pytest

from companion import instance
from companion.errors import CompanionError

pytestmark = pytest.mark.skipif(instance.fcntl is None, reason="the lock needs POSIX file locks")

HOLD = ("import sys, time; from companion.instance import hold_data_dir; hold_data_dir(sys.argv[1]); "
        "print('held', flush=True); time.sleep(60)")


def holder(data_dir):
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(data_dir)], stdout=subprocess.PIPE, text=True)
    # A start that hangs (on a pipe in the lock's place) fails here instead of stopping the tests.
    if not select.select([process.stdout], [], [], 60)[0]:
        process.kill()
        raise AssertionError("the app hung while taking its data directory")
    line = process.stdout.readline().strip()
    if line != "held":
        process.kill()
        raise AssertionError(f"the app could not take its data directory: {line!r}")
    return process


def test_a_second_copy_is_refused_with_who_holds_the_directory(tmp_path):
    first = holder(tmp_path)
    try:
        with pytest.raises(instance.DataDirInUse) as refused:
            instance.hold_data_dir(tmp_path)
        assert isinstance(refused.value, CompanionError)
        assert f"process {first.pid}" in str(refused.value) and "--data-dir" in str(refused.value)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    # Killed, the first copy leaves no lock behind.
    instance.hold_data_dir(tmp_path)
    instance.hold_data_dir(tmp_path)  # the same process again is the same instance
    assert (tmp_path / instance.LOCK_NAME).stat().st_mode & 0o077 == 0


def test_the_running_app_refuses_a_second_start_on_its_data_directory(tmp_path):
    first = holder(tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "table_companion", "--data-dir", str(tmp_path),
                                 "--backend", "mock"], capture_output=True, text=True, timeout=120,
                                env={"KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"),
                                     "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    assert second.returncode == 2
    assert f"is in use by process {first.pid}" in second.stderr


def test_a_planted_link_in_place_of_the_lock_never_has_its_target_written(tmp_path):
    data, target = tmp_path / "data", tmp_path / "precious.txt"
    data.mkdir()
    target.write_text("the family's own file")
    (data / instance.LOCK_NAME).symlink_to(target)
    first = holder(data)
    try:
        assert target.read_text() == "the family's own file"
        assert not (data / instance.LOCK_NAME).is_symlink()   # the note replaced the link itself
        with pytest.raises(instance.DataDirInUse) as refused:
            instance.hold_data_dir(data)
        assert f"process {first.pid}" in str(refused.value)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()


@pytest.mark.parametrize("plant", ["folder", "pipe"])
def test_a_folder_or_a_pipe_in_place_of_the_lock_still_holds_the_directory(tmp_path, plant):
    data = tmp_path / "data"
    data.mkdir()
    if plant == "folder":
        (data / instance.LOCK_NAME).mkdir()
        (data / instance.LOCK_NAME / "inside").write_text("kept")
    else:
        os.mkfifo(data / instance.LOCK_NAME)
    first = holder(data)   # would hang on the pipe, or stop with a traceback on the folder
    try:
        with pytest.raises(instance.DataDirInUse):
            instance.hold_data_dir(data)
        if plant == "folder":
            assert (data / instance.LOCK_NAME / "inside").read_text() == "kept"
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()


def test_deleting_the_lock_file_while_the_app_runs_does_not_let_a_second_copy_in(tmp_path):
    first = holder(tmp_path)
    try:
        (tmp_path / instance.LOCK_NAME).unlink()
        with pytest.raises(instance.DataDirInUse) as refused:
            instance.hold_data_dir(tmp_path)
        assert "close that copy" in str(refused.value)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
