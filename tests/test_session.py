import copy

import pytest
from counting_game import CountingGame

from companion.actions import Action
from companion.errors import BadDocument, BadOption, IllegalAction, NothingToUndo
from companion.players import Player
from companion.session import Session

PLAYERS = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


def new_session(**options):
    return Session(CountingGame(), PLAYERS, options)


def test_state_is_the_replay_of_the_actions_in_order():
    session = new_session()
    for seat, amount in [(0, 2), (1, 3), (2, 1)]:
        session.perform(Action("add", seat, {"amount": amount}))
    assert session.summary() == {"total": 6, "turn": 0}
    assert [line.text for line in session.history()] == ["Ann added 2", "Ben added 3", "Cleo added 1"]


def test_refused_action_leaves_state_and_history_unchanged():
    session = new_session()
    session.perform(Action("add", 0, {"amount": 2}))
    before = copy.deepcopy(session.state)
    with pytest.raises(IllegalAction, match="not your turn"):
        session.perform(Action("add", 2, {"amount": 1}))
    with pytest.raises(ValueError):  # typed errors are ValueErrors too
        session.perform(Action("add", 1, {"amount": 9}))
    assert session.state == before
    assert len(session.history()) == 1


def test_undo_and_redo_restore_exact_states():
    session = new_session()
    session.perform(Action("add", 0, {"amount": 2}))
    after_first = copy.deepcopy(session.state)
    session.perform(Action("add", 1, {"amount": 3}))
    assert session.undo() == Action("add", 1, {"amount": 3})
    assert session.state == after_first
    assert session.can_redo
    session.redo()
    assert session.summary()["total"] == 5
    assert not session.can_redo


def test_a_new_action_after_undo_discards_the_redo():
    session = new_session()
    session.perform(Action("add", 0, {"amount": 2}))
    session.undo()
    session.perform(Action("add", 0, {"amount": 1}))
    assert not session.can_redo
    with pytest.raises(NothingToUndo):
        session.redo()


def test_nothing_to_undo_on_a_fresh_game():
    with pytest.raises(NothingToUndo, match="Nothing to undo"):
        new_session().undo()


def test_actions_after_the_end_are_refused():
    session = new_session(target=3)
    session.perform(Action("add", 0, {"amount": 3}))
    assert session.is_over
    with pytest.raises(IllegalAction, match="over"):
        session.perform(Action("add", 1, {"amount": 1}))


def test_unknown_option_names_the_key_and_the_valid_ones():
    with pytest.raises(BadOption, match=r"no setting called 'targte'.*target"):
        new_session(targte=5)


def test_option_of_the_wrong_type_is_refused():
    with pytest.raises(BadOption, match="target"):
        new_session(target="ten")


def test_player_count_outside_the_range_is_refused():
    with pytest.raises(BadOption, match="2 to 4 players, not 1"):
        Session(CountingGame(), PLAYERS[:1])


def test_two_players_with_the_same_colour_are_refused():
    with pytest.raises(BadDocument, match="same colour"):
        Session(CountingGame(), [Player("Ann", "orange"), Player("Ben", "orange")])


def test_a_persist_failure_means_the_action_was_not_acknowledged():
    def failing(kind, action, state):
        raise OSError("disk full")

    session = Session(CountingGame(), PLAYERS, persist=failing)
    with pytest.raises(OSError):
        session.perform(Action("add", 0, {"amount": 2}))
    assert session.summary()["total"] == 0
    assert session.history() == []


def test_action_json_round_trip_is_flat():
    action = Action("add", 1, {"amount": 2})
    assert action.to_json() == {"type": "add", "player": 1, "amount": 2}
    assert Action.from_json(action.to_json()) == action
    with pytest.raises(BadDocument, match="actions\\[4\\].*seat number"):
        Action.from_json({"type": "add", "player": "Ben"}, where="actions[4]")
