"""One running app per data directory: a second copy is refused and told who holds it, and a killed
app leaves nothing behind that blocks the next start."""

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
    assert process.stdout.readline().strip() == "held"
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
