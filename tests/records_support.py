"""Saved games written by hand for the records' tests: who sat where, their scores, when the game
started and when each move was told, and its races, so every figure can be worked out on paper."""

from __future__ import annotations

from typing import Sequence

from companion.evenings import GameResult, points_for
from companion.ledger import Ledger, PlayedGame, Race
from companion.outcome import Outcome, ScoreOrder
from companion.players import IDENTITIES

MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0
# Sat 21 Nov 2026 19:00 UTC: the tests of months and years run on UTC (see the `utc` fixture).
T0 = 1_795_287_600.0
TITLES = {"nut": "Nut", "mix_the_mutts": "Mix-the-Mutts", "nuts_about_mutts": "Nuts about Mutts",
          "pugs_in_mugs": "Pugs in Mugs", "thats_ruff": "That's Ruff!"}


def played(number: int, names: Sequence[str], scores: Sequence[int], *, at: float, game: str = "nut",
           winners: Sequence[int] | None = None, moves: Sequence[float] = (), races: Sequence[Race] = (),
           low_wins: bool = False, first_turn: int = 0, finished: bool = True) -> PlayedGame:
    """Saved game `number`, started at `at`, its moves told `moves` seconds after the start (the last
    one is its last move, when it finished). The winners are the best scores unless given."""
    order = ScoreOrder.LOW_WINS if low_wins else ScoreOrder.HIGH_WINS
    best = (min if low_wins else max)(scores)
    chosen = [seat for seat, score in enumerate(scores) if score == best] if winners is None else list(winners)
    outcome = Outcome.ranked(names, scores, order=order, winners=chosen if finished else (), finished=finished)
    moments = tuple(at + offset for offset in moves)
    last = moments[-1] if moments else at
    result = GameResult(number, game, TITLES[game], tuple(names), outcome, at, last if finished else None,
                        points_for(outcome), tuple(IDENTITIES[seat].key for seat in range(len(names))))
    return PlayedGame(result, last, moments, tuple(races), first_turn)


def ledger(*games: PlayedGame) -> Ledger:
    return Ledger(tuple(sorted(games, key=lambda game: (game.result.started_at, game.result.session_id))))


def bone_race(presses_ms: dict[int, float], *, cue_ns: int = 0, false_starts: Sequence[int] = ()) -> Race:
    """A decided bone race by seat: each seat's counted press, in ms after the cue."""
    presses = {seat: cue_ns + round(ms * 1_000_000) for seat, ms in presses_ms.items()}
    # One bone fewer than the seats racing, to the quickest counted presses.
    seats = tuple(sorted({*presses_ms, *false_starts}))
    winners = tuple(sorted(presses, key=lambda seat: presses[seat])[:len(seats) - 1])
    return Race("bones", seats, winners, cue_ns, presses, frozenset(false_starts))
