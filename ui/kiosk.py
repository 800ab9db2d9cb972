"""What a keyboard plugged into the table can reach: the app's own screens and nothing of the toolkit's.

Kivy gives every app developer's tools on keys: F1 opens its settings panel (which edits Kivy's own
config file, the window and input settings among them), Escape closes the app, and the modules its
config may name ([modules] in config.ini) add more: the inspector and the console on Ctrl+E, a
screenshot on F12, full screen and rotation on F11 and F12 with modifiers, a monitor, touch rings.
None of them is for a family, and on the kiosk each would let a visitor's keyboard take the table
apart (a setting saved from the panel would meet the next start). So they are off always, in a window
on a PC as well as full screen on the kiosk: `make run` is then the kiosk's app, and what a test
presses on it is what a keyboard at the table reaches.
"""

from __future__ import annotations

from kivy.config import Config


def close_toolkit_keys() -> None:
    """No Escape to close, and no Kivy module active, whatever the config file of Kivy's home says.
    Kivy's settings panel is refused by the app itself (CompanionApp.open_settings)."""
    from kivy.modules import Modules

    Config.set("kivy", "exit_on_escape", "0")
    for name in Config.options("modules"):
        Config.remove_option("modules", name)
    Modules.update()   # a module already started with the window is stopped
