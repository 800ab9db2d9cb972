"""Checking the wiring: press each big button and watch its tile light, with the flickers its switch
made. A button that is down before anyone touches it is shown as stuck (or wired to ground).

A tile is made for every button when the screen opens; each poll changes what the tiles say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.players import Player
from companion.words import counted
from ui import theme
from ui.places import Place
from ui.services import Services
from ui.widgets.basics import BigButton, Panel, Text  # noqa: F401  (named in button_test.kv)
from ui.widgets.kv import load_kv

if TYPE_CHECKING:
    from ui.navigation import Navigator

POLL_S = 1 / 30


class ButtonTile(Panel):
    """One big button: its number, who had it at the last game, the key that stands in for it on a PC,
    and (small, for whoever wires it) the pins it is on."""

    number = NumericProperty(0)
    owner = StringProperty("")
    wiring = StringProperty("")
    state_words = StringProperty("not pressed yet")
    ink = ListProperty(theme.TEXT)

    def __init__(self, number: int, pin: int, led: int | None, owner: Player | None = None, key: str | None = None,
                 **kwargs: Any) -> None:
        who = f"{owner.name} ({owner.identity.label})" if owner is not None else "no player yet"
        super().__init__(orientation="vertical", number=number,
                         owner=who + (f"  -  key {key.upper()}" if key else ""),
                         wiring=f"pin {pin}" + (f", light on pin {led}" if led else ", no light"), **kwargs)
        self.presses = 0

    @property
    def title_label(self) -> Label:
        return self.ids["title_label"]

    @property
    def owner_label(self) -> Label:
        return self.ids["owner_label"]

    @property
    def wiring_label(self) -> Label:
        return self.ids["wiring_label"]

    @property
    def state_label(self) -> Label:
        return self.ids["state_label"]

    def show(self, down: bool, presses: int, bounces: int, stuck: bool) -> None:
        # The debouncer's count, not the pin seen at each poll: a tap shorter than a frame still counts,
        # and a bounce is never a second press.
        self.presses = presses
        if stuck:
            fill, text = theme.DANGER, "STUCK: down since the start.\nCheck the wiring."
        elif down:
            fill, text = theme.OK, "PRESSED"
        elif self.presses:
            # A switch's flickers are said only where there were some: the tile has room for one line more.
            flickers = f"\n{counted(bounces, 'flicker')} of the switch ignored" if bounces else ""
            fill, text = theme.SURFACE, f"OK: {counted(self.presses, 'press', 'presses')}{flickers}"
        else:
            fill, text = theme.SURFACE, "not pressed yet"
        self.fill, self.state_words = list(fill), text
        self.ink = list(theme.readable_text_on(fill))


class ButtonTestScreen(Screen):
    warning = StringProperty("")    # why there are no big buttons to test; "" where there are
    note = StringProperty("")

    def __init__(self, services: Services, navigator: Navigator, **kwargs: Any) -> None:
        self.services, self.navigator = services, navigator
        self.hardware = services.hardware
        buttons = self.hardware.buttons if self.hardware is not None else None
        if buttons is None:
            reason = (self.hardware.warning if self.hardware is not None else None) or "No GPIO buttons."
            super().__init__(warning=f"{reason}\nRaces will show on-screen buttons instead.", **kwargs)
            self.tiles: dict[int, ButtonTile] = {}
            self._poll_event = None
            return
        note = self.hardware.warning or ("Press each button. Timestamps come from the kernel."
                                         if self.hardware.kernel_timestamps else
                                         "Press each button (on a PC: the key shown on its tile).")
        super().__init__(note=note, **kwargs)
        self.stuck_at_start = buttons.held()
        # The buttons have been counting since the app started (a game's worth of presses, maybe):
        # this screen shows only what happens while it is open.
        self._presses_before = buttons.presses_counted()
        self._bounces_before = buttons.bounces_ignored()
        self.tiles = {}
        pins = services.settings["buttons"]
        # Who pressed which button at the last game, so a family checks "Ann's button", not a number.
        last = services.store.sessions(limit=1)
        owners = {player.button: player for player in (last[0].players if last else ()) if player.button}
        on_pc = self.hardware.backend.name == "mock"
        keys = {int(number): key for number, key in services.settings.get("keys", {}).items()} if on_pc else {}
        grid = self.ids["grid"]
        for number in buttons.numbers:
            spec = pins[str(number)]
            tile = ButtonTile(number, spec["pin"], spec.get("led"), owner=owners.get(number), key=keys.get(number))
            self.tiles[number] = tile
            grid.add_widget(tile)
        self._poll_event = Clock.schedule_interval(self.poll, POLL_S)
        self.poll()

    def poll(self, *_: Any) -> None:
        if not self.tiles:
            return
        buttons = self.hardware.buttons
        held = buttons.held()
        presses = buttons.presses_counted()
        bounces = buttons.bounces_ignored()
        for number, tile in self.tiles.items():
            count = presses.get(number, 0) - self._presses_before.get(number, 0)
            bounced = bounces.get(number, 0) - self._bounces_before.get(number, 0)
            stuck = number in self.stuck_at_start and number in held and not count
            tile.show(number in held, count, bounced, stuck)

    def back(self) -> None:
        if self._poll_event is not None:
            self._poll_event.cancel()
        self.navigator.go(Place.HOME, self.services)


load_kv(__file__)
