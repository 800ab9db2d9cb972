"""One question asked once before a step the family might regret, with the safe answer first and the
step itself in the refusal colour; Undo after it is still there in the message bar."""

from __future__ import annotations

from typing import Callable

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from ui import theme
from ui.widgets.basics import BigButton, Panel, Text


class ConfirmPopup(ModalView):
    def __init__(self, question: str, detail: str, yes_text: str, on_yes: Callable[[], None],
                 no_text: str = "Keep it", **kwargs):
        super().__init__(size_hint=(0.8, None), auto_dismiss=False, **kwargs)
        self.on_yes = on_yes
        panel = Panel(orientation="vertical", padding=theme.PAD, spacing=theme.GAP, size_hint_y=None)
        panel.bind(minimum_height=panel.setter("height"))
        panel.add_widget(Text(text=question, font_size=theme.FONT_TITLE, bold=True))
        panel.add_widget(Text(text=detail, color=theme.TEXT_DIM))
        answers = BoxLayout(size_hint_y=None, height=theme.TOUCH_PRIMARY, spacing=theme.GAP * 2)
        self.no_button = BigButton(text=no_text, height=theme.TOUCH_PRIMARY)
        self.no_button.bind(on_release=lambda *_: self.dismiss())
        self.yes_button = BigButton(text=yes_text, kind="danger", height=theme.TOUCH_PRIMARY)
        self.yes_button.bind(on_release=lambda *_: self._yes())
        answers.add_widget(self.no_button)
        answers.add_widget(self.yes_button)
        panel.add_widget(answers)
        panel.bind(height=lambda _, height: setattr(self, "height", height + dp(8)))
        self.add_widget(panel)

    def _yes(self) -> None:
        self.dismiss(animation=False)
        self.on_yes()
