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
    extras: dict[str, Any] = field(default_factory=dict)
