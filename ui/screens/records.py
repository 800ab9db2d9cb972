"""The records a family asks for beyond a player's own page: head to head with everyone they have
played (tap a name for the two of them game by game), their rival and nemesis with the numbers behind
them, their win rate and time at the table; and the year in review with its months. Everything is read
from the saved log (companion/records.py), so a fixed move or an imported evening shows at once.
A section without enough to say is left out rather than shown empty."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.buzzer_records import TrendPoint
from companion.calendar_records import Month, YearInReview
from companion.errors import CompanionError
from companion.head_to_head import HeadToHead
from companion.ledger import read_ledger
from companion.records import PlayerRecord, Records
from companion.stats_command import duration
from ui import theme
from ui.background import off_screen
from ui.places import Place
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.count import Count
from ui.widgets.offer_bar import OfferBar

if TYPE_CHECKING:
    from companion.store import Store
    from ui.navigation import Navigator
    from ui.services import Services

SECONDARY = "a record read on the player's own page, not across the table"


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.0%}"


def against_line(line: HeadToHead) -> str:
    games = f"{line.together} game{'s' if line.together != 1 else ''}"
    shared = f", {line.shared_wins} shared" if line.shared_wins else ""
    return f"{line.opponent}: {games}, won {line.wins}, lost {line.opponent_wins}{shared}"


def rival_line(record: PlayerRecord) -> str | None:
    if record.rival is None:
        return None
    return f"Rival: {record.rival.opponent}, {record.rival.together} games together"


def nemesis_line(record: PlayerRecord) -> str | None:
    if record.nemesis is None:
        return None
    nemesis = record.nemesis
    return f"Nemesis: {nemesis.opponent}, who beat {record.name} in {nemesis.opponent_wins} of {nemesis.together}"


def by_game_lines(pair: HeadToHead) -> list[str]:
    return [f"{game.title}: {game.together} together, {pair.player} {game.wins}, {pair.opponent} {game.opponent_wins}"
            for game in pair.by_game]


def year_lines(review: YearInReview) -> list[str]:
    lines = []
    if review.most_played is not None:
        lines.append(f"Most played: {' and '.join(review.most_played.names)} ({review.most_played.count})")
    if review.most_wins is not None:
        lines.append(f"Most wins: {' and '.join(review.most_wins.names)} ({review.most_wins.count})")
    if review.closest_race is not None:
        race = review.closest_race
        lines.append(f"Closest race: {race.winner} over {race.runner_up} by {race.margin_ms:.0f} ms")
    if review.longest_run is not None:
        lines.append(f"Longest winning run: {review.longest_run.name}, {review.longest_run.wins} in a row")
    return lines


def month_name(month: Month) -> str:
    return time.strftime("%B %Y", (month.year, month.month, 1, 0, 0, 0, 0, 1, -1))


def month_detail_lines(month: Month) -> list[str]:
    lines = [f"{winner.name}: won {winner.games_won} game{'s' if winner.games_won != 1 else ''}, "
             f"{winner.evenings_won} evening{'s' if winner.evenings_won != 1 else ''}" for winner in month.winners]
    if month.fastest_reactions:
        lines.append("Fastest reactions: " + ", ".join(f"{reaction.name} {reaction.ms:.0f} ms"
                                                      for reaction in month.fastest_reactions))
    if month.closest_finishes:
        lines.append("Closest finishes: " + ", ".join(f"{finish.winner} over {finish.runner_up} by "
                                                     f"{finish.margin_ms:.0f} ms" for finish in month.closest_finishes))
    return lines


def month_line(month: Month) -> str:
    name = time.strftime("%B", (month.year, month.month, 1, 0, 0, 0, 0, 1, -1))
    winners = ", ".join(f"{winner.name} {winner.games_won}" for winner in month.winners[:3])
    return (f"{name}: {month.games} game{'s' if month.games != 1 else ''}, {month.evenings} "
            f"evening{'s' if month.evenings != 1 else ''}, {duration(month.seconds_at_table)}"
            + (f"; wins: {winners}" if winners else ""))


def _column() -> BoxLayout:
    column = BoxLayout(orientation="vertical", size_hint_y=None, height=0, spacing=theme.GAP, padding=[0, 0, dp(8), 0])
    column.bind(minimum_height=column.setter("height"))
    return column


def _panel(title: str, lines: list[str]) -> Panel:
    panel = Panel(orientation="vertical", size_hint_y=None, padding=dp(8), spacing=dp(4))
    panel.bind(minimum_height=panel.setter("height"))
    panel.add_widget(Text(text=title, font_size=theme.FONT_BODY, bold=True))
    for line in lines:
        panel.add_widget(Text(text=line))
    return panel


class ReactionTrend(Panel):
    """A player's median reaction evening by evening as bars: a shorter bar is a quicker hand. Each bar
    has its figure over it and its evening under it, so the chart is read without its colours."""

    def __init__(self, points: tuple[TrendPoint, ...], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, height=dp(190), padding=dp(8), spacing=dp(4),
                         **kwargs)
        self.add_widget(Text(text="Reaction, evening by evening (shorter is quicker)", font_size=theme.FONT_BODY,
                             bold=True))
        bars = BoxLayout(spacing=theme.GAP)
        slowest = max(point.median_ms for point in points) or 1.0
        for point in points[-8:]:
            column = BoxLayout(orientation="vertical", spacing=dp(2))
            column.add_widget(Widget(size_hint_y=1 - point.median_ms / slowest + 0.001))
            column.add_widget(Text(text=f"{point.median_ms:.0f} ms", font_size=theme.FONT_SMALL, halign="center",
                                   size_hint_y=None, height=theme.FONT_SMALL * 1.4))
            bar = Widget(size_hint_y=point.median_ms / slowest)
            with bar.canvas:
                Color(*theme.TEXT_DIM)
                shape = Rectangle()
            bar.bind(pos=lambda widget, _pos, shape=shape: _fill(widget, shape),
                     size=lambda widget, _size, shape=shape: _fill(widget, shape))
            column.add_widget(bar)
            column.add_widget(Text(text=time.strftime("%d %b", time.localtime(point.evening_started_at)),
                                   font_size=theme.FONT_SMALL, halign="center", color=theme.TEXT_DIM,
                                   size_hint_y=None, height=theme.FONT_SMALL * 1.4))
            bars.add_widget(column)
        self.add_widget(bars)


def _fill(widget: Widget, shape: Rectangle) -> None:
    shape.pos, shape.size = (widget.x + widget.width * 0.2, widget.y), (widget.width * 0.6, widget.height)


def _into_sight(scroll: ScrollView, widget: Widget) -> None:
    """Scroll `widget` into sight once its new contents are laid out: the column's height settles a
    frame after they are added, and scrolling before that lands short."""
    Clock.schedule_once(lambda _dt: Clock.schedule_once(lambda _dt: scroll.scroll_to(widget, animate=False), 0), 0)


def read_records(store: Store) -> Records:
    return Records(read_ledger(store))


def _header(on_back: Callable[[], None], title: str) -> tuple[BoxLayout, Text]:
    header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
    back = BigButton(text="Back", size_hint_x=None, width=dp(96))
    back.bind(on_release=lambda *_: on_back())
    header.add_widget(back)
    label = Text(text=title, font_size=theme.FONT_TITLE, bold=True, size_hint_y=1)
    header.add_widget(label)
    return header, label


class HeadToHeadScreen(Screen):
    """One player against everyone they have finished a game with; tapping a name shows the two of
    them game by game. The year in review is one tap away."""

    def __init__(self, services: Services, navigator: Navigator, name: str, evening_started_at: float | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        self.evening_started_at = evening_started_at
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header, self.title_label = _header(self.back, name)
        year = BigButton(text="This year", size_hint_x=None, width=dp(130))
        year.bind(on_release=lambda *_: self.open_year())
        header.add_widget(year)
        root.add_widget(header)
        self.body = BoxLayout()
        root.add_widget(self.body)
        self.message = OfferBar()
        root.add_widget(self.message)
        self.add_widget(root)
        self.player_name = name
        self.records: Records | None = None
        self.record: PlayerRecord | None = None
        self.opened: HeadToHead | None = None
        self.opponent_buttons: dict[str, BigButton] = {}
        self.detail = _column()
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.body.add_widget(Text(text="Reading the records...", color=theme.TEXT_DIM))
        # A thousand games take most of a second to read on the Pi: off the screen's thread.
        off_screen(lambda _task: read_records(services.store), done=self.show, failed=self.refused,
                   stopped_words="the records could not be read")

    def refused(self, problem: CompanionError) -> None:
        self.body.clear_widgets()
        self.message.show(str(problem), problem=True, seconds=None)

    def show(self, records: Records) -> None:
        self.records = records
        try:
            self.record = records.player(self.player_name)
        except CompanionError as problem:
            self.refused(problem)
            return
        record = self.record
        self.title_label.text = f"{record.name}: head to head"
        column = _column()
        counts = GridLayout(cols=3, size_hint_y=None, height=dp(92), spacing=theme.GAP)
        for caption, value in (("games played", record.played), ("win rate", percent(record.win_rate)),
                               ("at the table", duration(record.seconds_at_table))):
            holder = Panel(orientation="vertical", padding=dp(4))
            holder.add_widget(Count(caption, value, caption_font=theme.FONT_SMALL, secondary=SECONDARY))
            counts.add_widget(holder)
        column.add_widget(counts)
        rivalry = [line for line in (rival_line(record), nemesis_line(record)) if line is not None]
        if rivalry:
            column.add_widget(_panel("Rival and nemesis", rivalry))
        if record.opponents:
            column.add_widget(Text(text="Tap a name for the two of you game by game", font_size=theme.FONT_SMALL,
                                   color=theme.TEXT_DIM))
        for line in record.opponents:
            button = BigButton(text=against_line(line), size_hint_y=None, height=theme.TOUCH)
            button.bind(on_release=lambda _button, opponent=line.opponent: self.open_pair(opponent))
            self.opponent_buttons[line.opponent] = button
            column.add_widget(button)
        column.add_widget(self.detail)
        if record.reaction_trend is not None:
            column.add_widget(ReactionTrend(record.reaction_trend))
        if not record.opponents:
            column.add_widget(Text(text=f"{record.name} has not finished a game with anyone yet.",
                                   color=theme.TEXT_DIM))
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.scroll.add_widget(column)
        self.body.clear_widgets()
        self.body.add_widget(self.scroll)

    def open_pair(self, opponent: str) -> None:
        """The two of them, game by game, under the list."""
        if self.records is None or self.record is None:
            return
        self.opened = self.records.head_to_head(self.record.name, opponent)
        pair = self.opened
        self.detail.clear_widgets()
        self.detail.add_widget(_panel(f"{pair.player} against {pair.opponent}",
                                      [f"{pair.together} games together: {pair.player} won {pair.wins}, "
                                       f"{pair.opponent} won {pair.opponent_wins}", *by_game_lines(pair)]))
        # On the 7-inch panel the list fills the screen: the two of them scroll into sight once laid out.
        _into_sight(self.scroll, self.detail)

    def open_year(self) -> None:
        self.navigator.go(Place.YEAR, self.services, None, (self.player_name, self.evening_started_at))

    def back(self) -> None:
        self.navigator.go(Place.PROFILE, self.services, self.player_name, self.evening_started_at)


class YearScreen(Screen):
    """A year in review: games, evenings and time at the table, the most played game, the most wins,
    the closest race, the longest winning run, and month by month who won."""

    def __init__(self, services: Services, navigator: Navigator, year: int | None = None,
                 came_from: tuple[str, float | None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services, self.navigator, self.came_from = services, navigator, came_from
        self.year = year if year is not None else time.localtime().tm_year
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header, self.title_label = _header(self.back, f"{self.year} in review")
        earlier = BigButton(text="Year before", size_hint_x=None, width=dp(150))
        earlier.bind(on_release=lambda *_: self.show(self.year - 1))
        header.add_widget(earlier)
        self.later = BigButton(text="Year after", size_hint_x=None, width=dp(150))
        self.later.bind(on_release=lambda *_: self.show(self.year + 1))
        header.add_widget(self.later)
        root.add_widget(header)
        self.body = BoxLayout()
        root.add_widget(self.body)
        self.add_widget(root)
        self.review: YearInReview | None = None
        self.opened: Month | None = None
        self.detail = _column()
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.records: Records | None = None
        self.earlier, self.later.disabled, earlier.disabled = earlier, True, True
        self.body.add_widget(Text(text="Reading the records...", color=theme.TEXT_DIM))
        off_screen(lambda _task: read_records(services.store), done=self.read, failed=self.refused,
                   stopped_words="the records could not be read")

    def read(self, records: Records) -> None:
        self.records = records
        self.earlier.disabled = False
        self.show(self.year)

    def refused(self, problem: CompanionError) -> None:
        self.body.clear_widgets()
        self.body.add_widget(Text(text=str(problem), color=theme.DANGER))

    def show(self, year: int) -> None:
        if self.records is None:
            return
        self.year = year
        self.title_label.text = f"{year} in review"
        self.later.disabled = year >= time.localtime().tm_year
        self.review = self.records.year(year)
        column = _column()
        review = self.review
        if review is None:
            column.add_widget(Text(text=f"No finished games in {year}.", color=theme.TEXT_DIM))
        else:
            counts = GridLayout(cols=3, size_hint_y=None, height=dp(92), spacing=theme.GAP)
            for caption, value in (("games", review.games), ("evenings", review.evenings),
                                   ("at the table", duration(review.seconds_at_table))):
                holder = Panel(orientation="vertical", padding=dp(4))
                holder.add_widget(Count(caption, value, caption_font=theme.FONT_SMALL, secondary=SECONDARY))
                counts.add_widget(holder)
            column.add_widget(counts)
            highlights = year_lines(review)
            if highlights:
                column.add_widget(_panel("The year's records", highlights))
            column.add_widget(Text(text="Month by month: tap a month for its winners and the buzzer's records",
                                   font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
            for month in review.months:
                button = BigButton(text=month_line(month), size_hint_y=None, height=theme.TOUCH)
                button.bind(on_release=lambda _button, month=month: self.open_month(month))
                column.add_widget(button)
            self.detail = _column()
            column.add_widget(self.detail)
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.scroll.add_widget(column)
        self.body.clear_widgets()
        self.body.add_widget(self.scroll)

    def open_month(self, month: Month) -> None:
        """The month's winners, its fastest reactions and its closest finishes, under the months."""
        self.opened = month
        self.detail.clear_widgets()
        self.detail.add_widget(_panel(month_name(month), month_detail_lines(month)))
        _into_sight(self.scroll, self.detail)

    def back(self) -> None:
        if self.came_from is None:
            self.navigator.go(Place.HOME, self.services)
        else:
            self.navigator.go(Place.RECORDS, self.services, *self.came_from)
