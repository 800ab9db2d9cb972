"""Drawings made of many small parts (a Mug's pattern, a card colour's shape) painted once into a
texture and then drawn as one rectangle. Every instruction on a canvas costs at every frame, and a
table of twenty-five patterned Mugs is hundreds of them; a baked one is one, however often it moves.

A drawing is baked per `key` (what it shows) and pixel size, and kept for the whole run: a game shows
a few dozen different ones at most."""

from __future__ import annotations

from typing import Any, Callable, Hashable

from kivy.graphics import ClearBuffers, ClearColor, Fbo
from kivy.graphics.texture import Texture

_baked: dict[tuple[Hashable, int, int], Fbo] = {}

Draw = Callable[[Any, float, float], None]   # draws onto a canvas, in a box from (0, 0) of width, height


def baked(key: Hashable, width: float, height: float, draw: Draw) -> Texture:
    """The texture of `draw` at this size, painted the first time it is asked for."""
    size = (max(1, int(round(width))), max(1, int(round(height))))
    fbo = _baked.get((key, *size))
    if fbo is None:
        # Lines wider than a pixel are drawn through the stencil buffer (so a see-through line does not
        # darken where it crosses itself).
        fbo = Fbo(size=size, with_stencilbuffer=True)
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
        draw(fbo, size[0], size[1])
        fbo.draw()
        _baked[(key, *size)] = fbo
    return fbo.texture
