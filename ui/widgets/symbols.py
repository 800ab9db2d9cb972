"""Player identity shapes drawn as vector graphics, so they render the same on every font and
every player colour is also told apart by shape. Card colours get shapes of their own (CARD_SHAPES),
so a card is never mistaken for a player."""

import math
from typing import Any, Callable, Sequence

from kivy.graphics import Color, Ellipse, Mesh, Rectangle, SmoothLine
from kivy.graphics.tesselator import TYPE_POLYGONS, WINDING_NONZERO, Tesselator
from kivy.properties import ListProperty, StringProperty
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.baked import baked

Point = tuple[float, float]
Contour = list[Point]
Colour = Sequence[float]

SHAPES = ("circle", "triangle", "square", "diamond", "star", "cross", "heart")
# Never given to a player: they mark card colours and cards.
CARD_SHAPES = ("bone", "drop", "leaf", "moon", "club", "spade", "paw")


def polygon_points(cx: float, cy: float, radius: float, points: int, rotation: float = math.pi / 2,
                   inner: float | None = None) -> Contour:
    vertices = []
    count = points * (2 if inner else 1)
    for index in range(count):
        r = radius if not inner or index % 2 == 0 else radius * inner
        angle = rotation + 2 * math.pi * index / count
        vertices.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return vertices


def fan(cx: float, cy: float, outline: Contour) -> Mesh:
    """A triangle fan from the centre: fills convex and star-shaped outlines alike."""
    vertices = [cx, cy, 0, 0]
    for x, y in outline + outline[:1]:
        vertices += [x, y, 0, 0]
    return Mesh(vertices=vertices, indices=list(range(len(vertices) // 4)), mode="triangle_fan")


def _arc(cx: float, cy: float, radius: float, start: float, end: float, steps: int) -> Contour:
    """Points on a circle from angle `start` to `end` (radians, either direction), both ends included."""
    return [(cx + radius * math.cos(start + (end - start) * i / steps),
             cy + radius * math.sin(start + (end - start) * i / steps)) for i in range(steps + 1)]


def _ellipse(cx: float, cy: float, rx: float, ry: float, tilt: float = 0.0, steps: int = 20) -> Contour:
    cos, sin = math.cos(tilt), math.sin(tilt)
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x, y = rx * math.cos(t), ry * math.sin(t)
        points.append((cx + x * cos - y * sin, cy + x * sin + y * cos))
    return points


def _placed(unit_points: Contour, cx: float, cy: float, r: float, turn: float = 0.0) -> Contour:
    """Unit-sized points turned by `turn` radians, scaled by r and moved to (cx, cy)."""
    cos, sin = math.cos(turn), math.sin(turn)
    return [(cx + r * (x * cos - y * sin), cy + r * (x * sin + y * cos)) for x, y in unit_points]


def _bone() -> Contour:
    # Two knobs at each end of a shaft; laid corner to corner by the caller to fill the square.
    knob_x, knob_y, knob_r, shaft = 0.56, 0.28, 0.32, 0.17
    meet_x = knob_x - math.sqrt(knob_r ** 2 - (knob_y - shaft) ** 2)
    notch = math.atan2(-knob_y, math.sqrt(knob_r ** 2 - knob_y ** 2))
    upper = _arc(knob_x, knob_y, knob_r, math.atan2(shaft - knob_y, meet_x - knob_x) + 2 * math.pi, notch, 24)
    right = upper + [(x, -y) for x, y in reversed(upper)][1:]
    left = [(-x, y) for x, y in reversed(right)]
    return [(x * 1.22, y * 1.22) for x, y in right + left]


def _drop() -> Contour:
    # A water drop: a round bottom narrowing to a point at the top.
    centre, radius, tip = -0.3, 0.72, 1.05
    side = math.acos(radius / (tip - centre))
    return [(0.0, tip)] + _arc(0, centre, radius, math.pi / 2 + side, 2.5 * math.pi - side, 30)


def _leaf() -> Contour:
    # Pointed at both ends with one side fuller than the other.
    top = [(t, 0.52 * (1 - t * t) * (1 + 0.2 * t)) for t in (i / 14 - 1 for i in range(29))]
    bottom = [(t, -0.34 * (1 - t * t)) for t in (1 - i / 14 for i in range(1, 28))]
    return [(x * 1.15, y * 1.15) for x, y in top + bottom]


def _moon() -> Contour:
    # A crescent: a disc with a smaller one taken out of its upper right.
    inner, (ix, iy) = 0.8, (0.45, 0.28)
    d = math.hypot(ix, iy)
    along = (1 - inner ** 2 + d ** 2) / (2 * d)
    spread = math.acos(along)
    base = math.atan2(iy, ix)
    start, end = base + spread, base - spread + 2 * math.pi
    outer = _arc(0, 0, 1, start, end, 40)
    # Back along the part of the smaller circle that lies inside the disc (the side facing its middle).
    from_angle = math.atan2(outer[-1][1] - iy, outer[-1][0] - ix)
    to_angle = math.atan2(outer[0][1] - iy, outer[0][0] - ix)
    if to_angle < from_angle:
        to_angle += 2 * math.pi
    back = _arc(ix, iy, inner, from_angle, to_angle, 28)
    if math.hypot(*back[len(back) // 2]) > 1:
        back = _arc(ix, iy, inner, from_angle, to_angle - 2 * math.pi, 28)
    return outer + back[1:-1]


def _circle_exit(cx: float, cy: float, radius: float) -> Callable[[float, float], float]:
    """How far a ray from the origin runs before leaving a circle that holds the origin."""
    def exit_distance(dx: float, dy: float) -> float:
        along = cx * dx + cy * dy
        return along + math.sqrt(max(0.0, along * along - (cx * cx + cy * cy - radius * radius)))
    return exit_distance


def _club() -> Contour:
    # Three round leaves and a stem with a flat foot, traced along rays from the middle: the leaves each
    # hold the middle, so every ray leaves the shape once.
    lobes = [_circle_exit(0, 0.4, 0.44), _circle_exit(-0.42, -0.1, 0.44), _circle_exit(0.42, -0.1, 0.44)]
    outline = []
    for step in range(120):
        angle = 2 * math.pi * step / 120
        dx, dy = math.cos(angle), math.sin(angle)
        reach = max(lobe(dx, dy) for lobe in lobes)
        outline.append((dx * reach, dy * reach))
    # The stem replaces the rays that point almost straight down, between the two lower leaves.
    kept = [(x, y) for x, y in outline if not (y < 0 and abs(x) < 0.2 * abs(y))]
    cut = next(i for i, (x, y) in enumerate(kept) if y < 0 and x > 0)
    return kept[:cut] + [(-0.1, -0.45), (-0.32, -1.0), (0.32, -1.0), (0.1, -0.45)] + kept[cut:]


def _spade() -> Contour:
    # A heart turned point up, with a stem under its cleft.
    points = []
    for step in range(1, 40):
        t = 2 * math.pi * step / 40
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((x / 17, -y / 17))
    cleft = -5 / 17
    return points + [(-0.08, cleft - 0.04), (-0.3, -1.0), (0.3, -1.0), (0.08, cleft - 0.04)]


def shape_contours(shape: str, cx: float, cy: float, r: float) -> list[Contour] | None:
    """The outlines of `shape` around (cx, cy) with radius r (a paw has several), or None for a circle."""
    if shape == "paw":
        toes = ((-0.74, 0.22, -0.35), (-0.28, 0.68, -0.12), (0.28, 0.68, 0.12), (0.74, 0.22, 0.35))
        parts = [_ellipse(0, -0.36, 0.54, 0.48)] + [_ellipse(x, y, 0.23, 0.3, tilt, 14) for x, y, tilt in toes]
        return [_placed(part, cx, cy, r) for part in parts]
    made: dict[str, tuple[Callable[[], Contour], float]] = {
        "bone": (_bone, math.pi / 4), "drop": (_drop, 0.0), "leaf": (_leaf, math.pi / 4),
            "moon": (_moon, 0.0), "club": (_club, 0.0), "spade": (_spade, 0.0)}
    if shape in made:
        unit, turn = made[shape]
        return [_placed(unit(), cx, cy, r, turn)]
    outline = shape_outline(shape, cx, cy, r)
    return None if outline is None else [outline]


def shape_outline(shape: str, cx: float, cy: float, r: float) -> Contour | None:
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


def draw_shape(shape: str, cx: float, cy: float, radius: float, rgba: Colour,
               outline_rgba: Colour | None = (0, 0, 0, 0.85)) -> None:
    """Draw a player's or a card's shape into the canvas being built (inside a `with canvas:` block).
    With no outline it is the fill alone: for many small marks, each outline being a line of its own
    to paint."""
    Color(*rgba)
    contours = shape_contours(shape, cx, cy, radius)
    if contours is None:
        Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
        if outline_rgba is not None:
            Color(*outline_rgba)
            SmoothLine(circle=(cx, cy, radius), width=1.5)
        return
    if shape in CARD_SHAPES:
        # Hollows (a bone's notches, a crescent) and parts apart (a paw's toes) need a real tesselation.
        tesselator = Tesselator()
        for contour in contours:
            tesselator.add_contour([c for point in contour for c in point])
        if tesselator.tesselate(WINDING_NONZERO, TYPE_POLYGONS):
            for vertices, indices in tesselator.meshes:
                Mesh(vertices=vertices, indices=indices, mode="triangle_fan")
    else:
        fan(cx, cy, contours[0])
    if outline_rgba is None:
        return
    # A Line wider than a pixel draws through the stencil itself, so a shape scrolled out of a list
    # would leave stray dots outside it; a SmoothLine is drawn as a mesh and stays clipped.
    Color(*outline_rgba)
    for contour in contours:
        SmoothLine(points=[c for point in contour for c in point], close=True, width=1.5)


class SymbolShape(Widget):
    """A shape drawn in the middle of its box, as one picture: its fill and outline (a tesselated card
    shape is several meshes and lines) are painted once into a texture kept for that shape, colours and
    size (ui/widgets/baked.py), so every badge on a table is one draw call. Moving it (a list
    scrolling, a row laid out again) only moves the picture."""

    shape = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])
    outline = ListProperty([0, 0, 0, 0.85])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._colour, self._picture = Color(1, 1, 1, 1), Rectangle(size=(0, 0))
        self.bind(pos=self._move, size=self._draw, shape=self._draw, rgba=self._draw, outline=self._draw)
        self._draw()

    def _move(self, *_: Any) -> None:
        width, height = self._picture.size
        self._picture.pos = (round(self.center_x - width / 2), round(self.center_y - height / 2))

    def _draw(self, *_: Any) -> None:
        side = int(min(self.width, self.height))
        if side <= 0 or not self.shape:
            # Nothing to show draws nothing: a rectangle with no picture is still a draw call.
            self.canvas.clear()
            return
        if self.canvas.indexof(self._picture) < 0:
            self.canvas.add(self._colour)
            self.canvas.add(self._picture)
        shape, rgba, rim = self.shape, tuple(self.rgba), tuple(self._rim())

        def paint(canvas: Any, width: float, height: float) -> None:
            with canvas:
                draw_shape(shape, width / 2, height / 2, min(width, height) / 2 * 0.92, rgba, rim)

        self._picture.texture = baked(("symbol", shape, rgba, rim), side, side, paint)
        self._picture.size = (side, side)
        self._move()

    def _rim(self) -> Colour:
        """The outline asked for; but a fill dark against the table's surfaces (dark red on a seat's
        tile) gets a light rim, or its shape would be lost to a colour-blind eye."""
        if list(self.outline) != [0, 0, 0, 0.85] or theme.contrast_ratio(self.rgba, theme.palette.surface) >= 2.5:
            return self.outline
        return (*theme.palette.text[:3], 0.9)
