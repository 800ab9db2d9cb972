"""The example evening exported for BG Stats (docs/examples/evening.bgstats.json), checked field by field
against BG Stats' documentation of the plays other apps push to it, and the example files checked to be
what the command line writes today, after a round trip through an empty table.

The documentation: "Push plays to BG Stats from other apps or websites",
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ . Its example play
has the fields below; the app refuses a play whose player has no `startPlayer` ("Invalid data:
org.json.JSONException: No value for startPlayer", lindsaykwardell/clocktracker pull request 299).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from example_evening import FILES, companion, exported, save

from companion.bgstats import SOURCE_NAME

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
NUMBER = (int, float)
# Every field the documentation's example play has, with the kind of value it holds there.
DOCUMENTED_PLAY = {"sourceName": str, "sourcePlayId": str, "playDate": str, "durationMin": NUMBER, "comments": str,
                   "board": str, "location": str, "game": dict, "players": list}
DOCUMENTED_GAME = {"name": str, "bggId": int, "highestWins": bool, "noPoints": bool, "sourceGameId": str}
DOCUMENTED_PLAYER = {"name": str, "score": NUMBER, "winner": bool, "startPlayer": bool, "rank": int, "role": str,
                     "sourcePlayerId": str}
# What a play must say, as the issue asks and as the app requires: when, the game by name, every player
# with their score, whether they won and whether they started.
REQUIRED_PLAY, REQUIRED_GAME = {"sourceName", "playDate", "game", "players"}, {"name"}
REQUIRED_PLAYER = {"name", "score", "winner", "startPlayer"}
PLAY_DATE = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")   # as the documentation's "2020-10-23 19:16:58"


@pytest.fixture(scope="module")
def plays() -> list[dict]:
    document = json.loads((EXAMPLES / "evening.bgstats.json").read_text())
    assert document["manifest"]["holds"] == "bgstats_plays" and document["manifest"]["games"] == 5
    return document["plays"]


def kinds(document: dict, documented: dict, required: set) -> None:
    assert required <= set(document), f"missing {required - set(document)}"
    assert set(document) <= set(documented), f"not in the documentation: {set(document) - set(documented)}"
    for field, value in document.items():
        assert isinstance(value, documented[field]) and not (documented[field] is not bool and isinstance(value, bool)), (
            f"{field} holds {value!r}")


def test_every_play_has_the_documented_fields_with_the_documented_kinds_of_value(plays):
    for play in plays:
        kinds(play, DOCUMENTED_PLAY, REQUIRED_PLAY)
        kinds(play["game"], DOCUMENTED_GAME, REQUIRED_GAME)
        for player in play["players"]:
            kinds(player, DOCUMENTED_PLAYER, REQUIRED_PLAYER)
        assert PLAY_DATE.fullmatch(play["playDate"])
        assert play["sourceName"] == SOURCE_NAME
        assert sum(player["startPlayer"] for player in play["players"]) == 1


def test_the_example_evenings_plays_field_by_field(plays):
    # Worked from the example evening (tests/example_evening.py): five games from 19:00 UTC, a move every
    # 40 seconds, five minutes between games. The first turn: Ben's in Nuts about Mutts (Ann dealt; the
    # player to the dealer's left starts), Ann's in Nut and Mix-the-Mutts (she played first), Ann's in
    # That's Ruff! (Cleo dealt), Ben's in Pugs in Mugs (he played first).
    assert [(p["game"]["name"], p["playDate"], p["durationMin"]) for p in plays] == [
        ("Nuts about Mutts", "2026-11-21 19:00:00", 33),   # 50 moves: 33 min 20 s
        ("Nut", "2026-11-21 19:38:20", 21),                # 32 moves: 21 min 20 s
        ("Mix-the-Mutts", "2026-11-21 20:04:40", 23),      # 34 moves: 22 min 40 s
        ("That's Ruff!", "2026-11-21 20:32:20", 24),       # 36 moves: 24 min
        ("Pugs in Mugs", "2026-11-21 21:01:20", 50)]       # 75 moves: 50 min
    assert [p["game"]["highestWins"] for p in plays] == [False, True, True, False, True]   # fewest cards wins in two
    assert all(p["game"]["noPoints"] is False for p in plays)
    assert len({p["sourcePlayId"] for p in plays}) == 5
    mutts, nut, mix, ruff, pugs = ([(q["name"], q["score"], q["rank"], q["winner"], q["startPlayer"])
                                    for q in p["players"]] for p in plays)
    assert mutts == [("Ann", 1, 1, True, False), ("Ben", 2, 2, False, True), ("Cleo", 2, 2, False, False)]
    # Level on 13: the larger cluster gives Ben the win, and the play says why.
    assert nut == [("Ann", 13, 2, False, True), ("Ben", 13, 1, True, False)]
    assert plays[1]["comments"] == "Won on the tie-break: largest cluster."
    assert mix == [("Ann", 31, 2, False, True), ("Ben", 39, 1, True, False)]
    assert ruff == [("Cleo", 0, 1, True, False), ("Ann", 1, 2, False, True)]
    assert pugs == [("Ben", 5, 1, True, True), ("Cleo", 2, 2, False, False)]
    assert [q["sourcePlayerId"] for q in plays[0]["players"]] == ["ann", "ben", "cleo"]


def test_a_table_five_hours_behind_utc_dates_its_plays_in_utc(tmp_path):
    """BG Stats reads a pushed play's date as UTC: a table at UTC-5 sends 19:00, not its 14:00."""
    save(tmp_path)
    document = json.loads(companion("export-evening", "1", "--bgstats", "--data-dir", str(tmp_path),
                                    time_zone="EST+5"))
    assert [play["playDate"] for play in document["plays"]][:2] == ["2026-11-21 19:00:00", "2026-11-21 19:38:20"]


def without_app(text: str, suffix: str) -> object:
    """A file's content with the app's version left out of its manifest (it changes with each release)."""
    if not suffix.endswith("json"):
        return text
    document = json.loads(text)
    document["manifest"].pop("app")
    return document


def test_the_example_files_are_what_the_app_writes_and_come_back_the_same_from_an_empty_table(tmp_path):
    played = tmp_path / "played"
    save(played)
    written = exported(played)
    for suffix in FILES:
        assert without_app(written[suffix], suffix) == without_app(
            (EXAMPLES / f"evening.{suffix}").read_text(), suffix), f"docs/examples/evening.{suffix} is out of date: " \
                                                                   "python tests/example_evening.py docs/examples"
    copy = tmp_path / "copy"
    companion("import-evening", str(EXAMPLES / "evening.json"), "--data-dir", str(copy))
    assert exported(copy) == written
    for flags in ([], ["Ann"], ["--year", "2026"], ["--month", "2026-11"], ["Ann", "--against", "Ben"]):
        assert companion("stats", *flags, "--json", "--data-dir", str(copy)) == companion(
            "stats", *flags, "--json", "--data-dir", str(played))
