"""The race controller: buttons in, arbiter in the middle, LEDs and a callback out.

Decisions are made on the controller's own thread the moment the settle window closes, and the LEDs
are set right there, so the table sees who won without waiting for a UI frame. The UI registers
`on_decision(decision)` and must marshal it to its own thread (Kivy: Clock.schedule_once).
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
from typing import Any, Callable, Iterable, Mapping

from companion.errors import BadOption
from companion.races import Arbiter, Arm, Edge, RaceDecision, RaceRefused, RaceSettings, racelog

from .backend import Backend
from .buttons import PlayerButtons

log = logging.getLogger(__name__)

# The longest the thread sleeps without re-reading the clock, so an injected (test or replay)
# clock that jumps forward is noticed without a notify.
_MAX_SLEEP_S = 0.05


class RaceController:
    """One per app. Races run one at a time: start_race() (or prepare() + arm()), then edges decide.

    on_decision(decision): called on the controller thread after the LEDs are set; a claim race
        calls it twice, first with decision.final False (winner known), then final (all margins).
    on_cue(arm): called on the controller thread when the start cue time arrives.
    on_idle_edge(edge): called on the edge's thread for presses and releases between races, so a
        game can let players record moves with their own button.
    wake_gate(edge) -> bool: asked first about every edge, on the edge's thread; True swallows the
        edge (the press that wakes a sleeping screen, and its release, must not also play a move).
    threaded=False: no thread; the owner calls poll(now_ns) (replays, deterministic tests).
    """

    def __init__(self, backend: Backend, config: Mapping[str, Any], *,
                 on_decision: Callable[[RaceDecision], None] | None = None,
                 on_cue: Callable[[Arm], None] | None = None,
                 threaded: bool = True, seed_source: Callable[[], int] | None = None):
        self.backend = backend
        self.race_config = dict(config["race"])
        self.settings = RaceSettings.from_config(self.race_config)
        self.on_decision = on_decision
        self.on_cue = on_cue
        self.on_idle_edge: Callable[[Edge], None] | None = None
        self.wake_gate: Callable[[Edge], bool] | None = None
        # Players who may claim (Match!/Run!) at any moment by pressing: the first press starts a
        # claim race on this thread, and on_claim(arm) tells the screen one is being decided.
        self.open_claims: frozenset[int] = frozenset()
        self.on_claim: Callable[[Arm], None] | None = None
        self._seed_source = seed_source or (lambda: secrets.randbits(32))
        self._cond = threading.Condition()
        self._arbiter: Arbiter | None = None
        self._cue_sent = True
        self._lines: list[dict[str, Any]] = []
        self._stopped = False
        self.buttons: PlayerButtons | None = None
        if backend.has_gpio:
            self.buttons = PlayerButtons(backend, config["buttons"], self.settings.holdoff_ns, self._on_edge)
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="race-arbiter", daemon=True)
            self._thread.start()

    # --- what the UI reads --------------------------------------------------------------------------

    @property
    def warning(self) -> str | None:
        """One sentence to show on screen (userspace timestamps, no GPIO), or None."""
        return self.backend.warning

    @property
    def kernel_timestamps(self) -> bool:
        return self.backend.kernel_timestamps

    @property
    def decision(self) -> RaceDecision | None:
        with self._cond:
            return self._arbiter.decision if self._arbiter else None

    @property
    def racing(self) -> bool:
        with self._cond:
            return self._arbiter is not None and self._arbiter.arm_event is not None and not self._arbiter.done

    def race_log(self) -> str:
        """The current race as JSON lines (see docs/races.md), for the app to save."""
        with self._cond:
            return racelog.dumps(self._lines)

    def seconds_until(self, t_ns: int) -> float:
        return (t_ns - self.backend.clock_ns()) / 1e9

    # --- running a race -----------------------------------------------------------------------------

    def start_race(self, kind: str, players: Iterable[int], *, cue_delay_s: float | None = None) -> Arm:
        """Arm a race now with the start cue after a random delay (config race.cue_delay_*_s) so
        nobody can anticipate it. Returns the Arm; its t_ns is the cue on the GPIO clock."""
        if cue_delay_s is None:
            low, high = self.race_config["cue_delay_min_s"], self.race_config["cue_delay_max_s"]
            cue_delay_s = random.SystemRandom().uniform(min(low, high), max(low, high))
        with self._cond:
            self._refuse_if_racing()
            arm = self._make_arm(kind, players, self.backend.clock_ns() + round(cue_delay_s * 1e9), None)
            self._new_race()
            return self._install(arm)

    def update_race_settings(self, race: Mapping[str, Any]) -> None:
        """Take a changed `race` section (the settings screen) for the next race. The debounce
        hold-off is fixed when the buttons open, so it changes only at the next start."""
        settings = RaceSettings.from_config(race)
        with self._cond:
            self._refuse_if_racing()
            self.race_config = dict(race)
            self.settings = settings

    def prepare(self) -> None:
        """Open a race without arming it: edges from now on are recorded, and a press before the
        arm is a false start. (start_race does this and arm() in one step.)"""
        with self._cond:
            self._refuse_if_racing()
            self._new_race()

    def arm(self, kind: str, players: Iterable[int], cue_ns: int, *, seed: int | None = None) -> Arm:
        with self._cond:
            self._refuse_if_racing()
            arm = self._make_arm(kind, players, cue_ns, seed)
            if self._arbiter is None or self._arbiter.done:
                self._new_race()
            return self._install(arm)

    def cancel(self) -> None:
        """Abandon the current race (nothing decided); LEDs go dark."""
        with self._cond:
            self._arbiter = None
            self._cue_sent = True
        if self.buttons:
            self.buttons.all_off()

    def refuse_press(self, number: int) -> None:
        """Between races, blink the light of button `number`: the game saw its press and did not take
        it (not that player's turn), and the player sees so at their seat. During a race the lights
        are the race's, so nothing blinks."""
        if self.buttons is not None and not self.racing:
            self.buttons.flash(number)

    def screen_press(self, player: int, pressed: bool = True) -> Edge:
        """An on-screen button (no GPIO): stamped when the touch is handled, so less fair."""
        edge = Edge(player, pressed, self.backend.clock_ns())
        self._on_edge(edge)
        return edge

    def press(self, number: int) -> None:
        """Mock keyboard: press big button `number` through the simulated GPIO pin."""
        self._need_buttons().press(number)

    def release(self, number: int) -> None:
        self._need_buttons().release(number)

    def poll(self, now_ns: int | None = None) -> RaceDecision | None:
        """Decide if a decision is due (for threaded=False owners). LEDs and on_decision as usual."""
        with self._cond:
            decision = self._poll_locked(self.backend.clock_ns() if now_ns is None else now_ns)
        if decision is not None:
            self._deliver(decision)
        return decision

    def finish(self) -> RaceDecision:
        """Decide now with whatever has been delivered (end of a replay; the table calling time)."""
        with self._cond:
            if self._arbiter is None:
                raise RaceRefused("no race is running, so there is nothing to decide")
            already = self._arbiter.done
            decision = self._arbiter.finish(self.backend.clock_ns())
            if not already:
                self._lines.append(racelog.decision_line(decision))
        if not already:
            self._deliver(decision)
        return decision

    def close(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        if self.buttons:
            self.buttons.all_off()
            self.buttons.close()

    # --- internals ----------------------------------------------------------------------------------

    def _need_buttons(self) -> PlayerButtons:
        if self.buttons is None:
            raise RaceRefused(f"there are no GPIO buttons ({self.backend.warning}); use screen_press()")
        return self.buttons

    def _start_claim(self, first: Edge) -> Arm:
        """A claim race armed by its own first press. The cue is put one settle window before that
        press, so a press stamped earlier but delivered later still counts and wins; nothing is
        held at arm time because the claimers' buttons are going down right now."""
        self._new_race()
        cue_ns = first.t_ns - self.settings.settle_ns
        arm = Arm("claim", tuple(sorted(self.open_claims)), cue_ns, seed=(
            self._seed_source() if self.settings.tie_policy == "draw" else None))
        self._install(arm)
        self._cue_sent = True  # the press was the cue: no lights or beep to give
        # Closed until the screen has the result recorded and opens them again: one claim at a time.
        self.open_claims = frozenset()
        return arm

    def _refuse_if_racing(self) -> None:
        if self._arbiter is not None and self._arbiter.arm_event is not None and not self._arbiter.done:
            raise RaceRefused("a race is already running; cancel it or wait for its decision")

    def _new_race(self) -> None:
        self._arbiter = Arbiter(self.settings, seed_source=self._seed_source)
        self._lines = []
        self._cue_sent = True
        if self.buttons:
            self.buttons.all_off()

    def _make_arm(self, kind: str, players: Iterable[int], cue_ns: int, seed: int | None) -> Arm:
        """Everything that can refuse a race happens here, before any state changes."""
        players = tuple(players)
        if self.buttons is not None:
            missing = [p for p in players if p not in self.buttons.numbers]
            if missing:
                raise BadOption(f"player(s) {missing} have no button in the pin map (config.json 'buttons')")
        held = self.buttons.held(players) if self.buttons else frozenset()
        if seed is None and self.settings.tie_policy == "draw":
            seed = self._seed_source()
        return Arm(kind, players, cue_ns, held=held, seed=seed)

    def _install(self, arm: Arm) -> Arm:
        assert self._arbiter is not None, "_new_race makes the arbiter an arm is installed in"
        self._arbiter.arm(arm)
        self._lines.append(racelog.arm_line(arm, self.race_config))
        self._cue_sent = False
        self._cond.notify_all()
        return arm

    def _on_edge(self, edge: Edge) -> None:
        gate = self.wake_gate
        if gate is not None:
            try:
                if gate(edge):
                    return
            except Exception:  # noqa: BLE001 - a UI bug must not break the button thread
                log.exception("wake_gate callback failed")
        claim = None
        with self._cond:
            idle = self._arbiter is None or self._arbiter.done
            if idle and edge.pressed and edge.player in self.open_claims:
                claim, idle = self._start_claim(edge), False
            if not idle and self._arbiter is not None:
                self._arbiter.edge(edge)
                self._lines.append(racelog.edge_line(edge))
                self._cond.notify_all()
        if claim is not None and self.on_claim is not None:
            try:
                self.on_claim(claim)
            except Exception:  # noqa: BLE001 - a UI bug must not break the button thread
                log.exception("on_claim callback failed")
        listener = self.on_idle_edge
        if idle and listener is not None:
            try:
                listener(edge)
            except Exception:  # noqa: BLE001 - a UI bug must not break the button thread
                log.exception("on_idle_edge callback failed")

    def _poll_locked(self, now_ns: int) -> RaceDecision | None:
        if self._arbiter is None:
            return None
        decision = self._arbiter.poll(now_ns)
        if decision is not None:
            self._lines.append(racelog.decision_line(decision))
        return decision

    def _signal_cue(self, arm: Arm) -> None:
        # LEDs first, straight from this thread: the lights are the fairest cue, the screen follows.
        with self._cond:
            still_racing = self._arbiter is not None and self._arbiter.arm_event is arm and not self._arbiter.done
        if not still_racing:
            return
        if self.buttons:
            self.buttons.cue(arm.players)
        if self.on_cue is not None:
            try:
                self.on_cue(arm)
            except Exception:  # noqa: BLE001 - a UI bug must not stop the arbiter thread
                log.exception("on_cue callback failed")

    def _deliver(self, decision: RaceDecision) -> None:
        if self.buttons:
            self.buttons.show(decision)
        if self.on_decision is not None:
            try:
                self.on_decision(decision)
            except Exception:  # noqa: BLE001 - a UI bug must not stop the arbiter thread
                log.exception("on_decision callback failed")

    def _run(self) -> None:
        while True:
            cue: Arm | None = None
            decision: RaceDecision | None = None
            with self._cond:
                if self._stopped:
                    return
                now = self.backend.clock_ns()
                arbiter = self._arbiter
                armed = arbiter.arm_event if arbiter is not None else None
                if armed is not None and not self._cue_sent and now >= armed.t_ns:
                    self._cue_sent, cue = True, armed
                deadline = arbiter.next_deadline_ns() if arbiter is not None else None
                if deadline is not None and now >= deadline:
                    decision = self._poll_locked(now)
                elif cue is None:
                    waits = [_MAX_SLEEP_S]
                    if deadline is not None:
                        waits.append(max(deadline - now, 0) / 1e9)
                    if armed is not None and not self._cue_sent:
                        waits.append(max(armed.t_ns - now, 0) / 1e9)
                    self._cond.wait(min(waits))
                    continue
            if cue is not None:
                self._signal_cue(cue)
            if decision is not None:
                self._deliver(decision)
