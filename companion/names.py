"""The family's corrections to what is saved, as the store keeps them: a player renamed (in the records,
or one seat of one game), two names put together as one person, a game deleted by mistake.

Each correction is a row of its own, and Undo is another row naming the one it takes back, so no
game's own log is ever rewritten: the names are changed as the games are read. A rename or a merge in
the records reaches the games saved until then (`through`), so a name typed afresh in a later game is
that game's own; a seat's rename reaches that one seat. The remembered names (the roster) follow the
same changes, for the names remembered before each change.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from .players import Player

RENAME, MERGE, RENAME_SEAT, DELETE, UNDO = "rename", "merge", "rename_seat", "delete", "undo"


@dataclass(frozen=True)
class Change:
    """One correction in effect. `old_name` and `new_name` for the name changes (a merge's `old_name`
    is the name put with `new_name`); `session_id` the game deleted or whose `seat` was renamed;
    `through` the newest game a rename or merge in the records reaches."""

    id: int
    kind: str
    at: float
    old_name: str | None = None
    new_name: str | None = None
    session_id: int | None = None
    seat: int | None = None
    through: int | None = None

    def renames(self, session_id: int, seat: int, name: str) -> bool:
        """Whether this change gives seat `seat` of game `session_id`, now called `name`, a new name."""
        if self.new_name is None:
            return False
        if self.kind == RENAME_SEAT:
            return self.session_id == session_id and self.seat == seat
        if self.kind in (RENAME, MERGE):
            return (self.through is not None and session_id <= self.through and self.old_name is not None
                    and name.casefold() == self.old_name.casefold())
        return False


def seated(players: Sequence[Player], session_id: int, changes: Iterable[Change]) -> tuple[Player, ...]:
    """The players of game `session_id` with every name change in effect, oldest first."""
    return seated_and_merged(players, session_id, changes)[0]


def seated_and_merged(players: Sequence[Player], session_id: int,
                      changes: Iterable[Change]) -> tuple[tuple[Player, ...], frozenset[int]]:
    """`seated`, and the seats whose name came to them by a merge: there the colour is the name put
    with another's, not the colour of the person kept."""
    seats, merged = list(players), set()
    for change in changes:
        for seat, player in enumerate(seats):
            if change.renames(session_id, seat, player.name) and change.new_name is not None:
                seats[seat] = replace(player, name=change.new_name)
                if change.kind == MERGE:
                    merged.add(seat)
                else:
                    merged.discard(seat)
    return tuple(seats), frozenset(merged)


class OwnColours:
    """Each person's colour as the family knows them: the latest one they played in under their own
    name, a name put with theirs giving its colour only while they have none of their own."""

    def __init__(self) -> None:
        self._colours: dict[str, tuple[str, bool]] = {}

    def seen(self, name: str, colour: str, merged: bool = False) -> None:
        """`name` played in `colour` (seat by seat, oldest game first); `merged`: under a name put with theirs."""
        key = name.casefold()
        known = self._colours.get(key)
        if known is None or not merged or not known[1]:
            self._colours[key] = (colour, not merged or (known is not None and known[1]))

    def of(self, name: str, otherwise: str = "") -> str:
        known = self._colours.get(name.casefold())
        return known[0] if known is not None else otherwise


def remembered_name(name: str, last_played: float, changes: Iterable[Change]) -> str:
    """A remembered name as the family now calls it: each name change made after it was last played
    renames it (a seat's rename too: the typo in a seat is no longer offered at set-up)."""
    for change in changes:
        if (change.kind in (RENAME, MERGE, RENAME_SEAT) and last_played <= change.at
                and change.old_name is not None and change.new_name is not None
                and name.casefold() == change.old_name.casefold()):
            name = change.new_name
    return name


def deleted(changes: Iterable[Change]) -> set[int]:
    """The games deleted (and not brought back)."""
    return {change.session_id for change in changes if change.kind == DELETE and change.session_id is not None}


def repeated_name(players: Sequence[Player]) -> str | None:
    """A name two seats of one game would share (whatever its capitals), else None."""
    seen: set[str] = set()
    for player in players:
        key = player.name.casefold()
        if key in seen:
            return player.name
        seen.add(key)
    return None
