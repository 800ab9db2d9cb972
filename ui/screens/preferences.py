"""Settings: what a family changes, saved in config.json. Larger text and high contrast first, for
whoever finds the table hard to read; sound and its volume, the screen's brightness and sleep, the race
rules, which key (PC) and pin (Pi) each big button is.

Save runs the same checks as config.load at start (config.save validates before it writes, then
writes a temporary file, syncs it and renames it over the old one), so a refused value says what and
why and config.json stays exactly as it was. What can change while the app runs does so at once;
the pins are opened at start, so a changed pin works after the next start."""

from __future__ import annotations

import copy
import re
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion import config, updates
from companion.errors import BadOption, CompanionError
from hardware.controller import RaceController
from ui import theme
from ui.places import Place
from ui.screen_sleep import apply_brightness
from ui.screens.update import UpdateButton, version_words
from ui.services import Services
from ui.sound import CueSound
from ui.widgets.basics import BigButton, MessageBar, Panel, Text
from ui.widgets.choice import ChoiceRow
from ui.widgets.hold import HoldToOpen
from ui.widgets.keyboard import TextField, TypingPopup
from ui.widgets.kv import load_kv
from ui.widgets.stepper import Stepper

if TYPE_CHECKING:
    from ui.navigation import Navigator
    from ui.screens.home import HomeScreen

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
    "display.larger_text": "Larger text",
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


def _with(values: Sequence[Any], current: Any) -> list[Any]:
    """The offered steps, plus a value typed into config.json by hand, so it is shown as it is."""
    return sorted(set(values) | {current})


def number_text(value: float, unit: str) -> str:
    return f"{value:g} {unit}"


# ----- controls -------------------------------------------------------------------------------------

def choices(options: Sequence[tuple[Any, str]], value: Any, on_change: Callable[[Any], None]) -> ChoiceRow:
    """Two words side by side, the chosen one filled and ringed."""
    row = ChoiceRow(options=list(options), value=value, font_size=theme.FONT_BODY, size_hint=(None, None),
                    height=theme.TOUCH,
                    spacing=theme.GAP, width=CHOICE_WIDTH * len(options) + theme.GAP * (len(options) - 1))
    row.bind(on_choose=lambda _row, chosen: on_change(chosen))
    return row


def stepper(values: Sequence[Any], value: Any, shows: Callable[[Any], str], on_change: Callable[[Any], None]) -> Stepper:
    """- value +, through a fixed list of allowed values; the ends grey their button."""
    steps = Stepper(values=list(values), value=value, shows=shows, font_size=theme.FONT_BODY,
                    size_hint=(None, None), height=theme.TOUCH,
                    width=Stepper.width_for(STEP_VALUE_WIDTH))
    steps.bind(on_step=lambda _steps, chosen: on_change(chosen))
    return steps


class VolumeControl(BoxLayout):
    """The volume's stepper with Test beside it, to hear the beep as loud as it is set."""

    def __init__(self, steps: Stepper, test: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(size_hint=(None, None), height=theme.TOUCH, width=CONTROL_WIDTH, spacing=theme.GAP,
                         **kwargs)
        self.stepper = steps
        self.test = BigButton(text="Test", size_hint_x=None, width=CONTROL_WIDTH - steps.width - theme.GAP)
        self.test.bind(on_release=lambda *_: test())
        self.add_widget(steps)
        self.add_widget(self.test)


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

    title = StringProperty("")
    explanation = StringProperty("")
    control_height = NumericProperty(0)

    def __init__(self, control: Widget, **kwargs: Any) -> None:
        super().__init__(control_height=control.height, **kwargs)
        self.control = control
        self.ids["holder"].add_widget(control)
        control.bind(height=self.setter("control_height"))   # a note wraps to the lines it needs


class ButtonRow(BoxLayout):
    """A big button's key on a PC and its pin on a Pi."""

    number = StringProperty("")


def section(title: str) -> Panel:
    panel = Panel(orientation="vertical", size_hint_y=None)
    panel.bind(minimum_height=panel.setter("height"))
    panel.add_widget(Text(text=title, font_size=theme.FONT_TITLE * 0.85, bold=True, color=theme.ACCENT))
    return panel


# ----- the screen -----------------------------------------------------------------------------------

class PreferencesScreen(Screen):
    def __init__(self, services: Services, navigator: Navigator, **kwargs: Any) -> None:
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
        self.controls: dict[str, Widget] = {}
        self.key_fields: dict[str, KeyField] = {}
        self.pin_steppers: dict[str, Stepper] = {}
        self._cue: CueSound | None = None
        self._sound_refusal = ""   # what Test last refused, while the bar still says it
        body = self.ids["body"]
        for build in (self._reading, self._version, self._sound, self._screen, self._clock, self._races, self._buttons):
            body.add_widget(build())
        if problem:
            self.message.show(problem, problem=True, seconds=None)

    @property
    def scroll(self) -> ScrollView:
        return self.ids["scroll"]

    @property
    def save_button(self) -> BigButton:
        return self.ids["save_button"]

    @property
    def message(self) -> MessageBar:
        return self.ids["message"]

    # ----- sections ---------------------------------------------------------------------------------
    def _row(self, panel: Panel, key: str, explanation: str, control: Widget) -> None:
        self.controls[key] = control
        panel.add_widget(SettingRow(control, title=TITLES[key], explanation=explanation))

    def _set(self, key: str, value: Any) -> None:
        section_name, name = key.split(".")
        self.draft[section_name][name] = value

    def _version(self) -> Panel:
        panel = section("Table companion")
        folder = updates.updates_folder()
        control = Widget(size_hint=(None, None), size=(0, 0)) if folder is None else UpdateButton(self.message, folder)
        title, explanation = version_words()
        row = SettingRow(control, title=title, explanation=explanation)
        panel.add_widget(row)
        # For a parent, not a child's tap: held three seconds, the row opens the Maintenance page.
        self.maintenance_hold = HoldToOpen(row, lambda: self.navigator.go(Place.MAINTENANCE, self.services),
                                           keep_out=control)
        return panel

    def _clock(self) -> Panel:
        from ui.screens.clock_settings import ClockSection

        self.clock_section = ClockSection(self.services, self.message, section("Date and time"), SettingRow)
        return self.clock_section.panel

    def _setter(self, key: str, kind: Callable[[Any], Any] = lambda value: value) -> Callable[[Any], None]:
        return lambda value: self._set(key, kind(value))

    def _sound_setter(self, key: str) -> Callable[[Any], None]:
        """A change to the beep answers what Test said of it: a refusal that no longer holds goes."""
        def changed(value: Any) -> None:
            self._set(key, value)
            if self._sound_refusal and self.message.text == self._sound_refusal:
                self.message.clear()
            self._sound_refusal = ""
        return changed

    def _reading(self) -> Panel:
        display = self.draft["display"]
        panel = section("Reading")
        self._row(panel, "display.larger_text",
                  "Words and figures a quarter bigger on every screen, from Save on (the big counts are big already).",
                  choices([(True, "On"), (False, "Off")], display["larger_text"],
                          self._setter("display.larger_text")))
        self._row(panel, "display.high_contrast",
                  "White on black with stronger colours. Screens opened after saving use it.",
                  choices([(True, "On"), (False, "Off")], display["high_contrast"],
                          self._setter("display.high_contrast")))
        return panel

    def _sound(self) -> Panel:
        display = self.draft["display"]
        panel = section("Sound")
        self._row(panel, "display.sound", "The beep that starts each race.",
                  choices([(True, "On"), (False, "Off")], display["sound"], self._sound_setter("display.sound")))
        volume = stepper(_with(VOLUMES, display["volume"]), display["volume"], lambda v: f"{v} %",
                         self._sound_setter("display.volume"))
        self._row(panel, "display.volume", f"How loud the beep is ({range_text('display', 'volume')}); "
                                           "Test plays it.", VolumeControl(volume, self.test_sound))
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
                      stepper(_with(BRIGHTNESSES, display["brightness"]), display["brightness"],
                              lambda v: f"{v} %", self._brightness))
        self._row(panel, "display.sleep_after_min",
                  "Goes black after this long with no touch or button press; the first touch or press "
                  "only wakes it. Never during a race.",
                  stepper(_with(SLEEP_MINUTES, display["sleep_after_min"]), display["sleep_after_min"],
                          lambda v: "Never" if not v else f"{v} min", self._setter("display.sleep_after_min")))
        return panel

    def _races(self) -> Panel:
        race = self.draft["race"]
        panel = section("Races")
        self._row(panel, "race.false_start",
                  "A press before the cue: that player loses the race, or their button is ignored for a moment.",
                  choices([("lose", "Loses"), ("lockout", "Locked out")], race["false_start"],
                          self._setter("race.false_start")))
        self._row(panel, "race.lockout_ms",
                  f"How long a false start's button is ignored with Locked out ({range_text('race', 'lockout_ms')}).",
                  stepper(_with(LOCKOUT_MS, race["lockout_ms"]), race["lockout_ms"],
                          lambda v: number_text(v, "ms"), self._setter("race.lockout_ms", float)))
        self._row(panel, "race.tie_policy",
                  f"Presses under {race['tie_window_ms']:g} ms apart: the tied players race again, or "
                  "the app draws lots.",
                  choices([("rerace", "Race again"), ("draw", "Draw lots")], race["tie_policy"],
                          self._setter("race.tie_policy")))
        self._row(panel, "race.settle_ms",
                  f"How long a race waits for a press that reached the app late "
                  f"({range_text('race', 'settle_ms')}; 30 suits most tables).",
                  stepper(_with(SETTLE_MS, race["settle_ms"]), race["settle_ms"],
                          lambda v: number_text(v, "ms"), self._setter("race.settle_ms", float)))
        return panel

    def _buttons(self) -> Panel:
        panel = section("Big buttons")
        panel.add_widget(Text(
            text="Key: the keyboard key that presses the button on a PC. Pin: the GPIO (BCM) number it "
                 "is wired to on a Pi; a changed pin works after the next start.",
            font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
        for number in config.BUTTON_NUMBERS:
            panel.add_widget(self._button_row(number))
        return panel

    def _button_row(self, number: str) -> ButtonRow:
        row = ButtonRow(number=number)
        field = row.ids["key_field"]
        field.text = self.draft["keys"].get(number, "")
        field.bind(text=lambda _field, key: self._key(number, key))
        self.key_fields[number] = field
        spec = self.draft["buttons"].get(number)
        if spec is None:
            row.ids["pin"].add_widget(Text(text="not wired", color=theme.TEXT_DIM, size_hint_y=1, halign="center"))
            return row
        pin = stepper(_with(config.GPIO_PINS, spec["pin"]), spec["pin"], lambda pin: f"GPIO{pin}",
                      lambda pin: self._pin(number, pin))
        self.pin_steppers[number] = pin
        row.ids["pin"].add_widget(pin)
        return row

    # ----- changes ----------------------------------------------------------------------------------
    def _brightness(self, percent: int) -> None:
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
        for number, pin in self.pin_steppers.items():
            pin.warn = taken.get(self.draft["buttons"][number]["pin"], 0) > 1
        try:
            config.validate(self.draft)
        except BadOption as refusal:
            self.message.show(plain_problem(str(refusal)), problem=True, seconds=None)
            return
        if self.message.text:
            self.message.clear()

    def test_sound(self) -> None:
        display = self.draft["display"]
        refusal = ""
        if not display["sound"]:
            refusal = "Sound is off: choose On to hear the beep."
        else:
            self._cue = CueSound(self.services.data_dir, True, display["volume"])
            if not self._cue.has_output:
                refusal = "This machine has no sound output."
            elif not display["volume"]:
                refusal = "The volume is 0 %: nothing to hear."
        self._sound_refusal = refusal
        if refusal:
            self.message.show(refusal, problem=True)
            return
        assert self._cue is not None
        self._cue.play()
        self.message.show(f"The race beep, at {display['volume']} %.")

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
        resized = saved["display"]["larger_text"] != self.services.settings["display"]["larger_text"]
        note = apply_saved(self.services, saved)
        if resized:
            # Home and the other screens kept were laid out in the type they had: made again in the new.
            self.navigator.forget_kept()
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

    def _home(self) -> HomeScreen:
        return cast("HomeScreen", self.navigator.go(Place.HOME, self.services))


def apply_saved(services: Services, saved: dict[str, Any]) -> str | None:
    """Put saved settings in force where they can change while the app runs (everything but the
    pins and the GPIO backend). Returns a sentence for the family if something waits for a restart."""
    settings = services.settings
    settings["display"] = copy.deepcopy(saved["display"])
    settings["keys"] = dict(saved["keys"])
    settings["turn_buttons"] = dict(saved["turn_buttons"])
    note = None
    hardware = services.hardware
    if isinstance(hardware, RaceController):
        try:
            hardware.update_race_settings(saved["race"])
        except CompanionError:
            note = "The race settings apply after the race being run."
        else:
            settings["race"] = dict(saved["race"])
    else:
        settings["race"] = dict(saved["race"])
    theme.use_high_contrast(saved["display"]["high_contrast"])
    theme.use_larger_text(saved["display"]["larger_text"])
    Window.clearcolor = theme.BACKGROUND
    apply_brightness(services)
    if services.screen_sleep is not None:
        services.screen_sleep.set_minutes(saved["display"]["sleep_after_min"])
    return note

load_kv(__file__)
