"""Game settings before the start: every option the game declares, in words a family understands
(from the game's help card: a label, one line on what it does, a word for each value), as toggles,
choices and steppers. A setting made of several numbers (points per breed, the price of each trick)
gets a stepper per part, each named by the help card's word for it. Settings made of names (which 8
shows which dog) are shown, not changed, so the family sees what the app assumes. Options are saved
with the session, so a replayed game means the same thing."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from companion.errors import BadOption
from companion.rulecards import setting_words, value_words
from ui import theme
from ui.widgets.basics import BigButton, Panel, Text

CONTROL_WIDTH = dp(230)
STEP_VALUE_WIDTH = CONTROL_WIDTH - 2 * theme.TOUCH - 2 * theme.GAP


def is_table_of_numbers(value) -> bool:
    """Several named whole numbers (points per breed): each gets its own stepper."""
    return isinstance(value, dict) and bool(value) and all(
        isinstance(inner, int) and not isinstance(inner, bool) for inner in value.values())


class OptionsPopup(ModalView):
    def __init__(self, game, options: dict, on_done, **kwargs):
        super().__init__(size_hint=(0.92, 0.92), auto_dismiss=False, **kwargs)
        self.game, self.options, self.on_done = game, dict(options), on_done
        self.choices = game.option_choices()
        self.controls: dict[str, BigButton] = {}
        self.values: dict[str, Label] = {}
        self.panel = panel = Panel(orientation="vertical")
        panel.add_widget(Text(text=f"{game.title} settings", font_size=theme.FONT_TITLE, bold=True))
        # Right padding keeps the scroll bar off the buttons.
        rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.PAD, padding=[0, 0, dp(10), 0])
        rows.bind(minimum_height=rows.setter("height"))
        # The first dealer is chosen on the seats themselves.
        shown = [key for key in options if key != "dealer"]
        editable = [key for key in shown if isinstance(options[key], (bool, int)) or key in self.choices
                    or is_table_of_numbers(options[key])]
        fixed = [key for key in shown if key not in editable]
        # A part's steppers, by setting, so a setting another one switches on can follow it.
        self.part_buttons: dict[str, list[BigButton]] = {}
        for key in editable:
            rows.add_widget(self._table_rows(key) if is_table_of_numbers(options[key]) else self._row(key))
        self._follow_switches()
        if not editable:
            rows.add_widget(Text(text="This game has no settings to change.", color=theme.TEXT_DIM))
        if fixed:
            rows.add_widget(Text(text="What the app assumes (not changed here):", color=theme.TEXT_DIM, bold=True))
            for key in fixed:
                rows.add_widget(self._fixed_row(key))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(rows)
        panel.add_widget(scroll)
        self.note = Text(text="", color=theme.DANGER)
        done = BigButton(text="Done", kind="primary", height=theme.TOUCH_BIG)
        done.bind(on_release=lambda *_: self._done())
        panel.add_widget(done)
        self.add_widget(panel)

    def words(self, key: str) -> dict:
        return setting_words(self.game.key, key)

    def value_text(self, key: str) -> str:
        return value_words(self.game.key, key, self.options[key])

    def part_word(self, key: str, part: str) -> str:
        word = self.words(key).get("parts", {}).get(part) or part.replace("_", " ")
        return word[:1].upper() + word[1:]

    def _described(self, key: str, control_line: BoxLayout, *below, explain_first: bool = False) -> BoxLayout:
        """The setting's name on the line with its control, and what it does under them, dim (or,
        for a setting with a row per part, what it does before the rows)."""
        # Rows of steppers get a finger's gap between them, so each row reads as its own.
        row = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6) if explain_first else dp(2))
        row.add_widget(control_line)
        explain = self.words(key).get("explain")
        explained = [Text(text=explain, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM)] if explain else []
        parts = explained + list(below) if explain_first else list(below) + explained
        for part in parts:
            row.add_widget(part)

        def fit(*_):
            row.height = sum(child.height for child in row.children) + row.spacing * (len(row.children) - 1)
        for child in row.children:
            child.bind(height=fit)
        fit()
        return row

    def _row(self, key: str) -> BoxLayout:
        line = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        line.add_widget(Text(text=self.words(key)["label"], bold=True, size_hint_y=1))
        value = self.options[key]
        if isinstance(value, bool):
            button = BigButton(text=self.value_text(key), kind="ok" if value else "normal",
                               size_hint_x=None, width=CONTROL_WIDTH)
            button.bind(on_release=lambda b: self._toggle(key, b))
            line.add_widget(button)
            self.controls[key] = button
        elif key in self.choices:
            button = BigButton(text=self.value_text(key), size_hint_x=None, width=CONTROL_WIDTH)
            button.bind(on_release=lambda b: self._cycle(key, b))
            line.add_widget(button)
            self.controls[key] = button
        else:
            self._add_stepper(line, key)
        return self._described(key, line)

    def _add_stepper(self, line: BoxLayout, key: str, part: str | None = None) -> list[BigButton]:
        """- value + at the end of `line`; a part of a setting is named "key.part" in values and controls."""
        name = key if part is None else f"{key}.{part}"
        shown = Label(size_hint_x=None, width=STEP_VALUE_WIDTH, color=theme.TEXT, halign="center",
                      valign="middle", bold=True)
        shown.bind(size=lambda label, size: setattr(label, "text_size", (size[0], None)))
        self.values[name] = shown
        self._show_number(key, part)
        buttons = []
        for step, text in ((-1, "-"), (1, "+")):
            button = BigButton(text=text, size_hint_x=None, width=theme.TOUCH, font_size=theme.FONT_TITLE)
            button.bind(on_release=lambda _, s=step: self._step(key, s, part))
            line.add_widget(button)
            if step == -1:
                line.add_widget(shown)
            self.controls[f"{name}{text}"] = button
            buttons.append(button)
        return buttons

    def _table_rows(self, key: str) -> BoxLayout:
        """A setting of several numbers: its name, what it does, then a stepper per part."""
        heading = Text(text=self.words(key)["label"], bold=True)
        lines = []
        self.part_buttons[key] = []
        for part in self.options[key]:
            line = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP, padding=[dp(16), 0, 0, 0])
            line.add_widget(Text(text=self.part_word(key, part), size_hint_y=1))
            self.part_buttons[key] += self._add_stepper(line, key, part)
            lines.append(line)
        return self._described(key, heading, *lines, explain_first=True)

    def _follow_switches(self) -> None:
        """A setting that only matters while other settings read a certain way (the help card's
        "only_when": tricks on, not the junior game) can be changed only then; its numbers stay as
        set, dimmed."""
        for key, buttons in self.part_buttons.items():
            when = self.words(key).get("only_when", {})
            off = any(self.options.get(other) != wanted for other, wanted in when.items())
            for button in buttons:
                button.disabled = off
            for part in self.options[key]:
                self.values[f"{key}.{part}"].color = theme.TEXT_DIM if off else theme.TEXT

    def _fixed_row(self, key: str) -> BoxLayout:
        line = Text(text=self.words(key)["label"], bold=True)
        return self._described(key, line, Text(text=self.value_text(key)))

    def _show_number(self, key: str, part: str | None = None) -> None:
        if part is None:
            label, text = self.values[key], self.value_text(key)
        else:
            label = self.values[f"{key}.{part}"]
            text = value_words(self.game.key, key, self.options[key][part])
        label.text = text
        # A bare number reads big; a word for a special value ("Until you stop") has to wrap.
        label.font_size = theme.FONT_TITLE if text.isdigit() else theme.FONT_BODY

    def _toggle(self, key, button):
        self.options[key] = not self.options[key]
        button.text = self.value_text(key)
        button.kind = "ok" if self.options[key] else "normal"
        self._follow_switches()
        self._say("")

    def _cycle(self, key, button):
        choices = list(self.choices[key])
        self.options[key] = choices[(choices.index(self.options[key]) + 1) % len(choices)]
        button.text = self.value_text(key)
        self._say("")

    def _step(self, key, step, part=None):
        label = self.words(key)["label"]
        if part is None:
            now = self.options[key]
            wanted = changed = now + step
        else:
            now = self.options[key][part]
            wanted = now + step
            changed = {**self.options[key], part: wanted}
            label = f"{label}: {self.part_word(key, part).lower()}"
        try:
            if wanted < 0:
                raise BadOption("negative")
            self.game.check_options({**self.options, key: changed})
        except BadOption:
            self._say(f"{label} can't go {'lower' if step < 0 else 'higher'} than {now}.")
            return
        self.options[key] = changed
        self._show_number(key, part)
        self._say("")

    def _say(self, text: str) -> None:
        """A refusal shows just above Done and takes room only while it is there."""
        self.note.text = text
        if text and self.note.parent is None:
            self.panel.add_widget(self.note, index=1)
        elif not text and self.note.parent is not None:
            self.panel.remove_widget(self.note)

    def _done(self):
        try:
            options = self.game.check_options(self.options)
        except BadOption as problem:
            self._say(str(problem))
            return
        self.on_done(options)
        self.dismiss()
