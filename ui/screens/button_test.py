"""Checking the wiring: press each big button and watch its tile light, with the bounces its switch
made. A button that is down before anyone touches it is shown as stuck (or wired to ground)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from ui import theme
from ui.places import Place
from ui.widgets.basics import BigButton, Panel, Text

POLL_S = 1 / 30


def counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


class ButtonTile(Panel):
    """One big button: its number, who had it at the last game, the key that stands in for it on a PC,
    and (small, for whoever wires it) the pins it is on."""

    def __init__(self, number: int, pin: int, led: int | None, owner=None, key: str | None = None, **kwargs):
        super().__init__(orientation="vertical", **kwargs)
        self.number = number
        self.presses = 0
        self.title_label = Text(text=f"Button {number}", font_size=theme.FONT_TITLE, bold=True, halign="center")
        self.add_widget(self.title_label)
        who = f"{owner.name} ({owner.identity.label})" if owner is not None else "no player yet"
        self.owner_label = Text(text=who + (f"  -  key {key.upper()}" if key else ""), halign="center")
        self.add_widget(self.owner_label)
        self.wiring_label = Text(text=f"pin {pin}" + (f", light on pin {led}" if led else ", no light"),
                                 font_size=theme.FONT_SMALL, halign="center")
        self.add_widget(self.wiring_label)
        self.state_label = Text(text="not pressed yet", halign="center", size_hint_y=1)
        self.add_widget(self.state_label)

    def show(self, down: bool, presses: int, bounces: int, stuck: bool) -> None:
        # The debouncer's count, not the pin seen at each poll: a tap shorter than a frame still counts,
        # and a bounce is never a second press.
        self.presses = presses
        if stuck:
            self.fill, text = theme.DANGER, "STUCK: down since the start.\nCheck the wiring."
        elif down:
            self.fill, text = theme.OK, "PRESSED"
        elif self.presses:
            self.fill, text = theme.SURFACE, (f"OK: {counted(self.presses, 'press', 'presses')}\n"
                                              f"{counted(bounces, 'bounce', 'bounces')} ignored")
        else:
            self.fill, text = theme.SURFACE, "not pressed yet"
        self.state_label.text = text
        ink = theme.readable_text_on(self.fill)
        self.state_label.color = self.owner_label.color = self.title_label.color = ink
        # The pins are for whoever wires the box: quieter, but readable on a lit tile too.
        self.wiring_label.color = (*ink[:3], 0.7)


class ButtonTestScreen(Screen):
    def __init__(self, services, navigator, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        self.hardware = services.hardware
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        back = BigButton(text="Back", size_hint_x=None, width=dp(100))
        back.bind(on_release=lambda *_: self.back())
        header.add_widget(back)
        header.add_widget(Text(text="Test the big buttons", font_size=theme.FONT_TITLE, bold=True, size_hint_y=1))
        root.add_widget(header)
        buttons = self.hardware.buttons if self.hardware is not None else None
        if buttons is None:
            reason = (self.hardware.warning if self.hardware is not None else None) or "No GPIO buttons."
            root.add_widget(Text(text=f"{reason}\nRaces will show on-screen buttons instead.",
                                 color=theme.DANGER, size_hint_y=1, halign="center"))
            self.tiles = {}
        else:
            note = self.hardware.warning or ("Press each button. Timestamps come from the kernel."
                                             if self.hardware.kernel_timestamps else
                                             "Press each button (on a PC: the key shown on its tile).")
            root.add_widget(Text(text=note, color=theme.TEXT_DIM, font_size=theme.FONT_SMALL))
            grid = GridLayout(cols=3, spacing=theme.GAP)
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
            for number in buttons.numbers:
                spec = pins[str(number)]
                tile = ButtonTile(number, spec["pin"], spec.get("led"), owner=owners.get(number), key=keys.get(number))
                self.tiles[number] = tile
                grid.add_widget(tile)
            root.add_widget(grid)
        self.add_widget(root)
        self._poll_event = Clock.schedule_interval(self.poll, POLL_S) if self.tiles else None
        self.poll()

    def poll(self, *_):
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

    def back(self):
        if self._poll_event is not None:
            self._poll_event.cancel()
        self.navigator.go(Place.HOME, self.services)
