"""The race cue's sound: a short bright beep, written as a WAV into the data directory (so no binary
ships in the repository) and played through Kivy. A machine without audio stays silent, and so does
one whose data directory cannot hold the file: a race never waits for its sound.

Kivy would open whatever is at sounds/cue.wav, and a named pipe there would hold the race screen for
ever, so the file is played only once it has been read back as a regular file holding exactly the
beep; anything else there (a pipe, a link, another sound) is replaced by the beep."""

from __future__ import annotations

import functools
import io
import logging
import math
import struct
import wave
from pathlib import Path
from typing import Any

from companion.files import FileProblem, read_regular, write_atomic

RATE = 22050

log = logging.getLogger(__name__)


@functools.cache
def beep(frequency: float = 1046.5, seconds: float = 0.22) -> bytes:
    """The cue as the bytes of a WAV file."""
    frames = int(RATE * seconds)
    fade = int(RATE * 0.01)  # 10 ms ramps: no click at either end
    samples = bytearray()
    for i in range(frames):
        envelope = min(1.0, i / fade, (frames - i) / fade)
        samples += struct.pack("<h", int(0.6 * 32767 * envelope * math.sin(2 * math.pi * frequency * i / RATE)))
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(bytes(samples))
    return out.getvalue()


def write_beep(path: Path, frequency: float = 1046.5, seconds: float = 0.22) -> Path:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    write_atomic(path, beep(frequency, seconds), what="sound file")
    return path


def cue_file(data_dir: Path) -> Path | None:
    """sounds/cue.wav, holding the beep and nothing else; None (and a line in the journal) where the
    data directory cannot hold it."""
    path = Path(data_dir) / "sounds" / "cue.wav"
    wanted = beep()
    try:
        if read_regular(path, len(wanted), what="sound file", follow_links=False) == wanted:
            return path
    except FileProblem:
        pass  # missing, or something else in its place: written afresh below
    try:
        return write_beep(path)
    except OSError as problem:
        log.warning("the race cue stays silent: %s", problem)
        return None


class CueSound:
    """`enabled` and `volume` (percent) are config.json's display.sound and display.volume."""

    def __init__(self, data_dir: Path, enabled: bool, volume: float = 100) -> None:
        self._sound: Any = None   # a Kivy Sound
        self.volume = max(0.0, min(100.0, volume))
        if not enabled:
            return
        path = cue_file(Path(data_dir))
        if path is None:
            return
        from kivy.core.audio import SoundLoader

        self._sound = SoundLoader.load(str(path))  # None when the machine has no audio output
        if self._sound is not None:
            self._sound.volume = self.volume / 100

    @classmethod
    def from_settings(cls, data_dir: Path, display: dict[str, Any]) -> CueSound:
        return cls(data_dir, display["sound"], display["volume"])

    @property
    def has_output(self) -> bool:
        """Whether this machine plays sound at all (the beep is off, or there is no audio output)."""
        return self._sound is not None

    @property
    def audible(self) -> bool:
        return self._sound is not None and self.volume > 0

    def play(self) -> None:
        if self.audible:
            self._sound.stop()
            self._sound.play()
