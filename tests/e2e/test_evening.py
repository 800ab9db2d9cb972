"""A game night as a family plays it, in the real app, by touches only: from Home a whole Mix-the-Mutts
game with two players, *Play again* (the same players, a fresh game) played to its end too, *Another
game* and from Home a Nut game with the same two players, then Home's "Tonight: ..." button: the
evening's standings give everyone the points the three finished games give (worked out here from each
game's result as the store keeps it, and checked against what the end screens said), the three games
are listed with each one's points, and a name opens that player's records (3 games played, their wins);
the last player's head to head and the year in review say the same from the same saved games.
The layout check runs on every screen on the way, the evening, the profiles and Home with tonight's
button included.

The pytest case runs the evening in its own process, as the play-throughs do (Kivy fixes the window
size when it opens):

    python tests/e2e/test_evening.py [--size 800x480] [--data-dir DIR]

prints one JSON line (what was checked, taps, seconds, layout problems) and exits 0 when the whole
evening went as a family would expect, 1 otherwise."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = ["Maya", "Ben"]
TIMEOUT_S = 1500


# ----- the evening, in the app's own process -------------------------------------------------------

def end_screen_winners(table, pattern: str) -> list[str]:
    """The winners the end screen names in its headline (which of the players lead the sentence)."""
    regex = re.compile(pattern)
    for text in table.texts():
        found = regex.search(text)
        if found:
            return [name for name in NAMES if re.search(rf"\b{re.escape(name)}\b", found.group(1))]
    raise AssertionError(f"{table.where()}: the end screen names no winner ({pattern}): {table.texts()}")


def expected_evening(data_dir: Path) -> tuple[list[dict], dict[str, int], dict[str, int]]:
    """Every saved game as the store keeps it, and from each finished game's places, independently of
    the app's evening code: one point for every player finished ahead of; a win for each winner."""
    from companion.registry import game_entry
    from companion.store import Store

    store = Store.open(data_dir)
    try:
        records = store.history()
    finally:
        store.close()
    games, points, wins = [], dict.fromkeys(NAMES, 0), dict.fromkeys(NAMES, 0)
    for record in records:
        outcome = record.outcome
        assert record.finished_at is not None and outcome is not None and outcome.finished, \
            f"game {record.id} ({record.game}) is not saved as finished: {record}"
        given = {}
        for mine in outcome.standings:
            ahead_of = sum(1 for other in outcome.standings
                           if other.seat != mine.seat and mine.place < other.place)
            given[mine.name] = ahead_of
            points[mine.name] += ahead_of
            wins[mine.name] += mine.seat in outcome.winners
        games.append({"id": record.id, "title": game_entry(record.game).title, "points": given,
                      "winners": sorted(outcome.standings[seat].name for seat in outcome.winners),
                      "scores": {s.name: s.score for s in outcome.standings}})
    return games, points, wins


def row_cells(row) -> list[str]:
    """The words of one line of a table, left to right (a name box gives its name)."""
    import layout
    from kivy.uix.label import Label

    cells = []
    for child in reversed(row.children):
        label = getattr(child, "label", child)
        if isinstance(label, Label):
            cells.append(layout.plain(label.text).strip())
    return cells


def scroll_to_and_check(table, widget) -> None:
    """Bring a part of a scrolled list into sight, as a finger would, and check the layout there."""
    table._bring_into_view(widget)
    table.settle()
    table.check_layout()


def check_tonight_button(table, games: int, points: dict[str, int]):
    """Home's tonight button: the number of games and who leads with how many points."""
    button = table.button(re.compile(rf"^Tonight: {games} games?\n"))
    best = max(points.values())
    leaders = [name for name in NAMES if points[name] == best]
    words = button.text.split("\n", 1)[1]
    if len(leaders) == 1:
        meant = f"{leaders[0]} leads with {best} point{'s' if best != 1 else ''}"
        assert words == meant, f"Home's tonight button says {words!r}, meant {meant!r}"
    else:
        # Named where the names fit the button, else counted (their shapes say who).
        assert words == f"{len(leaders)} share the lead" or (
            "share the lead" in words and all(name in words for name in leaders)), \
            f"Home's tonight button says {words!r}, meant {leaders} sharing the lead"
    return button


def check_evening(table, games: list[dict], points: dict[str, int], wins: dict[str, int], report: dict) -> None:
    import layout
    from kivy.uix.label import Label

    from ui.screens.evening import EveningScreen, StandingRow
    from ui.widgets.basics import Panel

    assert isinstance(table.screen, EveningScreen), f"the tonight button opened {table.where()}: {table.texts()}"
    assert table.shows(rf"^Tonight: {len(games)} games$"), f"the evening's title: {table.texts()}"
    rows = table.all_widgets(StandingRow)
    shown = {}
    for row in rows:
        place, name, *numbers = row_cells(row)
        shown[name] = {"place": place, "numbers": numbers}
    meant = {name: [str(points[name]), str(len(games)), str(wins[name])] for name in NAMES}
    assert set(shown) == set(NAMES), f"the standings list {sorted(shown)}, meant {NAMES}"
    for name in NAMES:
        assert shown[name]["numbers"] == meant[name], \
            f"{name}'s line reads points/games/wins {shown[name]['numbers']}, meant {meant[name]}"
    order = [row_cells(row)[1] for row in rows]
    assert [points[name] for name in order] == sorted(points.values(), reverse=True), \
        f"the standings are in the order {order} for points {points}"
    best = max(points.values())
    for name in NAMES:
        place = "1st" if points[name] == best else "2nd"
        assert shown[name]["place"] == place, f"{name} is shown {shown[name]['place']}, meant {place}"
    report["standings"] = shown

    # Every game listed, numbered in the order played, with the points it gave each player.
    # The list draws only the rows in sight: a game not yet in sight is found by scrolling on, a page
    # at a time, as a finger would.
    listing = table.screen.body.listing

    def labels_in_sight() -> list:
        return [w for w in table.all_widgets(Label) if w.text]

    def find_title(number: int, title: str):
        while True:
            labels = labels_in_sight()
            found = next((w for w in labels if re.match(rf"^{number}\. {re.escape(title)}\b",
                                                        layout.plain(w.text))), None)
            if found is not None or listing.scroll_y <= 0:
                return found, labels
            page = listing.convert_distance_to_scroll(0, listing.height * 0.8)[1]
            listing.scroll_y = max(0.0, listing.scroll_y - page)
            table.settle()

    labels = labels_in_sight()
    for number, game in enumerate(games, start=1):
        title, labels = find_title(number, game["title"])
        assert title is not None, f"the evening does not list game {number}, {game['title']}: " \
                                  f"{[layout.plain(w.text) for w in labels]}"
        panel = title.parent
        while not isinstance(panel, Panel):   # the title shares its line with the game's Delete
            panel = panel.parent
        given = {}
        for line in panel.children:
            cells = row_cells(line) if line is not title.parent and line.children else []
            if len(cells) == 4:
                given[cells[1]] = cells[3]
        meant_given = {name: f"+{value}" for name, value in game["points"].items()}
        assert given == meant_given, f"game {number} ({game['title']}) shows points {given}, meant {meant_given}"
        scroll_to_and_check(table, panel)
    listing.scroll_y = 0   # the end of the list
    table.settle()
    assert not any(re.match(rf"^{len(games) + 1}\. ", layout.plain(w.text)) for w in labels_in_sight()), \
        f"the evening lists more than {len(games)} games"
    # Back to the top of the list, where the names are.
    listing.scroll_y = 1
    table.settle()
    table.check_layout()


def check_profile(table, name: str, played: int, won: int, per_game: dict[str, tuple[int, int]]) -> None:
    from kivy.uix.label import Label

    from ui.screens.profile import ProfileScreen

    assert isinstance(table.screen, ProfileScreen), f"tapping {name} opened {table.where()}: {table.texts()}"
    assert table.shows(rf"^{re.escape(name)}$"), f"the profile does not name {name}: {table.texts()}"
    counts = shown_counts(table)
    assert counts.get("games played") == str(played), f"{name}'s profile shows {counts}, meant {played} played"
    assert counts.get("games won") == str(won), f"{name}'s profile shows {counts}, meant {won} won"
    for title, (game_played, game_won) in per_game.items():
        label = next((w for w in table.all_widgets(Label) if w.text == title), None)
        assert label is not None, f"{name}'s profile lists no {title}: {table.texts()}"
        cells = row_cells(label.parent)
        assert cells[1:3] == [str(game_played), str(game_won)], \
            f"{name}'s {title} line reads {cells}, meant played {game_played}, won {game_won}"
        scroll_to_and_check(table, label.parent)


def shown_counts(table) -> dict[str, str]:
    from ui.widgets.count import Count

    return {count.caption.text: count.number.text for count in table.all_widgets(Count)}


def check_head_to_head_and_year(table, name: str, played: int, won: int) -> None:
    """From a player's records, their head to head and then the year in review, read from the same saved
    games: what they played and won tonight, in one evening. Back twice returns to their records."""
    from ui.screens.profile import ProfileScreen
    from ui.screens.records import HeadToHeadScreen, YearScreen

    table.tap("Head to head, rival and nemesis, time at the table")
    table.until(lambda: isinstance(table.screen, HeadToHeadScreen) and "games played" in shown_counts(table),
                f"{name}'s head to head")
    counts = shown_counts(table)
    assert counts["games played"] == str(played), f"{name}'s head to head shows {counts}, meant {played} played"
    assert counts["win rate (% won)"] == str(round(100 * won / played)), f"{name}'s win rate reads {counts}"
    table.screenshot("records-head-to-head")
    table.tap("This year")
    table.until(lambda: isinstance(table.screen, YearScreen) and "evenings" in shown_counts(table), "the year")
    counts = shown_counts(table)
    assert (counts["games"], counts["evenings"]) == (str(played), "1"), f"the year in review shows {counts}"
    table.screenshot("records-year")
    table.tap("Back")
    table.tap("Back")
    assert isinstance(table.screen, ProfileScreen), f"Back from the records went to {table.where()}"


def fix_a_miscount(table) -> dict:
    """After the Nut game the family finds the loser's clusters were counted short: History, tap that
    score, Fix, count again by hand on the same pad. The winner, the end screen and the saved result
    follow; the fix is listed in the history; the evening checked afterwards is the fixed one."""
    from ui.games.nut.pads import ScoringTab
    from ui.games.nut.scoring import trimmed
    from ui.screens.fixing import FixPopup
    from ui.screens.history import HistoryPopup, MoveRow
    from ui.widgets.stepper import Stepper

    session = table.session
    before = session.outcome
    loser = next(standing.name for standing in before.standings if standing.seat not in before.winners)
    table.tap("History")
    assert isinstance(table.layer(), HistoryPopup), f"History opened {table.where()}"
    row = next(row for row in table.all_widgets(MoveRow) if re.match(rf"{loser}'s \w+ scores? ", row.line.text))
    table.tap(row)
    table.check_layout()
    table.screenshot("history-fix")
    table.tap(re.compile(r"^Fix move \d+"))
    assert isinstance(table.layer(), FixPopup), f"Fix opened {table.where()}"
    assert table.shows(rf'^It says "{re.escape(row.line.text)}"'), f"the fix does not say what it fixes: {table.texts()}"
    # The pad opens on the layout as it was told, ready to be corrected.
    told = session.actions[row.line.number - 1]
    pad = table.layer().view.scoring
    assert next(tab for tab in table.widgets(ScoringTab) if tab.label.text == loser).chosen, \
        f"the fix does not open on {loser}'s tab"
    if told.type == "score_layout":
        assert pad.grid is not None and trimmed(list(pad.grid.rows)) == list(told["grid"]), \
            f"the fix opens on {pad.grid and pad.grid.rows}, {loser} painted {told['grid']}"
    if not table.widgets(Stepper):
        table.tap("Count by hand")
    table.check_layout()
    sizes = sorted(table.widgets(Stepper), key=lambda s: (-round(s.to_window(*s.center)[1]), s.to_window(*s.center)[0]))[::2]
    for stepper in sizes:
        while int(stepper.number.text) < 9:
            table.tap("+", within=stepper)
    table.screenshot("fix-move")
    table.tap(f"Score {loser}")
    table.until(lambda: not isinstance(table.layer(), FixPopup), "the fix to be made")
    after = table.session.outcome
    assert [after.standings[seat].name for seat in after.winners] == [loser], \
        f"after the fix {loser} should win: {after}"
    assert table.shows(rf"^Fixed move {row.line.number}: "), f"the fix is not confirmed: {table.texts()}"
    assert table.session.history()[-1].fix, "the fix is not in the history"
    return {"move": row.line.number, "loser_now_winner": loser, "scores_before": list(before.scores),
            "scores_after": list(after.scores)}


def play_evening(table, report: dict) -> None:
    import families.mix_the_mutts as mix_family
    import families.nut as nut_family
    from play import open_game, seat_family

    from ui.screens.evening import StandingRow
    from ui.screens.home import HomeScreen
    from ui.widgets.keyboard import TextField

    said: list[list[str]] = []   # the winners each end screen named
    table.check_layout()
    assert not table.can_tap(re.compile(r"^Tonight: ")), "Home offers a tonight before any game"

    # 1. A whole Mix-the-Mutts game with two players.
    open_game(table, "Mix-the-Mutts")
    seat_family(table, NAMES)
    table.tap("Start game")
    first = table.session
    first_id, first_players = first.id, first.players
    assert [player.name for player in first_players] == NAMES, f"the game seats {first_players}"
    mix_family.play(table, seed=1, shots="evening-mix-1")
    said.append(end_screen_winners(table, r"^(.+) (?:wins|share the win)!$"))

    # 2. Play again: the same game with the same players, a fresh game; played to its end too.
    table.tap("Play again")
    second = table.session
    assert second is not None and second.id != first_id, f"Play again started no new game: {table.where()}"
    assert second.game.key == "mix_the_mutts", f"Play again started {second.game.key}"
    assert second.players == first_players, f"Play again seats {second.players}, meant {first_players}"
    assert second.actions == () and not second.is_over, "Play again did not start a fresh game"
    # Mix-the-Mutts: the youngest goes first every game, so the same seat begins again.
    assert second.options["dealer"] == first.options["dealer"], \
        f"Play again began from seat {second.options['dealer']} after seat {first.options['dealer']}"
    summary = second.summary()
    assert summary["phase"] == "choosing" and all(entry["hand"] == summary["players"][0]["hand"]
                                                   for entry in summary["players"]), summary
    assert all(table.shows(rf"\b{name}\b") for name in NAMES), f"the new game does not show {NAMES}: {table.texts()}"
    assert not table.shows(r"wins!|share the win!") and not table.can_tap("Play again"), \
        f"the new game still shows the last one's end: {table.texts()}"
    mix_family.play(table, seed=2, shots="evening-mix-2")
    said.append(end_screen_winners(table, r"^(.+) (?:wins|share the win)!$"))

    # 3. Another game: Home, then Nut with the same two players.
    table.tap("Another game")
    assert isinstance(table.screen, HomeScreen), f"Another game went to {table.where()}"
    games, points, _ = expected_evening(table.data_dir)
    check_tonight_button(table, 2, points)
    open_game(table, "Nut")
    # The set-up already seats the two players just seen (remembered names), in the seats they sat in.
    seated = [field.text for field in table.all_widgets(TextField)]
    assert seated == NAMES, f"Nut's set-up seats {seated}, not the evening's {NAMES} in their seats"
    table.tap("Start game")
    third = table.session
    assert third.game.key == "nut" and [p.name for p in third.players] == seated, f"Nut seats {third.players}"
    nut_family.play(table, seed=1, shots="evening-nut")
    report["fixed"] = fix_a_miscount(table)
    said.append(end_screen_winners(table, r"^(.+?) (?:wins|share the win) with"))
    table.tap("Another game")
    assert isinstance(table.screen, HomeScreen), f"Another game went to {table.where()}"

    # What each game gave, from the results as the store keeps them, and as the end screens said.
    games, points, wins = expected_evening(table.data_dir)
    assert [game["title"] for game in games] == ["Mix-the-Mutts", "Mix-the-Mutts", "Nut"], games
    for game, named in zip(games, said):
        assert game["winners"] == sorted(named), \
            f"{game['title']} (game {game['id']}): the end screen named {named}, the store keeps {game['winners']}"
    report.update(games=games, points=points, wins=wins)

    # 4. Home's tonight button, then the evening.
    table.tap(check_tonight_button(table, 3, points))
    check_evening(table, games, points, wins, report)

    # 5. Each name opens that player's records; Back returns to the evening.
    per_title: dict[str, dict[str, list[int]]] = {name: {} for name in NAMES}
    for game in games:
        for name in NAMES:
            line = per_title[name].setdefault(game["title"], [0, 0])
            line[0] += 1
            line[1] += name in game["winners"]
    for name in NAMES:
        row = next(w for w in table.find(name) if isinstance(w, StandingRow))
        table.tap(row)
        check_profile(table, name, len(games), wins[name], {t: tuple(v) for t, v in per_title[name].items()})
        if name == NAMES[-1]:
            check_head_to_head_and_year(table, name, len(games), wins[name])
        else:
            table.tap("Back")
            check_evening(table, games, points, wins, report)

    # 6. Home, with tonight's button still showing the evening.
    table.tap("Home")
    assert isinstance(table.screen, HomeScreen), f"Home went to {table.where()}"
    check_tonight_button(table, 3, points)
    assert not table.can_tap("Resume"), "Home offers a finished game for Resume"


def main(argv=None) -> int:
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent.parent))
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--data-dir", type=Path)
    parser.add_argument("--shots", type=Path)
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="companion-evening-"))

    from table import Table

    table = Table(data_dir, size, shots=args.shots)
    started = time.monotonic()
    report: dict = {"size": args.size}
    try:
        play_evening(table, report)
        report.update(taps=table.taps, seconds=round(time.monotonic() - started, 1))
    except Exception:
        report["error"] = f"{table.where()}: {traceback.format_exc()}"
    finally:
        report["layout_problems"] = [str(p) for p in table.problems.values()]
        report["screens"] = sorted(table.smallest)
        print(json.dumps(report), flush=True)
        table.finish()
    return 0 if "error" not in report and not report["layout_problems"] else 1


# ----- the pytest case ------------------------------------------------------------------------------

try:
    import pytest
except ImportError:  # run as a script without pytest installed
    pytest = None

if pytest is not None:
    @pytest.mark.slow
    @pytest.mark.e2e
    @pytest.mark.parametrize("size", ["800x480", "1280x720"])
    def test_a_family_plays_a_whole_evening(tmp_path, size):
        env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path / "kivy"), "KIVY_LOG_LEVEL": "error",
               "KIVY_NO_CONSOLELOG": "1"}
        result = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--size", size,
                                 "--data-dir", str(tmp_path / "data")],
                                capture_output=True, text=True, env=env, timeout=TIMEOUT_S)
        lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
        assert lines, f"no report; stderr:\n{result.stderr[-4000:]}"
        report = json.loads(lines[-1])
        problems = "\n".join(report.get("layout_problems", []))
        assert "error" not in report, report["error"] + ("\nlayout problems:\n" + problems if problems else "")
        assert not problems, f"layout problems:\n{problems}"
        assert result.returncode == 0, result.stderr[-4000:]
        for screen in ("EveningScreen", "ProfileScreen", "HomeScreen"):
            assert any(seen.startswith(screen) for seen in report["screens"]), \
                f"the layout check never ran on {screen}: {report['screens']}"


if __name__ == "__main__":
    sys.exit(main())
