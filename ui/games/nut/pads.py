"""What a player taps on the Nut table to say what happened: the column a card came from and the
kind of card it was in the draft; whose layout to score and the counters of a count by hand."""

from __future__ import annotations

from kivy.graphics import Color, Line, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.words import noun
from ui import theme
from ui.games.nut.widgets import CHOSEN_FILL, fit_text
from ui.widgets.basics import BigButton
from ui.widgets.count import Count
from ui.widgets.symbols import SymbolShape

STEPPER_VALUE = dp(60)


class ColumnButton(ButtonBehavior, BoxLayout):
    """One face-up column: its number, how many cards lie in it (a key number) and what a tap on it
    records: the card the player whose pick it is takes from it."""

    fill = ListProperty(theme.SURFACE_HIGH)
    marked = BooleanProperty(False)

    def __init__(self, number: int, **kwargs):
        super().__init__(orientation="vertical", padding=[dp(6), dp(6)], spacing=0, **kwargs)
        self.number = number
        with self.canvas.before:
            self._colour = Color(*self.fill)
            self._shape = RoundedRectangle(radius=[theme.RADIUS])
            self._ring_colour = Color(0, 0, 0, 0)
            self._ring = Line(width=dp(3))
        self.title = Label(text=f"Column {number}", font_size=theme.FONT_BODY, bold=True, size_hint_y=None,
                           height=dp(30))
        # The caption is read by the finger about to tap, as the button's words are.
        self.count = Count("cards", 0, caption_font=theme.FONT_SMALL)
        # At least two lines, more where a long name needs them: a name is never cut.
        self.action_text = Label(font_size=theme.FONT_SMALL, bold=True, size_hint_y=None,
                                 height=theme.FONT_SMALL * 2.6, halign="center", valign="middle")
        self.action_text.bind(width=lambda label, width: setattr(label, "text_size", (width, None)),
                              texture_size=lambda label, size: setattr(
                                  label, "height", max(theme.FONT_SMALL * 2.6, size[1])))
        for widget in (self.title, self.count, self.action_text):
            self.add_widget(widget)
        self.bind(pos=self._redraw, size=self._redraw, fill=self._redraw, state=self._redraw, marked=self._redraw)

    def _redraw(self, *_):
        fill = self.fill
        if self.state == "down":
            fill = tuple(min(1, c + 0.15) for c in fill[:3]) + (1,)
        self._colour.rgba = fill
        self._shape.pos, self._shape.size = self.pos, self.size
        ink = theme.readable_text_on(fill)
        self._ring_colour.rgba = theme.with_alpha(ink, 0.9) if self.marked else (0, 0, 0, 0)
        self._ring.rounded_rectangle = (self.x + dp(4), self.y + dp(4), self.width - dp(8), self.height - dp(8),
                                        theme.RADIUS)
        for label in (self.title, self.count.number, self.count.caption, self.action_text):
            label.color = ink

    def show(self, cards: int, dealt: int, round_column: int | None, picker: str) -> None:
        caption = noun(cards, "card") + (f"  (+{dealt} dealt)" if dealt else "") if cards else "empty"
        self.count.show(cards, caption)
        chosen = round_column == self.number
        self.marked = chosen
        if cards == 0 or (round_column is not None and not chosen):
            self.fill = theme.SURFACE
            self.action_text.text = "" if cards else "nothing to take"
            if cards and round_column is not None:
                self.action_text.text = "not this round"
        else:
            self.fill = theme.ACCENT if chosen else theme.SURFACE_HIGH
            # What a tap here will record, said before it happens.
            self.action_text.text = f"Tap when {picker} takes one"


class KindButton(BigButton):
    """One kind of card in the row under the columns. The chosen kind is a setting, not the next
    thing to do: it takes the chosen colour, and the column to tap keeps the primary one."""

    selected = BooleanProperty(False)

    def on_selected(self, _, selected: bool) -> None:
        self.kind = "ok" if selected else "normal"


class PlayerTab(ButtonBehavior, BoxLayout):
    """A player to score: their shape, their whole name (wrapping if long) and, once scored, their
    total in bold at the right."""

    chosen = BooleanProperty(False)

    def __init__(self, player, **kwargs):
        super().__init__(spacing=dp(6), padding=[dp(8), dp(4)], size_hint_y=None, height=theme.TOUCH, **kwargs)
        with self.canvas.before:
            self._colour = Color(*theme.SURFACE_HIGH)
            self._shape = RoundedRectangle(radius=[theme.RADIUS])
        self.add_widget(SymbolShape(shape=player.identity.symbol, rgba=theme.with_alpha(player.identity.rgb),
                                    size_hint=(None, None), size=(dp(28), dp(28)), pos_hint={"center_y": 0.5}))
        self.label = Label(text=player.name, font_size=theme.FONT_BODY, halign="left", valign="middle")
        self.label.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        self.add_widget(self.label)
        self.score = fit_text(Label(font_size=theme.FONT_TITLE, bold=True, size_hint_x=None, width=dp(44),
                                halign="right", valign="middle"))
        self.add_widget(self.score)
        self.bind(pos=self._redraw, size=self._redraw, chosen=self._redraw)

    def _redraw(self, *_):
        fill = CHOSEN_FILL if self.chosen else theme.SURFACE_HIGH
        self._colour.rgba = fill
        self._shape.pos, self._shape.size = self.pos, self.size
        self.label.color = self.score.color = theme.readable_text_on(fill)
        self.label.bold = self.chosen


class NutStepper(BoxLayout):
    """[-] number [+] for small counts a child can set without a keyboard."""

    def __init__(self, value: int, on_step, **kwargs):
        super().__init__(spacing=dp(4), **kwargs)
        minus = BigButton(text="-", font_size=theme.FONT_TITLE, size_hint_x=None, width=theme.TOUCH)
        plus = BigButton(text="+", font_size=theme.FONT_TITLE, size_hint_x=None, width=theme.TOUCH)
        self.value_label = fit_text(Label(text=str(value), font_size=theme.FONT_NUMBER * 0.8, bold=True,
                                      size_hint_x=None, width=STEPPER_VALUE, halign="center", valign="middle"))
        minus.bind(on_release=lambda *_: on_step(-1))
        plus.bind(on_release=lambda *_: on_step(+1))
        self.minus, self.plus = minus, plus
        for widget in (minus, self.value_label, plus):
            self.add_widget(widget)
