"""What every family does once in a game, whatever the game: take a move back and put it again, and
leave for Home and come back through Resume. The session is only read, to check the screen told the
truth."""

from __future__ import annotations


def snapshot(table):
    session = table.session
    return session.state, len(session.actions), session.can_redo


def undo_and_redo(table) -> None:
    before = snapshot(table)
    table.tap("Undo")
    if snapshot(table)[1] != before[1] - 1:
        raise AssertionError(f"{table.where()}: Undo did not take back one move")
    table.tap("Redo")
    if snapshot(table)[:2] != before[:2]:
        raise AssertionError(f"{table.where()}: Redo did not restore the game exactly")


def home_and_resume(table) -> None:
    before = snapshot(table)
    table.tap("Home")
    table.tap("Resume")
    if snapshot(table)[:2] != before[:2]:
        raise AssertionError(f"{table.where()}: Resume did not restore the game exactly")


def midgame(table) -> None:
    undo_and_redo(table)
    home_and_resume(table)
