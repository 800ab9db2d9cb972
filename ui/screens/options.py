"""Game settings before the start: every option the game declares, as toggles and steppers.
Options are saved with the session, so a replayed game means the same thing."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.widgets.basics import BigButton, Panel, Text, fitted


def label_for(key: str) -> str:
    return key.replace("_", " ").capitalize()


class OptionsPopup(ModalView):
    def __init__(self, game, options: dict, on_done, **kwargs):
        super().__init__(size_hint=(0.92, 0.92), auto_dismiss=False, **kwargs)
        self.game, self.options, self.on_done = game, dict(options), on_done
        self.choices = game.option_choices()
        panel = Panel(orientation="vertical")
        panel.add_widget(Text(text=f"{game.title} settings", font_size=theme.FONT_TITLE, bold=True))
        rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        rows.bind(minimum_height=rows.setter("height"))
        editable = [key for key, value in options.items()
                    if key != "dealer" and (isinstance(value, (bool, int)) or key in self.choices)]
        for key in editable:
            rows.add_widget(self._row(key))
        if not editable:
            rows.add_widget(Text(text="This game has no settings to change.", color=theme.TEXT_DIM))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(rows)
        panel.add_widget(scroll)
        done = BigButton(text="Done", kind="primary", height=theme.TOUCH_BIG)
        done.bind(on_release=lambda *_: self._done())
        panel.add_widget(done)
        self.add_widget(panel)

    def _row(self, key: str) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        row.add_widget(Text(text=label_for(key), size_hint_y=1))
        value = self.options[key]
        if key in self.choices:
            button = BigButton(text=str(value), size_hint_x=None, width=dp(220))
            button.bind(on_release=lambda b: self._cycle(key, b))
            row.add_widget(button)
        elif isinstance(value, bool):
            button = BigButton(text="On" if value else "Off", kind="ok" if value else "normal",
                               size_hint_x=None, width=dp(120))
            button.bind(on_release=lambda b: self._toggle(key, b))
            row.add_widget(button)
        else:
            number = fitted(str(value), theme.FONT_TITLE, size_hint_x=None, width=dp(70))
            for step, text in ((-1, "-"), (1, "+")):
                button = BigButton(text=text, size_hint_x=None, width=theme.TOUCH)
                button.bind(on_release=lambda _, s=step: self._step(key, s, number))
                row.add_widget(button)
                if step == -1:
                    row.add_widget(number)
        return row

    def _toggle(self, key, button):
        self.options[key] = not self.options[key]
        button.text = "On" if self.options[key] else "Off"
        button.kind = "ok" if self.options[key] else "normal"

    def _cycle(self, key, button):
        choices = list(self.choices[key])
        self.options[key] = choices[(choices.index(self.options[key]) + 1) % len(choices)]
        button.text = str(self.options[key])

    def _step(self, key, step, number):
        self.options[key] = max(0, self.options[key] + step)
        number.text = str(self.options[key])

    def _done(self):
        self.on_done(self.game.check_options(self.options))
        self.dismiss()
