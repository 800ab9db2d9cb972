"""Saying that another game is still unfinished when a new one starts: a line at the foot of the new
game's table with Resume (that game, at once) and OK (one tap, gone). It never blocks the new game,
which can be played straight away; the first move clears it too."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import StringProperty

from companion.registry import game_entry
from companion.store import SessionRecord
from ui import theme
from ui.widgets.basics import BigButton, Panel, Text  # noqa: F401  (named in unfinished.kv)
from ui.widgets.kv import load_kv


def players_words(record: SessionRecord) -> str:
    """'Maya', 'Maya and Ben', 'Maya, Ben and Cleo', 'Maya, Ben and 3 others': short enough for one line."""
    names = [player.name for player in record.players]
    if len(names) == 1:
        return names[0]
    if len(names) <= 3:
        return f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{names[0]}, {names[1]} and {len(names) - 2} others"


def whose_game(record: SessionRecord) -> str:
    """'Maya's Nut game', 'Maya and Ben's Nut game', 'Maya, Ben and 3 others' Nut game'."""
    who = players_words(record)
    possessive = "'" if who.endswith(" others") else "'s"
    return f"{who}{possessive} {game_entry(record.game).title} game"


def unfinished_words(others: list[SessionRecord]) -> str:
    """What the notice says of the unfinished games, newest first."""
    more = len(others) - 1
    if not more:
        return f"{whose_game(others[0])} is unfinished: it stays in Saved games."
    return (f"{whose_game(others[0])} and {more} other game{'s' if more != 1 else ''} are unfinished: "
            "they stay in Saved games.")


class UnfinishedNotice(Panel):
    words = StringProperty("")

    def __init__(self, others: list[SessionRecord], on_resume: Callable[[SessionRecord], None],
                 on_dismiss: Callable[[], None], **kwargs: Any) -> None:
        # As tall as its buttons, a 9 mm target, and hardly taller than the message bar whose place it
        # takes, so the table above keeps its room.
        super().__init__(orientation="horizontal", size_hint_y=None, height=theme.TARGET, padding=[theme.PAD, 0],
                         fill=theme.SURFACE, words=unfinished_words(others), **kwargs)
        self.others = others
        self.on_resume, self.on_dismiss = on_resume, on_dismiss


load_kv(__file__)
