"""What the app shows when it cannot start: the data directory read-only or full, the saved games file
unreadable just now, the settings file unusable. The app stays up showing this, so the kiosk's service
does not restart it again and again; *Try again* starts it properly once the cause is put right. An
unusable settings file can be put right by touch: *Use the usual settings* keeps it aside under another
name and starts with the usual ones."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui.widgets.basics import BigButton, MessageBar, Text  # noqa: F401  (named in start_problem.kv)
from ui.widgets.kv import load_kv
from ui.widgets.text import breakable


class StartProblemScreen(Screen):
    """`problem` is one sentence saying what is wrong and what to do; `try_again` is called on the
    tap, `use_usual_settings` (where the settings file is the problem) on its own button; the app calls
    `still(...)` or leaves this screen once it knows."""

    problem_words = StringProperty("")
    settings_unusable = BooleanProperty(False)

    def __init__(self, problem: str, try_again: Callable[[], None],
                 use_usual_settings: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(problem_words=breakable(problem), settings_unusable=use_usual_settings is not None,
                         **kwargs)
        self._try_again = try_again
        self._use_usual_settings = use_usual_settings

    @property
    def problem(self) -> Text:
        return self.ids["problem"]

    @property
    def try_again_button(self) -> BigButton:
        return self.ids["try_again_button"]

    @property
    def message(self) -> MessageBar:
        return self.ids["message"]

    @property
    def usual_settings_button(self) -> BigButton:
        return self.ids["usual_settings_button"]

    def try_again(self) -> None:
        self._attempt("Trying again...", self._try_again)

    def use_usual_settings(self) -> None:
        if self._use_usual_settings is not None:
            self._attempt("Keeping the settings file aside and starting with the usual settings...",
                          self._use_usual_settings)

    def _attempt(self, saying: str, start: Callable[[], None]) -> None:
        if self.try_again_button.disabled:
            return
        self.try_again_button.disabled = self.usual_settings_button.disabled = True
        self.message.show(saying, seconds=None)
        start()

    def still(self, problem: str, use_usual_settings: Callable[[], None] | None = None) -> None:
        """The new attempt failed too: say why, as it now stands."""
        self.problem_words = breakable(problem)
        self._use_usual_settings = use_usual_settings
        self.settings_unusable = use_usual_settings is not None
        self.try_again_button.disabled = False
        self.usual_settings_button.disabled = not self.settings_unusable
        self.message.show("It still cannot start: see above.", problem=True, seconds=None)


load_kv(__file__)
