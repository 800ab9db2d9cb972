"""Checks a screenshot for deploy/pi-check.sh: a PNG of the expected size that shows something.

    python deploy/pi_check_png.py FILE.png 800x480

A screen that failed to draw comes out as one colour, and then every scanline of the PNG is the same;
a drawn screen (text, buttons) has many different ones. Only the standard library is needed.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BYTES_PER_PIXEL = {0: 1, 2: 3, 4: 2, 6: 4}  # by colour type, at 8 bits per channel
# Fewer different scanlines than this is a blank screen, or one with a single bar on it.
MIN_DISTINCT_ROWS = 20


def chunks(data: bytes):
    position = len(SIGNATURE)
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        yield kind, data[position + 8:position + 8 + length]
        position += 12 + length


def check(path: Path, width: int, height: int) -> str | None:
    """What is wrong with the screenshot at PATH, or None."""
    if not path.is_file() or path.stat().st_size == 0:
        return f"{path} is missing or empty"
    data = path.read_bytes()
    if not data.startswith(SIGNATURE):
        return f"{path} is not a PNG"
    parts = list(chunks(data))
    header = dict(parts).get(b"IHDR", b"")
    if len(header) < 13:
        return f"{path} has no PNG header"
    found_width, found_height, depth, colour = struct.unpack(">IIBB", header[:10])
    if (found_width, found_height) != (width, height):
        return f"{path} is {found_width}x{found_height}, not {width}x{height}"
    if depth != 8 or colour not in BYTES_PER_PIXEL:
        return f"{path} has {depth}-bit colour type {colour}, which this check does not read"
    pixels = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    stride = 1 + width * BYTES_PER_PIXEL[colour]
    if len(pixels) != stride * height:
        return f"{path} holds {len(pixels)} bytes of pixels, not {stride * height}"
    rows = {pixels[start:start + stride] for start in range(0, len(pixels), stride)}
    if len(rows) < MIN_DISTINCT_ROWS:
        return f"{path} is blank: only {len(rows)} different rows of pixels"
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 2 or "x" not in argv[1]:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    width, height = (int(number) for number in argv[1].split("x"))
    problem = check(Path(argv[0]), width, height)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    print(f"{argv[0]}: {width}x{height}, drawn")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
