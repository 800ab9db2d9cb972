"""The race cue's sound: a short bright beep, written once as a WAV into the data directory (so no
binary ships in the repository) and played through Kivy. A machine without audio stays silent."""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050


def write_beep(path: Path, frequency: float = 1046.5, seconds: float = 0.22) -> Path:
    frames = int(RATE * seconds)
    fade = int(RATE * 0.01)  # 10 ms ramps: no click at either end
    samples = bytearray()
    for i in range(frames):
        envelope = min(1.0, i / fade, (frames - i) / fade)
        samples += struct.pack("<h", int(0.6 * 32767 * envelope * math.sin(2 * math.pi * frequency * i / RATE)))
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(samples))
    return path


class CueSound:
    """`enabled` and `volume` (percent) are config.json's display.sound and display.volume."""

    def __init__(self, data_dir: Path, enabled: bool, volume: float = 100):
        self._sound = None
        self.volume = max(0.0, min(100.0, volume))
        if not enabled:
            return
        path = Path(data_dir) / "sounds" / "cue.wav"
        if not path.exists():
            write_beep(path)
        from kivy.core.audio import SoundLoader

        self._sound = SoundLoader.load(str(path))  # None when the machine has no audio output
        if self._sound is not None:
            self._sound.volume = self.volume / 100

    @classmethod
    def from_settings(cls, data_dir: Path, display: dict) -> "CueSound":
        return cls(data_dir, display["sound"], display["volume"])

    @property
    def audible(self) -> bool:
        return self._sound is not None and self.volume > 0

    def play(self) -> None:
        if self.audible:
            self._sound.stop()
            self._sound.play()
