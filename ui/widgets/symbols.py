"""Player identity shapes drawn as vector graphics, so they render the same on every font and
every player colour is also told apart by shape."""

import math

from kivy.graphics import Color, Ellipse, Line, Mesh
from kivy.properties import ListProperty, StringProperty
from kivy.uix.widget import Widget

SHAPES = ("circle", "triangle", "square", "diamond", "star", "cross", "heart")


def polygon_points(cx, cy, radius, points, rotation=math.pi / 2, inner=None):
    vertices = []
    count = points * (2 if inner else 1)
    for index in range(count):
        r = radius if not inner or index % 2 == 0 else radius * inner
        angle = rotation + 2 * math.pi * index / count
        vertices.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return vertices


def fan(cx, cy, outline):
    """A triangle fan from the centre: fills convex and star-shaped outlines alike."""
    vertices = [cx, cy, 0, 0]
    for x, y in outline + outline[:1]:
        vertices += [x, y, 0, 0]
    return Mesh(vertices=vertices, indices=list(range(len(vertices) // 4)), mode="triangle_fan")


def shape_outline(shape: str, cx: float, cy: float, r: float):
    """The outline of `shape` around (cx, cy) with radius r, or None for a circle."""
    if shape == "triangle":
        return polygon_points(cx, cy - r * 0.15, r * 1.1, 3)
    if shape == "square":
        return polygon_points(cx, cy, r * 1.2, 4, rotation=math.pi / 4)
    if shape == "diamond":
        return polygon_points(cx, cy, r, 4)
    if shape == "star":
        return polygon_points(cx, cy, r * 1.05, 5, inner=0.45)
    if shape == "cross":
        a = r * 0.36
        return [(cx - a, cy - r), (cx + a, cy - r), (cx + a, cy - a), (cx + r, cy - a), (cx + r, cy + a),
                (cx + a, cy + a), (cx + a, cy + r), (cx - a, cy + r), (cx - a, cy + a), (cx - r, cy + a),
                (cx - r, cy - a), (cx - a, cy - a)]
    if shape == "heart":
        points = []
        for step in range(40):
            t = 2 * math.pi * step / 40
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            points.append((cx + x * r / 17, cy + (y + 2) * r / 17))
        return points
    return None  # circle


def draw_shape(shape: str, cx: float, cy: float, radius: float, rgba, outline_rgba=(0, 0, 0, 0.85)) -> None:
    """Draw a player's shape into the canvas being built (inside a `with canvas:` block)."""
    Color(*rgba)
    outline = shape_outline(shape, cx, cy, radius)
    if outline is None:
        Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
        Color(*outline_rgba)
        Line(circle=(cx, cy, radius), width=1.5)
        return
    fan(cx, cy, outline)
    Color(*outline_rgba)
    Line(points=[c for point in outline for c in point], close=True, width=1.5)


class SymbolShape(Widget):
    shape = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])
    outline = ListProperty([0, 0, 0, 0.85])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, shape=self._draw, rgba=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        radius = min(self.width, self.height) / 2 * 0.92
        if radius <= 0:
            return
        with self.canvas:
            draw_shape(self.shape, *self.center, radius, self.rgba, self.outline)
