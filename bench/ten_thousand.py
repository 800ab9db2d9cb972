"""Ten thousand games (bench/history.py makes them): what the family waits for, measured on the running
programs. Each figure is of a process of its own (CPU = user + system seconds of that process, memory =
its largest resident size), and each is printed beside its baseline from this same run:

- Home: from the app's start to its first frame, and to Home showing tonight's game night, on 10,000
  games against an empty data directory;
- `companion stats` (every player's record), on 10,000 games against 100;
- `companion import-evening` of a new evening of five games into 100, 1,000 and 10,000 saved games:
  the cost for each game already saved is the slope between 100 and 10,000;
- opening the saved games alone, which every command and the app's start do first, so that what is
  left of each figure is the command's own; and reading every page through for damage
  (Store.prove_whole), which the app does after its first frame, off the screen's thread, and a
  write does first.

The first reading after a history is saved may work out and keep what the later ones read (each
game's summary, each game's key for the duplicate check): it is printed apart, as "first".

    python bench/ten_thousand.py [GAMES]      # GAMES: 10000 unless given
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests"), str(ROOT)]

from history import generate  # noqa: E402

from companion.rulecards import load_example  # noqa: E402
from companion.store import DB_NAME, Store  # noqa: E402

RUNS = 3

# The app up to Home, as `companion` starts it (see bench/startup.py): it writes "<event> <seconds since
# the start> <CPU seconds> <largest resident KB>" at its first frame and once tonight's game night shows.
APP = """
import os, resource, sys, time
from pathlib import Path
def stamp(event):
    usage = resource.getrusage(resource.RUSAGE_SELF)
    os.write(1, f"{{event}} {{time.monotonic()!r}} {{usage.ru_utime + usage.ru_stime!r}} {{usage.ru_maxrss}}\\n".encode())
sys.path.insert(0, {root!r})
from companion import config
from ui.main import prepare_kivy
prepare_kivy((800, 480), False)
from kivy.clock import Clock
from kivy.core.window import Window
from ui.app import CompanionApp

app = CompanionApp.create(data_dir=Path({data!r}), settings=config.load(Path({data!r})), backend="none")
expect_tonight = {expect_tonight!r}

def first_frame(*_):
    Window.unbind(on_flip=first_frame)
    stamp("first-frame")
    Clock.schedule_interval(home_filled, 0)

def home_filled(_dt):
    home = app.navigator.current_screen
    if expect_tonight and not home.model.tonight:
        return True
    stamp("home-filled")
    app.stop()
    return False

Window.bind(on_flip=first_frame)
app.run()
"""


def run_child(command: list[str], env: dict[str, str] | None = None) -> tuple[float, int, str]:
    """(CPU seconds, largest resident KB, standard output) of one process, which must succeed."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    # Read both pipes to the end, then reap the child with its own resource use.
    out = process.stdout.read() if process.stdout else b""
    err = process.stderr.read() if process.stderr else b""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])} failed:\n{err.decode()[-2000:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, out.decode()


def companion(*args: str) -> tuple[float, int, str]:
    return run_child([sys.executable, "-m", "table_companion", *args])


def opening(history: Path, then: str = "pass") -> float:
    """CPU seconds of a process that opens the saved games (and does `then` with them) and nothing else,
    with what `companion` imports: the part of each command below that is not its own."""
    script = OPEN_ONLY.format(then=then)
    return min(run_child([sys.executable, "-c", script, str(history)])[0] for _ in range(RUNS))


OPEN_ONLY = ("import sys; import table_companion, companion.stats_command, companion.evenings; "
             "from companion.store import Store; store = Store.open(sys.argv[1]); {then}; store.close()")


def home(data: Path, scratch: Path, expect_tonight: bool) -> dict[str, tuple[float, float, int]]:
    """Seconds from the start, CPU seconds and largest resident KB at the first frame and when Home
    shows its game night."""
    script = scratch / "home_first_frame.py"
    script.write_text(APP.format(root=str(ROOT), data=str(data), expect_tonight=expect_tonight))
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(scratch / "kivy"), "KIVY_LOG_LEVEL": "error",
           "KIVY_NO_CONSOLELOG": "1"}
    started = time.monotonic()
    _, _, out = run_child([sys.executable, str(script)], env=env)
    found = {}
    for line in out.splitlines():
        event, at, cpu, kb = line.split()
        found[event] = (float(at) - started, float(cpu), int(kb))
    return found


def evening_file(folder: Path, family: tuple[str, str, str]) -> Path:
    """A new evening: the five games by a family the history never saw, begun two hours ago."""
    first, second, third = family
    names = {"nut": [first, second], "mix_the_mutts": [second, third], "thats_ruff": [third, first],
             "pugs_in_mugs": [first, third], "nuts_about_mutts": [first, second, third]}
    games = [{**load_example(key), "players": players} for key, players in names.items()]
    path = folder / f"evening-of-{first}.json"
    path.write_text(json.dumps({"evening": {"started_at": time.time() - 7200}, "games": games}))
    return path


def saved(folder: Path, games: int) -> Path:
    folder.mkdir()
    store = Store.open(folder)
    try:
        generate(store, games)
    finally:
        store.close()
    return folder


def import_costs(history: Path, scratch: Path, evening: Path) -> tuple[float, float]:
    """(CPU seconds of the first import into a copy of `history`, of the next one into another copy)."""
    costs = []
    for attempt in range(2):
        copy = scratch / f"copy-{history.name}-{attempt}"
        shutil.copytree(history, copy)
        if attempt:   # what the first import worked out and kept, as a kiosk keeps it
            companion("import-evening", str(evening_file(scratch, ("Tess", "Uma", "Val"))), "--data-dir", str(copy))
        costs.append(companion("import-evening", str(evening), "--data-dir", str(copy))[0])
        shutil.rmtree(copy)
    return costs[0], costs[1]


def main(argv: list[str]) -> int:
    most = int(argv[1]) if len(argv) > 1 else 10_000
    with tempfile.TemporaryDirectory(prefix="companion-10k-") as folder:
        scratch = Path(folder)
        sizes = sorted({100, min(1_000, most), most})
        histories = {size: saved(scratch / f"games-{size}", size) for size in sizes}
        largest, smallest = histories[most], histories[100]
        print(f"saved: {', '.join(f'{size:,}' for size in sizes)} games "
              f"({(largest / DB_NAME).stat().st_size / 1e6:.0f} MB for {most:,})")

        empty = scratch / "empty"
        empty.mkdir()
        home(largest, scratch, True)   # the first start after saving works out what it keeps
        bare = min((home(empty, scratch, False) for _ in range(RUNS)), key=lambda found: found["first-frame"][0])
        full = min((home(largest, scratch, True) for _ in range(RUNS)), key=lambda found: found["home-filled"][0])
        print(f"\nHome on {most:,} games (best of {RUNS}), against an empty data directory:")
        for event, words in (("first-frame", "first frame"), ("home-filled", "tonight shown")):
            at, cpu, kb = full[event]
            bare_at, bare_cpu, bare_kb = bare["first-frame"]
            print(f"  {words:14} {at:6.2f} s ({at / bare_at:4.2f}x), CPU {cpu:5.2f} s ({cpu / bare_cpu:4.2f}x), "
                  f"{kb / 1024:4.0f} MB ({kb / bare_kb:4.2f}x)")

        first = companion("stats", "--data-dir", str(largest))
        few = min(companion("stats", "--data-dir", str(smallest)) for _ in range(RUNS))
        many = min(companion("stats", "--data-dir", str(largest)) for _ in range(RUNS))
        opened = {size: opening(history) for size, history in histories.items()}
        print(f"\nopening the saved games alone (best of {RUNS}): CPU "
              + ", ".join(f"{cpu:.2f} s at {size:,}" for size, cpu in opened.items()))
        proven = {size: opening(history, "store.prove_whole()") for size, history in histories.items()}
        print(f"opening them and reading every page through (best of {RUNS}): CPU "
              + ", ".join(f"{cpu:.2f} s at {size:,}" for size, cpu in proven.items()))
        print(f"\ncompanion stats (best of {RUNS}): CPU {many[0]:.2f} s on {most:,} games, {few[0]:.2f} s on 100 "
              f"({many[0] / few[0]:.1f}x); {many[1] / 1024:.0f} MB; the first after saving {first[0]:.2f} s")
        print(f"  beyond opening: {many[0] - opened[most]:.2f} s on {most:,}, {few[0] - opened[100]:.2f} s on 100")

        evening = evening_file(scratch, ("Quinn", "Rosa", "Sami"))
        costs = {size: import_costs(history, scratch, evening) for size, history in histories.items()}
        print("\ncompanion import-evening of 5 new games, CPU (first after saving, then later):")
        for size, (once, later) in costs.items():
            print(f"  into {size:6,} saved games: {once:5.2f} s, later {later:5.2f} s")
        slope = (costs[most][1] - costs[100][1]) / (most - 100) * 1000
        # An import writes, so it reads the pages through first.
        own = [costs[size][1] - proven[size] for size in (100, most)]
        print(f"  each game already saved adds {slope:.3f} ms to an import "
              f"({costs[most][1] / costs[100][1]:.2f}x from 100 to {most:,}); beyond opening and reading through, "
              f"{(own[1] - own[0]) / (most - 100) * 1000:.3f} ms ({own[1]:.2f} s against {own[0]:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
