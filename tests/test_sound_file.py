"""The race cue's file: whatever is at sounds/cue.wav, a race never hangs on it and nothing outside the
data directory is written."""

import os
import signal

import pytest

pytest.importorskip("kivy")

from ui.sound import CueSound, beep  # noqa: E402


@pytest.fixture
def loads(monkeypatch):
    """What Kivy is asked to play, read back as it is on the card when asked."""
    from kivy.core.audio import SoundLoader

    asked = []

    def load(path):
        asked.append(open(path, "rb").read())   # a pipe here would wait for ever
        return None

    def hung(*_):
        raise AssertionError("opening the race cue hung")

    monkeypatch.setattr(SoundLoader, "load", staticmethod(load))
    signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield asked
    signal.alarm(0)


@pytest.mark.parametrize("plant", ["pipe", "dangling link", "link to a file", "another sound"])
def test_whatever_is_at_the_cue_file_the_beep_plays_and_nothing_else_is_written(tmp_path, loads, plant):
    sounds, outside = tmp_path / "data" / "sounds", tmp_path / "outside.wav"
    sounds.mkdir(parents=True)
    cue = sounds / "cue.wav"
    if plant == "pipe":
        os.mkfifo(cue)
    elif plant == "dangling link":
        cue.symlink_to(outside)
    elif plant == "link to a file":
        outside.write_bytes(b"the family's recording")
        cue.symlink_to(outside)
    else:
        cue.write_bytes(b"RIFF something else")
    CueSound(tmp_path / "data", enabled=True)
    assert loads == [beep()]
    assert cue.read_bytes() == beep() and not cue.is_symlink()
    assert not outside.exists() or outside.read_bytes() == b"the family's recording"


def test_a_data_directory_that_cannot_hold_the_cue_leaves_the_race_silent(tmp_path, loads):
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "cue.wav").mkdir()   # a folder in its place cannot be replaced
    cue = CueSound(tmp_path, enabled=True)
    assert loads == [] and not cue.audible
    cue.play()
