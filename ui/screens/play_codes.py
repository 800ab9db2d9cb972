"""Send to BG Stats: each finished game of the evening as a QR code of its play's link, big enough for
the phone with BG Stats to read from arm's length; Previous and Next step through the evening's plays.
The codes are made off the screen's thread (companion/play_codes.py); the table needs no network."""

from __future__ import annotations

import io
from typing import Any, Sequence

from kivy.core.image import Image as CoreImage
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.play_codes import PlayCode
from ui.widgets.basics import BigButton, Panel, Text  # noqa: F401  (named in play_codes.kv)
from ui.widgets.kv import load_kv

MARGIN = dp(8)


def code_side() -> int:
    """The code's side in pixels: the popup's height less its margins and padding."""
    return int(Window.height - 4 * MARGIN)


class PlayCodesPopup(ModalView):
    """`codes` with their pictures (`pictures`, PNG, one each), shown from `start`."""

    position = StringProperty("")   # "Play 2 of 5"
    caption = StringProperty("")
    picture = ObjectProperty(None, allownone=True)
    side = NumericProperty(0)           # the room for the code
    picture_side = NumericProperty(0)   # the code as drawn: whole pixels a module, within `side`
    has_previous = BooleanProperty(False)
    has_next = BooleanProperty(False)

    def __init__(self, codes: Sequence[PlayCode], pictures: Sequence[bytes], start: int = 0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.codes, self.pictures = list(codes), list(pictures)
        self.index = 0
        self.side = code_side()
        self.show(start)

    def show(self, index: int) -> None:
        count = len(self.codes)
        self.index = max(0, min(index, count - 1))
        self.position = f"Play {self.index + 1} of {count}"
        self.has_previous, self.has_next = self.index > 0, self.index + 1 < count
        self.caption = self.codes[self.index].caption
        texture = CoreImage(io.BytesIO(self.pictures[self.index]), ext="png").texture
        texture.mag_filter = texture.min_filter = "nearest"   # crisp modules: a blurred edge reads worse
        self.picture, self.picture_side = texture, texture.width   # drawn pixel for pixel: every module as wide

    def step(self, by: int) -> None:
        self.show(self.index + by)


load_kv(__file__)
