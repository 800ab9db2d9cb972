"""`companion export-evening` and `companion import-evening`: an evening's games and standings as JSON
(with its manifest), as CSV, or as plays for the BG Stats app; and an exported evening saved back."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .bgstats import plays_document
from .errors import BadDocument
from .evenings import Evening, evening_csv, evening_document, import_evening
from .files import write_atomic
from .game_lines import evenings
from .gamelog import is_evening_document, read_document
from .ledger import read_games
from .manifest import EVENING, GAME, stamped, unstamped
from .paths import default_data_dir

if TYPE_CHECKING:  # the store is opened only when the command runs
    from .store import Store


def pick(found: list[Evening], number: int) -> Evening:
    """Evening `number`, 1 being the newest, or a BadDocument saying which numbers there are."""
    if not found:
        raise BadDocument("there are no saved games yet, so there is no evening to export")
    if not 1 <= number <= len(found):
        many = "1 (the newest)" if len(found) == 1 else f"1 (the newest) to {len(found)} (the oldest)"
        raise BadDocument(f"there is no evening number {number}; choose {many}")
    return found[number - 1]


def main(args: argparse.Namespace) -> int:
    if args.command == "import-evening":
        return _import(args)
    return _export(args)


def _export(args: argparse.Namespace) -> int:
    from .store import Store

    number = 1 if args.number is None else args.number
    store = Store.open(args.data_dir or default_data_dir())
    try:
        evening = pick(evenings(store), number)
        if args.csv:
            text = evening_csv(number, evening)
        elif args.bgstats:
            text = json.dumps(_plays(store, evening), indent=2) + "\n"
        else:
            text = json.dumps(stamped(evening_document(store, evening), EVENING, len(evening.games)), indent=2) + "\n"
    finally:
        store.close()
    if args.output:
        write_atomic(Path(args.output), text.encode("utf-8"), mode=0o644, what="export")
    else:
        sys.stdout.write(text)
    return 0


def _plays(store: Store, evening: Evening) -> dict[str, Any]:
    plays = plays_document(read_games(store, evening.finished_games))
    if plays is None:
        raise BadDocument("this evening has no finished game yet, so there is no play for BG Stats")
    return plays


def _import(args: argparse.Namespace) -> int:
    from .store import Store

    document = read_document(args.file)
    if not is_evening_document(document):
        unstamped(document, GAME)   # a file of plays for BG Stats, or from a newer app, says so first
        raise BadDocument(f"{args.file} holds one game, not an evening: import it with companion import-game {args.file}")
    store = Store.open(args.data_dir or default_data_dir())
    try:
        imported = import_evening(store, document)
    finally:
        store.close()
    print(imported.text)
    return 0
