"""What the app shows when it cannot start: the data directory read-only or full, the saved games file
unreadable just now, the settings file unusable. The app stays up showing this, so the kiosk's service
does not restart it again and again; *Try again* starts it properly once the cause is put right."""

from __future__ import annotations

from typing import Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.basics import BigButton, MessageBar, Text


class StartProblemScreen(Screen):
    """`problem` is one sentence saying what is wrong and what to do; `try_again` is called on the
    tap, and the app calls `still(problem)` or leaves this screen once it knows."""

    def __init__(self, problem: str, try_again: Callable[[], None], **kwargs):
        super().__init__(**kwargs)
        self._try_again = try_again
        root = BoxLayout(orientation="vertical", padding=theme.PAD * 2, spacing=theme.GAP * 2)
        root.add_widget(Text(text="Table Companion cannot start", font_size=theme.FONT_TITLE, bold=True))
        self.problem = Text(text=breakable(problem), font_size=theme.FONT_BODY)
        root.add_widget(self.problem)
        root.add_widget(Text(text="The app waits here until then. On the Pi's command line, companion doctor "
                                  "says more.", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True))
        root.add_widget(Widget())
        self.try_again_button = BigButton(text="Try again", kind="primary", height=theme.TOUCH * 1.3)
        self.try_again_button.bind(on_release=lambda *_: self.try_again())
        root.add_widget(self.try_again_button)
        self.message = MessageBar()
        root.add_widget(self.message)
        self.add_widget(root)

    def try_again(self) -> None:
        if self.try_again_button.disabled:
            return
        self.try_again_button.disabled = True
        self.message.show("Trying again...", seconds=None)
        self._try_again()

    def still(self, problem: str) -> None:
        """The new attempt failed too: say why, as it now stands."""
        self.problem.text = breakable(problem)
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
