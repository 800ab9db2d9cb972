"""A game night: who leads the evening (place, player, points, games, wins), how each finished game
ended for everyone, and a chart of everyone's running points. Tapping a player opens their records;
Export writes the evening (JSON and CSV) to a USB stick, or to the data directory without one.

Colour never stands alone: every name carries its player's shape, and every line of the chart ends
in that shape with the player's name beside it."""

from __future__ import annotations

import math
import time
from typing import Callable

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line
from kivy.metrics import dp, sp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget
from kivy_garden.graph import Graph, LinePlot

from companion import corrections, exports
from companion import evenings as nights
from companion.errors import CompanionError
from companion.evenings import Evening, EveningStanding, GameResult
from companion.names import Change
from companion.players import IDENTITIES, IDENTITY_BY_KEY, Identity
from ui import theme
from ui.exported import show_exported
from ui.places import Place
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.confirm import ConfirmPopup
from ui.widgets.offer_bar import OfferBar
from ui.widgets.symbols import SymbolShape

POINTS_RULE = nights.POINTS_RULE
# Laid out at a time, so the screen opens at once for the longest evening: two screens full at 800x480.
PAGE = 12
# Lines on the chart, one per player: as many as sit at the largest table; more names would not fit
# beside the chart's right edge at 800x480, nor could the lines be told apart.
CHART_LINES = 6


def identity_of(colour: str) -> Identity:
    return IDENTITY_BY_KEY.get(colour, IDENTITIES[0])


def ordinal(place: int | None) -> str:
    if place is None:
        return "-"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def evening_title(evening: Evening, now: float | None = None) -> str:
    moment = time.time() if now is None else now
    if moment <= evening.last_played_at + nights.EVENING_GAP_S:
        return "Tonight"
    return time.strftime("%a %d %b", time.localtime(evening.started_at))


def colours_by_name(evening: Evening) -> dict[str, str]:
    return {standing.name.casefold(): standing.colour for standing in evening.standings}


class Cell(Text):
    """A number or word in a table column: centred, one line."""

    def __init__(self, text: str, width: float, **kwargs):
        kwargs.setdefault("halign", "center")
        super().__init__(text=text, size_hint_x=None, width=width, size_hint_y=1, **kwargs)


def text_width(text: str, font_size: float, bold: bool) -> float:
    return CoreLabel(text=text, font_size=font_size, bold=bold).get_extents(text)[0]


class FittedName(Text):
    """A name written in full: a long name wraps between its words, and a word too long for the
    column takes a smaller font (never under the app's smallest) rather than being broken."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._largest = self.font_size
        self.bind(width=self._fit)

    def _fit(self, *_):
        if self.width <= 1:
            return
        longest = max(self.text.split() or [""], key=len)
        size = self._largest
        while size > theme.FONT_SMALL and text_width(longest, size, self.bold) > self.width:
            size = max(theme.FONT_SMALL, size - sp(2))
        self.font_size = size


def name_with_symbol(name: str, identity: Identity, font_size, symbol: float, bold: bool = False) -> BoxLayout:
    """A player's shape in their colour beside their name, written in full (a long name wraps)."""
    box = BoxLayout(spacing=dp(6))
    box.add_widget(SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                               size=(symbol, symbol), pos_hint={"center_y": 0.5}))
    box.label = FittedName(text=name, font_size=font_size, bold=bold, size_hint_y=1)
    box.add_widget(box.label)
    return box


def grow_with(row, label, least: float) -> None:
    """`row` as tall as the name in it needs (a long name wraps onto a second line), at least `least`."""
    label.bind(texture_size=lambda _, size: setattr(row, "height", max(least, size[1] + dp(8))))


COLUMNS = (("Points", dp(58)), ("Games", dp(58)), ("Wins", dp(48)))
PLACE_WIDTH = dp(48)


class StandingRow(ButtonBehavior, Panel):
    """One player's line in the evening's table; a tap opens their records."""

    def __init__(self, standing: EveningStanding, **kwargs):
        super().__init__(orientation="horizontal", size_hint_y=None, height=theme.TOUCH, padding=[dp(6), 0],
                         fill=theme.SURFACE_HIGH if standing.place == 1 and standing.games else theme.SURFACE, **kwargs)
        self.standing = standing
        self._rest = self.fill
        self.text = standing.name   # what a test (or a reader of the tree) finds this row by
        self.add_widget(Cell(ordinal(standing.place), PLACE_WIDTH, font_size=theme.FONT_TABLE, bold=True))
        self.names = name_with_symbol(standing.name, identity_of(standing.colour), theme.FONT_TABLE, dp(30),
                                      bold=standing.place == 1)
        self.add_widget(self.names)
        values = (standing.points, standing.games, standing.wins)
        for (_, width), value, big in zip(COLUMNS, values, (True, False, False)):
            self.add_widget(Cell(str(value), width, font_size=theme.FONT_TITLE if big else theme.FONT_TABLE,
                                 bold=big))
        grow_with(self, self.names.label, theme.TOUCH)

    def on_state(self, _, state):
        self.fill = theme.SURFACE_HIGH if state == "down" else self._rest


def standings_header() -> BoxLayout:
    header = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.5, padding=[dp(6), 0], spacing=theme.GAP)
    header.add_widget(Cell("Place", PLACE_WIDTH, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
    header.add_widget(Text(text="Player", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM,
                           size_hint_y=1))
    for caption, width in COLUMNS:
        header.add_widget(Cell(caption, width, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
    return header


def game_panel(number: int, game: GameResult, on_delete: Callable[[GameResult], object] | None = None) -> Panel:
    """How one game of the evening ended for everyone: place, player, score and the points it gave;
    with `on_delete`, a Delete button for a game entered by mistake."""
    panel = Panel(orientation="vertical", size_hint_y=None, padding=[dp(8), dp(6)], spacing=dp(2))
    panel.bind(minimum_height=panel.setter("height"))
    when = time.strftime("%H:%M", time.localtime(game.started_at))
    state = "" if game.finished else "  -  not finished, no points"
    heading = BoxLayout(size_hint_y=None, height=theme.TARGET, spacing=theme.GAP)
    title = Text(text=f"[b]{number}. {game.title}[/b]  {when}{state}", markup=True, font_size=theme.FONT_BODY,
                 pos_hint={"center_y": 0.5})
    heading.add_widget(title)
    title.bind(height=lambda _, height: setattr(heading, "height", max(theme.TARGET, height + dp(4))))
    if on_delete is not None:
        delete = BigButton(text="Delete", size_hint_x=None, width=dp(96), height=theme.TARGET,
                           pos_hint={"center_y": 0.5})
        delete.game = game
        delete.bind(on_release=lambda button: on_delete(button.game))
        heading.add_widget(delete)
    panel.add_widget(heading)
    outcome = game.outcome
    seats = sorted(range(len(game.names)),
                   key=lambda seat: (outcome.standings[seat].place or 99, seat) if seat < len(outcome.standings)
                   else (99, seat))
    for seat in seats:
        standing = outcome.standings[seat] if seat < len(outcome.standings) else None
        colour = game.colours[seat] if seat < len(game.colours) else IDENTITIES[seat % len(IDENTITIES)].key
        row = BoxLayout(size_hint_y=None, height=dp(34), spacing=theme.GAP)
        row.add_widget(Cell(ordinal(standing.place if standing and game.finished else None), PLACE_WIDTH,
                            font_size=theme.FONT_BODY))
        names = name_with_symbol(game.names[seat], identity_of(colour), theme.FONT_BODY, dp(22),
                                 bold=game.finished and seat in outcome.winners)
        row.add_widget(names)
        grow_with(row, names.label, dp(34))
        score = standing.score if standing is not None else None
        row.add_widget(Cell("-" if score is None else str(score), dp(62), font_size=theme.FONT_BODY))
        row.add_widget(Cell(f"+{game.points[seat]}" if game.finished else "", dp(62), font_size=theme.FONT_BODY,
                            bold=True, color=theme.OK))
        panel.add_widget(row)
    return panel


END_LEAD = dp(14)


class RunningTotalsChart(BoxLayout):
    """Each player's evening points after each finished game, one line per player in their colour, and
    at the right end of every line the player's shape and name, so no one has to match colours."""

    def __init__(self, evening: Evening, names: list[str], **kwargs):
        super().__init__(orientation="horizontal", spacing=0, **kwargs)
        totals = {name: points for name, points in evening.running_totals.items() if name in names}
        colours = colours_by_name(evening)
        games = len(evening.finished_games)
        top = max([points[-1] for points in totals.values() if points] + [1])
        step = max(1, math.ceil(top / 5))
        self.graph = Graph(xmin=0, xmax=max(games, 1), ymin=0, ymax=step * math.ceil(top / step),
                           # Six numbers at most under a long evening: more would run together at 800x480.
                           x_ticks_major=1 if games <= 10 else math.ceil(games / 5), y_ticks_major=step,
                           x_grid_label=True, y_grid_label=True, y_grid=True, padding=dp(4),
                           font_size=theme.FONT_SMALL, label_options={"color": theme.TEXT_DIM},
                           tick_color=theme.SURFACE_HIGH, border_color=theme.TEXT_DIM)
        self.lines: list[tuple[str, Identity, int]] = []
        for name, points in totals.items():
            identity = identity_of(colours.get(name.casefold(), ""))
            plot = LinePlot(color=theme.with_alpha(identity.rgb), line_width=dp(2.5))
            plot.points = [(0, 0)] + [(index + 1, value) for index, value in enumerate(points)]
            self.graph.add_plot(plot)
            self.lines.append((name, identity, points[-1] if points else 0))
        # The graph draws its plot area in its own coordinates; in a RelativeLayout, with the graph at
        # the holder's origin, those are the holder's, so what is drawn and where widgets say they are agree.
        self.holder = RelativeLayout()
        self.holder.add_widget(self.graph)
        self.add_widget(self.holder)
        self.ends = FloatLayout(size_hint_x=None)
        self.end_labels = []
        self._words = max(text_width(word, theme.FONT_SMALL, True) for name, _, _ in self.lines for word in name.split())
        self.bind(width=self._size_strip)
        for name, identity, total in self.lines:
            label = name_with_symbol(name, identity, theme.FONT_SMALL, dp(20), bold=True)
            label.size_hint = (None, None)
            label.label.bind(texture_size=self._place_ends)
            self.ends.add_widget(label)
            self.end_labels.append((label, identity, total))
        self.add_widget(self.ends)
        for what in (self.holder, self.ends):
            what.bind(pos=self._place_ends, size=self._place_ends)
        self.graph.bind(view_pos=self._place_ends, view_size=self._place_ends)

    def _size_strip(self, *_) -> None:
        """The names' strip as wide as its longest word needs, and never more than half the chart."""
        self.ends.width = min(self.width / 2, END_LEAD + dp(20) + dp(6) + self._words + dp(4))

    def _line_end_y(self, total: int) -> float:
        graph = self.graph
        bottom = self.holder.y + graph.view_pos[1]
        return bottom + (total - graph.ymin) / (graph.ymax - graph.ymin) * graph.view_size[1]

    def _place_ends(self, *_) -> None:
        """Each name beside the end of its line; names that would overlap are pushed apart and a thin
        line in the player's colour joins each name to its line's end."""
        ends = self.ends
        if not self.end_labels or ends.width <= 0 or self.graph.view_size[1] <= 0:
            return
        lead = END_LEAD
        heights = [max(dp(24), label.label.texture_size[1]) for label, _, _ in self.end_labels]
        wanted = sorted(((self._line_end_y(total), index) for index, (_, _, total) in enumerate(self.end_labels)),
                        reverse=True)
        # Top down: never above the strip's top nor onto the name above; then bottom up, the same.
        placed: dict[int, float] = {}
        ceiling = ends.top
        for y, index in wanted:
            placed[index] = min(y, ceiling - heights[index] / 2)
            ceiling = placed[index] - heights[index] / 2
        floor = ends.y
        for _, index in reversed(wanted):
            placed[index] = max(placed[index], floor + heights[index] / 2)
            floor = placed[index] + heights[index] / 2
        ends.canvas.before.clear()
        with ends.canvas.before:
            for index, (label, identity, total) in enumerate(self.end_labels):
                label.size = (ends.width - lead, heights[index])
                label.pos = (ends.x + lead, placed[index] - heights[index] / 2)
                Color(*theme.with_alpha(identity.rgb))
                Line(points=[ends.x, self._line_end_y(total), ends.x + lead - dp(2), placed[index]], width=dp(1.5))


class EveningBody(BoxLayout):
    """The evening itself: the standings, each game's places and scores, and the chart of running
    points. The evening screen shows it, and so does the standings popup over a game's table.
    `on_player(name)`, when given, is what a tap on a player's row does; `on_delete(game)`, when given,
    puts a Delete button on each game."""

    def __init__(self, evening: Evening, on_player: Callable[[str], None] | None = None,
                 on_delete: Callable[[GameResult], object] | None = None, **kwargs):
        super().__init__(orientation="horizontal", spacing=theme.GAP, **kwargs)
        column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6), padding=[0, 0, dp(8), 0])
        column.bind(minimum_height=column.setter("height"))
        column.add_widget(standings_header())
        self.column, self.on_player, self.on_delete = column, on_player, on_delete
        self.rows: list[StandingRow] = []
        self.unshown_standings = list(evening.standings)
        self.more_players = BigButton(height=theme.TARGET)
        self.more_players.bind(on_release=lambda *_: self.show_more_players())
        self.show_more_players()
        tap_hint = " Tap a name for that player's records." if on_player is not None else ""
        column.add_widget(Text(text=f"{POINTS_RULE}{tap_hint}",
                               font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True))
        column.add_widget(Widget(size_hint_y=None, height=dp(4)))
        self.unshown_games = list(enumerate(evening.games, start=1))
        self.more_games = BigButton(height=theme.TARGET)
        self.more_games.bind(on_release=lambda *_: self.show_more_games())
        self.show_more_games()
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6), size_hint_x=0.55)
        scroll.add_widget(column)
        self.add_widget(scroll)
        chart_panel = Panel(orientation="vertical", size_hint_x=0.45, padding=dp(8), spacing=dp(4))
        chart_panel.add_widget(Text(text="Points after each game", font_size=theme.FONT_BODY, bold=True))
        if evening.finished_games:
            leaders = [standing.name for standing in evening.standings[:CHART_LINES]]
            self.chart: RunningTotalsChart | None = RunningTotalsChart(evening, leaders)
            if len(evening.standings) > CHART_LINES:
                chart_panel.add_widget(Text(text=f"The {CHART_LINES} leaders of {len(evening.standings)} players",
                                            font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True))
            chart_panel.add_widget(self.chart)
        else:
            self.chart = None
            chart_panel.add_widget(Text(text="The chart starts when the first game of the evening is finished.",
                                        color=theme.TEXT_DIM, size_hint_y=1))
        self.add_widget(chart_panel)


    def show_more_players(self) -> None:
        """The next page of the standings: an evening of many players lays out a page at a time."""
        self._page(self.more_players, self.unshown_standings, self._standing_row, "players")

    def show_more_games(self) -> None:
        """The next page of the evening's games, in the order they were played: a long evening's
        games are laid out a page at a time, so the screen opens at once however many there are."""
        self._page(self.more_games, self.unshown_games,
                   lambda numbered: game_panel(*numbered, on_delete=self.on_delete), "games")

    def _page(self, more: BigButton, unshown: list, widget_for: Callable, what: str) -> None:
        """The next page where its More button was (at the bottom, the first time); Kivy keeps a
        layout's children bottom first, so widgets added one by one at the same index read downwards."""
        place = 0
        if more.parent is self.column:
            place = self.column.children.index(more)
            self.column.remove_widget(more)
        for item in unshown[:PAGE]:
            self.column.add_widget(widget_for(item), index=place)
        del unshown[:PAGE]
        if unshown:
            more.text = f"More {what} ({len(unshown)} more)"
            self.column.add_widget(more, index=place)

    def _standing_row(self, standing: EveningStanding) -> StandingRow:
        row = StandingRow(standing)
        if self.on_player is not None:
            row.bind(on_release=lambda row: self.on_player(row.standing.name))
        self.rows.append(row)
        return row


class EveningScreen(Screen):
    def __init__(self, services, navigator, started_at: float | None = None, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        self.all_evenings = nights.evenings(services.store)
        self.evening: Evening | None = None
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        home = BigButton(text="Home", size_hint_x=None, width=dp(96))
        home.bind(on_release=lambda *_: self.go_home())
        header.add_widget(home)
        self.title_label = Text(font_size=theme.FONT_TITLE, bold=True, size_hint_y=1)
        header.add_widget(self.title_label)
        self.earlier_button = BigButton(text="Earlier", size_hint_x=None, width=dp(104))
        self.earlier_button.bind(on_release=lambda *_: self.show_evening(self.position + 1))
        self.later_button = BigButton(text="Later", size_hint_x=None, width=dp(96))
        self.later_button.bind(on_release=lambda *_: self.show_evening(self.position - 1))
        header.add_widget(self.earlier_button)
        header.add_widget(self.later_button)
        self.export_button = BigButton(text="Export", size_hint_x=None, width=dp(104))
        self.export_button.bind(on_release=lambda *_: self.export())
        header.add_widget(self.export_button)
        root.add_widget(header)
        self.body = BoxLayout()
        root.add_widget(self.body)
        self.message = OfferBar()
        root.add_widget(self.message)
        self.add_widget(root)
        self.show(self._chosen(started_at))

    @property
    def position(self) -> int:
        return self.all_evenings.index(self.evening) if self.evening in self.all_evenings else 0

    def _chosen(self, started_at: float | None) -> Evening | None:
        for evening in self.all_evenings:
            if started_at is None or evening.started_at == started_at:
                return evening
        return self.all_evenings[0] if self.all_evenings else None

    def show(self, evening: Evening | None) -> None:
        """`evening` in the header and the body, in place (after a game of it was deleted or came back)."""
        self.evening = evening
        title = "Game nights" if evening is None else evening_title(evening)
        if evening is not None:
            count = len(evening.games)
            title += f": {count} game{'s' if count != 1 else ''}"
        self.title_label.text = title
        self.earlier_button.disabled = evening is None or self.position + 1 >= len(self.all_evenings)
        self.later_button.disabled = self.position == 0
        self.export_button.disabled = evening is None
        self.body.clear_widgets()
        self.rows = []
        self.chart = None
        if evening is None:
            self.body.add_widget(Text(text="No games yet. Every game played is counted into its evening here.",
                                      color=theme.TEXT_DIM, size_hint_y=1, halign="center"))
        else:
            self.body.add_widget(self._body(evening))

    def _body(self, evening: Evening) -> BoxLayout:
        body = EveningBody(evening, on_player=self.open_profile, on_delete=self.ask_delete)
        self.rows, self.chart = body.rows, body.chart
        return body

    def show_evening(self, position: int) -> None:
        if 0 <= position < len(self.all_evenings):
            self.navigator.go(Place.EVENING, self.services, self.all_evenings[position].started_at)

    def ask_delete(self, game: GameResult) -> ConfirmPopup | None:
        """A game entered by mistake: asked once, then the evening without it, with Undo in the bar."""
        try:
            question = corrections.deletion_question(self.services.store, game.session_id)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return None
        popup = ConfirmPopup("Delete this game?", question, "Delete", lambda: self.delete(game))
        popup.open()
        return popup

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
        self.all_evenings = nights.evenings(self.services.store)
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

    def open_profile(self, name: str) -> None:
        self.navigator.go(Place.PROFILE, self.services, name,
                          self.evening.started_at if self.evening is not None else None)

    def go_home(self) -> None:
        self.navigator.go(Place.HOME, self.services)
