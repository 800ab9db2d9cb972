"""A game night: who leads the evening (place, player, points, games, wins), how each finished game
ended for everyone, and a chart of everyone's running points. Tapping a player opens their records;
Export writes the evening (JSON and CSV) to a USB stick, or to the data directory without one.

Colour never stands alone: every name carries its player's shape, and every line of the chart ends
in that shape with the player's name beside it.

Laid out once (evening.kv). The standings and the games are one RowList, so only the rows in sight
exist, however long the evening; another evening, or a game deleted, is new data for the same list
and new lines for the same chart."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

from kivy.core.window import Window
from kivy.graphics import Canvas, Color, Line
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.relativelayout import RelativeLayout
from kivy_garden.graph import Graph, LinePlot

from companion import corrections, exports, words
from companion import evenings as nights
from companion.errors import CompanionError
from companion.evenings import Evening, EveningStanding, GameResult
from companion.names import Change
from companion.play_codes import PlayCode, play_codes
from companion.players import IDENTITIES, Identity, identity_of
from companion.progress import Task
from companion.registry import score_meaning
from companion.words import counted
from ui import theme
from ui.background import off_screen
from ui.exported import show_exported
from ui.kept import KeptScreen
from ui.places import Place
from ui.reads import reads_of
from ui.screens.play_codes import PlayCodesPopup, code_side
from ui.services import Services
from ui.widgets.basics import Panel
from ui.widgets.confirm import ConfirmPopup, ask_to_delete_game
from ui.widgets.kv import load_kv
from ui.widgets.lists import Row, RowList
from ui.widgets.offer_bar import OfferBar
from ui.widgets.seat import SeatBadge
from ui.widgets.symbols import draw_shape
from ui.widgets.text import KERNING_ROOM, font_to_fit, line_height, lines_needed, text_width

if TYPE_CHECKING:
    from ui.navigation import Navigator

POINTS_RULE = nights.POINTS_RULE
# Lines on the chart, one per player: as many as sit at the largest table; more names would not fit
# beside the chart's right edge at 800x480, nor could the lines be told apart.
CHART_LINES = 6

# The standings' columns after the player's: each as wide as the widest of its heading (in the small
# type) and its figures, worked out as the rows are made, so a heading in larger type is never cut.
COLUMNS = ("Place", "Points", "Games", "Wins")
PLACE_WIDTH = dp(48)
CELL_ROOM = dp(4)
STANDING_SYMBOL, SEAT_SYMBOL, BADGE_GAP = dp(30), dp(22), dp(6)
STANDING_PAD, CARD_PAD_X, CARD_PAD_Y, CARD_SPACING = dp(6), dp(8), dp(6), dp(2)
SEAT_LINE, SCORE_WIDTH, DELETE_WIDTH, SHARE_WIDTH = dp(34), dp(62), dp(96), dp(112)
# The standings' share of the body's width beside the chart: at least, and at most where long names need more.
LIST_SHARE = (0.55, 0.65)
# Room kept at the list's right for its scroll bar.
BAR_ROOM = dp(8)
LIST_SPACING = dp(6)


def ordinal(place: int | None) -> str:
    if place is None:
        return "-"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def evening_title(evening: Evening, now: float | None = None) -> str:
    if nights.is_tonight(evening, now):
        return "Tonight"
    return time.strftime("%a %d %b", time.localtime(evening.started_at))


def colours_by_name(evening: Evening) -> dict[str, str]:
    return {standing.name.casefold(): standing.colour for standing in evening.standings}


def name_height(name: str, font: float, room: float, bold: bool) -> float:
    return lines_needed(name, font, room, bold) * line_height(font)


# ----- the rows of the list ---------------------------------------------------------------------------
class StandingsHeading(Row, BoxLayout):
    widths = ListProperty([PLACE_WIDTH, PLACE_WIDTH, PLACE_WIDTH, PLACE_WIDTH])   # of COLUMNS, as column_widths


class PointsRule(Row, BoxLayout):
    text = StringProperty("")


class StandingRow(Row, ButtonBehavior, BoxLayout):
    """One player's line in the evening's table; a tap opens their records (where the body offers them)."""

    standing = ObjectProperty(None, allownone=True)
    widths = ListProperty([PLACE_WIDTH, PLACE_WIDTH, PLACE_WIDTH, PLACE_WIDTH])   # of COLUMNS, as column_widths
    place = StringProperty("")
    place_font = NumericProperty(theme.FONT_TABLE)   # smaller for a long evening's "31st" than for "1st"
    name = StringProperty("")
    symbol = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])
    name_font = NumericProperty(theme.FONT_TABLE)
    leader = BooleanProperty(False)    # first, with a game finished: the row stands out
    bold = BooleanProperty(False)
    points = StringProperty("")
    games = StringProperty("")
    wins = StringProperty("")

    @property
    def text(self) -> str:
        """What a test (or a reader of the tree) finds this row by."""
        return self.name

    def on_release(self) -> None:
        body = _body_of(self)
        if body is not None and body.on_player is not None and self.standing is not None:
            body.on_player(self.standing.name)


class EveningSeatLine(BoxLayout):
    """How one game ended for one player: place, player, score and the points it gave."""

    place = StringProperty("")
    name = StringProperty("")
    symbol = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])
    name_font = NumericProperty(theme.FONT_BODY)
    bold = BooleanProperty(False)
    score = StringProperty("")
    points = StringProperty("")


class EveningGameCard(Row, Panel):
    """How one game ended for everyone, with Delete for a game entered by mistake where the body offers
    it. A card keeps the seat lines it has made, so a card shown again for a game of as many players
    (or fewer) makes none."""

    game = ObjectProperty(None, allownone=True)
    heading = StringProperty("")
    heading_height = NumericProperty(theme.TARGET)
    deletable = BooleanProperty(False)
    shareable = BooleanProperty(False)   # finished: a play for BG Stats
    seats = ListProperty([])   # each seat line's properties, best place first
    score_means = StringProperty("")   # what the scores stand for, under them; "" for plain points

    def __init__(self, **kwargs: Any) -> None:
        self.lines: list[EveningSeatLine] = []
        # Given here, not in the KV rule: a Panel's own defaults would win over the rule's.
        super().__init__(padding=[CARD_PAD_X, CARD_PAD_Y], spacing=CARD_SPACING, **kwargs)

    def on_seats(self, *_: Any) -> None:
        while len(self.lines) < len(self.seats):
            self.lines.append(EveningSeatLine())
        for line in self.lines:
            if line.parent is self:
                self.remove_widget(line)
        # Added in seat order under the heading and over what the scores stand for (the last child).
        for line, values in zip(self.lines, self.seats):
            for name, value in values.items():
                setattr(line, name, value)
            self.add_widget(line, index=1)

    def ask_delete(self) -> None:
        body = _body_of(self)
        if body is not None and body.on_delete is not None and self.game is not None:
            body.on_delete(self.game)

    def ask_share(self) -> None:
        body = _body_of(self)
        if body is not None and body.on_share is not None and self.game is not None:
            body.on_share(self.game)


def _body_of(row: Any) -> EveningBody | None:
    node = row.parent
    while node is not None and not isinstance(node, EveningBody):
        node = node.parent
    return node


# ----- the chart --------------------------------------------------------------------------------------
END_LEAD = dp(14)
# Each point of a line carries the player's shape, so lines that cross or run together are told apart
# without their colours; past this many games the points crowd into each other, and only the ends do.
MARKED_GAMES = 12
MARK_RADIUS = dp(6)
# The least share of the chart's width the graph keeps beside the names at its lines' ends.
GRAPH_SHARE = 0.4


class RunningTotalsChart(BoxLayout):
    """Each player's evening points after each finished game, one line per player in their colour, and
    at the right end of every line the player's shape and name, so no one has to match colours. Made
    once with a name for each line there can be; `show` draws an evening's lines."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(orientation="horizontal", spacing=0, **kwargs)
        self.graph = Graph(xmin=0, xmax=1, ymin=0, ymax=1, x_ticks_major=1, y_ticks_major=1,
                           x_grid_label=True, y_grid_label=True, y_grid=True, padding=dp(4),
                           font_size=theme.FONT_SMALL, label_options={"color": theme.TEXT_DIM},
                           tick_color=theme.SURFACE_HIGH, border_color=theme.TEXT_DIM)
        self.plots: list[LinePlot] = []
        self.lines: list[tuple[str, Identity, int]] = []
        # The graph draws its plot area in its own coordinates; in a RelativeLayout, with the graph at
        # the holder's origin, those are the holder's, so what is drawn and where widgets say they are agree.
        self.holder = RelativeLayout()
        self.holder.add_widget(self.graph)
        self.marks = Canvas()   # over the lines, in the holder's coordinates
        self.holder.canvas.add(self.marks)
        self.add_widget(self.holder)
        self.ends = FloatLayout(size_hint_x=None)
        self.end_labels = [SeatBadge(font_size=theme.FONT_SMALL, bold=True, symbol_size=dp(20),
                                     size_hint=(None, None)) for _ in range(CHART_LINES)]
        for label in self.end_labels:
            label.label.bind(texture_size=self._place_ends)
            self.ends.add_widget(label)
        self.add_widget(self.ends)
        self._words = 0.0
        self.bind(width=self._size_strip)
        for what in (self.holder, self.ends):
            what.bind(pos=self._place_ends, size=self._place_ends)
        self.graph.bind(view_pos=self._place_ends, view_size=self._place_ends)

    def show(self, evening: Evening, names: Sequence[str]) -> None:
        totals = {name: points for name, points in evening.running_totals.items() if name in names}
        colours = colours_by_name(evening)
        games = len(evening.finished_games)
        top = max([points[-1] for points in totals.values() if points] + [1])
        step = max(1, math.ceil(top / 5))
        graph = self.graph
        graph.xmax, graph.ymax = max(games, 1), step * math.ceil(top / step)
        # Six numbers at most under a long evening: more would run together at 800x480.
        graph.x_ticks_major, graph.y_ticks_major = 1 if games <= 10 else math.ceil(games / 5), step
        for plot in self.plots:
            graph.remove_plot(plot)
        self.plots, self.lines = [], []
        for name, points in totals.items():
            identity = identity_of(colours.get(name.casefold(), ""))
            plot = LinePlot(color=theme.with_alpha(identity.rgb), line_width=dp(2.5))
            plot.points = [(0, 0)] + [(index + 1, value) for index, value in enumerate(points)]
            graph.add_plot(plot)
            self.plots.append(plot)
            self.lines.append((name, identity, points[-1] if points else 0))
        for index, label in enumerate(self.end_labels):
            if index < len(self.lines):
                name, identity, _ = self.lines[index]
                label.name, label.symbol, label.rgba = name, identity.symbol, theme.with_alpha(identity.rgb)
                label.opacity = 1
            else:
                label.name, label.opacity = "", 0
        self._words = max((text_width(word, theme.FONT_SMALL, True) for name, _, _ in self.lines
                           for word in name.split()), default=0.0)
        self._size_strip()
        self._place_ends()

    def _size_strip(self, *_: Any) -> None:
        """The names' strip as wide as its longest word needs (a name is never cut), leaving the graph
        at least GRAPH_SHARE of the chart."""
        self.ends.width = min(self.width * (1 - GRAPH_SHARE), END_LEAD + dp(20) + dp(6) + self._words + dp(4))

    def _in_holder(self, x: float, y: float) -> tuple[float, float]:
        """Where the graph's point (x games, y points) is drawn, in the holder's coordinates."""
        graph = self.graph
        (x0, y0), (width, height) = graph.view_pos, graph.view_size
        return (x0 + (x - graph.xmin) / (graph.xmax - graph.xmin) * width,
                y0 + (y - graph.ymin) / (graph.ymax - graph.ymin) * height)

    def _line_end_y(self, total: int) -> float:
        return float(self.holder.y + self._in_holder(self.graph.xmax, total)[1])

    def _place_ends(self, *_: Any) -> None:
        """Each name beside the end of its line; names that would overlap are pushed apart and a thin
        line in the player's colour joins each name to its line's end."""
        ends = self.ends
        ends.canvas.before.clear()
        if not self.lines or ends.width <= 0 or self.graph.view_size[1] <= 0:
            return
        lead = END_LEAD
        shown = list(zip(self.end_labels, self.lines))
        heights = [max(dp(24), label.label.texture_size[1]) for label, _ in shown]
        wanted = sorted(((self._line_end_y(total), index) for index, (_, (_, _, total)) in enumerate(shown)),
                        reverse=True)
        # Top down: never above the strip's top nor onto the name above; then bottom up, the same.
        placed: dict[int, float] = {}
        ceiling = ends.top
        for y, index in wanted:
            placed[index] = min(y, ceiling - heights[index] / 2)
            ceiling = placed[index] - heights[index] / 2
        floor = ends.y
        for _y, index in reversed(wanted):
            placed[index] = max(placed[index], floor + heights[index] / 2)
            floor = placed[index] + heights[index] / 2
        with ends.canvas.before:
            for index, (label, (_name, identity, total)) in enumerate(shown):
                label.size = (ends.width - lead, heights[index])
                label.pos = (ends.x + lead, placed[index] - heights[index] / 2)
                Color(*theme.with_alpha(identity.rgb))
                Line(points=[ends.x, self._line_end_y(total), ends.x + lead - dp(2), placed[index]], width=dp(1.5))
        self._mark_points()

    def _mark_points(self) -> None:
        """The player's shape on every point of their line (see MARKED_GAMES)."""
        marks = self.marks
        marks.clear()
        graph = self.graph
        if not self.plots or graph.xmax > MARKED_GAMES or graph.view_size[0] <= 0:
            return
        with marks:
            for plot, (_name, identity, _total) in zip(self.plots, self.lines):
                for point in plot.points[1:]:
                    draw_shape(identity.symbol, *self._in_holder(*point), MARK_RADIUS, theme.with_alpha(identity.rgb),
                               outline_rgba=None)


# ----- the evening ------------------------------------------------------------------------------------
class EveningBody(BoxLayout):
    """The evening itself: the standings, each game's places and scores, and the chart of running
    points. The evening screen shows it, and so does the standings popup over a game's table.
    `on_player(name)`, when given, is what a tap on a player's row does; `on_delete(game)`, when given,
    puts a Delete button on each game, and `on_share(game)` a BG Stats button on each finished one."""

    has_chart = BooleanProperty(False)
    leaders_note = StringProperty("")   # says the chart has only the leaders' lines, when it has
    list_share = NumericProperty(LIST_SHARE[0])   # of the width, the rest the chart's

    def __init__(self, on_player: Callable[[str], None] | None = None,
                 on_delete: Callable[[GameResult], object] | None = None,
                 on_share: Callable[[GameResult], object] | None = None, **kwargs: Any) -> None:
        self.on_player, self.on_delete, self.on_share = on_player, on_delete, on_share
        # Each game's players playing it for the first time at this table (companion.evenings.first_plays).
        self.new_to: dict[int, tuple[str, ...]] = {}
        super().__init__(**kwargs)
        self.evening: Evening | None = None
        self.listing.layout_manager.padding = [0, 0, BAR_ROOM, 0]
        self._width = 0.0
        self.listing.bind(width=self._fit)
        self.bind(width=self._share)

    @property
    def listing(self) -> RowList:
        return self.ids["rows"]

    @property
    def chart_view(self) -> RunningTotalsChart:
        return self.ids["chart"]

    @property
    def chart(self) -> RunningTotalsChart | None:
        """The chart, while the evening has a finished game to draw."""
        return self.chart_view if self.has_chart else None

    @property
    def rows(self) -> list[StandingRow]:
        """The standings' rows in sight, best place first."""
        views = sorted(self.listing.view_adapter.views.items())
        return [view for _, view in views if isinstance(view, StandingRow)]

    def show(self, evening: Evening) -> None:
        if evening is self.evening and abs(self.listing.width - self._width) <= 1:
            # The very evening shown (the saved games unchanged since): only back to its top.
            self.listing.scroll_y = 1
            return
        self.evening = evening
        standings = evening.standings
        self._share()
        self.listing.data = self._data(evening, standings, self._room())
        self.listing.scroll_y = 1
        self.has_chart = bool(evening.finished_games)
        many = len(standings) > CHART_LINES
        self.leaders_note = f"The {CHART_LINES} leaders of {len(standings)} players" if many and self.has_chart else ""
        if self.has_chart:
            self.chart_view.show(evening, [standing.name for standing in standings[:CHART_LINES]])

    def _share(self, *_: Any) -> None:
        """The standings as wide as their columns and the longest word of a name in the small type
        need (from LIST_SHARE's least to its most), so a name is not broken while the chart has room."""
        if self.evening is None:
            return
        standings = self.evening.standings
        widths = column_widths(standings)
        longest = max((text_width(word, theme.FONT_SMALL, True) for standing in standings
                       for word in standing.name.split()), default=0.0)
        need = standing_row_width(widths, longest / KERNING_ROOM + dp(2)) + BAR_ROOM
        body = (self.width if self.width > 100 else Window.width) - self.spacing
        self.list_share = min(LIST_SHARE[1], max(LIST_SHARE[0], need / body))

    def _room(self) -> float:
        """The rows' width: the list's, less the room kept for its bar (its share of the window until
        it is laid out)."""
        width = self.listing.width if self.listing.width > 100 else Window.width * self.list_share
        self._width = width
        return width - BAR_ROOM

    def _fit(self, *_: Any) -> None:
        if self.evening is not None and abs(self.listing.width - self._width) > 1:
            scrolled = self.listing.scroll_y
            self.listing.data = self._data(self.evening, self.evening.standings, self._room())
            self.listing.scroll_y = scrolled

    def _data(self, evening: Evening, standings: Sequence[EveningStanding], room: float) -> list[dict[str, Any]]:
        tap_hint = " Tap a name for that player's records." if self.on_player is not None else ""
        rule = f"{POINTS_RULE}{tap_hint}"
        # Before any game is finished nobody has a place: everyone "1st" on 0 points says nothing.
        ranked = bool(evening.finished_games)
        widths = column_widths(standings)
        data: list[dict[str, Any]] = [{"viewclass": "StandingsHeading", "widths": widths,
                                       "row_size": (None, theme.FONT_SMALL * 1.5)}]
        data += [standing_item(standing, room, widths, ranked) for standing in standings]
        data.append({"viewclass": "PointsRule", "text": rule,
                     "row_size": (None, name_height(rule, theme.FONT_SMALL, room, False) + dp(10))})
        data += [game_item(number, game, room, self.on_delete is not None, self.on_share is not None,
                           self.new_to.get(game.session_id, ()))
                 for number, game in enumerate(evening.games, start=1)]
        return data


def column_widths(standings: Sequence[EveningStanding]) -> list[float]:
    """How wide each of COLUMNS is: its heading in the small type or its widest figure, whichever is
    wider (a place takes at least PLACE_WIDTH, and smaller type where "31st" would need more)."""
    figures = [[], [(str(standing.points), theme.FONT_TITLE, True) for standing in standings],
               [(str(standing.games), theme.FONT_TABLE, False) for standing in standings],
               [(str(standing.wins), theme.FONT_TABLE, False) for standing in standings]]
    widths = [max([text_width(heading, theme.FONT_SMALL)] + [text_width(*figure) for figure in column]) + CELL_ROOM
              for heading, column in zip(COLUMNS, figures)]
    widths[0] = max(widths[0], PLACE_WIDTH)
    return widths


def standing_row_width(widths: list[float], name_room: float) -> float:
    """How wide a standing's row is with COLUMNS this wide and `name_room` for the name."""
    return 2 * STANDING_PAD + sum(widths) + 4 * theme.GAP + STANDING_SYMBOL + BADGE_GAP + name_room


def standing_item(standing: EveningStanding, room: float, widths: list[float], ranked: bool = True) -> dict[str, Any]:
    identity = identity_of(standing.colour)
    name_room = room - standing_row_width(widths, 0)
    leader = ranked and standing.place == 1
    font = font_to_fit(standing.name, theme.FONT_TABLE, theme.FONT_SMALL, name_room, bold=leader)
    tall = max(theme.TOUCH, name_height(standing.name, font, name_room, leader) + dp(8))
    place = ordinal(standing.place if ranked else None)
    return {"viewclass": "StandingRow", "standing": standing, "place": place, "widths": widths,
            "place_font": font_to_fit(place, theme.FONT_TABLE, theme.FONT_SMALL, widths[0] - dp(2), bold=True),
            "name": standing.name, "symbol": identity.symbol, "rgba": theme.with_alpha(identity.rgb),
            "name_font": font, "leader": leader and bool(standing.games), "bold": leader, "points": str(standing.points),
            "games": str(standing.games), "wins": str(standing.wins), "row_size": (None, tall)}


def game_item(number: int, game: GameResult, room: float, deletable: bool, shares: bool = False,
              new_to: Sequence[str] = ()) -> dict[str, Any]:
    """How one game of the evening ended for everyone: place, player, score and the points it gave;
    with `shares`, a finished game has its BG Stats button; under the seats, who played it for the
    first time here (`new_to`)."""
    shareable = shares and game.finished
    when = time.strftime("%H:%M", time.localtime(game.started_at))
    scored = any(standing.score is not None for standing in game.outcome.standings)
    state = "" if game.finished else "  -  scores so far; points at the end" if scored else "  -  not finished, no points"
    inside = room - 2 * CARD_PAD_X
    title_room = inside - (DELETE_WIDTH + theme.GAP if deletable else 0) - (SHARE_WIDTH + theme.GAP if shareable else 0)
    title = f"{number}. {game.title}  {when}{state}"
    heading = max(theme.TARGET, name_height(title, theme.FONT_BODY, title_room, True) + dp(4))
    name_room = inside - PLACE_WIDTH - 2 * SCORE_WIDTH - 3 * theme.GAP - SEAT_SYMBOL - BADGE_GAP
    outcome = game.outcome
    seats = sorted(range(len(game.names)),
                   key=lambda seat: (outcome.standings[seat].place or 99, seat) if seat < len(outcome.standings)
                   else (99, seat))
    lines, tall = [], 2 * CARD_PAD_Y + heading
    for seat in seats:
        standing = outcome.standings[seat] if seat < len(outcome.standings) else None
        colour = game.colours[seat] if seat < len(game.colours) else IDENTITIES[seat % len(IDENTITIES)].key
        identity = identity_of(colour)
        name, bold = game.names[seat], game.finished and seat in outcome.winners
        font = font_to_fit(name, theme.FONT_BODY, theme.FONT_SMALL, name_room, bold=bold)
        height = max(SEAT_LINE, name_height(name, font, name_room, bold) + dp(8))
        score = standing.score if standing is not None else None
        lines.append({"place": ordinal(standing.place if standing and game.finished else None), "name": name,
                      "symbol": identity.symbol, "rgba": theme.with_alpha(identity.rgb), "name_font": font,
                      "bold": bold, "score": "-" if score is None else str(score),
                      "points": f"+{game.points[seat]}" if game.finished else "", "height": height})
        tall += CARD_SPACING + height
    meaning = score_meaning(game.game)
    means = f"Score: {meaning[1]}." if meaning else ""
    if new_to:
        means = f"{means} New to {words.listed(list(new_to))}: the first {game.title} at this table.".strip()
    # The line under the seats takes its spacing even while it has nothing to say.
    tall += CARD_SPACING + (lines_needed(means, theme.FONT_SMALL, inside) * line_height(theme.FONT_SMALL) if means else 0)
    return {"viewclass": "EveningGameCard", "game": game, "heading": f"[b]{number}. {game.title}[/b]  {when}{state}",
            "heading_height": heading, "deletable": deletable, "shareable": shareable, "seats": lines, "score_means": means,
            "row_size": (None, tall)}


class EveningScreen(KeptScreen):
    has_evening = BooleanProperty(False)
    title = StringProperty("")
    can_go_earlier = BooleanProperty(False)
    can_go_later = BooleanProperty(False)

    def __init__(self, services: Services, navigator: Navigator, started_at: float | None = None,
                 **kwargs: Any) -> None:
        self.services, self.navigator = services, navigator
        super().__init__(**kwargs)
        self.body = EveningBody(on_player=self.open_profile, on_delete=self.ask_delete, on_share=self.send_to_bg_stats)
        self.play_codes: PlayCodesPopup | None = None
        self._new_to_of: list[Evening] | None = None   # the evenings `body.new_to` was worked out from
        self.ids["holder"].add_widget(self.body)
        self.all_evenings: list[Evening] = []
        self.evening: Evening | None = None
        self.revisit(started_at)

    @property
    def message(self) -> OfferBar:
        return self.ids["message"]

    @property
    def title_label(self) -> Any:
        return self.ids["title"]

    @property
    def earlier_button(self) -> Any:
        return self.ids["earlier"]

    @property
    def later_button(self) -> Any:
        return self.ids["later"]

    @property
    def rows(self) -> list[StandingRow]:
        return self.body.rows

    @property
    def chart(self) -> RunningTotalsChart | None:
        return self.body.chart if self.evening is not None else None

    @property
    def position(self) -> int:
        return self.all_evenings.index(self.evening) if self.evening in self.all_evenings else 0

    def revisit(self, *details: Any) -> None:
        """`details`: the evening's start time, or none for tonight's (the newest)."""
        started_at = details[0] if details else None
        self.message.clear()
        self.all_evenings = reads_of(self.services.store).evenings()
        self.show(self._chosen(started_at))

    def _chosen(self, started_at: float | None) -> Evening | None:
        for evening in self.all_evenings:
            if started_at is None or evening.started_at == started_at:
                return evening
        return self.all_evenings[0] if self.all_evenings else None

    def show(self, evening: Evening | None) -> None:
        """`evening` in the header and the body, in place (another evening, or a game of it deleted)."""
        self.evening = evening
        title = "Game nights" if evening is None else evening_title(evening)
        if evening is not None:
            title += f": {counted(len(evening.games), 'game')}"
        self.title = title
        self.can_go_earlier = evening is not None and self.position + 1 < len(self.all_evenings)
        self.can_go_later = evening is not None and self.position > 0
        self.has_evening = evening is not None
        if evening is not None:
            if self._new_to_of is not self.all_evenings:   # worked out once a reading, not at every step
                self._new_to_of, self.body.new_to = self.all_evenings, nights.first_plays(self.all_evenings)
            self.body.show(evening)

    def show_evening(self, position: int) -> None:
        if 0 <= position < len(self.all_evenings):
            self.message.clear()
            self.show(self.all_evenings[position])

    def ask_delete(self, game: GameResult) -> ConfirmPopup | None:
        """A game entered by mistake: asked once, then the evening without it, with Undo in the bar."""
        return ask_to_delete_game(self.services.store, game.session_id, self.message, lambda: self.delete(game))

    def delete(self, game: GameResult) -> None:
        kept = {other.session_id for other in self.evening.games} if self.evening is not None else set()
        try:
            change = corrections.delete_game(self.services.store, game.session_id)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self._reread(kept - {game.session_id})
        what = f"{game.title} ({', '.join(game.names)})"
        self.message.offer_undo(f"Deleted {what}: it is out of the standings.", lambda: self.undo_delete(change, what, kept))

    def undo_delete(self, change: Change, what: str, games: set[int]) -> None:
        try:
            corrections.undo(self.services.store, change)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self._reread(games)
        self.message.show(f"{what} is back, as it was.", seconds=None)

    def _reread(self, games: set[int]) -> None:
        """The evenings read again, showing the one that holds `games` (the nearest without them)."""
        self.all_evenings = reads_of(self.services.store).evenings()
        holding = next((evening for evening in self.all_evenings
                        if any(game.session_id in games for game in evening.games)), None)
        self.show(holding or (self.all_evenings[0] if self.all_evenings else None))

    def export(self) -> None:
        """The evening's JSON and CSV onto the USB stick, or into the data directory without one."""
        if self.evening is None:
            return
        try:
            done = exports.export_evening(self.services.store, self.services.data_dir, self.evening, self.position + 1)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        show_exported(self.message, done)

    def send_to_bg_stats(self, game: GameResult) -> None:
        """The evening's finished games as QR codes of their plays for BG Stats, from `game`'s; made off
        the screen's thread (a long link is a large code)."""
        if self.evening is None:
            return
        numbers = [finished.session_id for finished in self.evening.games if finished.finished]
        store, side = self.services.store, code_side()

        def work(_task: Task) -> tuple[list[PlayCode], list[bytes], int]:
            by_number = {played.result.session_id: played for played in reads_of(store).played().games}
            kept = [number for number in numbers if number in by_number]
            codes = play_codes(by_number[number] for number in kept)
            start = kept.index(game.session_id) if game.session_id in kept else 0
            return codes, [code.png(side) for code in codes], start

        def made(found: tuple[list[PlayCode], list[bytes], int]) -> None:
            codes, pictures, start = found
            if not codes:
                self.message.show("This evening has no finished game to send yet.", problem=True)
                return
            self.play_codes = PlayCodesPopup(codes, pictures, start)
            self.play_codes.open()

        def failed(problem: CompanionError) -> None:
            self.message.show(str(problem), problem=True, seconds=None)

        off_screen(work, done=made, failed=failed, stopped_words="the codes for BG Stats could not be made")

    def open_profile(self, name: str) -> None:
        self.navigator.go(Place.PROFILE, self.services, name,
                          self.evening.started_at if self.evening is not None else None)

    def go_home(self) -> None:
        self.navigator.go(Place.HOME, self.services)


load_kv(__file__)
