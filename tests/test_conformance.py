"""Every registered game keeps the same promises: random games played to the end hold the game's own
laws at every step, undo then redo returns exactly the same table, a refused tap changes nothing
(not the state, not the log), and the result every game reports the same way (`Outcome`) always
names the same winners and scores as the game's own summary, with places that follow the scores."""

import copy
import functools
import importlib
import random
import types
import typing
from enum import StrEnum
from pathlib import Path

import pytest
from examples_support import EXAMPLES
from seed_split import quick_then_rest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.gamelog import read_document, replay_file, session_from_document
from companion.outcome import Outcome
from companion.playthrough import table_of
from companion.registry import GAMES
from companion.session import Session

GAMES_PER_TABLE = 3


def _ruff_scores(summary):
    boards = summary["boards"]
    to_go = [board["discs_left_to_fetch"] + (not board["in_dog_house"]) for board in boards]
    return [to_go[player["board"]] for player in summary["players"]]


# What each game's own summary says, read through its own keys: (over, winners, scores, hands).
# The Outcome must agree with all of it.
SAID = {
    "nuts_about_mutts": lambda s: (s["evening_over"], s["top_dog"] if s["evening_over"] else [],
                                   s["scores"]["totals"], [hand["scores"] for hand in s["scores"]["hands"]]),
    "thats_ruff": lambda s: (s["phase"] == "won", s["winner"]["seats"] if s["winner"] else [],
                             _ruff_scores(s), []),
    "mix_the_mutts": lambda s: (s["phase"] == "over", s["winners"], [p["total"] for p in s["players"]], []),
    "nut": lambda s: (s["phase"] == "over", s["winners"], s["scores"], []),
    "pugs_in_mugs": lambda s: (s["over"], s["winners"], [p["mug_count"] for p in s["players"]], []),
}

TABLES = [pytest.param(entry.key, seats, {}, id=f"{entry.key}-{seats}")
          for entry in GAMES for seats in sorted({entry.min_players, entry.max_players})]
# Partners share one dog, so one win is two seats'.
TABLES.append(pytest.param("thats_ruff", 4, {"partnerships": True}, id="thats_ruff-partnerships"))


def test_every_registered_game_says_how_its_summary_reads():
    assert set(SAID) == {entry.key for entry in GAMES}


def check_outcome(session: Session) -> Outcome:
    outcome = session.outcome
    over, winners, scores, hands = SAID[session.game.key](session.summary())
    assert outcome.finished == over == session.is_over
    assert list(outcome.winners) == list(winners)
    assert list(outcome.scores) == list(scores)
    assert [list(hand) for hand in outcome.hands] == [list(hand) for hand in hands]
    if session.game.key == "nut":
        said = session.summary()["tie_break"]
        assert outcome.tie_break == said if said != "shared" else len(outcome.winners) > 1
    check_places(outcome, [player.name for player in session.players])
    return outcome


def check_places(outcome: Outcome, names: list[str]) -> None:
    standings = outcome.standings
    assert [(s.seat, s.name) for s in standings] == list(enumerate(names))
    assert all((s.score is None) == (s.place is None) for s in standings)
    known = [s for s in standings if s.score is not None]
    if known:
        assert min(s.place for s in known) == 1
    for a in known:
        for b in known:
            if outcome.order.better(a.score, b.score):
                assert a.place < b.place, f"{a} scored better than {b} but is not placed ahead"
            elif a.score == b.score and a.place != b.place:
                # Only a tie-break for the win separates equal scores, and only from the winners.
                assert outcome.tie_break and 1 in (a.place, b.place), (a, b, outcome.tie_break)
    if outcome.finished:
        assert outcome.winners and set(outcome.winners) == {s.seat for s in standings if s.place == 1}
    else:
        assert outcome.winners == () and outcome.tie_break is None


def summary_shape(game) -> type:
    """The TypedDict a game's summary() is declared to return."""
    return typing.get_type_hints(type(game).summary)["return"]


@functools.cache
def declared_fields(typed_dict: type) -> dict:
    # Resolving the annotations again at every step of every random game took over a quarter of a long run.
    return typing.get_type_hints(typed_dict)


def check_shape(value, hint, where: str = "summary") -> None:
    """`value` has exactly the shape `hint` declares: a TypedDict's keys (no more, none missing) and,
    inside, lists, dicts and optional parts, down to the plain values."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if typing.is_typeddict(hint):
        assert isinstance(value, dict), f"{where} should be a {hint.__name__}, got {value!r}"
        keys = set(value)
        assert hint.__required_keys__ <= keys <= hint.__required_keys__ | hint.__optional_keys__, (
            f"{where} has keys {sorted(keys)}; {hint.__name__} declares {sorted(hint.__annotations__)}")
        hints = declared_fields(hint)
        for key in keys:
            check_shape(value[key], hints[key], f"{where}[{key!r}]")
    elif origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return
        candidates = [arg for arg in args if arg is not type(None)]
        problems = []
        for candidate in candidates:
            try:
                check_shape(value, candidate, where)
                return
            except AssertionError as problem:
                problems.append(str(problem))
        raise AssertionError("; ".join(problems))
    elif origin in (list, tuple, typing.Sequence):
        assert isinstance(value, (list, tuple)), f"{where} should be a list, got {value!r}"
        for index, item in enumerate(value):
            check_shape(item, args[0] if args else typing.Any, f"{where}[{index}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where} should be a dict, got {value!r}"
        for key, item in value.items():
            check_shape(item, args[1], f"{where}[{key!r}]")
    elif hint in (int, str, bool, float):
        # JSON keeps booleans apart from numbers, and a whole number is a fine float.
        kinds = {bool: (bool,), int: (int,), float: (int, float), str: (str,)}[hint]
        assert isinstance(value, kinds) and (hint is bool) == isinstance(value, bool), (
            f"{where} should be {hint.__name__}, got {value!r}")


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_every_game_has_the_same_shape(entry):
    """The same modules in every game, one table of rules naming exactly the game's action types,
    and phases and action types as enums."""
    package = f"companion.games.{entry.key}"
    modules = {name: importlib.import_module(f"{package}.{name}") for name in ("state", "rules", "summary", "sampler")}
    game = entry.load()
    assert importlib.import_module(package).GAME is game is modules["rules"].GAME
    assert issubclass(modules["state"].Phase, StrEnum) and issubclass(modules["state"].ActionType, StrEnum)
    assert set(game.rules()) == set(modules["state"].ActionType) == set(game.action_fields())
    assert typing.is_typeddict(summary_shape(game))
    assert callable(modules["sampler"].legal_actions) and callable(modules["summary"].describe)
    view = importlib.import_module(f"ui.games.{entry.key}")
    for name in ("table", "pads", "widgets"):
        importlib.import_module(f"ui.games.{entry.key}.{name}")
    assert view.VIEW is importlib.import_module(f"ui.games.{entry.key}.table").__dict__[view.VIEW.__name__]


def refuse(session: Session, action: Action, logged: list) -> bool:
    """Perform `action`; if the rules refuse it, nothing at all may have changed. Returns whether it was refused."""
    state, actions, history, entries = (copy.deepcopy(session.state), session.actions, session.history(),
                                        list(logged))
    redo = session.next_redo
    try:
        session.perform(action)
    except IllegalAction:
        assert session.state == state, f"refused {action} changed the state"
        assert (session.actions, session.history(), session.next_redo) == (actions, history, redo)
        assert logged == entries, f"refused {action} was written to the log"
        return True
    session.undo()
    assert session.state == state
    return False


def play_to_the_end(key: str, seats: int, options: dict, games: range) -> None:
    game = next(entry for entry in GAMES if entry.key == key).load()
    shape = summary_shape(game)
    for number in games:
        rng = random.Random(f"{key}-{seats}-{number}")
        logged = []
        session = Session(game, table_of(seats), {**options, "dealer": rng.randrange(seats)},
                          persist=lambda kind, action, state, logged=logged: logged.append((kind, action)))
        for step in range(3000):
            check_outcome(session)
            check_shape(session.summary(), shape)
            if session.is_over:
                break
            legal = game.legal_actions(session.state, rng)
            assert legal, f"no legal action offered at step {step} while the game is not over"
            assert refuse(session, Action("no_such_action", rng.randrange(seats)), logged)
            # Someone else tapping a move: whether the rules allow it (a claim) or not, nothing may leak.
            moved = rng.choice(legal)
            # A misspelt field is refused, never ignored.
            assert refuse(session, Action(moved.type, moved.player, {**moved.args, "knd": "standard"}), logged)
            if moved.player is not None:
                refuse(session, Action(moved.type, (moved.player + rng.randrange(1, seats)) % seats, moved.args),
                       logged)
            before = copy.deepcopy(session.state)
            session.perform(moved)
            game.check_invariants(session.state)
            after = copy.deepcopy(session.state)
            session.undo()
            assert session.state == before
            session.redo()
            assert session.state == after
        assert session.is_over, f"a random {key} game for {seats} did not finish"
        outcome = check_outcome(session)
        assert Outcome.from_json(outcome.to_json()) == outcome
        assert refuse(session, session.actions[-1], logged), "an action was accepted after the game was over"


# 25 games a table are long enough to meet the rarer endings: shared wins, Nut's largest-cluster
# tie-break, two dogs home. The first few run in the quick group.
@pytest.mark.parametrize("games", quick_then_rest(25, GAMES_PER_TABLE))
@pytest.mark.parametrize("key,seats,options", TABLES)
def test_random_games_keep_every_promise_at_every_step(key, seats, options, games):
    play_to_the_end(key, seats, options, games)


EXAMPLE_LOGS = sorted(EXAMPLES.rglob("*.json"))


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda path: str(path.relative_to(EXAMPLES)))
def test_every_example_log_replays_to_the_result_its_summary_gives(path: Path):
    session = session_from_document(read_document(path))
    outcome = check_outcome(session)
    printed = replay_file(path)["outcome"]
    assert Outcome.from_json(printed) == outcome
    assert printed["winner_names"] == [session.players[seat].name for seat in outcome.winners]

