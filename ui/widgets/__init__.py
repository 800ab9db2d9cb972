"""The app's one widget kit. Every label in the app measures and draws its words once (drawn_once)."""

from ui.widgets.drawn_once import install

install()
