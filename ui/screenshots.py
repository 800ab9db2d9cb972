"""`companion screenshot SCREEN OUT.png --size WxH`: render one screen headless, with demo data in a
throwaway data directory, for the docs and the tests. `companion screenshot list` names the screens.
`python -m ui.screenshots DIR` renders every screen at 800x480 and 1280x720 into DIR."""

from __future__ import annotations

import importlib
import os
import pkgutil
import shutil
import subprocess
import sys
import tempfile
from argparse import Namespace
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ui.navigation import Navigator
    from ui.services import Services

SIZES = ((800, 480), (1280, 720))


@dataclass(frozen=True)
class Scene:
    name: str
    description: str
    show: Callable[[Services, Navigator], Any]  # put the screen to render on the navigator


_SCENES: dict[str, Scene] = {}


def scene(name: str, description: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(show: Callable[..., Any]) -> Callable[..., Any]:
        _SCENES[name] = Scene(name, description, show)
        return show

    return register


def all_scenes() -> dict[str, Scene]:
    """Every module in ui.scenes registers its scenes when imported."""
    import ui.scenes

    for module in pkgutil.iter_modules(ui.scenes.__path__):
        importlib.import_module(f"ui.scenes.{module.name}")
    return dict(sorted(_SCENES.items()))


def render(name: str, size: tuple[int, int], output: Path) -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="companion-shot-"))
    from ui.main import prepare_kivy

    prepare_kivy(size, False)
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.screenmanager import NoTransition

    from companion import config as config_file
    from ui.app import CompanionApp

    scenes = all_scenes()
    if name not in scenes:
        raise SystemExit(f"companion: no screen called {name!r}; the screens are: {', '.join(scenes)}")
    app = CompanionApp.create(data_dir=data_dir, settings=config_file.load(data_dir), backend="mock")
    services = app.services
    assert services is not None   # a fresh data directory always opens

    def show(_dt: float) -> None:
        navigator = app.navigator
        assert navigator is not None   # made when the app started
        navigator.transition = NoTransition()
        scenes[name].show(services, navigator)
        Clock.schedule_once(lambda _dt: settle(navigator), 0.25)

    def settle(navigator: Navigator) -> None:
        # A heavy first draw can outlast a fixed delay: wait for the switch to finish, then two
        # frames more (one to lay out, one to draw the laid-out result).
        if navigator.transition.is_active:
            Clock.schedule_once(lambda _dt: settle(navigator), 0.1)
            return
        Clock.schedule_once(lambda _dt: Clock.schedule_once(capture, 0), 0)

    def capture(_dt: float) -> None:
        written = Window.screenshot(name=str(output.with_suffix("")) + "-frame.png")
        shutil.move(written, output)
        app.stop()

    app.bind(on_start=lambda *_: Clock.schedule_once(show, 0))
    app.run()
    shutil.rmtree(data_dir, ignore_errors=True)


def main(args: Namespace) -> int:
    if args.screen == "list":
        # The scenes' modules bring Kivy up: quietly, as the app's own start does, so the list is all
        # that is printed (no log lines, no touch driver's traceback on a PC without one).
        os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
        from ui.main import prepare_kivy

        prepare_kivy(None, False)
        for scene_ in all_scenes().values():
            print(f"{scene_.name:28} {scene_.description}")
        return 0
    if args.output is None:
        raise SystemExit("companion: say where to write the picture, e.g. companion screenshot home home.png")
    render(args.screen, args.shot_size, args.output)
    print(args.output)
    return 0


def render_all(directory: Path) -> None:
    """Each screen in its own process: Kivy's window size is fixed once a process opens it, and the
    list comes from a child too, so this process never opens a window."""
    directory.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "KIVY_NO_ARGS": "1"}
    command = [sys.executable, "-m", "table_companion", "screenshot"]
    listing = subprocess.run([*command, "list"], check=True, capture_output=True, text=True, env=env).stdout
    for name in (line.split()[0] for line in listing.splitlines() if line.strip()):
        for width, height in SIZES:
            output = directory / f"{name}-{width}x{height}.png"
            subprocess.run([*command, name, str(output), "--size", f"{width}x{height}"], check=True, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(output, flush=True)


if __name__ == "__main__":
    render_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
