"""[-] value [+] for a number a family says out loud (cards drawn, cards put down, a setting): no
keyboard needed. The value moves through `values` when they are given (a setting's allowed steps),
else through the whole numbers from `low` to `high`; at either end its button is greyed."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.widgets.basics import BigButton  # noqa: F401  (named in stepper.kv)
from ui.widgets.kv import load_kv
from ui.widgets.sizes import sizes


class Stepper(BoxLayout):
    value = ObjectProperty(0)
    low = NumericProperty(0)
    high = NumericProperty(0)
    values = ListProperty([])
    text = StringProperty("0")
    font_size = NumericProperty(0)
    at_low = BooleanProperty(True)
    at_high = BooleanProperty(True)
    # How the value reads; the number itself unless the owner says otherwise ("8 minutes").
    shows: Callable[[Any], str] = str

    __events__ = ("on_step",)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", sizes.font_number)
        shows = kwargs.pop("shows", None)
        if shows is not None:
            self.shows = shows
        super().__init__(**kwargs)
        for name in ("value", "low", "high", "values"):
            self.fbind(name, self._show)
        self._show()

    def _steps(self) -> list[Any]:
        return list(self.values) if self.values else list(range(int(self.low), int(self.high) + 1))

    def step(self, delta: int) -> None:
        steps = self._steps()
        if self.value not in steps:
            return
        index = min(len(steps) - 1, max(0, steps.index(self.value) + delta))
        if steps[index] != self.value:
            self.value = steps[index]
            self.dispatch("on_step", self.value)

    def on_step(self, value: Any) -> None:
        """A tap changed the value (setting `value` from the model does not dispatch this)."""

    def _show(self, *_: Any) -> None:
        steps = self._steps()
        self.text = self.shows(self.value)
        self.at_low = not steps or self.value == steps[0]
        self.at_high = not steps or self.value == steps[-1]


load_kv(__file__)
