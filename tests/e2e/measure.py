"""The table's usability in figures, measured on real play-throughs at 800x480 (the 7" display):
touches per recorded move, the smallest text and target on every screen (with Larger text too), and
how long scoring a Nut layout takes. `make measure` or `python tests/e2e/measure.py [docs/table-usability.md]`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from layout import FINE_PRINT_MM, LARGER_FINE_PRINT_MM

PLAY = Path(__file__).with_name("play.py")
SIZE = "800x480"
# Each game at its fewest players with short names and at its most with long ones.
RUNS = (("nuts_about_mutts", 2, False), ("nuts_about_mutts", 6, True), ("thats_ruff", 2, False),
        ("thats_ruff", 4, True), ("mix_the_mutts", 2, False), ("mix_the_mutts", 4, True), ("nut", 2, False),
        ("nut", 3, True), ("pugs_in_mugs", 2, False), ("pugs_in_mugs", 5, True))
# With Larger text, each game at its most players with long names: where the room is shortest.
LARGER_RUNS = tuple(run for run in RUNS if run[2])
TITLES = {"nuts_about_mutts": "Nuts about Mutts", "thats_ruff": "That's Ruff!", "mix_the_mutts": "Mix-the-Mutts",
          "nut": "Nut", "pugs_in_mugs": "Pugs in Mugs"}
# What one ordinary turn records in each game, and those words for the reader.
ORDINARY = {"nuts_about_mutts": (("play",), "a dog card played"), "thats_ruff": (("play",), "a card played"),
            "mix_the_mutts": (("draw", "finish_turn"), "two cards drawn, turn finished"),
            "nut": (("pick",), "a card picked"), "pugs_in_mugs": (("draw", "end_turn"), "a card drawn, turn ended")}
KEY_NUMBER_MM, PRIMARY_MM, TARGET_MM, SECONDARY_MM = 10, 12, 9, 3.5


def play(game: str, players: int, long_names: bool, larger_text: bool = False) -> dict:
    with tempfile.TemporaryDirectory(prefix="companion-measure-") as scratch:
        env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(Path(scratch) / "kivy"),
               "KIVY_LOG_LEVEL": "error", "KIVY_NO_CONSOLELOG": "1"}
        command = [sys.executable, str(PLAY), game, "--players", str(players), "--size", SIZE,
                   "--data-dir", str(Path(scratch) / "data")] + (["--long-names"] if long_names else []) + \
            (["--larger-text"] if larger_text else [])
        result = subprocess.run(command, env=env, capture_output=True, text=True)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    if result.returncode or not lines:
        raise SystemExit(f"{game} with {players} players did not reach its winner:\n{result.stdout[-3000:]}")
    return json.loads(lines[-1])


def markdown(header: list[str], rows) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + \
        ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]


def turns_table(reports: list[dict]) -> list[str]:
    def touches(report):
        moves, _ = ORDINARY[report["game"]]
        costs = report["touches_per_move"]
        return sum(costs[move]["median_touches"] for move in moves if move in costs)
    return markdown(["Game", "Players", "An ordinary turn", "Touches"],
                    [(TITLES[r["game"]], r["players"], ORDINARY[r["game"]][1], f"{touches(r):g}") for r in reports])


def moves_table(reports: list[dict]) -> list[str]:
    return markdown(
        ["Game", "Players", "Move", "Times", "Touches (median)", "of which big-button presses", "Most touches"],
        [(TITLES[r["game"]], r["players"],
          f"`{move}`" + (" (ordinary turn)" if move in ORDINARY[r["game"]][0] else ""), cost["count"],
          f"{cost['median_touches']:g}", f"{cost['median_presses']:g}", cost["most_touches"])
         for r in reports for move, cost in r["touches_per_move"].items()])


def screens_table(reports: list[dict]) -> list[str]:
    smallest: dict[str, list[float]] = {}
    under: dict[str, set[str]] = {}
    for report in reports:
        for screen, (text_mm, target_mm) in report["smallest"].items():
            seen = smallest.setdefault(screen, [text_mm, target_mm])
            seen[0], seen[1] = min(seen[0], text_mm), min(seen[1], target_mm)
        for screen, texts in report.get("small_texts", {}).items():
            under.setdefault(screen, set()).update(texts)
    return markdown(["Screen (and what is open on it)", "Smallest text, capital height", "Smallest target",
                     f"Texts read from the seats under {SECONDARY_MM} mm"],
                    [(screen, f"{smallest[screen][0]:.1f} mm", f"{smallest[screen][1]:.1f} mm",
                      len(under.get(screen, ()))) for screen in sorted(smallest)])


def nut_table(reports: list[dict]) -> list[str]:
    return markdown(["Players", "Way", "Nuts in the layout", "Rows", "Touches, from choosing the player to Score"],
                    [(r["players"], scored["way"], scored["nuts"], scored["rows"], scored["touches"])
                     for r in reports for scored in r.get("nut_scoring", [])])


def write(reports: list[dict], larger: list[dict], target: Path) -> None:
    text = [
        "# The table in figures",
        "",
        f"Measured by `make measure` on complete play-throughs at {SIZE}, the official 7\" display (about 5.2 px",
        "per mm): a family plays each game from Home to its winner by touches and big-button presses, at its",
        "fewest players with short names and at its most with long ones. The layout check fails a play-through",
        f"on any key number under {KEY_NUMBER_MM} mm tall, primary target under {PRIMARY_MM} mm, other target "
        f"under {TARGET_MM} mm, text",
        f"under {FINE_PRINT_MM} mm ({LARGER_FINE_PRINT_MM} mm with Larger text), and text that is cut, overflows or",
        "breaks inside a word.",
        "",
        "## Touches per turn",
        "",
        "The median over every such turn in the play-throughs.",
        "",
        *turns_table(reports),
        "",
        "## Touches per move",
        "",
        "Every tap and big-button press between one recorded move and the next, counted against the move;",
        "Undo, Redo, Home, Resume, History and Rules are not counted against any move. The families also try",
        "refused moves, so the most touches include a refusal read and corrected.",
        "",
        *moves_table(reports),
        "",
        "## Smallest text and target on each screen",
        "",
        "Text is measured by the height of a capital letter. Whose turn it is and each count a player acts",
        f"on are key numbers, at least {KEY_NUMBER_MM} mm. On the game tables, everything players read from",
        f"their seats is at least {SECONDARY_MM} mm; the words on buttons and fine print (a hint, an explanation)",
        f"are read up close and only need the floor of {FINE_PRINT_MM} mm. The last column counts the distinct texts read",
        f"from the seats under {SECONDARY_MM} mm seen on that screen during the play-throughs (the layout check",
        "fails any on a game table; the home, set-up, settings and rules screens are read up close).",
        "",
        *screens_table(reports),
        "",
        "## With Larger text",
        "",
        "Larger text (Settings, Reading) makes every word and number a quarter bigger. Each game played through",
        "again with it put on by touch in Settings, at its most players with long names; the floor for any text",
        f"is then {LARGER_FINE_PRINT_MM} mm, and every other rule of the layout check holds as before.",
        "",
        *screens_table(larger),
        "",
        "## Scoring a Nut layout",
        "",
        "Painting: each stretch of one paint is one stroke of the finger across the cells, after choosing the",
        "paint; counting by hand: the + and - of each colour's largest cluster and its squirrels.",
        "",
        *nut_table(reports),
        "",
    ]
    target.write_text("\n".join(text))


def main(target: Path) -> int:
    reports = []
    for game, players, long_names in RUNS:
        report = play(game, players, long_names)
        print(f"{game} {players} players: {report['taps']} taps, {report['moves']} moves", flush=True)
        reports.append(report)
    larger = []
    for game, players, long_names in LARGER_RUNS:
        report = play(game, players, long_names, larger_text=True)
        print(f"{game} {players} players with Larger text: {report['taps']} taps, {report['moves']} moves", flush=True)
        larger.append(report)
    write(reports, larger, target)
    print(f"written {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/table-usability.md")))
