"""The buzzer-race arbiter: decides on edge timestamps, never on the order callbacks arrive.

Feed it `arm(...)`, then every `edge(...)` in the order they are delivered, and call `poll(now_ns)`
whenever convenient. Nothing is decided until the settle window has passed after the deciding press,
so a press stamped earlier but delivered later still counts. The clock is the caller's: tests and
replays pass their own `now_ns`, the hardware controller passes the GPIO clock.

The decision itself is a pure function of (arm, edges, settings): the arbiter only remembers what was
delivered and when (before arming, before the decision, after it).
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from dataclasses import dataclass, field
from typing import Callable

from .debounce import LeadingEdgeDebouncer
from .errors import RaceRefused
from .model import Arm, Edge, RaceDecision, RaceSettings, TieDraw, ns_to_ms

# When an edge was delivered, relative to the race. Order matters: sorting puts pre-arm edges first.
PRE_ARM, ARMED, AFTER_DECISION = 0, 1, 2

_NOW = -1  # a deadline that has already passed: decide at the next poll


@dataclass
class _Field:
    """Who is still in the race and with which counted press, from the edges delivered so far."""

    presses: dict[int, int] = field(default_factory=dict)       # player -> counted press t_ns
    press_phase: dict[int, int] = field(default_factory=dict)   # player -> when it was delivered
    false_starts: list[int] = field(default_factory=list)
    stuck: list[int] = field(default_factory=list)
    ignored: list[int] = field(default_factory=list)
    contenders: list[int] = field(default_factory=list)
    too_late: dict[int, int] = field(default_factory=dict)      # player -> first press after the time was up

    def ranked(self) -> list[tuple[int, int]]:
        """(player, t_ns) earliest first. Equal stamps keep the arm's order only for display: the
        tie rules, not this order, decide between them."""
        return sorted(self.presses.items(), key=lambda item: item[1])


def _analyse(arm: Arm, edges: list[tuple[Edge, int]], settings: RaceSettings) -> _Field:
    result = _Field()
    cue, timeout_at = arm.t_ns, arm.t_ns + settings.timeout_ns
    by_player: dict[int, list[tuple[Edge, int]]] = {}
    for edge, phase in edges:
        by_player.setdefault(edge.player, []).append((edge, phase))
    eligible = set(arm.players)

    for player in list(arm.players) + sorted(set(by_player) - eligible):
        mine = sorted(by_player.get(player, []), key=lambda item: (item[1] != PRE_ARM, item[0].t_ns))
        has_pre_arm = any(phase == PRE_ARM for _, phase in mine)
        debouncer = LeadingEdgeDebouncer(settings.holdoff_ns, down=player in arm.held and not has_pre_arm)
        down_at_arm = debouncer.holding
        presses: list[tuple[int, int]] = []   # accepted presses: (t_ns, phase)
        for edge, phase in mine:
            for pressed, t in debouncer.feed(edge.pressed, edge.t_ns):
                if pressed:
                    presses.append((t, phase))
            if phase == PRE_ARM:
                down_at_arm = debouncer.holding

        if player not in eligible:
            if presses:
                result.ignored.append(player)
            continue
        early = [t for t, phase in presses if phase == PRE_ARM or t < cue]
        stuck = player in arm.held or down_at_arm
        if early:
            result.false_starts.append(player)
        if stuck:
            result.stuck.append(player)
        if stuck or (early and settings.false_start == "lose"):
            continue
        result.contenders.append(player)
        # A lockout runs from the later of the false start and the cue: a false start a second before
        # the cue must still cost something.
        allowed_from = max(max(early), cue) + settings.lockout_ns if early else cue
        for t, phase in presses:
            if phase != PRE_ARM and allowed_from <= t <= timeout_at:
                result.presses[player] = t
                result.press_phase[player] = phase
                break
        else:
            after = [t for t, phase in presses if phase != PRE_ARM and t > timeout_at]
            if after:
                result.too_late[player] = min(after)
    result.false_starts.sort(key=lambda p: min(e.t_ns for e, _ in by_player[p] if e.pressed))
    return result


def _chain(times: list[int], start: int, stop: int, window: int) -> tuple[int, int]:
    """Widen [start, stop] while neighbours are closer than the tie window (ties are transitive)."""
    while start > 0 and times[start] - times[start - 1] < window:
        start -= 1
    while stop + 1 < len(times) and times[stop + 1] - times[stop] < window:
        stop += 1
    return start, stop


class Arbiter:
    """Decides one race. Make a new Arbiter for each race (a re-race is a new race)."""

    def __init__(self, settings: RaceSettings | None = None, *,
                 seed_source: Callable[[], int] | None = None):
        self.settings = settings or RaceSettings()
        self._seed_source = seed_source or (lambda: secrets.randbits(32))
        self._arm: Arm | None = None
        self._edges: list[tuple[Edge, int]] = []
        self._provisional: RaceDecision | None = None
        self._final: RaceDecision | None = None
        self.edges_after_final = 0

    # --- feeding -----------------------------------------------------------------------------------

    @property
    def arm_event(self) -> Arm | None:
        return self._arm

    @property
    def decision(self) -> RaceDecision | None:
        """The latest decision (provisional or final), or None while the race is open."""
        return self._final or self._provisional

    @property
    def done(self) -> bool:
        return self._final is not None

    def arm(self, arm: Arm) -> None:
        if not isinstance(arm, Arm):
            raise TypeError(f"arm() takes an Arm, got {type(arm).__name__}")
        if self._arm is not None:
            raise RaceRefused("this race is already armed; a new race (or a re-race) needs a new Arbiter")
        self._arm = arm

    def edge(self, edge: Edge) -> bool:
        """Deliver one edge. Returns False if it arrived after the final decision and was not used."""
        if not isinstance(edge, Edge):
            raise TypeError(f"edge() takes an Edge, got {type(edge).__name__}")
        if self._final is not None:
            self.edges_after_final += 1
            return False
        if self._arm is None:
            phase = PRE_ARM
        elif self._provisional is None:
            phase = ARMED
        else:
            phase = AFTER_DECISION
        self._edges.append((edge, phase))
        return True

    # --- deciding ----------------------------------------------------------------------------------

    def next_deadline_ns(self) -> int | None:
        """When poll() could next return something, on the edge clock (None: not before more edges)."""
        if self._arm is None or self._final is not None:
            return None
        field_ = _analyse(self._arm, self._edges, self.settings)
        if self._provisional is None:
            return self._first_deadline(field_)[0]
        return self._final_deadline(field_, self._provisional)

    def poll(self, now_ns: int) -> RaceDecision | None:
        """A new decision if one became due by `now_ns`, else None. A claim race yields a provisional
        decision as soon as the winner is known, then a final one once the slower presses are in."""
        if self._arm is None or self._final is not None:
            return None
        field_ = _analyse(self._arm, self._edges, self.settings)
        if self._provisional is None:
            deadline, by_timeout = self._first_deadline(field_)
            if now_ns < deadline:
                return None
            decision = self._decide(field_, timed_out=by_timeout, now_ns=now_ns)
            if self._final_deadline(field_, decision) <= now_ns:
                self._final = dataclasses.replace(decision, final=True)
                return self._final
            self._provisional = dataclasses.replace(decision, final=False)
            return self._provisional
        if now_ns < self._final_deadline(field_, self._provisional):
            return None
        self._final = self._decide(field_, locked=self._provisional, now_ns=now_ns)
        return self._final

    def finish(self, now_ns: int | None = None) -> RaceDecision:
        """The final decision from what has been delivered, without waiting any longer (end of a
        replay, or the table calling the race)."""
        if self._final is not None:
            return self._final
        if self._arm is None:
            raise RaceRefused("the race was never armed, so there is nothing to decide")
        field_ = _analyse(self._arm, self._edges, self.settings)
        if self._provisional is None:
            _, by_timeout = self._first_deadline(field_)
            decision = self._decide(field_, timed_out=by_timeout, now_ns=now_ns)
        else:
            decision = self._decide(field_, locked=self._provisional, now_ns=now_ns)
        self._final = dataclasses.replace(decision, final=True)
        return self._final

    def _first_deadline(self, field_: _Field) -> tuple[int, bool]:
        """(when the first decision is due, whether it will be a timeout)."""
        arm, settings = self._armed, self.settings
        need = min(arm.prizes, len(field_.contenders))
        if need == 0:
            return _NOW, False
        ranked = field_.ranked()
        if len(ranked) >= need:
            return ranked[need - 1][1] + settings.settle_ns, False
        return arm.t_ns + settings.timeout_ns + settings.settle_ns, True

    def _final_deadline(self, field_: _Field, decision: RaceDecision) -> int:
        if decision.kind == "bones" or not decision.winners:
            return _NOW
        if all(player in field_.presses for player in field_.contenders):
            return _NOW
        return min(decision.press_ns.values()) + self.settings.rank_ns

    @property
    def _armed(self) -> Arm:
        """The arm of the race being decided; deciding is only reached once a race is armed."""
        if self._arm is None:
            raise RaceRefused("the race was never armed, so there is nothing to decide")
        return self._arm

    def _seed(self) -> int:
        seed = self._armed.seed
        return seed if seed is not None else self._seed_source()

    def _draw(self, group: list[int]) -> TieDraw:
        seed = self._seed()
        # Sorting first makes the draw depend only on the seed and who tied, never on arrival order.
        among = tuple(sorted(group))
        order = tuple(random.Random(seed).sample(among, len(among)))
        return TieDraw(seed=seed, among=among, order=order)

    def _decide(self, field_: _Field, *, timed_out: bool = False, locked: RaceDecision | None = None,
                now_ns: int | None) -> RaceDecision:
        arm, settings = self._armed, self.settings
        ranked = field_.ranked()
        too_late = dict(field_.too_late)
        if arm.kind == "claim" and ranked:
            # Only presses within the rank window of the first are timed, however late the decision.
            start = min(locked.press_ns.values()) if locked is not None and locked.press_ns else ranked[0][1]
            too_late.update((p, t) for p, t in ranked if t > start + settings.rank_ns)
            ranked = [(p, t) for p, t in ranked if t <= start + settings.rank_ns]
        times = [t for _, t in ranked]
        pressers = [player for player, _ in ranked]
        ties: tuple[tuple[int, ...], ...] = ()
        tie_draw: TieDraw | None = None
        rerace: tuple[int, ...] = ()
        rerace_prizes = 0
        first_losers: list[int] = []
        late: list[int] = []

        if locked is not None:
            winners = list(locked.winners)
            ties, tie_draw = locked.ties, locked.tie_draw
            rerace, rerace_prizes = locked.rerace, locked.rerace_prizes
            first_t = min(locked.press_ns.values()) if locked.press_ns else None
            late = [p for p, t in ranked
                    if field_.press_phase[p] == AFTER_DECISION and first_t is not None and t < first_t]
            if tie_draw is not None:
                first_losers = [p for p in tie_draw.order if p not in winners]
        else:
            prizes = arm.prizes
            if len(pressers) > prizes and times[prizes] - times[prizes - 1] < settings.tie_window_ns:
                start, stop = _chain(times, prizes - 1, prizes, settings.tie_window_ns)
                group = pressers[start:stop + 1]
                open_prizes = prizes - start
                ties = (tuple(group),)
                winners = pressers[:start]
                if settings.tie_policy == "draw":
                    tie_draw = self._draw(group)
                    winners += list(tie_draw.order[:open_prizes])
                    first_losers = list(tie_draw.order[open_prizes:])
                else:
                    rerace, rerace_prizes = tuple(group), open_prizes
            else:
                winners = pressers[:prizes]
            first_t = times[0] if times else None

        shown = set(winners) | set(rerace) | set(first_losers)
        losers = first_losers + [p for p in pressers if p not in shown]
        timed = {p for p, _ in ranked}
        losers += [p for p in arm.players if p not in shown and p not in timed]
        return RaceDecision(
            kind=arm.kind,
            players=arm.players,
            cue_ns=arm.t_ns,
            winners=tuple(winners),
            losers=tuple(losers),
            ties=ties,
            tie_draw=tie_draw,
            rerace=rerace,
            rerace_prizes=rerace_prizes,
            false_starts=tuple(field_.false_starts),
            stuck=tuple(field_.stuck),
            ignored=tuple(field_.ignored),
            late=tuple(late),
            margins_ms={p: ns_to_ms(t - first_t) for p, t in ranked} if first_t is not None else {},
            press_ns=dict(ranked),
            too_late_ns=too_late,
            timed_out=timed_out if locked is None else locked.timed_out,
            final=True,
            decided_ns=now_ns,
        )
