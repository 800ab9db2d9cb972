"""Settings: what a family changes, saved in config.json. Sound and its volume, the screen's
brightness and sleep, the race rules, which key (PC) and pin (Pi) each big button is, and the
high-contrast colours.

Save runs the same checks as config.load at start (config.save validates before it writes, then
writes a temporary file, syncs it and renames it over the old one), so a refused value says what and
why and config.json stays exactly as it was. What can change while the app runs does so at once;
the pins are opened at start, so a changed pin works after the next start."""

from __future__ import annotations

import copy
import re
from typing import Any, Callable, Sequence

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion import config, updates
from companion.errors import BadOption, CompanionError
from ui import theme
from ui.places import Place
from ui.screen_sleep import apply_brightness
from ui.screens.update import UpdateButton, version_words
from ui.widgets.basics import BigButton, MessageBar, Panel, Text, fitted
from ui.widgets.keyboard import TextField, TypingPopup

SLEEP_MINUTES = (0, 1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 240)
VOLUMES = tuple(range(0, 101, 10))
BRIGHTNESSES = tuple(range(10, 101, 10))
SETTLE_MS = (0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200)
LOCKOUT_MS = (0, 100, 250, 500, 750, 1000, 1500, 2000, 3000, 5000)

CONTROL_WIDTH = dp(340)   # a stepper and its Test button side by side
CHOICE_WIDTH = dp(131)
STEP_VALUE_WIDTH = dp(110)

# config.json's names for the settings, as this screen calls them (refusals use the screen's words).
TITLES = {
    "display.sound": "Race beep", "display.volume": "Volume", "display.brightness": "Brightness",
    "display.sleep_after_min": "Sleep after", "display.high_contrast": "High contrast",
    "race.false_start": "False start", "race.lockout_ms": "Locked for", "race.tie_policy": "Tie",
    "race.settle_ms": "Settle window",
}


def plain_problem(message: str) -> str:
    """A config refusal in the screen's words: "buttons.2.pin" becomes "button 2's pin"."""
    text = message.removeprefix("config ")
    text = re.sub(r"buttons\.(\d)\.pin", r"button \1's pin", text)
    text = re.sub(r"buttons\.(\d)\.led", r"button \1's light", text)
    text = re.sub(r"keys\.(\d)", r"button \1's key", text)
    for name, title in TITLES.items():
        text = text.replace(name, title)
    return text[:1].upper() + text[1:]


def range_text(*where: str) -> str:
    low, high, unit = config.RANGES[where]
    return f"{low:g} to {high:g} {unit}"


def _with(values: Sequence, current) -> list:
    """The offered steps, plus a value typed into config.json by hand, so it is shown as it is."""
    return sorted(set(values) | {current})


def number_text(value: float, unit: str) -> str:
    return f"{value:g} {unit}"


# ----- controls -------------------------------------------------------------------------------------

class Choice(BoxLayout):
    """Two or three words side by side; the chosen one is drawn in the selected colour."""

    def __init__(self, options: Sequence[tuple[Any, str]], value, on_change: Callable[[Any], None], **kwargs):
        kwargs.setdefault("size_hint", (None, None))
        kwargs.setdefault("height", theme.TOUCH)
        kwargs.setdefault("spacing", theme.GAP)
        super().__init__(**kwargs)
        self.width = CHOICE_WIDTH * len(options) + theme.GAP * (len(options) - 1)
        self.on_change = on_change
        self.buttons: dict[Any, BigButton] = {}
        for option, words in options:
            button = BigButton(text=words, size_hint_x=None, width=CHOICE_WIDTH)
            button.bind(on_release=lambda _, chosen=option: self.choose(chosen))
            self.buttons[option] = button
            self.add_widget(button)
        self.value = value
        self._show()

    def choose(self, option) -> None:
        self.value = option
        self._show()
        self.on_change(option)

    def _show(self) -> None:
        for option, button in self.buttons.items():
            button.kind = "ok" if option == self.value else "normal"


class Stepper(BoxLayout):
    """- value +, through a fixed list of allowed values; the ends disable their button."""

    def __init__(self, values: Sequence, value, show: Callable[[Any], str], on_change: Callable[[Any], None],
                 **kwargs):
        kwargs.setdefault("size_hint", (None, None))
        kwargs.setdefault("height", theme.TOUCH)
        kwargs.setdefault("spacing", theme.GAP)
        super().__init__(**kwargs)
        self.width = theme.TOUCH * 2 + STEP_VALUE_WIDTH + theme.GAP * 2
        self.values, self.show, self.on_change = list(values), show, on_change
        self.index = self.values.index(value)
        self.less = BigButton(text="-", size_hint_x=None, width=theme.TOUCH, font_size=theme.FONT_TITLE)
        self.less.bind(on_release=lambda *_: self.step(-1))
        self.label = fitted("", theme.FONT_BODY, bold=True, size_hint_x=None, width=STEP_VALUE_WIDTH)
        self.more = BigButton(text="+", size_hint_x=None, width=theme.TOUCH, font_size=theme.FONT_TITLE)
        self.more.bind(on_release=lambda *_: self.step(1))
        for widget in (self.less, self.label, self.more):
            self.add_widget(widget)
        self._refresh()

    @property
    def value(self):
        return self.values[self.index]

    def step(self, direction: int) -> None:
        index = min(len(self.values) - 1, max(0, self.index + direction))
        if index == self.index:
            return
        self.index = index
        self._refresh()
        self.on_change(self.value)

    def _refresh(self) -> None:
        self.label.text = self.show(self.value)
        self.less.disabled = self.index == 0
        self.more.disabled = self.index == len(self.values) - 1


class KeyField(TextField):
    """One keyboard key. Typing starts from an empty box (a key is one character, so the old one
    would only be in the way); Done with nothing typed keeps the old key."""

    def open_keyboard(self) -> TypingPopup:
        popup = TypingPopup(self.prompt, on_done=self._typed_key, text="", hint=f"now {self.text}",
                            max_length=1)
        popup.open()
        return popup

    def _typed_key(self, text: str) -> None:
        if text:
            self.text = text.lower()


class SettingRow(BoxLayout):
    """The setting's name and its one-line explanation on the left, its control on the right."""

    def __init__(self, title: str, explanation: str, control, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("spacing", theme.GAP)
        super().__init__(**kwargs)
        self.words = BoxLayout(orientation="vertical", size_hint_y=None, pos_hint={"center_y": 0.5})
        self.words.bind(minimum_height=self.words.setter("height"))
        self.title = Text(text=title, bold=True)
        self.explanation = Text(text=explanation, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM)
        self.words.add_widget(self.title)
        self.words.add_widget(self.explanation)
        self.add_widget(self.words)
        self.holder = BoxLayout(size_hint=(None, None), width=CONTROL_WIDTH, height=control.height,
                                pos_hint={"center_y": 0.5})
        self.holder.add_widget(BoxLayout())  # pushes a narrower control to the right edge
        self.holder.add_widget(control)
        self.add_widget(self.holder)
        self.control = control
        self.words.bind(height=self._fit)
        control.bind(height=self._fit)
        self._fit()

    def _fit(self, *_):
        self.holder.height = self.control.height
        self.height = max(self.words.height, self.control.height)


def section(title: str) -> Panel:
    panel = Panel(orientation="vertical", size_hint_y=None)
    panel.bind(minimum_height=panel.setter("height"))
    panel.add_widget(Text(text=title, font_size=theme.FONT_TITLE * 0.85, bold=True, color=theme.ACCENT))
    return panel


# ----- the screen -----------------------------------------------------------------------------------

class PreferencesScreen(Screen):
    def __init__(self, services, navigator, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        problem = None
        try:
            self.draft = config.load(services.data_dir)
        except BadOption as refusal:
            # The file was broken after the app started: show what is in force, and say that
            # saving replaces the broken file.
            self.draft = copy.deepcopy(services.settings)
            problem = f"config.json has a problem ({plain_problem(str(refusal))}); Save writes these settings over it."
        self.controls: dict[str, Any] = {}
        self._cue = None

        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH_PRIMARY, spacing=theme.GAP)
        cancel = BigButton(text="Cancel", kind="quiet", size_hint_x=None, width=dp(120), height=theme.TOUCH_PRIMARY)
        cancel.bind(on_release=lambda *_: self.cancel())
        header.add_widget(cancel)
        header.add_widget(fitted("Settings", theme.FONT_TITLE, bold=True, halign="left"))
        self.save_button = BigButton(text="Save", kind="primary", size_hint_x=None, width=dp(140),
                                     height=theme.TOUCH_PRIMARY)
        self.save_button.bind(on_release=lambda *_: self.save())
        header.add_widget(self.save_button)
        root.add_widget(header)

        self.message = MessageBar()
        body = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        body.bind(minimum_height=body.setter("height"))
        for build in (self._version, self._sound, self._screen, self._races, self._buttons):
            body.add_widget(build())
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.scroll.add_widget(body)
        root.add_widget(self.scroll)
        root.add_widget(self.message)
        self.add_widget(root)
        if problem:
            self.message.show(problem, problem=True, seconds=None)

    # ----- sections ---------------------------------------------------------------------------------
    def _row(self, panel: Panel, key: str, explanation: str, control) -> None:
        self.controls[key] = control
        panel.add_widget(SettingRow(TITLES[key], explanation, control))

    def _set(self, key: str, value) -> None:
        section_name, name = key.split(".")
        self.draft[section_name][name] = value

    def _version(self) -> Panel:
        panel = section("Table companion")
        folder = updates.updates_folder()
        control = Widget(size_hint=(None, None), size=(0, 0)) if folder is None else UpdateButton(self.message, folder)
        panel.add_widget(SettingRow(*version_words(), control))
        return panel

    def _sound(self) -> Panel:
        display = self.draft["display"]
        panel = section("Sound")
        self._row(panel, "display.sound", "The beep that starts each race.",
                  Choice([(True, "On"), (False, "Off")], display["sound"],
                         lambda on: self._set("display.sound", on)))
        volume = BoxLayout(size_hint=(None, None), height=theme.TOUCH, spacing=theme.GAP)
        stepper = Stepper(_with(VOLUMES, display["volume"]), display["volume"], lambda v: f"{v} %",
                          lambda v: self._set("display.volume", v))
        test = BigButton(text="Test", size_hint_x=None, width=CONTROL_WIDTH - stepper.width - theme.GAP)
        test.bind(on_release=lambda *_: self.test_sound())
        volume.add_widget(stepper)
        volume.add_widget(test)
        volume.width = CONTROL_WIDTH
        volume.stepper, volume.test = stepper, test
        self._row(panel, "display.volume", f"How loud the beep is ({range_text('display', 'volume')}); "
                                           "Test plays it.", volume)
        return panel

    def _screen(self) -> Panel:
        display = self.draft["display"]
        panel = section("Screen")
        backlight = self.services.backlight
        if backlight is None or backlight.problem:
            reason = ("Not available here: this screen has no backlight the app can set."
                      if backlight is None else backlight.problem)
            note = Text(text=reason, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, size_hint_x=None,
                        width=CONTROL_WIDTH)
            self._row(panel, "display.brightness", "How bright the display is.", note)
        else:
            self._row(panel, "display.brightness",
                      f"How bright the display is ({range_text('display', 'brightness')}).",
                      Stepper(_with(BRIGHTNESSES, display["brightness"]), display["brightness"],
                              lambda v: f"{v} %", self._brightness))
        self._row(panel, "display.sleep_after_min",
                  "Goes black after this long with no touch or button press; the first touch or press "
                  "only wakes it. Never during a race.",
                  Stepper(_with(SLEEP_MINUTES, display["sleep_after_min"]), display["sleep_after_min"],
                          lambda v: "Never" if not v else f"{v} min",
                          lambda v: self._set("display.sleep_after_min", v)))
        self._row(panel, "display.high_contrast",
                  "White on black with stronger colours. Screens opened after saving use it.",
                  Choice([(True, "On"), (False, "Off")], display["high_contrast"],
                         lambda on: self._set("display.high_contrast", on)))
        return panel

    def _races(self) -> Panel:
        race = self.draft["race"]
        panel = section("Races")
        self._row(panel, "race.false_start",
                  "A press before the cue: that player loses the race, or their button is ignored for a moment.",
                  Choice([("lose", "Loses"), ("lockout", "Locked out")], race["false_start"],
                         lambda rule: self._set("race.false_start", rule)))
        self._row(panel, "race.lockout_ms",
                  f"How long a false start's button is ignored with Locked out ({range_text('race', 'lockout_ms')}).",
                  Stepper(_with(LOCKOUT_MS, race["lockout_ms"]), race["lockout_ms"],
                          lambda v: number_text(v, "ms"), lambda v: self._set("race.lockout_ms", float(v))))
        self._row(panel, "race.tie_policy",
                  f"Presses under {race['tie_window_ms']:g} ms apart: the tied players race again, or "
                  "the app draws lots.",
                  Choice([("rerace", "Race again"), ("draw", "Draw lots")], race["tie_policy"],
                         lambda rule: self._set("race.tie_policy", rule)))
        self._row(panel, "race.settle_ms",
                  f"How long a race waits for a press that reached the app late "
                  f"({range_text('race', 'settle_ms')}; 30 suits most tables).",
                  Stepper(_with(SETTLE_MS, race["settle_ms"]), race["settle_ms"],
                          lambda v: number_text(v, "ms"), lambda v: self._set("race.settle_ms", float(v))))
        return panel

    def _buttons(self) -> Panel:
        panel = section("Big buttons")
        panel.add_widget(Text(
            text="Key: the keyboard key that presses the button on a PC. Pin: the GPIO (BCM) number it "
                 "is wired to on a Pi; a changed pin works after the next start.",
            font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
        self.key_fields: dict[str, KeyField] = {}
        self.pin_steppers: dict[str, Stepper] = {}
        for number in config.BUTTON_NUMBERS:
            panel.add_widget(self._button_row(number))
        return panel

    def _button_row(self, number: str) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        row.add_widget(fitted(f"Button {number}", theme.FONT_BODY, bold=True, halign="left"))
        row.add_widget(fitted("Key", theme.FONT_SMALL, color=theme.TEXT_DIM, size_hint_x=None, width=dp(40)))
        field = KeyField(text=self.draft["keys"].get(number, ""), prompt=f"Key for button {number}",
                         font_size=theme.FONT_TITLE, size_hint=(None, None), width=dp(90), height=theme.TOUCH)
        field.bind(text=lambda _, key, n=number: self._key(n, key))
        self.key_fields[number] = field
        row.add_widget(field)
        row.add_widget(fitted("Pin", theme.FONT_SMALL, color=theme.TEXT_DIM, size_hint_x=None, width=dp(40)))
        spec = self.draft["buttons"].get(number)
        if spec is None:
            row.add_widget(fitted("not wired", theme.FONT_BODY, color=theme.TEXT_DIM, size_hint_x=None,
                                  width=theme.TOUCH * 2 + STEP_VALUE_WIDTH + theme.GAP * 2))
            return row
        stepper = Stepper(_with(config.GPIO_PINS, spec["pin"]), spec["pin"], lambda pin: f"GPIO{pin}",
                          lambda pin, n=number: self._pin(n, pin))
        self.pin_steppers[number] = stepper
        row.add_widget(stepper)
        return row

    # ----- changes ----------------------------------------------------------------------------------
    def _brightness(self, percent) -> None:
        self._set("display.brightness", percent)
        apply_brightness(self.services, percent)  # seen at once; Cancel puts the saved one back

    def _key(self, number: str, key: str) -> None:
        self.draft["keys"][number] = key
        self._check_now()

    def _pin(self, number: str, pin: int) -> None:
        self.draft["buttons"][number]["pin"] = pin
        self._check_now()

    def _check_now(self) -> None:
        """Keys and pins can clash while being changed one at a time: say so at once, not only at Save."""
        taken: dict[int, int] = {}
        for spec in self.draft["buttons"].values():
            for pin in (spec["pin"], spec.get("led")):
                if pin is not None:
                    taken[pin] = taken.get(pin, 0) + 1
        for number, stepper in self.pin_steppers.items():
            clash = taken.get(self.draft["buttons"][number]["pin"], 0) > 1
            stepper.label.color = theme.DANGER if clash else theme.TEXT
        try:
            config.validate(self.draft)
        except BadOption as refusal:
            self.message.show(plain_problem(str(refusal)), problem=True, seconds=None)
            return
        if self.message.text:
            self.message.clear()

    def test_sound(self) -> None:
        from ui.sound import CueSound

        display = self.draft["display"]
        if not display["sound"]:
            self.message.show("Sound is off: choose On to hear the beep.", problem=True)
            return
        self._cue = CueSound(self.services.data_dir, True, display["volume"])
        if self._cue._sound is None:
            self.message.show("This machine has no sound output.", problem=True)
        elif not display["volume"]:
            self.message.show("The volume is 0 %: nothing to hear.", problem=True)
        else:
            self._cue.play()

    # ----- leaving ----------------------------------------------------------------------------------
    def save(self) -> bool:
        """Write config.json and apply what can change now; False (and a message) if refused."""
        try:
            config.save(self.services.data_dir, self.draft)
        except BadOption as refusal:
            self.message.show(f"Not saved: {plain_problem(str(refusal))}", problem=True, seconds=None)
            return False
        except OSError as error:
            self.message.show(f"Not saved: config.json could not be written ({error.strerror or error}).",
                              problem=True, seconds=None)
            return False
        saved = config.validate(self.draft)
        pins_later = saved["buttons"] != self.services.settings["buttons"]
        note = apply_saved(self.services, saved)
        home = self._home()
        words = "Settings saved."
        if pins_later:
            words += " The new pins work after the next start."
        if note:
            words += f" {note}"
        home.message.show(words)
        return True

    def cancel(self) -> None:
        apply_brightness(self.services)  # undo a brightness tried out here
        self._home()

    def _home(self):
        return self.navigator.go(Place.HOME, self.services)


def apply_saved(services, saved: dict) -> str | None:
    """Put saved settings in force where they can change while the app runs (everything but the
    pins and the GPIO backend). Returns a sentence for the family if something waits for a restart."""
    settings = services.settings
    settings["display"] = copy.deepcopy(saved["display"])
    settings["keys"] = dict(saved["keys"])
    settings["turn_buttons"] = dict(saved["turn_buttons"])
    note = None
    hardware = services.hardware
    if hardware is not None and hasattr(hardware, "update_race_settings"):
        try:
            hardware.update_race_settings(saved["race"])
        except CompanionError:
            note = "The race settings apply after the race being run."
        else:
            settings["race"] = dict(saved["race"])
    else:
        settings["race"] = dict(saved["race"])
    theme.use_high_contrast(saved["display"]["high_contrast"])
    Window.clearcolor = theme.BACKGROUND
    apply_brightness(services)
    if services.screen_sleep is not None:
        services.screen_sleep.set_minutes(saved["display"]["sleep_after_min"])
    return note
