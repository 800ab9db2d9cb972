"""Opening the players' big buttons for the app. With no GPIO the app still starts and says so once."""

from __future__ import annotations

from ui.services import Services


def open_hardware(services: Services, backend: str) -> None:
    services.hardware = None
    services.hardware_warning = None
