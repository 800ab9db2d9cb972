"""The app's one widget kit. Every label in the app measures and draws its words once (drawn_once), and
every scrolled page draws only the rows in sight (in_sight)."""

from ui.widgets import drawn_once, in_sight

drawn_once.install()
in_sight.install()
