"""The Kivy application: builds the services and the navigator, then stays out of the way."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.core.window import Window

from companion.instance import hold_data_dir
from companion.store import Store
from ui import theme
from ui.navigation import Navigator
from ui.places import Place
from ui.services import Services


class CompanionApp(App):
    title = "Table Companion"

    def __init__(self, services: Services, autoplay: int | None = None, autoplay_game: str = "", **kwargs):
        super().__init__(**kwargs)
        self.services = services
        self.autoplay = autoplay
        self.autoplay_game = autoplay_game
        self.navigator: Navigator | None = None

    @classmethod
    def create(cls, *, data_dir: Path, settings: dict, backend: str | None = None,
               autoplay: int | None = None, autoplay_game: str = "") -> "CompanionApp":
        from hardware.backend import is_raspberry_pi
        from hardware.backlight import find_backlight
        from ui.hardware_link import open_hardware

        hold_data_dir(data_dir)
        store = Store.open(data_dir)
        services = Services(data_dir=data_dir, store=store, settings=settings)
        open_hardware(services, backend or settings["backend"])
        # Only a Pi's display: a laptop's own backlight is not the app's to dim.
        services.backlight = find_backlight() if is_raspberry_pi() else None
        return cls(services, autoplay=autoplay, autoplay_game=autoplay_game)

    def build(self):
        from ui.hardware_link import KeyboardButtons
        from ui.screen_sleep import ScreenSleep, apply_brightness

        theme.use_high_contrast(self.services.settings["display"]["high_contrast"])
        Window.clearcolor = theme.BACKGROUND
        apply_brightness(self.services)
        self.services.screen_sleep = ScreenSleep(self.services, Window)
        self.keyboard_buttons = KeyboardButtons(self.services)
        # The handlers never consume the key, so typing a name with a digit in it still works.
        Window.bind(on_key_down=lambda _w, key, *_: self.keyboard_buttons.key_down(key) and None,
                    on_key_up=lambda _w, key, *_: self.keyboard_buttons.key_up(key) and None)
        self.navigator = Navigator()
        self.navigator.go(Place.HOME, self.services)
        if self.autoplay is not None:
            from ui.autoplay import start_autoplay

            start_autoplay(self.services, self.navigator, self.autoplay, self.autoplay_game)
        return self.navigator

    def on_stop(self):
        if self.services.screen_sleep is not None:
            self.services.screen_sleep.close()
            self.services.screen_sleep = None
        hardware = self.services.hardware
        if hardware is not None and hasattr(hardware, "close"):
            hardware.close()
        self.services.store.close()
