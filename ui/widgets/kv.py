"""Loading the KV file that lays out a module's widgets, from beside the module."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder

_loaded: set[Path] = set()


def load_kv(module_file: str) -> None:
    """Load `<module>.kv`, next to the module: once, however often the module is reloaded."""
    path = Path(module_file).with_suffix(".kv")
    if path not in _loaded:
        _loaded.add(path)
        Builder.load_file(str(path))
