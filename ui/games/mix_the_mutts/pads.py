"""What the active player taps after connecting a tile: the breed pad, head then tail for each new
dog the tile made."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup

from companion.games.mix_the_mutts.state import BREEDS
from ui import theme
from ui.games.mix_the_mutts.widgets import points_word
from ui.widgets.basics import BigButton, Text


def dog_short(head: str, tail: str) -> str:
    return f"purebreed {head}" if head == tail else f"{head} head, {tail} tail"


class BreedPad(BoxLayout):
    """Entering a new tile's dogs: tap the head breed, then the tail breed, once per dog."""

    def __init__(self, view, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        self.view = view
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        self.prompt = Label(text="", markup=True, font_size=theme.FONT_BODY * 0.9, color=theme.TEXT, halign="left",
                            valign="middle")
        self.prompt.bind(size=lambda label, size: setattr(label, "text_size", (size[0], None)))
        # Read by the player entering the tile, up close, as are the dogs entered so far.
        self.prompt.fine_print = True
        top.add_widget(self.prompt)
        cancel = BigButton(text="Cancel", size_hint_x=None, width=dp(110), kind="quiet")
        cancel.bind(on_release=lambda *_: view.close_pad())
        top.add_widget(cancel)
        self.add_widget(top)
        self.entered = Text(text="", font_size=theme.FONT_SMALL, halign="center", color=theme.TEXT_DIM, fine_print=True)
        self.add_widget(self.entered)
        grid = GridLayout(cols=4, spacing=dp(6))
        self.breed_buttons: dict[str, BigButton] = {}
        junior = summary["scoring"].startswith("junior")
        for breed in BREEDS:
            value = 1 if junior else summary["card_values"][breed]
            button = BigButton(text=f"{breed.capitalize()}\n{value} {points_word(junior, value)}",
                               size_hint_y=1, font_size=theme.FONT_BODY)
            button.bind(on_release=lambda _, b=breed: view.tap_breed(b))
            self.breed_buttons[breed] = button
            grid.add_widget(button)
        self.add_widget(grid)
        bottom = BoxLayout(size_hint_y=None, height=theme.TOUCH_BIG, spacing=theme.GAP)
        self.remove_button = BigButton(text="Remove last", size_hint_x=0.35, height=theme.TOUCH_BIG)
        self.remove_button.bind(on_release=lambda *_: view.remove_last())
        bottom.add_widget(self.remove_button)
        self.record_button = BigButton(text="", kind="primary", height=theme.TOUCH_BIG)
        self.record_button.bind(on_release=lambda *_: view.record_tile())
        bottom.add_widget(self.record_button)
        self.add_widget(bottom)

    def update(self, name: str, dogs: list[list[str]], head: str | None, per_tile: dict) -> None:
        """`per_tile` is the core's {min, max} for the next tile: a tile makes one dog per tile it
        touches, so the first tile makes exactly two and the pad stops there."""
        least, most = per_tile["min"], per_tile["max"]
        if head is None:
            step = f"dog {len(dogs) + 1}: tap its [b]head[/b] breed" if len(dogs) < most \
                else f"all {most} dogs entered"
        else:
            step = f"dog {len(dogs) + 1}: {head} head, now tap its [b]tail[/b] breed"
        self.prompt.text = f"{escape_markup(name)}'s new tile, {step}"
        parts = [dog_short(*dog) for dog in dogs] + ([f"{head} head, ?"] if head else [])
        self.entered.text = "New dogs: " + ("; ".join(parts) if parts else "none yet")
        ready = least <= len(dogs) <= most and head is None
        self.record_button.disabled = not ready
        makes = f"{least} dogs" if least == most else f"{least} to {most} dogs"
        self.record_button.text = f"Record {len(dogs)} new dogs" if ready else f"This tile makes {makes}"
        self.remove_button.disabled = not dogs and head is None
        full = len(dogs) >= most
        for button in self.breed_buttons.values():
            button.disabled = full
