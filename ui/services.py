"""What every screen may need, handed over explicitly instead of reached through a global app."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.store import Store


@dataclass
class Services:
    data_dir: Path
    store: Store
    settings: dict[str, Any]
    hardware: Any = None               # hardware.buttons controller, None with no GPIO at all
    hardware_warning: str | None = None
    backlight: Any = None              # hardware.backlight.Backlight where the display has one the app may set
    screen_sleep: Any = None           # ui.screen_sleep.ScreenSleep while the app runs
    extras: dict[str, Any] = field(default_factory=dict)
