"""Settings' *Date and time*: what the table's clock says, whether network time keeps it right, and the
time zone; *Set...* puts the date and time right on steppers, *Change...* picks the time zone by region
and then by city. Nothing is typed.

The clock is set through `services.clock_setter` (companion/clock_setting.py: the system's clock on the
table, the app's own reading of it elsewhere), off the screen's thread: the system's clock service can
take a moment. A refusal says why in the bar and changes nothing. Once the clock is set the saved games
note the step (companion/clock.py), so the evenings are placed by the clock as it is now."""

from __future__ import annotations

import calendar
import time
from typing import Any, Callable

from kivy.metrics import dp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion import clock
from companion.clock_setting import UTC, ClockState, zone_words, zones
from companion.errors import CompanionError
from companion.gamelog import dated
from ui import theme
from ui.background import off_screen
from ui.services import Services
from ui.widgets.basics import BigButton, MessageBar, Panel
from ui.widgets.choice import Choice
from ui.widgets.hiding import covers_the_screen
from ui.widgets.kv import load_kv
from ui.widgets.lists import Row, RowList
from ui.widgets.stepper import Stepper

SET = "Set..."
BUTTON_WIDTH = dp(170)
# The years offered: from the app's first to well past a family's table.
FIRST_YEAR, LAST_YEAR = 2026, 2050
MONTHS = tuple(calendar.month_abbr)[1:]


def clock_words(state: ClockState) -> str:
    """`Sat 21 Nov 2026, 20:15 (Europe / Berlin). Network time keeps it right.`"""
    said = f"{dated(state.now, '%a %d %b %Y, %H:%M')} ({zone_words(state.zone)})."
    if state.synchronized:
        return f"{said} Network time keeps it right."
    if state.network_time:
        return f"{said} Network time sets it whenever the table has a network; set it here until then."
    if state.pretend:
        return f"{said} On a computer the table companion only pretends to set it, until it closes."
    return f"{said} Set it here; it is kept from one start to the next."


class ClockSection:
    """The section's two rows, made by Settings' `row` (a control with its title and explanation) in
    its `panel`, and what they do."""

    def __init__(self, services: Services, message: MessageBar, panel: Panel, row: Callable[..., Any]) -> None:
        self.services, self.message, self.panel = services, message, panel
        self.state: ClockState | None = None
        self.popup: ClockPopup | ZonePopup | None = None
        self.set_button = BigButton(text=SET, size_hint=(None, None), width=BUTTON_WIDTH, height=theme.TOUCH)
        self.set_button.bind(on_release=lambda *_: self.open_clock())
        self.zone_button = BigButton(text="Change...", size_hint=(None, None), width=BUTTON_WIDTH, height=theme.TOUCH)
        self.zone_button.bind(on_release=lambda *_: self.open_zones())
        self.clock_row = row(self.set_button, title="Now", explanation="Reading the clock...")
        self.zone_row = row(self.zone_button, title="Time zone", explanation="")
        panel.add_widget(self.clock_row)
        panel.add_widget(self.zone_row)
        self.read()

    def read(self) -> None:
        """The clock's state, asked of the system off the screen's thread, and the time zones read there
        meanwhile for Change..."""
        def work(_task: Any) -> ClockState:
            zones()
            return self.services.clock_setter.state()

        off_screen(work, done=self.show,
                   failed=lambda problem: self.refused(problem, reading=True),
                   stopped_words="the clock could not be read")

    def show(self, state: ClockState) -> None:
        self.state = state
        self.clock_row.explanation = clock_words(state)
        self.zone_row.explanation = f"{zone_words(state.zone)}: the times shown, and the time set above, are its."
        self.set_button.disabled_reason = "Network time keeps this clock right." if state.synchronized else ""

    def refused(self, problem: CompanionError, reading: bool = False) -> None:
        doing = "The clock cannot be read" if reading else "Not changed"
        self.message.show(f"{doing}: {problem}.", problem=True, seconds=None)

    # ----- the date and time -------------------------------------------------------------------------
    def open_clock(self) -> ClockPopup | None:
        if self.state is not None and self.state.synchronized:
            self.message.show("Network time keeps this clock right, so it is not set by hand.", problem=True,
                              seconds=None)
            return None
        self.popup = ClockPopup(self.set_time)
        self.popup.open()
        return self.popup

    def set_time(self, moment: float) -> None:
        words = dated(moment, "%a %d %b %Y, %H:%M")
        self.message.show(f"Setting the clock to {words}...", seconds=None)

        def work(_task: Any) -> ClockState:
            setter = self.services.clock_setter
            setter.set_time(moment)
            self.services.store.note_clock(set_here=True)   # the step, for the evenings
            return setter.state()

        off_screen(work, done=lambda state: self.done(state, f"The clock is set: {words}."), failed=self.refused,
                   stopped_words="the clock could not be set")

    def done(self, state: ClockState, words: str) -> None:
        self.show(state)
        self.message.show(words)

    # ----- the time zone -------------------------------------------------------------------------------
    def open_zones(self) -> ZonePopup:
        self.popup = ZonePopup(self.set_zone)
        self.popup.open()
        return self.popup

    def set_zone(self, zone: str) -> None:
        def work(_task: Any) -> ClockState:
            self.services.clock_setter.set_zone(zone)
            return self.services.clock_setter.state()

        off_screen(work, done=lambda state: self.done(state, f"The time zone is {zone_words(zone)}: it is "
                                                             f"{dated(state.now, '%H:%M')} there now."),
                   failed=self.refused, stopped_words="the time zone could not be set")


# ----- setting the date and time on steppers ------------------------------------------------------------

def _steps(first: int, last: int, current: int) -> list[int]:
    return sorted(set(range(first, last + 1)) | {current})


class ClockPopup(ModalView):
    """Day, month and year, hour and minute on steppers, starting from what the clock says now, and the
    time they make in words."""

    words = StringProperty("")

    def __init__(self, on_set: Callable[[float], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_set = on_set
        now = time.localtime(clock.now())
        self.steppers: dict[str, Stepper] = {}
        for name, values, value, shows in (
                ("day", range(1, 32), now.tm_mday, str),
                ("month", range(1, 13), now.tm_mon, lambda month: MONTHS[month - 1]),
                ("year", _steps(FIRST_YEAR, LAST_YEAR, now.tm_year), now.tm_year, str),
                ("hour", range(24), now.tm_hour, lambda hour: f"{hour:02d}"),
                ("minute", range(60), now.tm_min, lambda minute: f"{minute:02d}")):
            stepper = self.ids[name]
            stepper.shows = shows
            stepper.values, stepper.value = list(values), value
            stepper.bind(on_step=lambda *_: self._changed())
            self.steppers[name] = stepper
        self._changed()

    @property
    def set_button(self) -> BigButton:
        return self.ids["set_button"]

    def _changed(self) -> None:
        day, month, year = (self.steppers[name] for name in ("day", "month", "year"))
        days = calendar.monthrange(year.value, month.value)[1]
        day.values = list(range(1, days + 1))
        day.value = min(day.value, days)   # 31 March stepped to April is 30 April
        self.words = dated(self.moment(), "%A %d %B %Y, %H:%M")

    def moment(self) -> float:
        """The time the steppers show, on this table's time zone."""
        values = [self.steppers[name].value for name in ("year", "month", "day", "hour", "minute")]
        return time.mktime((*values, 0, 0, 0, -1))

    def set_clock(self) -> None:
        self.dismiss(animation=False)
        self.on_set(self.moment())


# ----- the time zone: a region, then a city ---------------------------------------------------------------

class ZoneRow(Row, BigButton):
    """One time zone in the region's list, by the names it is picked by (`Argentina / Buenos Aires`)."""

    zone = StringProperty("")
    chooser = ObjectProperty(None)


class ZonePopup(ModalView):
    """The regions first, as big buttons; a region's time zones then, a long list (a RowList)."""

    title = StringProperty("Time zone: where is the table?")

    def __init__(self, on_chosen: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        covers_the_screen(self)
        self.on_chosen = on_chosen
        self.by_region = zones()
        self.region_buttons: dict[str, Choice] = {}
        for region in (*self.by_region, UTC):
            button = Choice(text=region, font_size=theme.FONT_BODY, size_hint_y=None, height=theme.TOUCH)
            button.bind(on_release=lambda _button, chosen=region: self.open_region(chosen))
            self.region_buttons[region] = button
            self.ids["regions"].add_widget(button)

    @property
    def zone_list(self) -> RowList:
        return self.ids["zones"]

    def open_region(self, region: str) -> None:
        if region == UTC:
            self.choose(UTC)
            return
        self.title = f"Time zone in {region}"
        self.zone_list.data = [{"viewclass": "ZoneRow", "zone": zone, "chooser": self,
                                "text": zone_words(zone).removeprefix(f"{region} / "),
                                "row_size": (None, theme.TOUCH)} for zone in self.by_region[region]]
        self.zone_list.scroll_y = 1
        self.ids["pages"].current = "zones"

    def back_to_regions(self) -> None:
        self.title = "Time zone: where is the table?"
        self.ids["pages"].current = "regions"

    def choose(self, zone: str) -> None:
        self.dismiss(animation=False)
        self.on_chosen(zone)


load_kv(__file__)
