"""What the family corrects in what is saved: a player renamed in the records or in one seat of one
game, two names put together as one person, a game deleted by mistake; and Undo of each.

Every correction is checked first and refused, with nothing saved, when it would leave a game with two
seats of one name or clash with a name already in use; it is then saved as a row of its own (see
companion/names.py), so the records, the evenings' standings and the exports follow it, and Undo takes
it back exactly.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .errors import CompanionError
from .glyphs import check_drawable_name
from .names import DELETE, MERGE, RENAME, RENAME_SEAT, Change, deleted, repeated_name, seated
from .players import checked_name, name_key
from .registry import game_entry

if TYPE_CHECKING:
    from .store import Store


class Refused(CompanionError, ValueError):
    """A correction that was not made; the message says why and what to do instead."""


class NameTaken(Refused):
    """A rename to a name someone already has: `existing` is that name as it is written, so the screen
    can offer to put the two together instead."""

    def __init__(self, message: str, existing: str) -> None:
        super().__init__(message)
        self.existing = existing


def known_names(store: Store) -> dict[str, str]:
    """Every name in the records (the games kept and the remembered names), by its lower case."""
    names = {player.name.casefold(): player.name for record in store.history() for player in record.players}
    for player in store.roster():
        names.setdefault(player.name.casefold(), player.name)
    return names


def rename_player(store: Store, name: str, new_name: str) -> Change:
    """`name` is called `new_name` in every game saved so far and in the remembered names."""
    known = known_names(store)
    old = _known(known, name)
    new = _new_name(new_name, old)
    taken = known.get(new.casefold())
    if taken is not None and taken.casefold() != old.casefold():
        raise NameTaken(f"There is already a player called {taken}. If {old} and {taken} are one person, tap "
                        f"Same person as {taken} to put their games together; nothing was renamed.", taken)
    return _saved(store, Change(0, RENAME, time.time(), old, new, through=_newest_game(store)))


def merge_players(store: Store, name: str, into: str) -> Change:
    """`name` and `into` are one person, called `into`: `name`'s games and races are `into`'s."""
    known = known_names(store)
    old, kept = _known(known, name), _known(known, into)
    if old.casefold() == kept.casefold():
        raise Refused(f"{old} and {kept} are already one name; choose another player's name.")
    change = Change(0, MERGE, time.time(), old, kept, through=_newest_game(store))
    return _saved(store, change, clash_text=f"{old} and {kept} both played {{game}}, so they are two people; "
                                            "nothing was changed. To tell them apart, rename one of them.")


def rename_seat(store: Store, session_id: int, seat: int, new_name: str) -> Change:
    """Seat `seat` of game `session_id` is called `new_name` in that game only."""
    players = store.session_record(session_id).players
    if not 0 <= seat < len(players):
        raise Refused(f"There is no seat {seat + 1} at this table; the seats go from 1 to {len(players)}.")
    old = players[seat].name
    new = _new_name(new_name, old)
    for other, player in enumerate(players):
        if other != seat and player.name.casefold() == new.casefold():
            raise Refused(f"{player.name} already sits at this table, in seat {other + 1}; give each player "
                          "their own name. Nothing was renamed.")
    return _saved(store, Change(0, RENAME_SEAT, time.time(), old, new, session_id=session_id, seat=seat))


def delete_game(store: Store, session_id: int) -> Change:
    """Game `session_id` leaves the saved games, the evenings, the records and the exports; Undo brings
    it back as it was."""
    store.session_record(session_id)  # refused when there is no such game, or it is deleted already
    return _saved(store, Change(0, DELETE, time.time(), session_id=session_id))


def deletion_question(store: Store, session_id: int) -> str:
    """What deleting game `session_id` takes away, said before the family confirms it."""
    from .evenings import tonight_of
    from .game_lines import evenings

    found = evenings(store)
    record = store.session_record(session_id)
    what = (f"{game_entry(record.game).title} of {time.strftime('%a %d %b %H:%M', time.localtime(record.started_at))} "
            f"({', '.join(player.name for player in record.players)})")
    evening = next((evening for evening in found if any(game.session_id == session_id for game in evening.games)), None)
    if evening is not None and evening is tonight_of(found):
        leaves = "It leaves tonight's standings"
    elif evening is not None:
        leaves = f"It leaves the standings of {time.strftime('%a %d %b', time.localtime(evening.started_at))}"
    else:
        leaves = "It leaves the saved games"
    return f"{what}. {leaves} and the players' records; Undo brings it back."


def undo(store: Store, change: Change) -> None:
    """Take `change` back, unless it is no longer in effect or taking it back would seat one name twice
    at a game (a later rename built on it)."""
    in_effect = store.changes()
    remaining = [kept for kept in in_effect if kept.id != change.id]
    if len(remaining) == len(in_effect):
        raise Refused("That was already undone; nothing was changed.")
    clash = _clash(store, remaining)
    if clash is not None:
        raise Refused(f"That cannot be undone: {clash[1]} would sit twice at {clash[0]}. Nothing was changed.")
    store.undo_change(change.id)


def said(change: Change) -> str:
    """The change in one sentence, for the message bar."""
    if change.kind == RENAME:
        return f"{change.old_name} is now called {change.new_name}, in every game so far."
    if change.kind == MERGE:
        return (f"{change.old_name} and {change.new_name} are one person now, called {change.new_name}: "
                f"{change.old_name}'s games and races are {change.new_name}'s.")
    if change.kind == RENAME_SEAT:
        return f"{change.old_name} is now called {change.new_name} in this game."
    return f"Game {change.session_id} was deleted: it is in no standings, records or exports."


def undone(change: Change) -> str:
    if change.kind == RENAME:
        return f"Undone: {change.new_name} is called {change.old_name} again."
    if change.kind == MERGE:
        return f"Undone: {change.old_name} and {change.new_name} are two people again."
    if change.kind == RENAME_SEAT:
        return f"Undone: {change.new_name} is called {change.old_name} again in this game."
    return f"Undone: game {change.session_id} is back, as it was."


# ----- checking ----------------------------------------------------------------------------------

def _known(known: dict[str, str], name: str) -> str:
    found = known.get(name_key(name))
    if found is None:
        raise Refused(f"There is no player called {name.strip()!r} in the records; nothing was changed.")
    return found


def _new_name(text: str, old: str) -> str:
    try:
        new = checked_name(text, "The new name")
        check_drawable_name(new, "The new name")
    except CompanionError as problem:
        raise Refused(f"{problem}. Nothing was renamed.") from None
    if new == old:
        raise Refused(f"{old} is already called that; nothing was renamed.")
    return new


def _newest_game(store: Store) -> int:
    return max((number for number, _, _, _ in store.seatings()), default=0)


def _saved(store: Store, change: Change, clash_text: str = "{name} would sit twice at {game}; nothing was changed.") -> Change:
    """`change` saved once every kept game still has a name of its own for each seat."""
    clash = _clash(store, [*store.changes(), change])
    if clash is not None:
        game, name = clash
        raise Refused(clash_text.format(game=game, name=name))
    return store.add_change(change.kind, old_name=change.old_name, new_name=change.new_name,
                            session_id=change.session_id, seat=change.seat)


def _clash(store: Store, changes: list[Change]) -> tuple[str, str] | None:
    """(the game in words, the name) of a kept game that `changes` would leave with one name in two
    seats; None when every game keeps its seats apart."""
    gone = deleted(changes)
    for number, game, started_at, players in store.seatings():
        if number in gone:
            continue
        name = repeated_name(seated(players, number, changes))
        if name is not None:
            return f"{game_entry(game).title} on {time.strftime('%a %d %b', time.localtime(started_at))} " \
                   f"(game {number})", name
    return None
