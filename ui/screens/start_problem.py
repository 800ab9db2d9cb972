"""What the app shows when it cannot start: the data directory read-only or full, the saved games file
unreadable just now, the settings file unusable. The app stays up showing this, so the kiosk's service
does not restart it again and again; *Try again* starts it properly once the cause is put right."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from ui.widgets.basics import BigButton, MessageBar, Text  # noqa: F401  (named in start_problem.kv)
from ui.widgets.kv import load_kv


class StartProblemScreen(Screen):
    """`problem` is one sentence saying what is wrong and what to do; `try_again` is called on the
    tap, and the app calls `still(problem)` or leaves this screen once it knows."""

    problem_words = StringProperty("")

    def __init__(self, problem: str, try_again: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(problem_words=breakable(problem), **kwargs)
        self._try_again = try_again

    @property
    def problem(self) -> Text:
        return self.ids["problem"]

    @property
    def try_again_button(self) -> BigButton:
        return self.ids["try_again_button"]

    @property
    def message(self) -> MessageBar:
        return self.ids["message"]

    def try_again(self) -> None:
        if self.try_again_button.disabled:
            return
        self.try_again_button.disabled = True
        self.message.show("Trying again...", seconds=None)
        self._try_again()

    def still(self, problem: str) -> None:
        """The new attempt failed too: say why, as it now stands."""
        self.problem_words = breakable(problem)
        self.try_again_button.disabled = False
        self.message.show("It still cannot start: see above.", problem=True, seconds=None)


def breakable(text: str, longest: int = 40) -> str:
    """`text` with every path longer than `longest` characters broken after a slash: a label wraps only
    at spaces, and a data directory given with --data-dir can be wider than the screen."""
    words = []
    for word in text.split(" "):
        pieces = []
        while len(word) > longest and "/" in word[1:-1]:
            # After the last slash that keeps the piece short enough, else the first one there is.
            cut = (word.rindex("/", 1, longest) if "/" in word[1:longest] else word.index("/", 1)) + 1
            pieces.append(word[:cut])
            word = word[cut:]
        words.append("\n".join(pieces + [word]))
    return " ".join(words)


load_kv(__file__)
