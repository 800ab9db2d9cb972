"""The Kivy application: builds the services and the navigator, then stays out of the way."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.screenmanager import Screen

from companion import config as config_file
from companion.errors import CompanionError
from companion.instance import hold_data_dir
from companion.store import Store
from ui import collector, theme
from ui.background import off_screen
from ui.kiosk import close_toolkit_keys
from ui.navigation import Navigator
from ui.places import Place
from ui.services import Services
from ui.start import Opened

if TYPE_CHECKING:
    from ui.hardware_link import KeyboardButtons
    from ui.screens.start_problem import StartProblemScreen

log = logging.getLogger(__name__)

# The game offered on Home is built this long after Home first shows: after the big buttons have opened.
READY_AFTER_S = 0.5


class CompanionApp(App):
    title = "Table Companion"
    use_kivy_settings = False   # see ui/kiosk.py: the toolkit's panel is never shown

    def __init__(self, services: Services | None, autoplay: int | None = None, autoplay_game: str = "", *,
                 start_problem: str | None = None, settings_unusable: bool = False,
                 reopen: Callable[[], Opened] | None = None, data_dir: Path | None = None,
                 backend: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services = services
        self.autoplay = autoplay
        self.autoplay_game = autoplay_game
        self.navigator: Navigator | None = None
        self.keyboard_buttons: KeyboardButtons | None = None
        self._first_screen: Screen | None = None
        self._problem_screen: StartProblemScreen | None = None
        self._finishing: Any = None   # the clock's event for finish_starting
        self._readying: Any = None    # and for ready_offered_game
        # Without services the app cannot start: it shows why, and `reopen` tries the start again.
        self.start_problem = start_problem
        self.settings_unusable = settings_unusable
        self._reopen = reopen
        self._data_dir, self._backend = data_dir, backend

    @classmethod
    def create(cls, *, data_dir: Path, settings: dict[str, Any], backend: str | None = None,
               autoplay: int | None = None, autoplay_game: str = "", opened: Opened | None = None,
               reopen: Callable[[], Opened] | None = None) -> "CompanionApp":
        """The app on `data_dir`. With `opened` (what ui.start.open_data found) the data directory is
        already taken; where it found a problem the app shows it, and `reopen` is Try again."""
        if opened is None:
            hold_data_dir(data_dir)
            store = Store.open(data_dir)
        elif opened.store is None:
            return cls(None, autoplay, autoplay_game, start_problem=opened.problem,
                       settings_unusable=opened.settings_unusable, reopen=reopen, data_dir=data_dir, backend=backend)
        else:
            store, settings = opened.store, opened.settings
        return cls(cls.services_for(data_dir, settings, store, backend), autoplay=autoplay,
                   autoplay_game=autoplay_game)

    @staticmethod
    def services_for(data_dir: Path, settings: dict[str, Any], store: Store, backend: str | None) -> Services:
        from hardware.backlight import find_backlight
        from hardware.board import is_raspberry_pi
        from ui.hardware_link import open_hardware

        services = Services(data_dir=data_dir, store=store, settings=settings)
        backend_name = backend or settings["backend"]
        # Not opened yet: Home does not need the buttons, so finish_starting opens them after it shows.
        services.buttons_opener = lambda services: open_hardware(services, backend_name)
        # Only a Pi's display: a laptop's own backlight is not the app's to dim. Only a Pi's clock, too.
        if is_raspberry_pi():
            from companion.clock_setting import Timedated

            services.backlight = find_backlight()
            services.clock_setter = Timedated()
        return services

    def build(self) -> Navigator:
        close_toolkit_keys()
        self.navigator = navigator = Navigator()
        Window.clearcolor = theme.BACKGROUND
        if self.services is None:
            self._problem_screen = navigator.go(Place.START_PROBLEM, None, self.start_problem, self._try_again,
                                                self._use_usual_settings if self.settings_unusable else None)
            return navigator
        self._begin(self.services, navigator)
        return navigator

    def _begin(self, services: Services, navigator: Navigator) -> None:
        """Everything a start does once the data directory and the saved games are open."""
        from ui.hardware_link import KeyboardButtons
        from ui.screen_sleep import apply_brightness

        theme.use_high_contrast(services.settings["display"]["high_contrast"])
        theme.use_larger_text(services.settings["display"]["larger_text"])
        Window.clearcolor = theme.BACKGROUND
        apply_brightness(services)
        self.keyboard_buttons = KeyboardButtons(services)
        Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)
        self._first_screen = navigator.go(Place.HOME, services)
        Window.bind(on_flip=self._after_first_frame)
        if self.autoplay is not None:
            from ui.autoplay import start_autoplay

            start_autoplay(services, navigator, self.autoplay, self.autoplay_game)

    def open_settings(self, *_: Any) -> bool:
        """Kivy's settings panel (F1) never opens: the app's settings are its Settings screen."""
        return False

    def _use_usual_settings(self) -> None:
        """The unusable settings file kept aside under another name, then the start again."""
        self._try_again(set_aside=True)

    def _try_again(self, set_aside: bool = False) -> None:
        """The start again, off the screen's thread (opening can wait seconds on a failing card)."""
        def attempt() -> None:
            try:
                if set_aside and self._data_dir is not None:
                    kept = config_file.set_aside(self._data_dir)
                    log.warning("the unusable settings file was kept as %s; the usual settings apply", kept)
                opened = self._reopen() if self._reopen is not None else None
            except CompanionError as refused:   # another copy took the data directory meanwhile
                opened = Opened({}, None, str(refused))
            Clock.schedule_once(lambda _dt: self._tried(opened), 0)

        threading.Thread(target=attempt, name="start-again", daemon=True).start()

    def _tried(self, opened: Opened | None) -> None:
        if opened is None or opened.store is None:
            if opened is not None:
                self.start_problem, self.settings_unusable = opened.problem, opened.settings_unusable
            if self._problem_screen is not None and self.start_problem is not None:
                self._problem_screen.still(self.start_problem,
                                           self._use_usual_settings if self.settings_unusable else None)
            return
        log.warning("the app started on a second try")
        self.start_problem = None
        assert self._data_dir is not None and self.navigator is not None, "a start problem keeps both"
        self.services = self.services_for(self._data_dir, opened.settings, opened.store, self._backend)
        self._begin(self.services, self.navigator)

    # The key handlers never consume the key, so typing a name with a digit in it still works.
    def _key_down(self, _window: Any, key: int, *_: Any) -> None:
        if self.keyboard_buttons is not None:
            self.keyboard_buttons.key_down(key)

    def _key_up(self, _window: Any, key: int, *_: Any) -> None:
        if self.keyboard_buttons is not None:
            self.keyboard_buttons.key_up(key)

    def _after_first_frame(self, *_: Any) -> None:
        Window.unbind(on_flip=self._after_first_frame)
        # On the next frame, so that this one reaches the screen first.
        self._finishing = Clock.schedule_once(lambda _dt: self.finish_starting(), 0)

    def finish_starting(self) -> None:
        """The start's one deferred step: what Home does not draw, done just after its first frame, so
        the family sees Home sooner. The big buttons open here, a frame after Home shows (a key pressed
        before that opens them at once, see Services.hardware), so a press in the first second counts."""
        from ui.screen_sleep import ScreenSleep
        from ui.screens.home import HomeScreen
        from ui.screens.update import started

        services = self.services
        if services is None:
            return
        services.open_pending_buttons()
        # After the buttons, so that a press wakes the sleeping screen as a touch does.
        if services.screen_sleep is None:
            services.screen_sleep = ScreenSleep(services, Window)
        if self.navigator is not None:
            self.navigator.collection.busy = services.screen_sleep.busy
        # Home was drawn before anyone knew whether the buttons would open: it says so now.
        first = self._first_screen
        if isinstance(first, HomeScreen) and self.navigator is not None and first is self.navigator.current_screen:
            first.say_hardware_warning()
        # The version running got as far as its first screen: an update just installed is kept.
        started(services.store)
        self._prove_saved_games(services)
        # What the start made is set aside from the collector's walks (ui/collector.py).
        collector.freeze()
        self._readying = Clock.schedule_once(lambda _dt: self.ready_offered_game(), READY_AFTER_S)

    def _prove_saved_games(self, services: Services) -> None:
        """The saved games' pages read through for damage off the screen's thread, after Home is
        drawn (on a long history that is seconds no start should wait for). A damaged file is set
        aside: Home says so and shows the new file's games."""
        from ui.screens.home import HomeScreen

        def proven(_: object) -> None:
            home = self.navigator.current_screen if self.navigator is not None else None
            if services.store.moved_aside is not None and isinstance(home, HomeScreen):
                home.saved_games_set_aside()

        off_screen(lambda _task: services.store.prove_whole(), done=proven,
                   failed=lambda problem: log.warning("the saved games were not read through: %s", problem))

    def ready_offered_game(self) -> None:
        """The game Home offers for Resume, built unseen while the family reads Home, so that Resume (what
        a family back at the table taps first) shows it at once. Not once they have gone elsewhere."""
        from ui.open_saved import ready_saved_game
        from ui.screens.home import HomeScreen

        services, navigator = self.services, self.navigator
        if services is None or navigator is None or not isinstance(navigator.current_screen, HomeScreen):
            return
        offered = navigator.current_screen.model.offered
        if offered is not None:
            ready_saved_game(services, navigator, offered.id)

    def on_stop(self) -> None:
        Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)
        # Stopped before the deferred step ran (at once, or by a test): nothing opens afterwards.
        Window.unbind(on_flip=self._after_first_frame)
        for deferred in (self._finishing, self._readying):
            if deferred is not None:
                deferred.cancel()
        if self.services is None:
            return
        if self.services.screen_sleep is not None:
            self.services.screen_sleep.close()
            self.services.screen_sleep = None
        hardware = self.services.hardware_if_open
        if hardware is not None:
            hardware.close()
        self.services.store.close()
