"""`companion screenshot SCREEN OUT.png --size WxH`: render one screen headless, with demo data in a
throwaway data directory, for the docs and the tests. `companion screenshot list` names the screens;
`companion screenshot all FOLDER` draws every one into FOLDER, in one process.
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


def render(shots: dict[str, Path], size: tuple[int, int]) -> None:
    """Draws each named screen into its file, all in one Kivy window: starting Kivy costs seconds on a
    Pi and minutes under emulation. Each screen has a data directory and services of its own, so none
    shows another's games."""
    from ui.main import prepare_kivy

    prepare_kivy(size, False)
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    from kivy.uix.screenmanager import NoTransition

    from companion import config as config_file
    from companion.store import Store
    from ui import background
    from ui.app import CompanionApp

    scenes = all_scenes()
    unknown = [name for name in shots if name not in scenes]
    if unknown:
        raise SystemExit(f"companion: no screen called {unknown[0]!r}; the screens are: {', '.join(scenes)}")
    data_dirs: list[Path] = []

    def fresh_data_dir() -> Path:
        data_dirs.append(Path(tempfile.mkdtemp(prefix="companion-shot-")))
        return data_dirs[-1]

    app = CompanionApp.create(data_dir=fresh_data_dir(), settings=config_file.load(data_dirs[-1]), backend="mock")
    waiting = list(shots.items())
    left_open: list[Services] = []

    def show(_dt: float) -> None:
        navigator = app.navigator
        assert navigator is not None   # made when the app started
        navigator.transition = NoTransition()
        if len(waiting) < len(shots):
            # The screen before may have left a popup open over the window.
            for view in [child for child in Window.children if isinstance(child, ModalView)]:
                view.dismiss(force=True, animation=False)
            app.services = fresh_services(app.services)
        assert app.services is not None   # a fresh data directory always opens
        scenes[waiting[0][0]].show(app.services, navigator)
        Clock.schedule_once(lambda _dt: settle(navigator), 0.25)

    def fresh_services(used: Services | None) -> Services:
        # The screen before may still have a save or a collection under way: its services stay open
        # until the end.
        if used is not None:
            left_open.append(used)
        data_dir = fresh_data_dir()
        return CompanionApp.services_for(data_dir, config_file.load(data_dir), Store.open(data_dir), "mock")

    def settle(navigator: Navigator, quiet_checks: int = 0) -> None:
        # A heavy first draw can outlast a fixed delay: wait until the screen has been still for two
        # checks (no switch, no popup fading in, no work off the screen's thread to come back), then
        # two frames more (one to lay out, one to draw the laid-out result).
        opening = [child for child in Window.children if isinstance(child, ModalView) and child._anim_alpha < 1]
        still = not (navigator.transition.is_active or opening or background.unfinished())
        if not still or quiet_checks < 1:
            Clock.schedule_once(lambda _dt: settle(navigator, quiet_checks + 1 if still else 0), 0.1)
            return
        Clock.schedule_once(lambda _dt: Clock.schedule_once(capture, 0), 0)

    def capture(_dt: float) -> None:
        _name, output = waiting.pop(0)
        written = Window.screenshot(name=str(output.with_suffix("")) + "-frame.png")
        shutil.move(written, output)
        print(output, flush=True)
        if waiting:
            Clock.schedule_once(show, 0)
        else:
            app.stop()

    app.bind(on_start=lambda *_: Clock.schedule_once(show, 0))
    app.run()
    for services in left_open:
        if services.hardware_if_open is not None:
            services.hardware_if_open.close()
        services.store.close()
    for data_dir in data_dirs:
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
        raise SystemExit("companion: say where to write the picture, e.g. companion screenshot home home.png"
                         " (or every screen into a folder: companion screenshot all FOLDER)")
    if args.screen == "all":
        from ui.main import prepare_kivy

        prepare_kivy(args.shot_size, False)   # before the scenes' modules bring Kivy up
        args.output.mkdir(parents=True, exist_ok=True)
        render({name: args.output / f"{name}.png" for name in all_scenes()}, args.shot_size)
    else:
        render({args.screen: args.output}, args.shot_size)
    return 0


def render_all(directory: Path) -> None:
    """Every screen at each size, one process a size: Kivy's window size is fixed once a process opens
    it, and this process never opens one."""
    directory.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "KIVY_NO_ARGS": "1"}
    for width, height in SIZES:
        with tempfile.TemporaryDirectory(prefix="companion-shots-") as drawn:
            subprocess.run([sys.executable, "-m", "table_companion", "screenshot", "all", drawn,
                            "--size", f"{width}x{height}"], check=True, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for picture in sorted(Path(drawn).glob("*.png")):
                output = directory / f"{picture.stem}-{width}x{height}.png"
                shutil.move(picture, output)
                print(output, flush=True)


if __name__ == "__main__":
    render_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
