"""What screens read from every saved game at once (the evenings and their standings, everyone's
records), worked out once per change of the saved games rather than on every visit: Home, the evening
and a player's records shown again with nothing played since read nothing again."""

from __future__ import annotations

import weakref

from companion import records
from companion.evenings import Evening
from companion.game_lines import Played, played_games, read_ledger
from companion.ledger import evenings_of
from companion.players import name_key
from companion.records import PlayerRecord
from companion.store import Store


class StoreReads:
    def __init__(self, store: Store) -> None:
        # Weakly, as the reads are kept by their store: a store closed and dropped takes them with it.
        self._store = weakref.ref(store)
        self._played: tuple[tuple[int, int], Played] | None = None
        self._evenings: tuple[tuple[int, int], list[Evening]] | None = None
        self._records: tuple[tuple[int, int], dict[str, PlayerRecord]] | None = None
        self._figures: tuple[tuple[int, int], records.Records] | None = None

    @property
    def store(self) -> Store:
        store = self._store()
        if store is None:
            raise RuntimeError("the saved games these reads were of are closed")
        return store

    def played(self) -> Played:
        """Every saved game as the evenings and the records read it, and those that cannot be read back."""
        # The revision is read first: a write while they are worked out leaves them to be read again.
        revision = self.store.revision
        if self._played is None or self._played[0] != revision:
            self._played = (revision, played_games(self.store))
        return self._played[1]

    def evenings(self) -> list[Evening]:
        """Every evening, newest first."""
        # A step of the clock since the last move is written down first, so the evenings are placed
        # by it (companion/clock.py); nothing is written when the clock has not moved.
        self.store.note_clock()
        revision = self.store.revision
        if self._evenings is None or self._evenings[0] != revision:
            self._evenings = (revision, evenings_of(self.played().games, self.store.clock_history()))
        return self._evenings[1]

    def figures(self) -> records.Records:
        """Everything worked out from the saved log: records, head to head, months and years."""
        revision = self.store.revision
        found = self._figures
        if found is None or found[0] != revision:
            found = self._figures = (revision, records.Records(read_ledger(self.store, self.played())))
        return found[1]

    def records(self) -> dict[str, PlayerRecord]:
        """Everyone's record, most games first, by name whatever its capitals."""
        revision = self.store.revision
        if self._records is None or self._records[0] != revision:
            self._records = (revision, {record.name.casefold(): record for record in self.figures().players})
        return self._records[1]

    def player(self, name: str) -> PlayerRecord:
        """`name`'s record; a name nobody played under is refused with the names there are."""
        found = self.records().get(name_key(name))
        return found if found is not None else records.player_record(self.store, name)


_reads: weakref.WeakKeyDictionary[Store, StoreReads] = weakref.WeakKeyDictionary()


def reads_of(store: Store) -> StoreReads:
    """The one StoreReads of `store`, so every screen shares what was worked out."""
    found = _reads.get(store)
    if found is None:
        found = _reads[store] = StoreReads(store)
    return found
