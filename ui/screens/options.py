"""Game settings before the start: every option the game declares, in words a family understands
(from the game's help card: a label, one line on what it does, a word for each value), as toggles,
choices and steppers. A setting made of several numbers (points per breed, the price of each trick)
gets a stepper per part, each named by the help card's word for it. Settings made of names (which 8
shows which dog) are shown, not changed, so the family sees what the app assumes. Options are saved
with the session, so a replayed game means the same thing.

The popup is laid out once when it opens; a tap changes the option and the control showing it, and a
refusal shows in the line kept for it above Done."""

from __future__ import annotations

from typing import Any, Callable

from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.errors import BadOption
from companion.game import Game
from companion.rulecards import setting_words, value_words
from ui import theme
from ui.widgets.basics import BigButton, Panel, Text  # noqa: F401  (named in options.kv)
from ui.widgets.choice import Choice
from ui.widgets.hiding import covers_the_screen
from ui.widgets.kv import load_kv
from ui.widgets.stepper import Stepper

CONTROL_WIDTH = dp(230)


def is_table_of_numbers(value: Any) -> bool:
    """Several named whole numbers (points per breed): each gets its own stepper."""
    return isinstance(value, dict) and bool(value) and all(
        isinstance(inner, int) and not isinstance(inner, bool) for inner in value.values())


class OptionsPopup(ModalView):
    title = StringProperty("")
    note = StringProperty("")     # why the last tap was refused; "" takes no room

    def __init__(self, game: Game[Any], options: dict[str, Any], on_done: Callable[[dict[str, Any]], None],
                 **kwargs: Any) -> None:
        super().__init__(title=f"{game.title} settings", **kwargs)
        covers_the_screen(self)
        self.game, self.options, self.on_done = game, dict(options), on_done
        self.choices = game.option_choices()
        # Each toggle and choice by its setting; each stepper's buttons as "key-" and "key+", a part's as
        # "key.part-" and "key.part+"; and the number each stepper shows, by setting or part.
        self.controls: dict[str, Widget] = {}
        self.values: dict[str, Label] = {}
        # A setting of several numbers' steppers, so a setting another one switches on can follow it.
        self.part_steppers: dict[str, list[Stepper]] = {}
        rows = self.ids["rows"]
        # The first dealer is chosen on the seats themselves.
        shown = [key for key in options if key != "dealer"]
        editable = [key for key in shown if isinstance(options[key], (bool, int)) or key in self.choices
                    or is_table_of_numbers(options[key])]
        fixed = [key for key in shown if key not in editable]
        for key in editable:
            rows.add_widget(self._table_rows(key) if is_table_of_numbers(options[key]) else self._row(key))
        self._follow_switches()
        if not editable:
            rows.add_widget(Text(text="This game has no settings to change.", color=theme.TEXT_DIM))
        if fixed:
            rows.add_widget(Text(text="What the app assumes (not changed here):", color=theme.TEXT_DIM, bold=True))
            for key in fixed:
                rows.add_widget(self._described(key, Text(text=self.words(key)["label"], bold=True),
                                                Text(text=self.value_text(key))))

    @property
    def part_buttons(self) -> dict[str, list[Widget]]:
        """A setting of several numbers' step buttons, by setting."""
        return {key: [button for steps in steppers for button in (steps.minus, steps.plus)]
                for key, steppers in self.part_steppers.items()}

    def words(self, key: str) -> dict[str, Any]:
        return setting_words(self.game.key, key)

    def value_text(self, key: str) -> str:
        return value_words(self.game.key, key, self.options[key])

    def part_word(self, key: str, part: str) -> str:
        word = self.words(key).get("parts", {}).get(part) or part.replace("_", " ")
        return str(word[:1].upper() + word[1:])

    def _described(self, key: str, control_line: Widget, *below: Widget, explain_first: bool = False) -> BoxLayout:
        """The setting's name on the line with its control, and what it does under them, dim (or,
        for a setting with a row per part, what it does before the rows)."""
        # Rows of steppers get a finger's gap between them, so each row reads as its own.
        row = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6) if explain_first else dp(2))
        row.bind(minimum_height=row.setter("height"))
        explain = self.words(key).get("explain")
        explained = [Text(text=explain, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM)] if explain else []
        for part in [control_line, *(explained + list(below) if explain_first else list(below) + explained)]:
            row.add_widget(part)
        return row

    def _row(self, key: str) -> BoxLayout:
        line = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        line.add_widget(Text(text=self.words(key)["label"], bold=True, size_hint_y=1))
        value = self.options[key]
        if isinstance(value, bool) or key in self.choices:
            choice = Choice(text=self.value_text(key), font_size=theme.FONT_BODY, size_hint_x=None, size_hint_y=1,
                            width=CONTROL_WIDTH,
                            kind="ok" if value is True else "normal")
            choice.bind(on_release=lambda _choice: self._toggle(key) if isinstance(value, bool) else self._cycle(key))
            line.add_widget(choice)
            self.controls[key] = choice
        else:
            line.add_widget(self._stepper(key))
        return self._described(key, line)

    def _stepper(self, key: str, part: str | None = None) -> Stepper:
        """- value +: a part of a setting is named "key.part" in values and controls."""
        name = key if part is None else f"{key}.{part}"
        now = self.options[key] if part is None else self.options[key][part]
        steps = Stepper(value=now, shows=lambda number: value_words(self.game.key, key, number),
                        allows=lambda wanted: self._allowed(key, part, wanted),
                        size_hint_x=None, width=CONTROL_WIDTH)
        steps.bind(text=self._fit_number)
        self._fit_number(steps, steps.text)
        steps.bind(on_step=lambda _steps, stepped: self._stepped(key, part, stepped))
        self.values[name] = steps.number
        self.controls[f"{name}-"], self.controls[f"{name}+"] = steps.minus, steps.plus
        return steps

    @staticmethod
    def _fit_number(steps: Stepper, text: str) -> None:
        # A bare number reads big; a word for a special value ("Until you stop") has to wrap.
        steps.font_size = theme.FONT_TITLE if text.isdigit() else theme.FONT_BODY

    def _table_rows(self, key: str) -> BoxLayout:
        """A setting of several numbers: its name, what it does, then a stepper per part."""
        heading = Text(text=self.words(key)["label"], bold=True)
        lines = []
        self.part_steppers[key] = []
        for part in self.options[key]:
            line = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP, padding=[dp(16), 0, 0, 0])
            line.add_widget(Text(text=self.part_word(key, part), size_hint_y=1))
            steps = self._stepper(key, part)
            line.add_widget(steps)
            self.part_steppers[key].append(steps)
            lines.append(line)
        return self._described(key, heading, *lines, explain_first=True)

    def _follow_switches(self) -> None:
        """A setting that only matters while other settings read a certain way (the help card's
        "only_when": tricks on, not the junior game) can be changed only then; its numbers stay as
        set, dimmed."""
        for key, steppers in self.part_steppers.items():
            when = self.words(key).get("only_when", {})
            off = any(self.options.get(other) != wanted for other, wanted in when.items())
            for steps in steppers:
                steps.disabled = off

    def _toggle(self, key: str) -> None:
        self.options[key] = not self.options[key]
        choice = self.controls[key]
        assert isinstance(choice, Choice)
        choice.text = self.value_text(key)
        choice.kind = "ok" if self.options[key] else "normal"
        self._follow_switches()
        self.note = ""

    def _cycle(self, key: str) -> None:
        choices = list(self.choices[key])
        self.options[key] = choices[(choices.index(self.options[key]) + 1) % len(choices)]
        choice = self.controls[key]
        assert isinstance(choice, Choice)
        choice.text = self.value_text(key)
        self.note = ""

    def _allowed(self, key: str, part: str | None, wanted: int) -> bool:
        """Whether the game takes the setting (or its part) at `wanted`; if not, the reason is shown."""
        label = self.words(key)["label"]
        changed: Any
        if part is None:
            now, changed = self.options[key], wanted
        else:
            now, changed = self.options[key][part], {**self.options[key], part: wanted}
            label = f"{label}: {self.part_word(key, part).lower()}"
        try:
            if wanted < 0:
                raise BadOption("negative")
            self.game.check_options({**self.options, key: changed})
        except BadOption:
            # Said as the stepper shows it: "Until you stop", not the 0 that stands for it.
            shown = str(now) if part is not None else value_words(self.game.key, key, now)
            shown = shown if shown.isdigit() else f'"{shown}"'
            self.note = f"{label} can't go {'lower' if wanted < now else 'higher'} than {shown}."
            return False
        return True

    def _stepped(self, key: str, part: str | None, value: int) -> None:
        if part is None:
            self.options[key] = value
        else:
            self.options[key] = {**self.options[key], part: value}
        self.note = ""

    def _done(self) -> None:
        try:
            options = self.game.check_options(self.options)
        except BadOption as problem:
            self.note = str(problem)
            return
        self.on_done(options)
        self.dismiss()


load_kv(__file__)
