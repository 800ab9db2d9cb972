"""A miscount found later: an earlier move told again. Every total after it follows from the log, the
fix is in the history and can be undone, and a fix the later moves cannot stand is refused whole."""

import copy

import pytest
from counting_game import CountingGame

import companion.registry as registry
from companion.actions import Action, Fix
from companion.errors import BadDocument, IllegalAction
from companion.players import Player
from companion.session import Session
from companion.store import Store

PLAYERS = [Player("Ann", "orange", 1), Player("Ben", "sky", 2)]


def add(seat, amount):
    return Action("add", seat, {"amount": amount})


def played(*amounts, target=20, persist=None):
    session = Session(CountingGame(), PLAYERS, {"target": target}, persist=persist)
    for move, amount in enumerate(amounts):
        session.perform(add(move % 2, amount))
    return session


def test_a_fixed_move_changes_every_total_after_it_and_is_listed_where_it_was_made():
    session = played(2, 3, 1, 3)
    session.fix(2, add(1, 1))
    assert session.summary()["total"] == 7
    assert session.state.added == [2, 1, 1, 3]
    assert [(line.number, line.fix) for line in session.history()] == [(1, False), (2, False), (3, False),
                                                                      (4, False), (2, True)]
    assert session.history()[1].text == "Ben added 1"
    assert session.history()[-1].text == 'Fixed move 2: it said "Ben added 3"; now "Ben added 1"'
    session.perform(add(0, 2))
    assert [line.number for line in session.history()] == [1, 2, 3, 4, 2, 5]


def test_undo_takes_a_fix_back_and_redo_makes_it_again():
    session = played(2, 3, 1)
    session.fix(1, add(0, 3))
    assert session.next_undo_text == "the fix of move 1"
    assert session.undo() == Fix(1, add(0, 3))
    assert session.summary()["total"] == 6 and not any(line.fix for line in session.history())
    assert session.next_undo_text == "Ann added 1"
    session.redo()
    assert session.summary()["total"] == 7 and session.history()[-1].fix


@pytest.mark.parametrize("move, action, reason", [
    (2, add(0, 1), "not your turn"),  # the fix itself breaks the rules
    (7, add(0, 1), "no move 7 to fix: the moves are 1 to 3"),
    (1, add(0, 2), "already says that"),
])
def test_a_fix_the_rules_refuse_changes_nothing(action, move, reason):
    session = played(2, 3, 1)
    before = (copy.deepcopy(session.state), session.actions, session.history(), session.can_redo)
    with pytest.raises(IllegalAction, match=reason):
        session.fix(move, action)
    assert (session.state, session.actions, session.history(), session.can_redo) == before


def test_a_fix_that_would_end_the_game_before_later_moves_is_refused_and_says_which():
    session = played(3, 2, 1, target=6)
    with pytest.raises(IllegalAction, match="the game ends after move 2, yet move 3 was played after it"):
        session.fix(2, add(1, 3))
    assert session.summary()["total"] == 6 and session.state.added == [3, 2, 1]


def test_the_fix_is_saved_at_once_and_resumes_exactly(tmp_path, monkeypatch):
    import companion.store as store_module
    monkeypatch.setattr(registry, "load_game", lambda key: CountingGame())
    monkeypatch.setattr(store_module, "load_game", lambda key: CountingGame())
    monkeypatch.setattr(store_module, "game_entry", lambda key: None)
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS, {"target": 8})
    for move, amount in enumerate([3, 3, 2]):
        session.perform(add(move % 2, amount))
    (finished,) = store.sessions(unfinished=False)
    assert finished.outcome.winners == (0,)
    session.fix(3, add(0, 3))  # the last add was 3, not 2: still over, same winner, a new total
    (fixed,) = store.sessions(unfinished=False)
    assert fixed.result["total"] == 9
    # A correction found later does not move the game to tonight: when it was played stays.
    assert (fixed.finished_at, fixed.updated_at) == (finished.finished_at, finished.updated_at)
    store.close()

    resumed = Store.open(tmp_path).resume(session.id)
    assert resumed.state == session.state
    assert [line.text for line in resumed.history()] == [line.text for line in session.history()]
    resumed.undo()
    assert resumed.summary()["total"] == 8 and resumed.can_redo


def test_a_fix_in_the_log_that_cannot_be_read_names_its_place():
    with pytest.raises(BadDocument, match="entry 4: \"move\" must be a move number from 1"):
        Fix.from_json({"move": 0, "action": {"type": "add"}}, where="session 1 entry 4")


def test_the_last_line_is_the_newest_line_of_the_history_after_moves_fixes_and_undo():
    session = played(2, 3)
    assert session.last_line == "Ben added 3" == session.history()[-1].text
    session.fix(1, add(0, 1))
    assert session.last_line == 'Fixed move 1: it said "Ann added 2"; now "Ann added 1"' == session.history()[-1].text
    session.perform(add(0, 2))
    assert session.last_line == "Ann added 2"
    session.undo()
    session.undo()
    assert session.last_line == "Ben added 3"
    session.undo()
    session.undo()
    assert session.last_line is None
