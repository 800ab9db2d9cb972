"""The widgets the Nuts about Mutts pad is made of: answers (buttons that stand for a value: a seat, a
colour, a number, a card), the prompts beside a count, and the one way the pad puts them in place,
moving the same widgets rather than making new ones. What a tap on them does is the pad's."""

from __future__ import annotations

from typing import Any, Sequence

from kivy.metrics import dp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.nuts_about_mutts.state import CARD_NAMES, WILDS
from companion.players import Player
from ui import theme
from ui.games.nuts_about_mutts.widgets import colour_look
from ui.widgets.choice import Choice
from ui.widgets.sizes import sizes


class Answer(Choice):
    """A choice that stands for a value (a seat, a colour, a number, a card), named in the pad's
    `buttons` by its `key`."""

    key = StringProperty("")
    value = ObjectProperty(None, allownone=True)


def answer(text: str = "", kind: str = "normal", font: float | None = None, width: float | None = None,
           **kwargs: Any) -> Answer:
    """A button as tall as its row; `width` (before the window's growth) where it keeps its own."""
    made = Answer(text=text, kind=kind, font_size=font or sizes.font_body, size_hint_y=1, **kwargs)
    if width is not None:
        made.size_hint_x, made.width = None, sizes.wide(dp(width))
    return made


def small(text: str, kind: str = "normal", **kwargs: Any) -> Answer:
    """A button whose words are read up close by the player tapping it."""
    return answer(text, kind, sizes.font_small, **kwargs)


def seat_answers(players: Sequence[Player]) -> list[Answer]:
    """Every player, shape and whole name. Narrow padding: a long name needs the width (it wraps at
    spaces, never inside a word)."""
    return [small(player.name, shape=player.identity.symbol, shape_rgba=theme.with_alpha(player.identity.rgb),
                  padding=[dp(4), dp(2)], value=seat) for seat, player in enumerate(players)]


def number_answers(numbers: int) -> list[Answer]:
    return [answer(str(number), key=f"number:{number}", value=number) for number in range(1, numbers + 1)]


def colour_answers(colours: Sequence[str], recorded: bool) -> list[Answer]:
    """The deck's colours, each a word and a shape: small toggles for a dog's details, or (`recorded`)
    the colour a wild names, in capitals."""
    made = []
    for colour in colours:
        rgb, shape = colour_look(colour, colours)
        looks: dict[str, Any] = {"shape": shape, "shape_rgba": theme.with_alpha(rgb), "key": f"colour:{colour}",
                                 "value": colour}
        made.append(answer(colour.upper(), **looks) if recorded else small(colour, **looks))
    return made


def wild_answers() -> list[Answer]:
    """The wild cards, narrow padding: five share a row beside the table."""
    return [small(CARD_NAMES[kind], padding=[dp(3), dp(2)], key=kind, value=kind) for kind in WILDS]


class Caption(Label):
    """A prompt for the player filling in the step: fine print, read up close."""

    fine_print = True


def caption(text: str, width: float | None = None, **kwargs: Any) -> Label:
    """A prompt for the player filling in the step, beside what it asks."""
    if width is not None:
        # As much wider with Larger text as its words are bigger.
        kwargs.update(size_hint_x=None, width=theme.type_scaled(sizes.wide(dp(width))))
    label = Caption(text=text, font_size=sizes.font_small, color=theme.palette.text_dim, halign="left",
                    valign="middle", **kwargs)
    label.fbind("size", lambda _, size: setattr(label, "text_size", (size[0], None)))
    return label


def arrange(containers: Sequence[tuple[Widget, Sequence[Widget]]]) -> None:
    """Give each container exactly these children in this order, moving the same widgets (never new
    ones) and touching only the containers whose children change."""
    changing = [(box, list(wanted)) for box, wanted in containers if list(reversed(box.children)) != list(wanted)]
    for box, _ in changing:
        box.clear_widgets()
    for box, wanted in changing:
        for widget in wanted:
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
            box.add_widget(widget)
