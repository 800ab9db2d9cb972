"""The records of a table with 1,000 finished games: the example evening of docs/examples (five games,
three players, bone races) played every week for 200 weeks. Times are wall-clock seconds, the best of
three: reading the saved log once (what every records screen does, off the screen's thread) and working
out every figure the screens and `companion stats` show from it. The screens' lists do not grow with
the games: one row per opponent on the head to head, one per month in the year.

    python bench/records.py
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from example_evening import games  # noqa: E402

from companion.game_lines import read_ledger  # noqa: E402
from companion.records import Records  # noqa: E402
from companion.store import Store  # noqa: E402

WEEKS = 200
WEEK_S = 7 * 86400.0


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder))
        try:
            evening = games()
            store.import_sessions([dataclasses.replace(
                game, started_at=game.started_at - week * WEEK_S, last_played_at=game.last_played_at - week * WEEK_S,
                moves_at=tuple(moment - week * WEEK_S for moment in game.moves_at))
                for week in range(WEEKS) for game in evening])
            reads, figures = [], []
            for _ in range(3):
                start = time.perf_counter()
                ledger = read_ledger(store)
                read = time.perf_counter()
                records = Records(ledger)
                records.players, records.player("Ann"), records.head_to_head("Ann", "Ben")
                for year in {month.year for month in records.months}:
                    records.year(year)
                reads.append(read - start)
                figures.append(time.perf_counter() - read)
            print(f"games:                      {len(ledger.games)}")
            print(f"read the saved log:         {min(reads):.3f} s")
            print(f"every figure from it:       {min(figures):.3f} s")
            print(f"a records screen's wait:    {min(reads) + min(figures):.3f} s (off the screen's thread)")
        finally:
            store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
