"""A keyboard plugged into the table (a visitor's, or one left from maintenance) reaches the app's own
screens and nothing of the toolkit's: no settings panel on F1, no inspector or console, no screenshot
on F12, no full-screen switch on F11, and Escape does not close the kiosk, even when Kivy's config file
names its developer modules."""

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.config import Config  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.modules import Modules  # noqa: E402

from companion import config  # noqa: E402
from ui.app import CompanionApp  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402

F1, F11, F12, ESCAPE, LETTER_E = 282, 292, 293, 27, ord("e")
DEVELOPER_MODULES = ("keybinding", "inspector", "console")


def press(key, codepoint=None, modifiers=()):
    """A key pressed and released, dispatched as the SDL window dispatches a real one: down, then
    (unless the down was taken) the keyboard event, then up."""
    if not Window.dispatch("on_key_down", key, 0, codepoint, list(modifiers)):
        Window.dispatch("on_keyboard", key, 0, codepoint, list(modifiers))
    Window.dispatch("on_key_up", key, 0)


@pytest.fixture
def running_app(tmp_path, monkeypatch):
    """The app as `companion` starts it, with a Kivy config that names the developer modules (as a
    config.ini someone edited might); a screenshot, were one taken, would land in tmp_path."""
    monkeypatch.chdir(tmp_path)
    for name in DEVELOPER_MODULES:
        Config.set("modules", name, "")
    Modules.update()
    EventLoop.idle()   # the modules start with the window and make their widgets on its first frame
    data = tmp_path / "data"
    app = CompanionApp.create(data_dir=data, settings=config.load(data), backend="mock")
    app._run_prepare()   # what App.run does before its loop: build Home and put it in the window
    yield app
    app.dispatch("on_stop")
    Window.remove_widget(app.root)
    for name in Config.options("modules"):
        Config.remove_option("modules", name)
    Modules.update()


def test_the_toolkits_keys_reach_nothing_on_the_running_app(running_app, tmp_path):
    closing = []

    def close_asked(*_args, **_kwargs):
        closing.append(True)
        return True   # refused here, so that an Escape that would close the app is seen, not obeyed

    Window.bind(on_request_close=close_asked)
    size, fullscreen = Window.size, Window.fullscreen
    try:
        EventLoop.idle()
        for key, codepoint, modifiers in ((F1, None, ()), (LETTER_E, "e", ("ctrl",)), (F12, None, ()),
                                          (F11, None, ()), (ESCAPE, None, ())):
            press(key, codepoint, modifiers)
            EventLoop.idle()
    finally:
        Window.unbind(on_request_close=close_asked)
    assert Window.children == [running_app.root], "something of the toolkit's was put over the app"
    assert isinstance(running_app.navigator.current_screen, HomeScreen)
    assert closing == []
    assert list(tmp_path.glob("*.png")) == []
    assert (Window.size, Window.fullscreen) == (size, fullscreen)


def test_the_app_refuses_kivys_settings_panel_however_it_is_asked(running_app):
    assert running_app.open_settings() is False
    EventLoop.idle()
    assert Window.children == [running_app.root]
