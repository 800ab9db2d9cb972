import os
import tempfile

# Kivy reads these at import time: no command-line parsing, a private home so tests never touch the
# user's Kivy config, and quiet logs.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ.setdefault("KIVY_LOG_LEVEL", "warning")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


import pytest  # noqa: E402


@pytest.fixture
def services(tmp_path):
    """What the app hands every screen, over a fresh data directory (UI tests)."""
    from ui_support import make_services

    services = make_services(tmp_path)
    yield services
    services.store.close()


@pytest.fixture(autouse=True)
def no_popup_outlives_its_test():
    """A popup a test leaves open would sit over the next test's screen and take its taps."""
    yield
    import sys

    if "kivy.core.window" not in sys.modules:
        return
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
