"""Small pieces the Nut pads share: a player's shape beside their whole name and labels that wrap
inside their box."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.widgets.symbols import SymbolShape

# What is chosen (whose layout, which paint, which kind of card) takes the app's colour for chosen
# toggles; the primary colour is kept for the one thing to tap next.
CHOSEN_FILL = theme.OK


class SeatTag(BoxLayout):
    """A player's shape in their colour beside their name. The name is never cut: a long one wraps
    onto a second line, so the tag is sized for two lines of its font wherever names can be long."""

    player = ObjectProperty(None, allownone=True)
    font_size = NumericProperty(theme.FONT_BODY)
    bold = BooleanProperty(False)
    symbol_size = NumericProperty(dp(30))

    def __init__(self, player=None, **kwargs):
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.symbol = SymbolShape(size_hint=(None, None), pos_hint={"center_y": 0.5})
        self.label = Label(color=theme.TEXT, halign="left", valign="middle")
        # Width only: the text wraps at spaces and stays centred on the tag's height.
        self.label.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        self.add_widget(self.symbol)
        self.add_widget(self.label)
        self.bind(player=self._update, font_size=self._update, bold=self._update, symbol_size=self._update)
        self.player = player
        self._update()

    def _update(self, *_):
        self.symbol.size = (self.symbol_size, self.symbol_size)
        self.label.font_size = self.font_size
        self.label.bold = self.bold
        if self.player is None:
            self.label.text = ""
            return
        identity = self.player.identity
        self.symbol.shape = identity.symbol
        self.symbol.rgba = theme.with_alpha(identity.rgb)
        self.label.text = self.player.name


def fit_text(label: Label) -> Label:
    """`label` with its text laid out in the label's whole box, so halign and valign apply."""
    label.bind(size=lambda lab, size: setattr(lab, "text_size", size))
    return label
