"""The records a family asks for beyond a player's own page: head to head with everyone they have
played (tap a name for the two of them game by game), their rival and nemesis with the numbers behind
them, their win rate and time at the table; and the year in review with its months. Everything is read
from the saved log (companion/records.py), so a fixed move or an imported evening shows at once.
A section without enough to say is left out rather than shown empty.

Laid out once (records.kv) and kept: another player's head to head, another year or an opened name
or month are new figures for the same widgets. Each page is one RowList, so only the rows in sight
exist; the records are read off the screen's thread (a thousand games take most of a second on the Pi)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion import words
from companion.buzzer_records import TrendPoint
from companion.calendar_records import Leaders, Month, YearInReview
from companion.errors import CompanionError
from companion.head_to_head import HeadToHead
from companion.players import Player
from companion.records import PlayerRecord, Records
from companion.stats_command import duration
from companion.words import listed, noun
from ui import theme
from ui.background import off_screen
from ui.kept import KeptScreen
from ui.places import Place
from ui.reads import reads_of
from ui.screens.profile import BAR_ROOM, SECTION_PAD, RecordRow, counts_item, record_line
from ui.widgets.basics import BigButton, Text  # noqa: F401  (named in records.kv)
from ui.widgets.kv import load_kv
from ui.widgets.lists import Row, RowList
from ui.widgets.offer_bar import OfferBar
from ui.widgets.seat import SeatBadge  # noqa: F401  (named in records.kv)
from ui.widgets.text import line_height, lines_needed

if TYPE_CHECKING:
    from companion.store import Store
    from ui.navigation import Navigator
    from ui.places import BackTo
    from ui.services import Services

TREND_HEIGHT = dp(190)
# The evenings a reaction chart shows: the latest, as many as stay readable on the 7-inch panel.
TREND_EVENINGS = 8
# Beside an opponent's name: their shape and the gap to the figures.
BADGE_ROOM = dp(40)
READING = "Reading the records..."


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.0%}"


def against_line(line: HeadToHead) -> str:
    return f"{line.opponent}: {against_figures(line)}"


def against_figures(line: HeadToHead) -> str:
    games = f"{line.together} game{'s' if line.together != 1 else ''}"
    return f"{games}, won {line.wins}, lost {line.opponent_wins}{shared_count(line.shared)}"


def shared_count(shared: int) -> str:
    """The games finished level, after the wins and losses they add up with; nothing when there are none."""
    return f", {shared} shared" if shared else ""


def rivalry_lines(record: PlayerRecord) -> list[str]:
    """Rival, nemesis, minion and buddy, each with the numbers that make them so (players tied on the
    rule named together); those there are."""
    name = record.name
    kinds: list[tuple[str, tuple[HeadToHead, ...], Callable[[HeadToHead], str]]] = [
        ("Rival", record.rival, lambda line: f"{name}'s {line.wins} to {line.opponent_wins} in {line.together} "
                                             "games, the closest record"),
        ("Nemesis", record.nemesis, lambda line: f"{line.opponent_wins} wins to {name}'s {line.wins}"),
        ("Minion", record.minion, lambda line: f"{name}'s {line.wins} wins to {line.opponent_wins}"),
        ("Buddy", record.buddy, lambda line: f"{line.together} games together"),
    ]
    return [tied_line(title, lines, numbers) for title, lines, numbers in kinds if lines]


def tied_line(title: str, lines: Sequence[HeadToHead], numbers: Callable[[HeadToHead], str]) -> str:
    """`Nemesis: Ben, 3 wins to Ann's 2`; where several tie, `Nemesis (tied): Ben and Cleo, each ...`,
    or each name with its own numbers where those differ."""
    said = [numbers(line) for line in lines]
    if len(lines) == 1:
        return f"{title}: {lines[0].opponent}, {said[0]}"
    if len(set(said)) == 1:
        return f"{title} (tied): {listed([line.opponent for line in lines])}, each {said[0]}"
    return f"{title} (tied): {listed([f'{line.opponent} ({words})' for line, words in zip(lines, said)])}"


def by_game_lines(pair: HeadToHead) -> list[str]:
    return [f"{game.title}: {game.together} together, {pair.player} {game.wins}, {pair.opponent} {game.opponent_wins}"
            f"{shared_count(game.shared)}" for game in pair.by_game]


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
    lines += [champion_line(title, leaders) for title, leaders in review.champions]
    return lines


def champion_line(title: str, leaders: Leaders) -> str:
    """`Nut champion: Ben (2 wins)`, or `Nut champions: Ann and Ben (2 wins each)`."""
    wins = f"{leaders.count} win{'s' if leaders.count != 1 else ''}"
    if len(leaders.names) == 1:
        return f"{title} champion: {leaders.names[0]} ({wins})"
    return f"{title} champions: {words.listed(leaders.names)} ({wins} each)"


def month_name(month: Month) -> str:
    return words.month_name(month.year, month.month)


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


def time_count(seconds: float) -> tuple[int, str]:
    """Time at the table as a whole number a Count draws in its digits' band, with its unit in the caption."""
    minutes = round(seconds / 60)
    if minutes < 120:
        return minutes, f"{noun(minutes, 'minute')} at the table"
    return round(seconds / 3600), "hours at the table"


def read_records(store: Store) -> Records:
    return reads_of(store).figures()


# ----- the rows ---------------------------------------------------------------------------------------
class RecordsHint(Row, BoxLayout):
    """A line on its own, not on a panel: how to use the page, or why a section is missing."""

    text = StringProperty("")
    gap_below = NumericProperty(0)


class Pickable(ButtonBehavior, RecordRow):
    """A name or a month to open: a tap opens it under the list. `text` is all it says, so a reader of
    the tree finds the row by it."""

    text = StringProperty("")
    key = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        page = _page_of(self)
        if page is not None and self.key is not None:
            page.pick(self.key)


class PickRow(Pickable):
    pass


class OpponentRow(Pickable):
    name = StringProperty("")
    symbol = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])
    figures = StringProperty("")


class TrendBar(BoxLayout):
    share = NumericProperty(0.0)
    figure = StringProperty("")
    day = StringProperty("")


class TrendRow(RecordRow):
    """A player's median reaction evening by evening as bars: a shorter bar is a quicker hand. Each bar
    has its figure over it and its evening under it, so the chart is read without its colours. Bars
    are made only when the number of evenings changes."""

    points: Any = ObjectProperty((), allownone=True)

    def on_points(self, _row: TrendRow, points: Sequence[TrendPoint] | None) -> None:
        shown = list(points or ())[-TREND_EVENINGS:]
        bars: BoxLayout = self.ids["bars"]
        while len(bars.children) > len(shown):
            bars.remove_widget(bars.children[0])
        while len(bars.children) < len(shown):
            bars.add_widget(TrendBar())
        slowest = max((point.median_ms for point in shown), default=1.0) or 1.0
        for bar, point in zip(reversed(bars.children), shown):
            bar.share = point.median_ms / slowest
            bar.figure = f"{point.median_ms:.0f} ms"
            bar.day = time.strftime("%d %b", time.localtime(point.evening_started_at))


class RecordsPage(RowList):
    """The page's list; `pick` is what a tapped name or month opens."""

    picked: Any = ObjectProperty(None, allownone=True)

    def pick(self, key: object) -> None:
        if self.picked is not None:
            self.picked(key)


def _page_of(row: Any) -> RecordsPage | None:
    widget = row.parent
    while widget is not None and not isinstance(widget, RecordsPage):
        widget = widget.parent
    return widget


# ----- the items --------------------------------------------------------------------------------------
TOP: list[float] = [theme.RADIUS, theme.RADIUS, 0, 0]
BOTTOM: list[float] = [0, 0, theme.RADIUS, theme.RADIUS]
ALL: list[float] = [theme.RADIUS] * 4
NONE: list[float] = [0, 0, 0, 0]


def line_item(text: str, room: float, *, radius: list[float] = NONE, dim: bool = False,
              gap_below: float = 0) -> dict[str, Any]:
    tall = lines_needed(text, theme.FONT_BODY, room - 2 * SECTION_PAD) * line_height(theme.FONT_BODY)
    # The last line of a panel keeps its padding under it.
    tall += (SECTION_PAD if radius is BOTTOM else 0) + dp(4) + gap_below
    if dim:
        return {"viewclass": "RecordsHint", "text": text, "gap_below": gap_below, "row_size": (None, tall)}
    return record_line(text, radius=radius, tall=tall, gap_below=gap_below)


def panel_items(title: str, lines: Sequence[str], room: float) -> list[dict[str, Any]]:
    """A panel: its title in bold, then its lines, rounded at the top and the bottom."""
    tall = line_height(theme.FONT_BODY) * lines_needed(title, theme.FONT_BODY, room - 2 * SECTION_PAD, True)
    items = [record_line(title, radius=TOP if lines else ALL, tall=tall + 2 * SECTION_PAD, bold=True)]
    for index, line in enumerate(lines):
        last = index == len(lines) - 1
        items.append(line_item(line, room, radius=BOTTOM if last else NONE, gap_below=theme.GAP if last else 0))
    return items


def month_item(month: Month, room: float) -> dict[str, Any]:
    text = month_line(month)
    tall = max(theme.TOUCH, lines_needed(text, theme.FONT_BODY, room - 2 * SECTION_PAD) * line_height(theme.FONT_BODY) + dp(8))
    return {"viewclass": "PickRow", "text": text, "key": month, "radius": ALL, "gap_below": theme.GAP,
            "row_size": (None, tall + theme.GAP)}


def opponent_item(line: HeadToHead, colour: str, room: float) -> dict[str, Any]:
    identity = Player(line.opponent, colour).identity
    figures = against_figures(line)
    # The name and the figures share the row: each gets half, and wraps within it.
    half = (room - 2 * SECTION_PAD - BADGE_ROOM) / 2
    tall = max(lines_needed(line.opponent, theme.FONT_BODY, half, True),
               lines_needed(figures, theme.FONT_BODY, half)) * line_height(theme.FONT_BODY) + dp(8)
    return {"viewclass": "OpponentRow", "text": against_line(line), "key": line.opponent, "name": line.opponent,
            "symbol": identity.symbol, "rgba": theme.with_alpha(identity.rgb), "figures": figures,
            "radius": ALL, "gap_below": theme.GAP, "row_size": (None, max(theme.TOUCH, tall) + theme.GAP)}


def head_to_head_data(records: Records, record: PlayerRecord, opened: HeadToHead | None,
                      room: float) -> tuple[list[dict[str, Any]], int]:
    """The head to head as the list's rows, and where the opened pair starts (-1 for none)."""
    minutes, unit = time_count(record.seconds_at_table)
    rate = "-" if record.win_rate is None else round(record.win_rate * 100)
    data = [counts_item([(record.played, "games played"), (rate, "win rate (% won)"), (minutes, unit)])]
    rivalry = rivalry_lines(record)
    if rivalry:
        data += panel_items("Rival, nemesis, minion and buddy", rivalry, room)
    if record.opponents:
        data.append(line_item("Tap a name for the two of you game by game", room, dim=True))
        colours = {player.name.casefold(): player.colour for player in records.players}
        data += [opponent_item(line, colours.get(line.opponent.casefold(), "orange"), room)
                 for line in record.opponents]
    else:
        data.append(line_item(f"{record.name} has not finished a game with anyone yet.", room, dim=True))
    opened_at = -1
    if opened is not None:
        opened_at = len(data)
        data += panel_items(f"{opened.player} against {opened.opponent}",
                            [f"{opened.together} games together: {opened.player} won {opened.wins}, "
                             f"{opened.opponent} won {opened.opponent_wins}{shared_count(opened.shared)}",
                             *by_game_lines(opened)], room)
    if record.reaction_trend is not None:
        data.append({"viewclass": "TrendRow", "points": record.reaction_trend, "radius": ALL, "gap_below": 0,
                     "row_size": (None, TREND_HEIGHT)})
    return data, opened_at


def year_data(year: int, review: YearInReview | None, opened: Month | None,
              room: float) -> tuple[list[dict[str, Any]], int]:
    if review is None:
        return [line_item(f"No finished games in {year}.", room, dim=True)], -1
    minutes, unit = time_count(review.seconds_at_table)
    data = [counts_item([(review.games, "games"), (review.evenings, "evenings"), (minutes, unit)])]
    highlights = year_lines(review)
    if highlights:
        data += panel_items("The year's records", highlights, room)
    data.append(line_item("Month by month: tap a month for its winners and the buzzer's records", room, dim=True))
    data += [month_item(month, room) for month in review.months]
    opened_at = -1
    if opened is not None:
        opened_at = len(data)
        data += panel_items(month_name(opened), month_detail_lines(opened), room)
    return data, opened_at


# ----- the screens ------------------------------------------------------------------------------------
class RecordsScreen(KeptScreen):
    """What both pages share: a list worked out for its width, read off the screen's thread."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.records: Records | None = None
        self._room = 0.0
        self.rows.layout_manager.padding = [0, 0, BAR_ROOM, 0]
        self.rows.picked = self.pick
        self.rows.bind(width=self._fit)

    @property
    def rows(self) -> RecordsPage:
        return self.ids["rows"]

    @property
    def message(self) -> OfferBar:
        return self.ids["message"]

    def read(self) -> None:
        if self.records is None:
            self.rows.data = [line_item(READING, self.room(), dim=True)]
        off_screen(lambda _task: read_records(self.services.store), done=self.read_done, failed=self.refused,
                   stopped_words="the records could not be read")

    def room(self) -> float:
        width = self.rows.width if self.rows.width > 100 else Window.width - 2 * theme.PAD
        self._room = width
        return width - BAR_ROOM

    def _fit(self, *_: Any) -> None:
        if self.records is not None and abs(self.rows.width - self._room) > 1:
            self.lay_out()

    def show_data(self, data: list[dict[str, Any]], opened_at: int) -> None:
        self.rows.data = data
        if opened_at >= 0:
            # On the 7-inch panel the list fills the screen: what was opened scrolls into sight.
            self.rows.scroll_to_index(opened_at)

    def read_done(self, records: Records) -> None:
        raise NotImplementedError

    def refused(self, problem: CompanionError) -> None:
        raise NotImplementedError

    def lay_out(self, opened: bool = False) -> None:
        raise NotImplementedError

    def pick(self, key: Any) -> None:
        raise NotImplementedError


class HeadToHeadScreen(RecordsScreen):
    """One player against everyone they have finished a game with; tapping a name shows the two of
    them game by game. The year in review is one tap away."""

    shown_name = StringProperty("")
    symbol = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])

    def __init__(self, services: Services, navigator: Navigator, name: str, back_to: BackTo = None,
                 **kwargs: Any) -> None:
        self.services, self.navigator = services, navigator
        super().__init__(**kwargs)
        self.record: PlayerRecord | None = None
        self.opened: HeadToHead | None = None
        self.revisit(name, back_to)

    def revisit(self, *details: Any) -> None:
        """`details`: the player's name, and the evening their page goes back to."""
        name, *rest = details
        self.player_name: str = name
        self.back_to: BackTo = rest[0] if rest else None
        self.opened = None
        self.message.clear()
        self.read()

    def read_done(self, records: Records) -> None:
        self.records = records
        try:
            self.record = records.player(self.player_name)
        except CompanionError as problem:
            self.refused(problem)
            return
        identity = Player(self.record.name, self.record.colour).identity
        self.shown_name, self.symbol, self.rgba = self.record.name, identity.symbol, theme.with_alpha(identity.rgb)
        self.lay_out()

    def refused(self, problem: CompanionError) -> None:
        self.record = None
        self.rows.data = []
        self.message.show(str(problem), problem=True, seconds=None)

    def lay_out(self, opened: bool = False) -> None:
        if self.records is None or self.record is None:
            return
        data, opened_at = head_to_head_data(self.records, self.record, self.opened, self.room())
        self.show_data(data, opened_at if opened else -1)

    def pick(self, key: Any) -> None:
        self.open_pair(str(key))

    def open_pair(self, opponent: str) -> None:
        """The two of them, game by game, under the list."""
        if self.records is None or self.record is None:
            return
        self.opened = self.records.head_to_head(self.record.name, opponent)
        self.lay_out(opened=True)

    def open_year(self) -> None:
        self.navigator.go(Place.YEAR, self.services, None, (self.player_name, self.back_to))

    def back(self) -> None:
        self.navigator.go(Place.PROFILE, self.services, self.player_name, self.back_to)


class YearScreen(RecordsScreen):
    """A year in review: games, evenings and time at the table, the most played game, the most wins,
    the closest race, the longest winning run, and month by month who won."""

    title = StringProperty("")
    year = NumericProperty(0)
    has_earlier = BooleanProperty(False)
    has_later = BooleanProperty(False)

    def __init__(self, services: Services, navigator: Navigator, year: int | None = None,
                 came_from: tuple[str, BackTo] | None = None, **kwargs: Any) -> None:
        self.services, self.navigator = services, navigator
        super().__init__(**kwargs)
        self.review: YearInReview | None = None
        self.opened: Month | None = None
        self.revisit(year, came_from)

    def revisit(self, *details: Any) -> None:
        """`details`: the year (None for this one), and the head to head Back goes to."""
        year, *rest = details
        self.came_from: tuple[str, BackTo] | None = rest[0] if rest else None
        self.year = year if year is not None else time.localtime().tm_year
        self.title = f"{self.year} in review"
        self.review, self.opened = None, None
        self.message.clear()
        self.read()

    def read_done(self, records: Records) -> None:
        self.records = records
        self.show(self.year)

    def refused(self, problem: CompanionError) -> None:
        self.rows.data = []
        self.message.show(str(problem), problem=True, seconds=None)

    def show(self, year: int) -> None:
        if self.records is None:
            return
        self.year, self.opened = year, None
        self.title = f"{year} in review"
        self.has_earlier, self.has_later = True, year < time.localtime().tm_year
        self.review = self.records.year(year)
        self.lay_out()

    def lay_out(self, opened: bool = False) -> None:
        data, opened_at = year_data(self.year, self.review, self.opened, self.room())
        self.show_data(data, opened_at if opened else -1)

    def pick(self, key: Any) -> None:
        if isinstance(key, Month):
            self.open_month(key)

    def open_month(self, month: Month) -> None:
        """The month's winners, its fastest reactions and its closest finishes, under the months."""
        self.opened = month
        self.lay_out(opened=True)

    def back(self) -> None:
        if self.came_from is None:
            self.navigator.go(Place.HOME, self.services)
        else:
            self.navigator.go(Place.RECORDS, self.services, *self.came_from)


load_kv(__file__)
