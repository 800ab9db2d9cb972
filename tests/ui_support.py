"""Helpers for tests that build real Kivy widgets in a headless window."""

from companion import config
from companion.store import Store
from ui.services import Services


def make_services(tmp_path) -> Services:
    return Services(data_dir=tmp_path, store=Store.open(tmp_path), settings=config.load(tmp_path))


def texts(widget) -> list[str]:
    """Every piece of text a player could read in `widget`, in drawing order."""
    return [child.text for child in widget.walk() if isinstance(getattr(child, "text", None), str) and child.text]
