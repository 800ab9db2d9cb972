"""One question asked once before a step the family might regret, with the safe answer first and the
step itself in the refusal colour; Undo after it is still there in the message bar."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion import corrections
from companion.errors import CompanionError
from companion.store import Store
from ui.widgets.basics import BigButton, MessageBar, Panel, Text  # noqa: F401  (named in confirm.kv)
from ui.widgets.kv import load_kv


class ConfirmPopup(ModalView):
    question = StringProperty("")
    detail = StringProperty("")
    yes_text = StringProperty("")
    no_text = StringProperty("Keep it")

    def __init__(self, question: str, detail: str, yes_text: str, on_yes: Callable[[], None],
                 no_text: str = "Keep it", **kwargs: Any) -> None:
        super().__init__(question=question, detail=detail, yes_text=yes_text, no_text=no_text, **kwargs)
        self.on_yes = on_yes

    @property
    def no_button(self) -> BigButton:
        return self.ids["no_button"]

    @property
    def yes_button(self) -> BigButton:
        return self.ids["yes_button"]

    def _yes(self) -> None:
        self.dismiss(animation=False)
        self.on_yes()


def ask_to_delete_game(store: Store, session_id: int, message: MessageBar,
                       delete: Callable[[], None]) -> ConfirmPopup | None:
    """A game entered by mistake: asked once, saying what deleting it changes; a game that cannot be
    deleted says why in the bar instead."""
    try:
        question = corrections.deletion_question(store, session_id)
    except CompanionError as problem:
        message.show(str(problem), problem=True, seconds=None)
        return None
    popup = ConfirmPopup("Delete this game?", question, "Delete", delete)
    popup.open()
    return popup


load_kv(__file__)
