"""Draws the image's pictures: deploy/splash.png, which its boot splash shows (deploy/image-splash.sh), the
app's name on its background colour; and deploy/imager-icon.png, its icon in Raspberry Pi Imager's list.
Run again after a change of name, font or colours, and commit the pictures:

    .venv/bin/python deploy/splash_picture.py deploy/splash.png deploy/imager-icon.png
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
# The splash is centred on a screen of any size filled with the same background: big enough to read
# across the table on the 7" display (800x480), and small enough for it. Imager shows icons at 40x40.
SIZE = (640, 240)
ICON = 64


def main() -> int:
    splash, icon = Path(sys.argv[1]), Path(sys.argv[2])
    os.environ["KIVY_NO_ARGS"] = "1"
    from ui.main import prepare_kivy

    prepare_kivy(SIZE, False)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label

    from ui import theme

    class Splash(App):
        title = "Table Companion"

        def build(self) -> BoxLayout:
            Window.clearcolor = theme.BACKGROUND
            box = BoxLayout(orientation="vertical", padding=(0, 30))
            box.add_widget(Label(text=self.title, font_size=64, bold=True, color=theme.TEXT))
            box.add_widget(Label(text="starting…", font_size=30, color=theme.TEXT_DIM))
            return box

        def on_start(self) -> None:
            # A first frame takes a while under load: drawn, then taken.
            Clock.schedule_once(self.shoot, 2)

        def shoot(self, _dt: float) -> None:
            folder = Path(tempfile.mkdtemp())
            shutil.move(Window.screenshot(name=str(folder / "splash.png")), splash)
            # The icon: the name's initials, cut from the same window drawn again.
            Window.size = (ICON, ICON)
            self.root.clear_widgets()
            self.root.padding = 0
            self.root.add_widget(Label(text="TC", font_size=36, bold=True, color=theme.TEXT))
            Clock.schedule_once(lambda _dt: self.shoot_icon(folder), 2)

        def shoot_icon(self, folder: Path) -> None:
            shutil.move(Window.screenshot(name=str(folder / "icon.png")), icon)
            shutil.rmtree(folder)
            self.stop()

    Splash().run()
    print(f"{splash} and {icon} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
