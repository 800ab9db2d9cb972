"""The contract every game implements. A game is rules only: it never stores anything and never
touches the screen. The session feeds it actions one at a time and keeps the log.

A game's state is any deep-copyable object (a dataclass is usual). `apply` receives a private copy
that it may change freely and must return the new state, or raise IllegalAction with a message a
child can understand; the session throws the copy away on refusal, so a refused action can never
leave a half-changed state behind.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Collection, Generic, Mapping, Sequence, TypeVar

from .actions import Action
from .errors import BadOption, IllegalAction
from .outcome import Outcome
from .players import Player
from .rulecards import load_rulecard

State = TypeVar("State")

# Every rule has this one signature: the state (a private copy it may change) and the action, the
# new state back, or IllegalAction with the reason.
Rule = Callable[[State, Action], State]


class Game(ABC, Generic[State]):
    """A game's name and player range come from its rule card in seeds/, the one place they are
    written; a game that has no card file (a test's toy game) passes its card in."""

    key: ClassVar[str] = ""   # stable identifier used in files and the database, e.g. "nuts_about_mutts"

    def __init__(self, card: Mapping[str, Any] | None = None) -> None:
        self.card: Mapping[str, Any] = load_rulecard(self.key) if card is None else card
        self.title: str = self.card["title"]
        self.min_players: int = self.card["players"]["min"]
        self.max_players: int = self.card["players"]["max"]

    # ----- options -------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        """Every setting with its default. `dealer` (seat index of the first dealer) is common to all games."""
        return {}

    def option_choices(self) -> dict[str, list[Any]]:
        """For text settings with a fixed set of values (e.g. an edition): key -> allowed values."""
        return {}

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Merge `options` over the defaults, refusing unknown keys and values of the wrong type."""
        defaults = {"dealer": 0, **self.default_options()}
        merged = dict(defaults)
        for key, value in (options or {}).items():
            if key not in defaults:
                raise BadOption(
                    f"{self.title} has no setting called {key!r}; the settings are: {', '.join(sorted(defaults))}")
            default = defaults[key]
            if default is not None and not _same_kind(default, value):
                raise BadOption(
                    f"{self.title} setting {key!r} should be {type(default).__name__} like {default!r}, got {value!r}")
            allowed = self.option_choices().get(key)
            if allowed is not None and value not in allowed:
                raise BadOption(f"{self.title} setting {key!r} can be {', '.join(map(repr, allowed))}; got {value!r}")
            merged[key] = value
        return merged

    def check_players(self, players: Sequence[Player], options: dict[str, Any]) -> None:
        count = len(players)
        if not self.min_players <= count <= self.max_players:
            raise BadOption(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {count}")
        dealer = options.get("dealer", 0)
        if not isinstance(dealer, int) or not 0 <= dealer < count:
            raise BadOption(f"the first dealer must be one of the {count} seats (0 to {count - 1}), got {dealer!r}")

    def first_turn(self, dealer: int, players: int) -> int:
        """The seat that takes the first turn of a game whose `dealer` setting is `dealer`: unless a
        game's rules say otherwise, the setting names who plays first."""
        return dealer

    def first_seat_next_game(self, state: State, options: Mapping[str, Any], players: int) -> int:
        """The `dealer` setting when the same table plays again (the same seats and settings), from the
        game just played: unless a game's rules say otherwise, the turn to begin passes to the left."""
        return (int(options["dealer"]) + 1) % players

    # ----- rules ---------------------------------------------------------------------------
    @abstractmethod
    def start(self, players: Sequence[Player], options: dict[str, Any]) -> State:
        """The state before any action: the table just set up. `options` has passed check_options."""

    @abstractmethod
    def rules(self) -> Mapping[str, Rule[State]]:
        """The game's one table of rules: each action type it knows -> the rule that applies it."""

    @abstractmethod
    def action_fields(self) -> Mapping[str, Collection[str]]:
        """What each action type says besides its type and player, e.g. "pick" -> {"column", "kind"}."""

    def apply(self, state: State, action: Action) -> State:
        """Apply one action to a private copy of the state and return it; raise IllegalAction to refuse.
        A field the action type does not take is refused too: a misspelt field ignored would quietly
        change what happened."""
        rules = self.rules()
        rule = rules.get(action.type)
        if rule is None:
            raise IllegalAction(f"{self.title} has no {action.type!r} action; the actions are {', '.join(rules)}.")
        takes = self.action_fields().get(action.type, ())
        unknown = sorted(set(action.args) - set(takes))
        if unknown:
            what = ", ".join(sorted(takes)) if takes else "nothing but the player"
            raise IllegalAction(f"{self.title}'s {action.type!r} action has no {' or '.join(map(repr, unknown))}; "
                                f"it takes {what}.")
        return rule(state, action)

    def allows(self, state: State, action: Action) -> bool:
        """Whether the rules would accept `action` now; `state` is left as it is."""
        try:
            self.apply(copy.deepcopy(state), action)
        except IllegalAction:
            return False
        return True

    @abstractmethod
    def describe(self, before: State, action: Action, after: State, players: Sequence[Player]) -> str:
        """One history line for `action`, which led from `before` to `after`, using player names,
        e.g. "Ann played a Flea: everyone else drew a card". Both states are given, so no game has to
        apply its rules a second time to say what happened."""

    @abstractmethod
    def summary(self, state: State) -> Mapping[str, object]:
        """JSON-able derived view: scores, counts, positions, whose turn, winner. Printed by replay-game.
        Each game describes its own with a TypedDict in its summary.py; only its own table view reads
        the game-specific keys, and everything shared reads `outcome` instead."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True once the game (the whole evening for multi-hand games) has a result."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome:
        """The result so far in the shape every game shares: each seat's score and place, and the
        winners once `is_over`. It must name the same winners and scores as `summary`."""

    # ----- for random playthroughs and the autoplay driver ---------------------------------
    @abstractmethod
    def legal_actions(self, state: State, rng: random.Random) -> list[Action]:
        """A non-empty list of actions the rules allow now (a sample is fine when there are very many),
        unless the game is over. Random-playthrough tests and the crash test pick among them."""

    def check_invariants(self, state: State) -> None:  # noqa: B027  (a game with no laws to check keeps this)
        """Raise AssertionError if the state breaks a conservation law or bound. Called after every
        action in property tests."""


def _same_kind(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, (int, float)):
        return isinstance(value, (int, float)) and (isinstance(default, float) or isinstance(value, int))
    return isinstance(value, type(default))
