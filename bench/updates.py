"""What an update file from a stick costs the kiosk before it is refused or installed: the CPU time and
the peak memory (the whole process's, as the kernel counts it) of checking each file in a fresh process,
against a process that only reads the same genuine update once and hashes it (the baseline). The
forged files are the ones that cost the kiosk most before the signature was checked first: a sparse
member claiming 64 GiB, a header claiming 20 MB, a zip bomb (300 MB of zeros packed small) signed by a
stranger, and by the maker (so its bounds are what refuses it). The genuine update is this checkout's
wheel, signed by a throwaway key.

    python bench/updates.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from test_updates import huge_pax_header, sparse_member, zip_bomb  # noqa: E402
from update_support import Signer  # noqa: E402

from companion import updates  # noqa: E402

# Run in a fresh process per file: the CPU time and the peak resident memory it reached.
MEASURE = """
import json, os, resource, sys, time
from pathlib import Path
sys.path[:0] = [{root!r}]
from companion.updates import TrustedKeys, UpdateRefused
from companion.updates.installing import install
from companion.updates.reading import check, open_bundle
path, what = Path(sys.argv[1]), sys.argv[2]
keys = TrustedKeys(Path({keys!r}), owners=(os.getuid(),))
before = resource.getrusage(resource.RUSAGE_SELF)
start = time.process_time()
outcome = "taken"
try:
    if what == "baseline":
        import hashlib
        hashlib.sha256(path.read_bytes()).hexdigest()
    elif what == "check":
        check(path, {running!r}, keys)
    else:
        with open_bundle(path) as source:
            install(source, path, Path(sys.argv[3]), {running!r}, keys)
except UpdateRefused as refusal:
    outcome = "refused: " + str(refusal)[:70]
cpu = time.process_time() - start
children = resource.getrusage(resource.RUSAGE_CHILDREN)
# VmHWM: this process's own high-water mark since it started (ru_maxrss would count its parent's before exec).
peak_kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({{"cpu_ms": cpu * 1000 + (children.ru_utime + children.ru_stime) * 1000, "peak_mb": peak_kb / 1024,
                  "outcome": outcome}}))
"""


def genuine_wheel(scratch: Path) -> bytes:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(scratch), str(ROOT)],
                   check=True)
    (wheel,) = scratch.glob("table_companion-*.whl")
    return wheel.read_bytes()


def measure(script: str, path: Path, what: str, folder: Path | None = None) -> dict[str, object]:
    arguments = [sys.executable, "-c", script, str(path), what] + ([str(folder)] if folder else [])
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=600, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> int:
    # The kiosk measured runs an older version than the checkout, so the checkout's wheel is an update to it.
    next_version = updates.running_version()
    running = "0.0.1"
    maker, stranger = Signer("Maker"), Signer("Stranger")
    try:
        with tempfile.TemporaryDirectory() as scratch_name:
            scratch = Path(scratch_name)
            script = MEASURE.format(root=str(ROOT), keys=str(maker.keys_folder), running=running)
            program = genuine_wheel(scratch / "wheel")
            files = {
                "genuine update, signed by the maker": maker.bundle(next_version, program),
                "a sparse member claiming 64 GiB": sparse_member(maker),
                "a header claiming 20 MB": huge_pax_header(),
                "zip bomb signed by a stranger": stranger.bundle(next_version, zip_bomb(next_version)),
                "zip bomb signed by the maker": maker.bundle(next_version, zip_bomb(next_version)),
            }
            print(f"{'file':40} {'size':>9} {'step':>9} {'CPU ms':>8} {'peak MB':>8}  outcome")
            genuine = scratch / "genuine.tcupdate"
            genuine.write_bytes(files["genuine update, signed by the maker"])
            baseline = measure(script, genuine, "baseline")
            print(f"{'baseline: read and hash the genuine file':40} {genuine.stat().st_size:>9,} {'read':>9} "
                  f"{baseline['cpu_ms']:>8.0f} {baseline['peak_mb']:>8.1f}  -")
            for number, (name, data) in enumerate(files.items()):
                path = scratch / f"{number}.tcupdate"
                path.write_bytes(data)
                for step in ("check", "install"):
                    figures = measure(script, path, step, scratch / f"updates-{number}")
                    ratio = float(figures["peak_mb"]) / float(baseline["peak_mb"])   # type: ignore[arg-type]
                    print(f"{name:40} {len(data):>9,} {step:>9} {figures['cpu_ms']:>8.0f} {figures['peak_mb']:>8.1f}"
                          f" ({ratio:.2f}x)  {figures['outcome']}")
    finally:
        maker.close()
        stranger.close()
    print("\nCPU includes gpgv's. Peak memory is the process's largest resident size (Python and the checking code"
          "\nincluded); the ratio is to the baseline's. Install includes unpacking and compiling the program.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
