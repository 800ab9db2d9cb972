"""[-] value [+] for a number a family says out loud (cards drawn, cards put down, a setting): no
keyboard needed. The value moves through `values` when they are given (a setting's allowed steps),
else through the whole numbers from `low` to `high`; at either end its button is greyed. Where the
owner decides which values are allowed (a game's settings, which the game itself checks), it answers
`allows(value)` instead: no end is greyed, and a step it refuses leaves the value as it was (the owner
says why)."""

from __future__ import annotations

from typing import Any, Callable

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.widgets.basics import BigButton  # noqa: F401  (named in stepper.kv)
from ui.widgets.kv import load_kv
from ui.widgets.sizes import sizes

# Between the number and each button (stepper.kv).
SPACING = dp(4)


class Stepper(BoxLayout):
    value = ObjectProperty(0)
    low = NumericProperty(0)
    high = NumericProperty(0)
    values = ListProperty([])
    text = StringProperty("0")
    font_size = NumericProperty(0)
    at_low = BooleanProperty(True)
    at_high = BooleanProperty(True)
    warn = BooleanProperty(False)   # the value clashes with another (a pin used twice): drawn in the refusal colour
    # How the value reads; the number itself unless the owner says otherwise ("8 minutes").
    shows: Callable[[Any], str] = str
    allows: Callable[[Any], bool] | None = None

    __events__ = ("on_step",)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", sizes.font_number)
        for hook in ("shows", "allows"):
            given = kwargs.pop(hook, None)
            if given is not None:
                setattr(self, hook, given)
        super().__init__(**kwargs)
        for name in ("value", "low", "high", "values"):
            self.fbind(name, self._show)
        self._show()

    @staticmethod
    def width_for(value_width: float, button_width: float | None = None) -> float:
        """How wide a stepper is whose number has `value_width` and whose buttons are `button_width`
        wide (a row's height, as the window makes targets, unless said)."""
        button = sizes.row if button_width is None else button_width
        return 2 * button + value_width + 2 * SPACING

    def _stepped(self, delta: int) -> Any:
        """The value `delta` steps on, or None where the value is none of the steps."""
        if self.values:
            steps = list(self.values)
            if self.value not in steps:
                return None
            return steps[min(len(steps) - 1, max(0, steps.index(self.value) + delta))]
        if self.allows is not None:
            return self.value + delta
        if not self.low <= self.value <= self.high:
            return None
        return min(int(self.high), max(int(self.low), int(self.value) + delta))

    def step(self, delta: int) -> None:
        wanted = self._stepped(delta)
        if wanted is None or wanted == self.value or (self.allows is not None and not self.allows(wanted)):
            return
        self.value = wanted
        self.dispatch("on_step", self.value)

    def on_step(self, value: Any) -> None:
        """A tap changed the value (setting `value` from the model does not dispatch this)."""

    def _show(self, *_: Any) -> None:
        self.text = self.shows(self.value)
        if self.allows is not None:
            self.at_low = self.at_high = False
        elif self.values:
            self.at_low, self.at_high = self.value == self.values[0], self.value == self.values[-1]
        else:
            self.at_low, self.at_high = self.value <= self.low, self.value >= self.high


load_kv(__file__)
