"""A long table's history, made up: several families (and their guests) playing evenings over years,
every one of the five games, Nuts about Mutts on the big buttons with its bone races, a game set aside
now and then, one left unfinished tonight, a nickname merged into the name, a game deleted by mistake.
The benchmarks of ten thousand games (bench/ten_thousand.py) and the test that the quick reads give
the answers of the full ones (tests/test_many_games.py) read it.

The same seed makes the same history: the games, their seats, their moves and their races; only the
dates move with the clock (the newest evening ends an hour before now, so Home has a game night).

    python bench/history.py FOLDER [GAMES]     # saved games in FOLDER/companion.sqlite3
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(p) for p in (ROOT / "tests", ROOT) if str(p) not in sys.path]

from race_support import bone_race  # noqa: E402

from companion.gamelog import session_from_document  # noqa: E402
from companion.names import DELETE, MERGE  # noqa: E402
from companion.players import IDENTITIES, Player  # noqa: E402
from companion.registry import GAMES, load_game  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store import GameToImport, Store  # noqa: E402

# Each table's regulars; the evenings mix them with a guest from another family now and then. The
# accented names are typed the way a family types them (one letter each, NFC).
FAMILIES: tuple[tuple[str, ...], ...] = (
    ("Ann", "Ben", "Cleo", "Dev"),
    ("José", "Zoë", "Mia", "Noah", "Lena"),
    ("Oma", "Opa", "Kai"),
    ("Priya", "Ravi", "Asha", "Tom", "Élodie"),
)
# Ben was "Benny" in the first years, until the family put the two together (a merge).
NICKNAME, NAME = "Benny", "Ben"
# Each game a family played out is saved this many times over the years, as if dealt again the same
# way: ten thousand games from some three hundred played.
SAVED_A_PLAYED = 35
# The share of the nights that are any one family's, the first among them; the others are the first's.
VISITS = 0.3
LONGEST = 3000               # moves: a game still going after as many is left out
DAY = 86400.0
CHUNK = 500                  # games saved per transaction


@dataclass(frozen=True)
class Template:
    """A game played once, saved again on many evenings: its checked session and its race logs."""

    session: Session
    races: tuple[list[dict], ...] = ()


def _example(key: str, names: Sequence[str], moves: int | None = None) -> Session:
    document = load_example(key)
    return session_from_document({**document, "players": [
        {"name": name, "colour": IDENTITIES[seat].key, "button": None} for seat, name in enumerate(names)],
        "actions": document["actions"][:moves]})


def _played(key: str, names: Sequence[str], rng: random.Random) -> Template | None:
    """A game of `key` played out by random moves the rules allow; Nuts about Mutts on the big buttons
    (button = seat + 1) with a bone race or three first. None for one that ran past its longest."""
    players = [Player(name, IDENTITIES[seat].key, seat + 1 if key == "nuts_about_mutts" else None)
               for seat, name in enumerate(names)]
    session = Session(load_game(key), players, {"hands": 1} if key == "nuts_about_mutts" else {})
    races: list[list[dict]] = []
    if key == "nuts_about_mutts":
        for _ in range(rng.randint(1, 3)):
            presses = {button: rng.uniform(140.0, 450.0) for button in range(1, len(names) + 1)}
            bone_race(session, presses, lambda _number, log: races.append(log))
    while not session.is_over and len(session.actions) < LONGEST:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    return Template(session, tuple(races)) if session.is_over else None


def templates(rng: random.Random, games: int) -> dict[int, list[Template]]:
    """Each family's games: every game, played a few times by two to four of them."""
    found: dict[int, list[Template]] = {}
    for family, names in enumerate(FAMILIES):
        share = VISITS / len(FAMILIES) + (1 - VISITS if family == 0 else 0)
        made: list[Template] = []
        for entry in GAMES:
            for _ in range(max(2, round(games * share / SAVED_A_PLAYED / len(GAMES)))):
                most = min(entry.max_players, len(names), 4)
                seated = rng.sample(names, rng.randint(max(entry.min_players, 2), max(most, entry.min_players)))
                template = _played(entry.key, seated, rng)
                if template is not None:
                    made.append(template)
        found[family] = made
    return found


def _half_played(template: Template) -> Template:
    """The game's first half of moves, without its races."""
    session = Session(template.session.game, template.session.players, template.session.options)
    session.replay_entries([("do", action) for action in template.session.actions[: len(template.session.actions) // 2]])
    return Template(session)


def _renamed(template: Template, old: str, new: str) -> Template:
    """The same game with `old` sitting under the name `new`."""
    players = [Player(new if player.name == old else player.name, player.colour, player.button)
               for player in template.session.players]
    if players == list(template.session.players):
        return template
    session = Session(template.session.game, players, template.session.options)
    session.replay_entries([("do", action) for action in template.session.actions])
    return Template(session, template.races)


def evenings_of(games: int, rng: random.Random, made: dict[int, list[Template]],
                end: float) -> list[list[GameToImport]]:
    """Evenings back from `end`, newest last, until `games` games: three to fifteen games a night,
    a night every one to five days, each family's own table most nights."""
    nights: list[list[Template]] = []
    count = 0
    while count < games:
        family = rng.choice(range(len(FAMILIES))) if rng.random() < VISITS else 0
        night = [rng.choice(made[family]) for _ in range(min(rng.randint(3, 15), games - count))]
        nights.append(night)
        count += len(night)
    nicknamed: dict[int, Template] = {}
    found: list[list[GameToImport]] = []
    evening_end = end
    for number, night in enumerate(nights):   # newest first while dating
        early = number > len(nights) * 3 // 4
        start = evening_end - sum(len(t.session.actions) * 45.0 + 300.0 for t in night)
        moment, games_of_night = start, []
        for template in night:
            if early:
                if id(template) not in nicknamed:
                    nicknamed[id(template)] = _renamed(template, NAME, NICKNAME)
                template = nicknamed[id(template)]
            aside = rng.random() < 0.01   # now and then a game is left half played, and set aside
            if aside:
                template = _half_played(template)
            moves = []
            for _ in template.session.actions:
                moment += rng.uniform(15.0, 75.0)
                moves.append(moment)
            games_of_night.append(GameToImport(template.session, moves[0] - 30.0, moves[-1], aside, template.races,
                                               tuple(moves)))
            moment += rng.uniform(60.0, 600.0)
        found.append(games_of_night)
        evening_end = start - rng.randint(1, 5) * DAY + rng.uniform(-3600.0, 3600.0)
    found.reverse()
    return found


def generate(store: Store, games: int = 10_000, seed: int = 37, end: float | None = None) -> None:
    """`games` games saved in `store` (an empty one), the newest evening ending at `end` (an hour ago),
    its last game left unfinished; a nickname merged into the name, one game deleted."""
    rng = random.Random(seed)
    made = templates(rng, games)
    nights = evenings_of(games - 1, rng, made, (time.time() - 3600.0) if end is None else end)
    flat = [game for night in nights for game in night]
    last = flat[-1].last_played_at or 0.0
    unfinished = _example("pugs_in_mugs", FAMILIES[0][:2], moves=20)
    flat.append(GameToImport(unfinished, last + 300.0, last + 300.0 + 20 * 40.0,
                             moves_at=tuple(last + 300.0 + 40.0 * (n + 1) for n in range(20))))
    for first in range(0, len(flat), CHUNK):
        store.import_sessions(flat[first:first + CHUNK])
    store.add_change(MERGE, old_name=NICKNAME, new_name=NAME)
    store.add_change(DELETE, session_id=rng.randint(1, len(flat)))


def main(argv: list[str]) -> int:
    folder = Path(argv[1])
    store = Store.open(folder)
    try:
        generate(store, int(argv[2]) if len(argv) > 2 else 10_000)
        print(f"{store.game_count():,} games in {store.path}")
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
