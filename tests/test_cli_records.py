"""`companion stats` as a family or a script uses it, and the round trip: every evening exported and
imported into an empty data directory through the command line gives the same figures, every one of
them, for a history with a game left overnight, an undo, a rename, a deleted game and a race the family
ran again."""

from __future__ import annotations

import json
import random
import time

from example_evening import companion, games
from records_support import HOUR, MINUTE

from companion import corrections
from companion.gamelog import session_from_document
from companion.players import Player
from companion.rulecards import load_example
from companion.store import GameToImport, Store

TUESDAY = 1_795_546_800.0   # Tue 24 Nov 2026 19:00 UTC


def a_familys_history(data_dir) -> None:
    """The example evening (Sat 21 Nov); a Nut, Ann against Cleo, on Tuesday 24 Nov from 19:00, sixteen
    moves a minute apart,
    left overnight and finished from 9:00 the next morning (31 minutes at the table, not fourteen hours);
    tonight a Mix-the-Mutts with an undo and a redo, by Ann and "Dev", renamed Devon afterwards, and a
    Pugs in Mugs entered by mistake and deleted."""
    store = Store.open(data_dir)
    try:
        store.import_sessions(games())
        nut = session_from_document({**load_example("nut"), "players": ["Ann", "Cleo"]})
        moves = tuple([TUESDAY + MINUTE * (n + 1) for n in range(16)]
                      + [TUESDAY + 14 * HOUR + MINUTE * n for n in range(16)])
        store.import_sessions([GameToImport(nut, TUESDAY, moves[-1], moves_at=moves)])
        tonight = store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Dev", "red")])
        rng = random.Random(28)
        while not tonight.is_over:
            tonight.perform(rng.choice(tonight.game.legal_actions(tonight.state, rng)))
            if len(tonight.actions) == 5:
                tonight.undo()
                tonight.redo()
        corrections.rename_player(store, "Dev", "Devon")
        mistake = store.import_session(session_from_document(load_example("pugs_in_mugs")))
        corrections.delete_game(store, mistake.id)
    finally:
        store.close()


def stats(data_dir, *flags: str) -> object:
    return json.loads(companion("stats", *flags, "--json", "--data-dir", str(data_dir)))


ASKED = ([], ["Ann"], ["Ben"], ["Cleo"], ["Devon"], ["Ann", "--against", "Ben"], ["Ben", "--against", "Cleo"],
         ["--month", "2026-11"], ["--month"], ["--year", "2026"], ["--year"])


def test_every_evening_exported_and_imported_into_an_empty_table_gives_the_same_figures(tmp_path):
    here, there = tmp_path / "here", tmp_path / "there"
    a_familys_history(here)
    before = {" ".join(flags): stats(here, *flags) for flags in ASKED}
    evenings = 3
    for number in range(evenings, 0, -1):   # the oldest first, as a family would bring them over
        out = tmp_path / f"evening-{number}.json"
        companion("export-evening", str(number), "--output", str(out), "--data-dir", str(here))
        said = companion("import-evening", str(out), "--data-dir", str(there))
        assert said.startswith("Imported an evening")
    after = {" ".join(flags): stats(there, *flags) for flags in ASKED}
    assert after == before


def test_every_evening_imported_into_a_table_with_games_of_its_own_gives_its_players_the_same_figures(tmp_path):
    """The receiving table already holds two games of its own (another family, June 2025), so the
    imported games take other numbers there: the imported players' figures, their months and their
    year read the same, with nothing in them that is one table's own."""
    here, there = tmp_path / "here", tmp_path / "there"
    a_familys_history(here)
    june_2025 = 1_748_800_800.0
    store = Store.open(there)
    try:
        for hour in range(2):
            own = session_from_document({**load_example("pugs_in_mugs"), "players": ["Zed", "Yan"]})
            start = june_2025 + hour * HOUR
            store.import_sessions([GameToImport(own, start, start + 10 * MINUTE,
                                                moves_at=tuple(start + n for n in range(1, len(own.actions) + 1)))])
    finally:
        store.close()
    for number in range(3, 0, -1):
        out = tmp_path / f"evening-{number}.json"
        companion("export-evening", str(number), "--output", str(out), "--data-dir", str(here))
        companion("import-evening", str(out), "--data-dir", str(there))
    asked = (["Ann"], ["Ben"], ["Cleo"], ["Devon"], ["Ann", "--against", "Ben"], ["--month", "2026-11"],
             ["--year", "2026"])
    for flags in asked:
        assert stats(there, *flags) == stats(here, *flags), flags


def test_a_game_left_overnight_counts_the_playing_not_the_night(tmp_path):
    a_familys_history(tmp_path)
    cleo = stats(tmp_path, "Cleo")
    # Her games of the example evening, a move every 40 s: Nuts about Mutts (50 moves), That's Ruff! (36)
    # and Pugs in Mugs (75); then Tuesday's Nut: 16 minutes in the evening and 15 the next morning.
    assert cleo["seconds_at_table"] == (50 + 36 + 75) * 40 + 31 * MINUTE
    devon = stats(tmp_path, "Devon")
    assert devon["played"] == 1 and devon["rival"] == [] and devon["reaction_trend"] is None
    assert devon["opponents"][0]["opponent"] == "Ann"


def test_stats_in_words_for_each_view(tmp_path):
    a_familys_history(tmp_path)
    table = companion("stats", "--data-dir", str(tmp_path)).splitlines()
    assert table[0].split()[:4] == ["Player", "Played", "Won", "Win"] and "At the table" in table[0]
    assert table[-1].startswith("Time at the table, every evening together: ")
    ann = companion("stats", "ann", "--data-dir", str(tmp_path))
    # Three games each with Ben and with Cleo, beaten twice by each: equally close and as many games,
    # so Cleo, played with last, is rival and buddy; two wins over Ann make no nemesis.
    assert "Rival (the closest record): Cleo: 3 games together, won 1, lost to them 2" in ann
    assert "Buddy (most games together): Cleo: 3 games together" in ann and "Nemesis" not in ann
    against = companion("stats", "Cleo", "--against", "Devon", "--data-dir", str(tmp_path))
    assert against == "Cleo and Devon have not finished a game together yet.\n"
    assert companion("stats", "--year", "2025", "--data-dir", str(tmp_path)) == "No finished games in 2025.\n"
    assert json.loads(companion("stats", "--month", "2025-02", "--json", "--data-dir", str(tmp_path))) is None
    year = companion("stats", "--year", "2026", "--data-dir", str(tmp_path))
    assert year.startswith(f"2026 in review: {7 if time.localtime().tm_year == 2026 else 6} games")
    # At the line that decided each bone race (two bones for three): Ben 251 before Cleo 390, Ann 185
    # before Cleo 302, Cleo 171 before Ben 420; the race run again counts for nothing.
    assert "Closest race: Ann over Cleo by 117.0 ms (Nuts about Mutts, 21 Nov 2026)" in year


def test_stats_refuses_what_it_cannot_answer_in_one_line(tmp_path):
    a_familys_history(tmp_path)
    for flags, says in ((["--against", "Ben"], "name the first one too"),
                        (["Ann", "--month"], "without a name"),
                        (["--month", "November"], "YYYY-MM"),
                        (["--year", "26"], "a year such as 2026"),
                        (["Ann", "--against", "Zed"], "no player called 'Zed'")):
        result = companion_failing("stats", *flags, "--data-dir", str(tmp_path))
        assert result.returncode == 2 and says in result.stderr and "Traceback" not in result.stderr


def companion_failing(*args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "table_companion", *args], capture_output=True, text=True)


def test_stats_asked_again_gives_the_kept_answer_until_the_saved_games_change(tmp_path):
    """`companion stats` keeps each answer with the revision of the saved games it was worked out
    from: asked again it is the same, and any change (a rename, a new game, a remembered name, a move)
    gives the answer worked out afresh, never the kept one."""
    a_familys_history(tmp_path)

    def names() -> list[str]:
        return [record["name"] for record in stats(tmp_path)]

    first = stats(tmp_path)
    assert stats(tmp_path) == first
    store = Store.open(tmp_path)
    corrections.rename_player(store, "Cleo", "Clea")
    store.close()
    assert "Clea" in names() and "Cleo" not in names()
    store = Store.open(tmp_path)
    zed = store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Zed", "sky")])
    store.close()
    assert "Zed" in names()
    played_before = next(record["played"] for record in stats(tmp_path) if record["name"] == "Zed")
    store = Store.open(tmp_path)
    rng = random.Random(5)
    resumed = store.resume(zed.id)
    while not resumed.is_over:
        resumed.perform(rng.choice(resumed.game.legal_actions(resumed.state, rng)))
    store.close()
    assert next(record["played"] for record in stats(tmp_path) if record["name"] == "Zed") == played_before + 1
    for flags in (["Ann"], ["Ann", "--against", "Ben"], ["--year", "2026"]):
        assert stats(tmp_path, *flags) == stats(tmp_path, *flags)
