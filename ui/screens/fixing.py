"""Fixing an earlier move: the game's own table as it stood before that move, so the family tells what
really happened with the same pads they played with. The first move told there replaces the old one;
every later move is replayed on top, or the fix is refused and nothing changes."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion.actions import Action
from companion.session import DO, Session
from ui.controller import GameController, Notice
from ui.games import view_class
from ui.games.view import TableView
from ui.widgets.basics import BigButton, MessageBar, Text  # noqa: F401  (named in fixing.kv)
from ui.widgets.hiding import covers_the_screen
from ui.widgets.kv import load_kv


def table_before(session: Session, move: int) -> Session:
    """A session in memory only, as the game stood just before move `move`."""
    earlier = Session(session.game, session.players, session.options)
    earlier.replay_entries([(DO, action) for action in session.actions[:move - 1]])
    return earlier


class _TellingController(GameController):
    """The table's controller while fixing: a move told on the pads becomes the fix, never a move of
    this in-memory table. No buzzer races here: a view asks who won or lost instead."""

    def __init__(self, session: Session, tell: Callable[[Action], bool]) -> None:
        super().__init__(session, race_runner=None)
        self._tell_fix = tell

    def perform(self, action: Action) -> bool:
        return bool(self._tell_fix(action))

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False


class FixPopup(ModalView):
    title = StringProperty("")

    def __init__(self, controller: GameController, move: int, **kwargs: Any) -> None:
        super().__init__(title=f"Fix move {move}", **kwargs)
        covers_the_screen(self)
        self.controller, self.move = controller, move
        self.done = False
        said = next(line.text for line in controller.session.history() if line.number == move and not line.fix)
        self.fixing_words = f'It says "{said}". Tell what really happened.'
        telling = _TellingController(table_before(controller.session, move), self._tell)
        self.view: TableView = view_class(controller.session.game.key)(telling)
        self.ids["column"].add_widget(self.view, index=1)
        # The message bar's room, which the table was laid out to leave, says what is being fixed; once
        # open, so the bar knows its width when it fits the words.
        self.bind(on_open=lambda *_: self.message.show(self.fixing_words, seconds=None))
        self.view.refresh()
        self.view.start_from(controller.session.actions[move - 1])
        controller.subscribe(self._heard)
        self.bind(on_dismiss=lambda *_: controller.unsubscribe(self._heard))
        # The pads' own words (why a greyed choice can't be taken) are said here too, as in play.
        telling.subscribe(self._heard)

    @property
    def message(self) -> MessageBar:
        return self.ids["message"]

    def _tell(self, action: Action) -> bool:
        if self.done:
            return False
        self.done = self.controller.fix(self.move, action)
        if self.done:
            self.dismiss()
        return self.done

    def _heard(self, notice: Notice | None) -> None:
        """A refused fix, or why a greyed choice on the pads can't be taken, is said here, over the table
        it was told on; the game screen says the rest. Once the family gets on with the pads, the bar
        says again what is being fixed."""
        if notice is None or self.done:
            return
        if notice.problem:
            self.message.show(notice.text, problem=True, seconds=None)
            self.view.refresh()
        elif not notice.text and self.message.problem:
            self.message.show(self.fixing_words, seconds=None)


load_kv(__file__)
