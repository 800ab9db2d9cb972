"""A count the family tracks (a hand, a pile, the deck, the running count) as a big number with its
caption under it or beside it.

Its number is a key number, read from across the table: digits 10 mm tall on the 7" panel and bigger
where there is room (the layout check holds every Count to that). A figure only looked up now and then
says why in `secondary`, and starts at the size of an ordinary number. The number's box holds `digits`
digits, so counts stacked one above another line up and a count reaching 10 never touches what is
beside it; and it is as tall as the band its digits are drawn in, not the font's whole line, so a seat
or a pile is as tall as its number.

Everything it shows is a property (`value`, `caption_text`, `secondary`...), so a view binds it to its
model and a move changes the number in place."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.text import font_to_fit, line_height, lines_needed, text_width

# A bold digit is drawn about 0.62 of its font size wide: a number's box is sized from that.
DIGIT_WIDTH = 0.62
# Spare room goes into the number, up to this much over its base size.
MOST_GROWTH = 1.8
CAPTION_GAP = dp(6)


class _Rendered(CoreLabel):
    """A text label that keeps the pixels it rendered, so the rows its glyphs fill can be read."""

    rendered = None

    def _render_end(self) -> Any:
        self.rendered = super()._render_end()
        return self.rendered


@lru_cache(maxsize=64)
def digit_band(font_size: float, bold: bool = True, font_name: str = "Roboto") -> tuple[int, int]:
    """(first row, rows) of a line of text that the digits fill at this size."""
    label = _Rendered(text="0123456789", font_size=font_size, bold=bold, font_name=font_name)
    label.refresh()
    label.render(real=True)
    image = label.rendered
    if image is None or not image.height:
        return 0, int(line_height(font_size))
    row_bytes = len(image.data) // image.height
    inked = [row for row in range(image.height)
             if any(alpha > 40 for alpha in image.data[row * row_bytes + 3:(row + 1) * row_bytes:4])]
    return (inked[0], inked[-1] - inked[0] + 1) if inked else (0, image.height)


class Number(Label):
    """Digits, drawn in the band they fill: no empty line space above or below them. `key_number`
    marks a number a player acts on for the layout check."""

    key_number = BooleanProperty(True)
    texture: Any   # Kivy's property, replaced here by the digits' band of it

    def texture_update(self, *largs: Any) -> None:
        super().texture_update(*largs)
        line: Any = self.texture
        if line is None or not self.text.strip().isdigit():
            return
        top, height = digit_band(self.font_size, self.bold, self.font_name)
        # A region counts its rows from the bottom of the line.
        self.texture = line.get_region(0, max(0, line.height - top - height), line.width, min(height, line.height))
        self.texture_size = [line.width, min(height, line.height)]

    @staticmethod
    def height_for(font_size: float, bold: bool = True, font_name: str = "Roboto") -> float:
        return float(digit_band(font_size, bold, font_name)[1])


class Count(Widget):
    value = ObjectProperty(0)
    caption_text = StringProperty("")
    secondary = StringProperty("")     # why this figure is not a key number; "" for a key number
    beside = BooleanProperty(False)    # the caption beside the number, else under it
    digits = NumericProperty(1)
    font_size = NumericProperty(0)     # the number's base size: 0 for a key number's (or a secondary one's)
    caption_font = NumericProperty(0)  # 0 for the size read from the seats
    caption_room = NumericProperty(-1)  # beside the number: the caption's width, -1 for its words' own

    def __init__(self, caption_text: str = "", value: Any = 0, **kwargs: Any):
        kwargs.setdefault("caption_text", caption_text)
        kwargs.setdefault("value", value)
        self.number = Number(bold=True, halign="center", valign="middle")
        self.caption = Label(halign="center", valign="middle")
        super().__init__(**kwargs)
        self.add_widget(self.number)
        self.add_widget(self.caption)
        theme.palette.bind(text=self._recolour, text_dim=self._recolour)
        self._recolour()
        for name in ("pos", "size", "value", "caption_text", "secondary", "beside", "digits", "font_size",
                     "caption_font", "caption_room"):
            self.fbind(name, self._arrange)
        self._arrange()

    def show(self, value: Any, caption_text: str | None = None) -> None:
        """The count now, and its caption where it changes with the number ("1 card", "2 cards")."""
        self.value = value
        if caption_text is not None:
            self.caption_text = caption_text

    @property
    def base_font(self) -> float:
        if self.font_size:
            return float(self.font_size)
        return float(theme.FONT_NUMBER if self.secondary else theme.FONT_KEY_NUMBER)

    @property
    def least_font(self) -> float:
        """Where room is short the number shrinks back to its usual size (Larger text's quarter given
        up), never below; a key number's own size (10 mm) is the same with Larger text."""
        base = self.base_font
        if self.secondary:
            return base / theme.type_size.scale
        return min(base, max(base / theme.type_size.scale, theme.LEAST_KEY_NUMBER))

    @property
    def words_font(self) -> float:
        return float(self.caption_font or theme.FONT_TABLE)

    def caption_fitted(self, width: float, height: float) -> float:
        """The caption's type in a box of `width` by `height`: its own size, or where its words would not
        fit there (Larger text in a short room) smaller, down to the least a word read from the seats
        takes and never below; a caption already that small keeps its size."""
        words = self.words_font
        return font_to_fit(self.caption_text, words, min(words, theme.LEAST_TABLE), width, height)

    def words_room(self) -> float:
        if self.caption_room >= 0:
            return float(self.caption_room)
        return max(text_width(line, self.words_font) for line in self.caption_text.split("\n")) + dp(4)

    @staticmethod
    def width_beside(caption_text: str, digits: int, font_size: float | None = None,
                     caption_font: float | None = None) -> float:
        """How wide a count with its caption beside it is at its base size: number, gap, caption."""
        base = font_size or theme.FONT_KEY_NUMBER
        return (DIGIT_WIDTH * base * digits + dp(6) + CAPTION_GAP
                + text_width(caption_text, caption_font or theme.FONT_TABLE) + dp(4))

    @staticmethod
    def width_under(caption_text: str, digits: int, font_size: float | None = None,
                    caption_font: float | None = None) -> float:
        """How wide a count with its caption under it is at its base size: the wider of its digits and
        its caption, so a column of counts can be given no more room than it needs."""
        base = font_size or theme.FONT_KEY_NUMBER
        return max(DIGIT_WIDTH * base * digits, text_width(caption_text, caption_font or theme.FONT_TABLE)) + dp(6)

    def _recolour(self, *_: Any) -> None:
        self.number.color, self.caption.color = theme.palette.text, theme.palette.text_dim

    def _arrange(self, *_: Any) -> None:
        number, caption = self.number, self.caption
        number.text = str(self.value)
        number.key_number = not self.secondary
        caption.text = self.caption_text
        digits = max(int(self.digits), len(number.text))
        base, least = self.base_font, self.least_font
        if self.beside:
            words = self.words_room()
            across = self.width - words - CAPTION_GAP
            room = min(self.height / 0.8, base * MOST_GROWTH, (across - dp(6)) / (DIGIT_WIDTH * digits))
            number.font_size = max(least, room)
            number.size = (DIGIT_WIDTH * number.font_size * digits + dp(6), self.height)
            number.pos = self.pos
            number.halign = "right"
            caption.size = (max(0.0, self.width - number.width - CAPTION_GAP), self.height)
            caption.font_size = self.caption_fitted(*caption.size) if self.caption_text else self.words_font
            caption.pos = (number.right + CAPTION_GAP, self.y)
            caption.halign = "left"
            caption.text_size = (caption.width, None)
        else:
            # A count without a caption (the running count, discs kept) keeps no room for one; a caption
            # too long for one line under the number takes the lines it needs, in smaller type where the
            # number at its least would not fit above them.
            below = dp(2) if self.caption_text else 0.0
            words = self.words_font
            if self.caption_text:
                words = self.caption_fitted(self.width, self.height - below - Number.height_for(least))
            caption.font_size = words
            lines = lines_needed(self.caption_text, words, self.width) if self.caption_text else 0
            words_tall = line_height(words) * lines
            tall = self.height - words_tall - below
            room = min(base * MOST_GROWTH, (self.width - dp(6)) / (DIGIT_WIDTH * digits))
            number.font_size = max(least, room)
            while number.font_size > least and Number.height_for(number.font_size) > tall:
                number.font_size = max(least, number.font_size * 0.9)
            band = Number.height_for(number.font_size)
            # The digits sit on their caption, the two in the middle of any spare height.
            spare = max(0.0, tall - band) / 2
            caption.size = (self.width, words_tall)
            caption.pos = (self.x, self.y + spare)
            caption.halign = "center"
            caption.text_size = (self.width, None)
            number.size = (self.width, band)
            number.pos = (self.x, caption.top + below)
            number.halign = "center"
        number.text_size = (number.width, None)
