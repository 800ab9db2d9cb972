"""The result of a game in one shape for all five: who is where, with what score, and who won.

Each game keeps its own summary for its own table view; `Game.outcome` is what the places that show
any game (saved games, replay-game) read, so they never need to know a game's private keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Sequence

from .errors import BadDocument
from .players import same_form


class ScoreOrder(Enum):
    """Which way a game's scores point: most points wins, or fewest (cards left in hand)."""

    HIGH_WINS = "high_wins"
    LOW_WINS = "low_wins"

    def better(self, score: int, other: int) -> bool:
        """True if `score` is strictly better than `other`."""
        return score > other if self is ScoreOrder.HIGH_WINS else score < other


@dataclass(frozen=True)
class Standing:
    """One seat's line in the result. `score` is None while the game does not know it yet (a Nut
    layout not scored), and so is `place`. Place 1 is first; seats the rules leave tied share a
    place and the next place is skipped, as in 1, 1, 3."""

    seat: int
    name: str
    score: int | None
    place: int | None


@dataclass(frozen=True)
class Outcome:
    """Where a game stands. `winners` is empty until `finished`. `tie_break` names, in words, the rule
    that set apart some seats who had the winning score (e.g. "largest cluster"), or is None when no
    one with the winning score was left out. `hands` holds each finished hand's scores, seat by seat,
    for games played over several hands; it is empty for the others."""

    finished: bool
    standings: tuple[Standing, ...]
    winners: tuple[int, ...] = ()
    tie_break: str | None = None
    hands: tuple[tuple[int, ...], ...] = ()
    order: ScoreOrder = ScoreOrder.HIGH_WINS

    @classmethod
    def ranked(cls, names: Sequence[str], scores: Sequence[int | None], *, order: ScoreOrder,
               winners: Sequence[int] = (), tie_break: str | None = None,
               hands: Sequence[Sequence[int]] = (), finished: bool) -> "Outcome":
        """Places from scores: a seat is behind every seat with a better score and, when a tie-break
        picked the winners, behind the winners it tied with."""
        if len(scores) != len(names):
            raise ValueError(f"{len(scores)} scores for {len(names)} seats")
        if not finished and winners:
            raise ValueError(f"winners {list(winners)} named before the game is over")
        chosen = set(winners)

        def ahead(other: int, seat: int) -> bool:
            mine, theirs = scores[seat], scores[other]
            if theirs is None or mine is None:
                return False
            return order.better(theirs, mine) or (theirs == mine and other in chosen and seat not in chosen)

        standings = tuple(
            Standing(seat, names[seat], scores[seat],
                     None if scores[seat] is None else 1 + sum(ahead(other, seat) for other in range(len(names))))
            for seat in range(len(names)))
        return cls(finished, standings, tuple(winners), tie_break,
                   tuple(tuple(hand) for hand in hands), order)

    @property
    def scores(self) -> tuple[int | None, ...]:
        return tuple(standing.score for standing in self.standings)

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.standings[seat].name for seat in self.winners)

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "order": self.order.value,
            "standings": [{"seat": s.seat, "name": s.name, "score": s.score, "place": s.place}
                          for s in self.standings],
            "winners": list(self.winners),
            "winner_names": list(self.winner_names),
            "tie_break": self.tie_break,
            "hands": [list(hand) for hand in self.hands],
        }

    @classmethod
    def from_json(cls, doc: Any) -> "Outcome":
        try:
            return cls(
                finished=bool(doc["finished"]),
                standings=tuple(Standing(int(s["seat"]), same_form(str(s["name"])), s["score"], s["place"])
                                for s in doc["standings"]),
                winners=tuple(int(seat) for seat in doc["winners"]),
                tie_break=doc.get("tie_break"),
                hands=tuple(tuple(hand) for hand in doc.get("hands", [])),
                order=ScoreOrder(doc.get("order", ScoreOrder.HIGH_WINS.value)))
        except (KeyError, TypeError, ValueError) as error:
            raise BadDocument(f"a game result should look like Outcome.to_json(); this one is unreadable: {error}") from None
