"""A table being set up for the next game: the colour each seat takes, and who begins it.

Within an evening a person keeps one colour and shape, and no two people share one, where the table
allows it: Tonight's standings and chart tell players apart by them. So a colour is someone's when they
played at the last table or tonight, and only they are given it while it is free."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from .errors import CompanionError
from .players import IDENTITIES, Player, name_key

if TYPE_CHECKING:
    from .evenings import Evening
    from .store import SessionRecord, Store


def owners(last_table: Sequence[Player], tonight: Evening | None) -> list[dict[str, str]]:
    """Whose colour is whose, by name in any capitals: the last table's players; and they with everyone
    else who played tonight. A new seat keeps clear of all of them, or where there are not colours
    enough, of the last table's (one who just left comes back to theirs)."""
    last = {player.name.casefold(): player.colour for player in last_table if player.name.strip()}
    evening = {standing.name.casefold(): standing.colour for standing in (tonight.standings if tonight else ())}
    return [last, {**evening, **last}]


def seat_colour(name: str, hoped: Iterable[str | None], seated: Collection[str],
                owned: Sequence[Mapping[str, str]]) -> str:
    """The colour for the seat of `name` (an empty seat's is its stand-in name), where the others at the
    table hold `seated`: the first of `hoped` (the player's remembered colour, the seat's own) that nobody
    at the table has and that is no one else's in `owned`; otherwise one nobody at the table has and no
    one else in `owned` has, trying its widest first (see `owners`)."""
    who = name_key(name)
    others = [{colour for owner, colour in whose.items() if owner != who} for whose in owned]
    someone_elses = set[str]().union(*others)
    for colour in hoped:
        if colour and colour not in seated and colour not in someone_elses:
            return colour
    free = [identity.key for identity in IDENTITIES if identity.key not in seated]
    for kept in reversed(others):
        found = next((colour for colour in free if colour not in kept), None)
        if found is not None:
            return found
    return free[0] if free else IDENTITIES[0].key


def first_after(store: Store, last: SessionRecord) -> str | None:
    """Who begins the next game, by name, as the rules of the game played last pass it on; None when
    that game cannot be read back. A game left unfinished passes nothing on: whoever began it begins."""
    try:
        session = store.resume(last.id)
        seat = (session.game.first_seat_next_game(session.state, session.options, len(session.players))
                if session.is_over else int(session.options.get("dealer", 0)))
    except CompanionError:
        return None
    return session.players[seat].name
