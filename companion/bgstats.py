"""Finished games as plays for the BG Stats app, in the format BG Stats documents for other apps to
push plays to it ("Push plays to BG Stats from other apps or websites",
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/): each play is
the JSON object its createPlay link takes as `data`.

    https://app.bgstatsapp.com/createPlay.html?data=<the play, URL-encoded>

What each field holds here (docs/records.md checks them against the documentation field by field):
the play's date is when the game started, in UTC (BG Stats reads a pushed play's date so); its
duration the time at the table; the game by its name, with which way its scores point; every player
with their score, place, whether they won (a shared win is a win for each) and whether they took the
first turn (the player after the dealer where the game's rules say so). No BGG id is given: the app
matches the game by its name, and the family's choice is remembered for the next import.
"""

from __future__ import annotations

import time
from typing import Any, Iterable

from .ledger import PlayedGame
from .manifest import BGSTATS_PLAYS, stamped
from .outcome import ScoreOrder

SOURCE_NAME = "Table Companion"
PLAY_DATE = "%Y-%m-%d %H:%M:%S"


def play(game: PlayedGame) -> dict[str, Any]:
    """One finished game as one BG Stats play."""
    result = game.result
    if not result.finished:
        raise ValueError(f"game {result.session_id} is not finished, so it is no play yet")
    winners = set(result.outcome.winners)
    document: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        # The game and the moment it started: the same play whichever table exports it, and after an import.
        "sourcePlayId": f"{result.game}-{round(result.started_at * 1000)}",
        "playDate": time.strftime(PLAY_DATE, time.gmtime(result.started_at)),
        "durationMin": round(game.seconds_at_table / 60),
        "game": {"name": result.title, "highestWins": result.outcome.order is ScoreOrder.HIGH_WINS,
                 "noPoints": False, "sourceGameId": result.game},
        "players": [{"name": standing.name, "sourcePlayerId": standing.name.casefold(), "score": standing.score,
                     "rank": standing.place, "winner": standing.seat in winners,
                     "startPlayer": standing.seat == game.first_turn}
                    for standing in result.outcome.standings],
    }
    if result.outcome.tie_break:
        document["comments"] = f"Won on the tie-break: {result.outcome.tie_break}."
    return document


def plays_document(games: Iterable[PlayedGame]) -> dict[str, Any] | None:
    """The finished ones of `games` as plays, with the export's manifest; None when none is finished."""
    plays = [play(game) for game in games if game.result.finished]
    return stamped({"plays": plays}, BGSTATS_PLAYS, len(plays)) if plays else None
