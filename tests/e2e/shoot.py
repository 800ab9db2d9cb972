"""The documentation's screenshots, taken from real play-throughs (what a family actually sees), at
800x480 and 1280x720: `make screenshots` or `python tests/e2e/shoot.py DIR`."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

PLAY = Path(__file__).with_name("play.py")
SIZES = ("800x480", "1280x720")
# (game, players, long names): the crowded tables are the ones worth showing.
TABLES = (("nuts_about_mutts", 6, True), ("thats_ruff", 4, True), ("mix_the_mutts", 4, True),
          ("nut", 3, True), ("pugs_in_mugs", 5, True))


def main(directory: Path) -> int:
    directory.mkdir(parents=True, exist_ok=True)
    failed = 0
    for game, players, long_names in TABLES:
        for size in SIZES:
            with tempfile.TemporaryDirectory(prefix="companion-shoot-") as scratch:
                env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(Path(scratch) / "kivy"),
                       "KIVY_LOG_LEVEL": "error", "KIVY_NO_CONSOLELOG": "1"}
                command = [sys.executable, str(PLAY), game, "--players", str(players), "--size", size,
                           "--shots", str(directory), "--data-dir", str(Path(scratch) / "data")]
                result = subprocess.run(command + (["--long-names"] if long_names else []), env=env,
                                        capture_output=True, text=True)
                print(f"{game} {players} players {size}: {'ok' if result.returncode == 0 else 'FAILED'}",
                      flush=True)
                if result.returncode:
                    failed += 1
                    print(result.stdout[-3000:], result.stderr[-3000:], sep="\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")))
