"""A count the family tracks (a hand, a pile, the running count) as a big number with its caption,
under it or beside it. A key count, one a player acts on, has digits 10 mm tall on the 7" panel
(the layout check holds it to that); a secondary one (`key` False) is only kept readable. The number
takes the room it is given up to nearly twice its base size, so a big screen reads from further away,
and its box always holds `digits` digits, so a count reaching 10 never touches its neighbours."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui.widgets.kv import load_kv
from ui.widgets.sizes import sizes
from ui.widgets.text import text_width

# A bold digit is drawn about 0.6 of its font size wide.
DIGIT_WIDTH = 0.62
# A number grows with spare room up to this much over its base size.
MOST_GROWTH = 1.8
CAPTION_LINE = 1.25


class Number(Label):
    """The digits of a count. `key_number` tells the layout check to hold it to 10 mm."""

    key_number = BooleanProperty(True)


class Count(BoxLayout):
    value = ObjectProperty(0)
    caption = StringProperty("")
    key = BooleanProperty(True)
    beside = BooleanProperty(False)    # the caption beside the number, else under it
    digits = NumericProperty(1)        # the number's box holds at least this many digits
    number_font = NumericProperty(0)
    number_width = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("size", self._scale)
        self.fbind("key", self._scale)
        self.fbind("beside", self._scale)
        self.fbind("digits", self._scale)
        self.fbind("value", self._scale)
        self.fbind("caption", self._scale)
        sizes.fbind("font_key", self._scale)
        self._scale()

    @property
    def base_font(self) -> float:
        return float(sizes.font_key if self.key else sizes.font_number)

    def _scale(self, *_) -> None:
        digits = max(int(self.digits), len(str(self.value)))
        base = self.base_font
        if self.beside:
            tall = self.height
            across = self.width - text_width(self.caption, sizes.font_table) - dp(8)
        else:
            tall = self.height - sizes.font_table * CAPTION_LINE - self.spacing
            across = self.width
        room = min(tall / 1.25, across / (DIGIT_WIDTH * digits) if across > 0 else base, base * MOST_GROWTH)
        self.number_font = max(base, room)
        self.number_width = DIGIT_WIDTH * self.number_font * digits + dp(6)

    @staticmethod
    def width_beside(caption_width: float, digits: int, key: bool = True) -> float:
        """How wide a count with its caption beside it is at its base size."""
        base = sizes.font_key if key else sizes.font_number
        return DIGIT_WIDTH * base * digits + dp(6) + dp(8) + caption_width


load_kv(__file__)
