"""Value objects of a buzzer race: what arms it, what a button reports, what the arbiter decides.

Times are integer nanoseconds on the clock the GPIO edges are stamped with (CLOCK_MONOTONIC on a Pi),
so a race can be replayed and re-decided bit for bit on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import BadRace

KINDS = ("bones", "claim")
FALSE_START_POLICIES = ("lose", "lockout")
TIE_POLICIES = ("rerace", "draw")

_NS_PER_MS = 1_000_000


def ms_to_ns(ms: float) -> int:
    return round(ms * _NS_PER_MS)


def ns_to_ms(ns: int) -> float:
    # Three decimals = microseconds: finer than any switch, coarse enough to read.
    return round(ns / _NS_PER_MS, 3)


@dataclass(frozen=True)
class RaceSettings:
    settle_ns: int = ms_to_ns(30.0)
    tie_window_ns: int = ms_to_ns(0.1)
    holdoff_ns: int = ms_to_ns(20.0)
    false_start: str = "lose"
    lockout_ns: int = ms_to_ns(250.0)
    tie_policy: str = "rerace"
    timeout_ns: int = 5_000_000_000
    rank_ns: int = ms_to_ns(1000.0)

    def __post_init__(self) -> None:
        if self.false_start not in FALSE_START_POLICIES:
            raise BadRace(f"race.false_start must be one of {', '.join(FALSE_START_POLICIES)}, got {self.false_start!r}")
        if self.tie_policy not in TIE_POLICIES:
            raise BadRace(f"race.tie_policy must be one of {', '.join(TIE_POLICIES)}, got {self.tie_policy!r}")
        for name in ("settle_ns", "tie_window_ns", "holdoff_ns", "lockout_ns", "timeout_ns", "rank_ns"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise BadRace(f"race setting {name} must be zero or more nanoseconds, got {value!r}")

    @classmethod
    def from_config(cls, race: Mapping[str, Any]) -> "RaceSettings":
        """From the `race` section of config.json (already validated by companion.config)."""
        defaults = cls()
        return cls(
            settle_ns=ms_to_ns(race.get("settle_ms", defaults.settle_ns / _NS_PER_MS)),
            tie_window_ns=ms_to_ns(race.get("tie_window_ms", defaults.tie_window_ns / _NS_PER_MS)),
            holdoff_ns=ms_to_ns(race.get("holdoff_ms", defaults.holdoff_ns / _NS_PER_MS)),
            false_start=race.get("false_start", defaults.false_start),
            lockout_ns=ms_to_ns(race.get("lockout_ms", defaults.lockout_ns / _NS_PER_MS)),
            tie_policy=race.get("tie_policy", defaults.tie_policy),
            timeout_ns=round(race.get("timeout_s", defaults.timeout_ns / 1e9) * 1e9),
            rank_ns=ms_to_ns(race.get("rank_ms", defaults.rank_ns / _NS_PER_MS)),
        )


def _check_player(player: Any, where: str) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or player < 1:
        raise BadRace(f"{where}: a player is a button number 1 or more, got {player!r}")
    return player


def _check_time(t_ns: Any, where: str) -> int:
    if isinstance(t_ns, bool) or not isinstance(t_ns, int) or t_ns < 0:
        raise BadRace(f"{where}: t_ns must be a whole number of nanoseconds, zero or more, got {t_ns!r}")
    return t_ns


@dataclass(frozen=True)
class Arm:
    """Arms a race. `t_ns` is the start cue: a press stamped before it is a false start.

    `held` are the buttons already down when the race was armed (they cannot win). `seed` is the seed
    a tie draw will use; choosing it at arm time and logging it makes a replay draw the same way.
    """

    kind: str
    players: tuple[int, ...]
    t_ns: int
    held: frozenset[int] = frozenset()
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise BadRace(f"a race is one of {', '.join(KINDS)}, got {self.kind!r}")
        players = tuple(self.players)
        for player in players:
            _check_player(player, "arm")
        if len(set(players)) != len(players):
            raise BadRace(f"arm: a player is listed twice in {list(players)}")
        minimum = 2 if self.kind == "bones" else 1
        if len(players) < minimum:
            raise BadRace(f"a {self.kind} race needs at least {minimum} player(s), got {list(players)}")
        _check_time(self.t_ns, "arm")
        for player in self.held:
            _check_player(player, "arm held")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise BadRace(f"arm: seed must be a whole number, got {self.seed!r}")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "held", frozenset(self.held))

    @property
    def prizes(self) -> int:
        """Bones on offer: one fewer than the players, so exactly one player is left without."""
        return len(self.players) - 1 if self.kind == "bones" else 1


@dataclass(frozen=True)
class Edge:
    """One change of a button, stamped when it happened (not when it was delivered)."""

    player: int
    pressed: bool
    t_ns: int

    def __post_init__(self) -> None:
        _check_player(self.player, "edge")
        if not isinstance(self.pressed, bool):
            raise BadRace(f"edge: pressed must be true or false, got {self.pressed!r}")
        _check_time(self.t_ns, "edge")


@dataclass(frozen=True)
class TieDraw:
    """A tie settled by lot. The seed is kept so anyone can re-run the draw and check it."""

    seed: int
    among: tuple[int, ...]
    order: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "among": list(self.among), "order": list(self.order)}


@dataclass(frozen=True)
class RaceDecision:
    """What the arbiter decided, in the spirit of python-chess's Outcome: plain data, nothing to call.

    winners: claim race: the winner (empty on a timeout or a tie to re-race); bones race: who got each
        bone, in order. losers: everyone else, pressers first in press order.
    ties: the ties that decided something (the first place; for bones only a tie across the last bone).
    rerace / rerace_prizes: with the "rerace" tie policy, who must race again and for how many prizes.
    margins_ms: each counted presser's distance behind the first counted press.
    late: presses delivered after the decision although stamped before the winner's (reported, since
        the decision could not wait for them).
    too_late_ns: presses the arbiter saw but did not count: after the time was up, or a claim press
        after the rank window. Presses delivered after the final decision are never seen.
    final: False for a claim race's first decision, made as soon as the winner is known; a final one
        follows with the slower pressers' margins.
    """

    kind: str
    players: tuple[int, ...]
    cue_ns: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    ties: tuple[tuple[int, ...], ...] = ()
    tie_draw: TieDraw | None = None
    rerace: tuple[int, ...] = ()
    rerace_prizes: int = 0
    false_starts: tuple[int, ...] = ()
    stuck: tuple[int, ...] = ()
    ignored: tuple[int, ...] = ()
    late: tuple[int, ...] = ()
    margins_ms: Mapping[int, float] = field(default_factory=dict)
    press_ns: Mapping[int, int] = field(default_factory=dict)
    too_late_ns: Mapping[int, int] = field(default_factory=dict)
    timed_out: bool = False
    final: bool = True
    decided_ns: int | None = None

    @property
    def tied(self) -> bool:
        return bool(self.ties)

    @property
    def winner(self) -> int | None:
        """The claim race's winner, or None (timeout, or a tie still to be re-raced)."""
        return self.winners[0] if self.kind == "claim" and self.winners else None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "players": list(self.players),
            "cue_ns": self.cue_ns,
            "winners": list(self.winners),
            "losers": list(self.losers),
            "ties": [list(group) for group in self.ties],
            "tie_draw": self.tie_draw.to_json() if self.tie_draw else None,
            "rerace": list(self.rerace),
            "rerace_prizes": self.rerace_prizes,
            "false_starts": list(self.false_starts),
            "stuck": list(self.stuck),
            "ignored": list(self.ignored),
            "late": list(self.late),
            "margins_ms": {str(player): ms for player, ms in self.margins_ms.items()},
            "press_ns": {str(player): t for player, t in self.press_ns.items()},
            "too_late_ns": {str(player): t for player, t in self.too_late_ns.items()},
            "timed_out": self.timed_out,
            "final": self.final,
            "decided_ns": self.decided_ns,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> "RaceDecision":
        """A decision as `to_json` wrote it (the race log's decision line); BadRace names what is wrong."""
        def players(key: str) -> tuple[int, ...]:
            return tuple(int(player) for player in doc.get(key, ()))

        def per_player(key: str, kind: type) -> dict[int, Any]:
            return {int(player): kind(value) for player, value in dict(doc.get(key) or {}).items()}

        try:
            draw = doc.get("tie_draw")
            return cls(
                kind=str(doc["kind"]), players=players("players"), cue_ns=int(doc["cue_ns"]),
                winners=players("winners"), losers=players("losers"),
                ties=tuple(tuple(int(player) for player in group) for group in doc.get("ties", ())),
                tie_draw=TieDraw(int(draw["seed"]), tuple(draw["among"]), tuple(draw["order"])) if draw else None,
                rerace=players("rerace"), rerace_prizes=int(doc.get("rerace_prizes", 0)),
                false_starts=players("false_starts"), stuck=players("stuck"), ignored=players("ignored"),
                late=players("late"), margins_ms=per_player("margins_ms", float), press_ns=per_player("press_ns", int),
                too_late_ns=per_player("too_late_ns", int), timed_out=bool(doc.get("timed_out", False)),
                final=bool(doc.get("final", True)), decided_ns=doc.get("decided_ns"))
        except (KeyError, TypeError, ValueError) as error:
            raise BadRace(f"a race decision that cannot be read back ({error!r})") from None
