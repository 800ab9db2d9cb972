"""For make image-check: talks to the emulated Pi through QEMU's QMP socket, and compares its screen.

    python3 deploy/image_check_vm.py SOCKET screendump OUT.png
    python3 deploy/image_check_vm.py SOCKET tap X Y            (pixels from the top left of 800x480)
    python3 deploy/image_check_vm.py SOCKET hold X Y SECONDS   (a finger kept there, as the Maintenance page asks)
    python3 deploy/image_check_vm.py SOCKET plug ID IMAGE      (a USB stick: IMAGE as a usb-storage drive)
    python3 deploy/image_check_vm.py SOCKET unplug ID
    python3 deploy/image_check_vm.py SOCKET powerdown
    python3 deploy/image_check_vm.py - compare SHOT.png EXPECTED.png [MAX_DIFFERENT]
    python3 deploy/image_check_vm.py - blank SHOT.png
    python3 deploy/image_check_vm.py - splash SHOT.png SPLASH.png
    python3 deploy/image_check_vm.py - find SHOT.png WALK.png X Y

Needs Debian's python3-pil for the pictures. compare prints the share of pixels that differ and exits 1
when more than MAX_DIFFERENT (default 0.02) do; only the part above the message bar is compared, where
the emulated screen and this machine's must say the same. splash: whether the screen shows SPLASH
centred, as the boot splash draws it. find: where the part of WALK.png round X,Y (what the walk touched
there) is on SHOT.png, above or below, on a screen whose lines of words above it differ from the walk's;
prints its Y there, or exits 1 if it is nowhere.
"""

from __future__ import annotations

import json
import socket
import sys
import tempfile
import time
from pathlib import Path

WIDTH, HEIGHT = 800, 480
# The message bar at the bottom says what just happened, which may differ in words the check waits for.
COMPARED_HEIGHT = 410
# A channel that differs by less than this is anti-aliasing, not a different picture.
TOLERANCE = 48
TAP_HELD_S = 0.3


class Qmp:
    def __init__(self, path: str):
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.settimeout(120)
        self.connection.connect(path)
        self.reader = self.connection.makefile("r")
        self._answer()   # the greeting
        self.call("qmp_capabilities")

    def _answer(self) -> dict:
        while True:
            line = self.reader.readline()
            if not line:
                raise SystemExit("image_check_vm: QEMU closed the connection")
            message = json.loads(line)
            if "event" not in message:
                return message

    def call(self, command: str, **arguments) -> object:
        answer = self.ask(command, **arguments)
        if "error" in answer:
            raise SystemExit(f"image_check_vm: {command}: {answer['error'].get('desc')}")
        return answer.get("return")

    def ask(self, command: str, **arguments) -> dict:
        self.connection.sendall(json.dumps({"execute": command, "arguments": arguments}).encode() + b"\n")
        return self._answer()


def screendump(qmp: Qmp, out: Path) -> None:
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        raw = Path(folder, "screen.ppm")
        qmp.call("screendump", filename=str(raw))
        Image.open(raw).convert("RGB").save(out)


def tap(qmp: Qmp, x: int, y: int, held_s: float = TAP_HELD_S) -> None:
    """A touch where a finger would put it, kept there `held_s`: QEMU's USB tablet reports absolute
    positions 0-32767."""
    position = [{"type": "abs", "data": {"axis": "x", "value": round(x * 32767 / (WIDTH - 1))}},
                {"type": "abs", "data": {"axis": "y", "value": round(y * 32767 / (HEIGHT - 1))}}]
    qmp.call("input-send-event", events=position)
    qmp.call("input-send-event", events=[{"type": "btn", "data": {"down": True, "button": "left"}}])
    # Held at least as long as a finger's tap: down and up within a millisecond reach the app in one frame.
    time.sleep(held_s)
    qmp.call("input-send-event", events=[{"type": "btn", "data": {"down": False, "button": "left"}}])


def differing_share(first, second) -> float:
    """The share of pixels of two pictures the same size that differ by more than anti-aliasing does."""
    from PIL import ImageChops

    difference = ImageChops.difference(first, second).convert("L").point(lambda value: 255 if value > TOLERANCE else 0)
    return difference.histogram()[255] / (first.width * first.height)


def different_share(shot: Path, expected: Path) -> float:
    from PIL import Image

    box = (0, 0, WIDTH, COMPARED_HEIGHT)
    first = Image.open(shot).convert("RGB").crop(box)
    second = Image.open(expected).convert("RGB").crop(box)
    if first.size != second.size:
        return 1.0
    return differing_share(first, second)


def splash_share(shot: Path, splash: Path) -> float:
    """The share of the splash picture's pixels that differ where the boot splash centres it."""
    from PIL import Image

    screen = Image.open(shot).convert("RGB")
    picture = Image.open(splash).convert("RGB")
    left, top = (screen.width - picture.width) // 2, (screen.height - picture.height) // 2
    return differing_share(screen.crop((left, top, left + picture.width, top + picture.height)), picture)


# The part of the walk's screen looked for: a button's words round the place it was touched.
FIND_HALF_WIDTH, FIND_HALF_HEIGHT, FIND_REACH = 100, 18, 200


def find_touched(shot: Path, walk: Path, x: int, y: int) -> int | None:
    """The Y on `shot` where the walk's screen round X,Y shows again (the same X), or None."""
    from PIL import Image

    box = (max(0, x - FIND_HALF_WIDTH), max(0, y - FIND_HALF_HEIGHT), min(WIDTH, x + FIND_HALF_WIDTH),
           min(HEIGHT, y + FIND_HALF_HEIGHT))
    wanted = Image.open(walk).convert("RGB").crop(box)
    screen = Image.open(shot).convert("RGB")
    shares = {y + shift: differing_share(screen.crop((box[0], box[1] + shift, box[2], box[3] + shift)), wanted)
              for shift in range(-FIND_REACH, FIND_REACH + 1) if box[1] + shift >= 0 and box[3] + shift <= HEIGHT}
    found = min(shares, key=shares.__getitem__, default=None)
    return found if found is not None and shares[found] <= 0.02 else None


def colours(shot: Path) -> int:
    from PIL import Image

    return len(Image.open(shot).convert("RGB").getcolors(maxcolors=1 << 20) or [])


def main(argv: list[str]) -> int:
    path, command, *rest = argv
    if command == "compare":
        limit = float(rest[2]) if len(rest) > 2 else 0.02
        share = different_share(Path(rest[0]), Path(rest[1]))
        print(f"{share:.4f}")
        return 0 if share <= limit else 1
    if command == "splash":
        share = splash_share(Path(rest[0]), Path(rest[1]))
        print(f"{share:.4f}")
        return 0 if share <= 0.02 else 1
    if command == "find":
        found = find_touched(Path(rest[0]), Path(rest[1]), int(rest[2]), int(rest[3]))
        if found is None:
            return 1
        print(found)
        return 0
    if command == "blank":
        # A console is a few colours of text on black; Home has the app's palette and anti-aliased text.
        count = colours(Path(rest[0]))
        print(count)
        return 0 if count > 64 else 1
    qmp = Qmp(path)
    if command == "screendump":
        screendump(qmp, Path(rest[0]))
    elif command == "tap":
        tap(qmp, int(rest[0]), int(rest[1]))
    elif command == "hold":
        tap(qmp, int(rest[0]), int(rest[1]), float(rest[2]))
    elif command == "plug":
        identity, image = rest
        qmp.call("blockdev-add", driver="raw", **{"node-name": identity},
                 file={"driver": "file", "filename": image})
        qmp.call("device_add", driver="usb-storage", bus="xhci.0", drive=identity, id=f"{identity}-usb",
                 removable=True)
    elif command == "unplug":
        # The drive is let go once the guest has given the device up; until then it is in use.
        qmp.call("device_del", id=f"{rest[0]}-usb")
        for _ in range(120):
            if "error" not in qmp.ask("blockdev-del", **{"node-name": rest[0]}):
                break
            time.sleep(0.5)
        else:
            raise SystemExit(f"image_check_vm: the emulated Pi never let go of the stick {rest[0]}")
    elif command == "powerdown":
        qmp.call("system_powerdown")
    else:
        raise SystemExit(f"image_check_vm: unknown command {command!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
