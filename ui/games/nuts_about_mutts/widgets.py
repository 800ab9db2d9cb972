"""What is this game's own on its table: the look of each card colour (a fill and a shape, so a colour
is never told by hue alone), and the pad's fine-print last line that steps aside when there is no room
for it."""

from __future__ import annotations

from typing import Any, Sequence

from kivy.uix.label import Label

from ui import theme
from ui.widgets.sizes import sizes

RGB = tuple[float, float, float]

# The rule card's colour names are placeholders a family may rename, so unknown names still get a
# distinct fill and shape by their position in the deck's list. The shapes are ones no player has, and
# the fills stay apart for the common kinds of colour blindness too.
_LOOKS: dict[str, tuple[RGB, str]] = {"red": ((0.84, 0.22, 0.20), "bone"), "blue": ((0.22, 0.47, 0.93), "drop"),
                                      "green": ((0.30, 0.72, 0.50), "leaf")}
_SPARE: tuple[tuple[RGB, str], ...] = (((0.88, 0.56, 0.10), "moon"), ((0.50, 0.26, 0.52), "club"),
                                       ((0.5, 0.5, 0.5), "spade"))
UNKNOWN: tuple[RGB, str] = ((0.45, 0.46, 0.5), "")
# A card other than a dog (a wild) on top of the home pile.
SPECIAL_SHAPE = "paw"


def colour_look(name: str | None, colours: Sequence[str] = ()) -> tuple[RGB, str]:
    """(rgb, shape) for a card colour; grey and no shape ("") when the colour isn't known."""
    if name is None:
        return UNKNOWN
    if name in _LOOKS:
        return _LOOKS[name]
    if name in colours:
        return _SPARE[list(colours).index(name) % len(_SPARE)]
    return UNKNOWN


class Hint(Label):
    """The pad's last line (the big-button mapping, or the last move), right under the step, in the room
    the step leaves. Where its words do not fit there (the message bar leaving the pad too little room)
    it steps aside. Fine print: the player about to press reads it."""

    fine_print = True

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "top")
        super().__init__(**kwargs)
        self.fbind("width", self._wrap)
        self.fbind("height", self._fit)
        self.fbind("texture_size", self._fit)
        theme.palette.bind(text_dim=self._restyle)
        sizes.bind(font_small=self._restyle)
        self._restyle()

    def _restyle(self, *_: Any) -> None:
        self.font_size, self.color = sizes.font_small, theme.palette.text_dim

    def _wrap(self, *_: Any) -> None:
        self.text_size = (self.width, None)

    def _fit(self, *_: Any) -> None:
        wanted = self.texture_size[1] if self.text else 0
        self.opacity = 1 if 0 < wanted <= self.height else 0
