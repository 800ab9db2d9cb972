"""A held button never wins, whatever a race log or a race record in a game log says: a log whose arm
lists a button as held while its edges let it go before the arm is refused (it contradicts itself, and
a replay used to let the held button win), an imported decision line naming a held button the winner is
refused, and a Nuts about Mutts move's race record takes only its own fields, each of its own kind."""

from __future__ import annotations

import copy
import json
import subprocess

import pytest
from race_support import bone_race, race
from test_replay_race import COMPANION, arm, edge

from companion.actions import Action
from companion.errors import BadDocument, IllegalAction
from companion.gamelog import import_document, session_from_document
from companion.players import IDENTITIES, Player
from companion.races import racelog
from companion.registry import load_game
from companion.session import Session
from companion.store import Store


def test_a_log_that_lets_a_held_button_go_before_the_arm_is_refused_by_replay_race(tmp_path):
    path = tmp_path / "race.jsonl"
    lines = [edge(2, -100, pressed=False), arm("claim", [1, 2], held=[2]), edge(2, 100), edge(1, 300)]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = subprocess.run([str(COMPANION), "replay-race", str(path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stdout   # it used to decide: button 2 wins
    assert result.stderr.strip() == ("companion: race log line 1: button 2 is let go before the arm, yet the arm line "
                                     "(line 2) lists it as held: the log contradicts itself")


def test_a_held_button_pressed_before_the_arm_and_still_down_is_a_log_that_agrees():
    log = racelog.parse("".join(json.dumps(line) + "\n" for line in [
        edge(2, -100), arm("claim", [1, 2], held=[2]), edge(1, 300)]))
    assert log.arm.held == {2}


def players() -> list[Player]:
    return [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(("Ann", "Ben", "Cleo"))]


@pytest.fixture
def raced(tmp_path):
    """A Nuts about Mutts game with a bone race on the buttons, as export-game writes it."""
    from companion.gamelog import export_saved

    store = Store.open(tmp_path / "here")
    mutts = store.new_session("nuts_about_mutts", players(), {"hands": 1})
    bone_race(mutts, {1: 200.0, 2: 250.0, 3: 400.0}, store.save_race)
    document = export_saved(store, mutts.id)
    store.close()
    elsewhere = Store.open(tmp_path / "elsewhere")
    yield document, elsewhere
    elsewhere.close()


def test_an_imported_decision_line_that_names_a_held_button_the_winner_is_refused(raced):
    document, store = raced
    log = document["races"][0]
    next(line for line in log if line["event"] == "arm")["held"] = [3]
    next(line for line in log if line["event"] == "decision")["winners"] = [3, 1]
    with pytest.raises(BadDocument, match="races\\[0\\]: race log: the decision names button 3 a winner, but it "
                                          "was held down at the arm"):
        import_document(store, document)
    assert store.history() == []


def race_move(document: dict) -> dict:
    return next(action for action in document["actions"] if "race" in action)


@pytest.mark.parametrize("change, said", [
    (lambda race: race.update(prize="the deck"), "has no field 'prize'"),
    (lambda race: race.update(margins_ms={"0": 1e308}), "a margin is 0 to 60,000 milliseconds"),
    (lambda race: race.update(margins_ms={"0": float("nan")}), "a margin is 0 to"),
    (lambda race: race.update(margins_ms={"7": 1.0}), "margins_ms names seat '7'"),
    (lambda race: race.update(winners=[0, 0]), "names a seat twice"),
    (lambda race: race.update(winners=[True]), "names seat True"),
    (lambda race: race.update(stuck=list(race["winners"][:1])), "held their button down"),
    (lambda race: race.update(winners=race["winners"] + race["losers"]), "yet they lost it"),
    (lambda race: race.update(kind="claim"), "not a bone race"),
    (lambda race: race.update(timed_out="no"), "timed_out should be true or false"),
    (lambda race: race.update(ties=[[0, 9]]), "ties names seat 9"),
    (lambda race: race.update(tie_draw={"seed": 1, "winner": 0}), "tie_draw should be the arbiter's draw"),
    (lambda race: race.update(log=[{"event": "edge", "player": 1, "pressed": True, "t_ns": 1}]), "no arm line"),
    (lambda race: race.update(losers=[]), "names other losers than the move"),
])
def test_a_race_record_with_unknown_or_absurd_fields_is_refused(raced, change, said):
    document, store = raced
    broken = copy.deepcopy(document)
    change(race_move(broken)["race"])
    with pytest.raises(BadDocument, match="was refused") as refused:
        session_from_document(broken)
    assert said in str(refused.value)
    with pytest.raises(BadDocument):
        import_document(store, broken)
    assert store.history() == []


def test_a_race_record_as_the_race_screen_hands_it_over_is_taken(raced):
    document, store = raced
    session = import_document(store, document)
    assert session.state.last_race == race_move(document)["race"]


def test_a_claim_race_record_naming_a_held_seat_the_winner_is_refused_at_the_table():
    game = load_game("nuts_about_mutts")
    session = Session(game, players(), {"hands": 1, "dealer": 0, "advanced": True})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))
    session.perform(Action("play", 2, {"colour": "red", "number": 9}))
    log = race("claim", [1, 2, 3], {1: 30.0, 2: 42.5})
    record = {"kind": "claim", "winners": [0], "losers": [1], "ties": [], "false_starts": [], "stuck": [0],
              "timed_out": False, "margins_ms": {"0": 0.0, "1": 12.5}, "tie_draw": None, "log": log}
    with pytest.raises(IllegalAction, match="held their button down"):
        session.perform(Action("match", 0, {"race": record}))
    assert len(session.actions) == 2
