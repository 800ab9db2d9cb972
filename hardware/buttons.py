"""The players' big arcade buttons and their LEDs, as gpiozero devices.

Each button is a gpiozero Button with the pull-up on and *no* bounce_time: on lgpio, bounce_time
makes the kernel hold the edge back until the contacts stop bouncing, which stamps each press late
by however long that switch bounced. Instead the first edge is the press, its timestamp is the
edge's own (the factory's ticks, which on lgpio come from the kernel), and later bounces of the
same button are dropped for a hold-off (leading-edge debounce).

A release is confirmed once the button has stayed open for the hold-off. No edge marks that moment,
so one small thread per set of buttons wakes when the earliest pending release falls due and reports
it (stamped with the release edge's own time), so a tap or a hold ends when the player lets go, not
when they next press.
"""

from __future__ import annotations

import logging
import threading
from functools import partial
from typing import Any, Callable, Iterable, Mapping

from companion.errors import BadOption, IllegalAction
from companion.races import Edge, LeadingEdgeDebouncer, RaceDecision

from .backend import Backend, close_all, edge_time_ns

log = logging.getLogger(__name__)

# An edge stamped further than this from the factory's clock cannot be on the same clock (a kernel
# that stamps with CLOCK_REALTIME, say); then arrival time is the only usable stamp.
_CLOCK_SANITY_NS = 2_000_000_000

# The longest the release thread sleeps without re-reading the clock, so an injected (test or replay)
# clock that jumps forward is noticed.
_MAX_SLEEP_S = 0.05


class PlayerButtons:
    """One Button (and optional LED) per entry of the config's pin map, keyed by button number.

    `on_edge(Edge)` is called for every debounced change: presses on whichever thread the pin factory
    delivers callbacks (lgpio's callback thread on a Pi; the caller's thread with the mock), releases
    there or on the "button-releases" thread. Calls never overlap and come in the order the changes
    happened.
    """

    def __init__(self, backend: Backend, pin_map: Mapping[str, Mapping[str, Any]], holdoff_ns: int,
                 on_edge: Callable[[Edge], None]):
        if not backend.has_gpio:
            raise IllegalAction(f"the {backend.name} backend has no GPIO pins; use on-screen buttons")
        from gpiozero import LED, Button

        self.backend = backend
        self._on_edge = on_edge
        # Held while a change is worked out *and* delivered, so a release confirmed by the thread and a
        # press arriving from the pin cannot reach on_edge in the wrong order. Reentrant so that an
        # on_edge that drives a mock pin does not deadlock.
        self._lock = threading.Condition(threading.RLock())
        self._closed = False
        self._release_thread: threading.Thread | None = None
        self._buttons: dict[int, Any] = {}
        self._leds: dict[int, Any] = {}
        self._debouncers: dict[int, LeadingEdgeDebouncer] = {}
        self.clock_mismatch = False
        try:
            for number, spec in sorted(pin_map.items(), key=lambda item: int(item[0])):
                player = int(number)
                button = Button(spec["pin"], pull_up=True, bounce_time=None, pin_factory=backend.factory)
                self._buttons[player] = button
                self._debouncers[player] = LeadingEdgeDebouncer(holdoff_ns, down=button.is_pressed)
                button.when_pressed = partial(self._changed, player, True)
                button.when_released = partial(self._changed, player, False)
                if spec.get("led") is not None:
                    self._leds[player] = LED(spec["led"], pin_factory=backend.factory)
        except Exception:
            # Release whatever pins were claimed so a retry (or another backend) can have them.
            self.close()
            raise
        self._release_thread = threading.Thread(target=self._confirm_releases, name="button-releases",
                                                daemon=True)
        self._release_thread.start()

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(self._buttons)

    def bounces_ignored(self) -> dict[int, int]:
        return {player: debouncer.ignored for player, debouncer in self._debouncers.items()}

    def presses_counted(self) -> dict[int, int]:
        """Debounced presses per button since these buttons were opened."""
        return {player: debouncer.presses for player, debouncer in self._debouncers.items()}

    def held(self, players: Iterable[int] | None = None) -> frozenset[int]:
        """Buttons down right now (at arm time: buttons that are stuck or being held)."""
        wanted = self._buttons if players is None else [p for p in players if p in self._buttons]
        return frozenset(player for player in wanted if self._buttons[player].is_pressed)

    def _changed(self, player: int, pressed: bool, button: Any) -> None:
        t_ns = edge_time_ns(button)
        now_ns = self.backend.clock_ns()
        if abs(now_ns - t_ns) > _CLOCK_SANITY_NS:
            if not self.clock_mismatch:
                log.warning("button %s edge stamped %.3f s away from the GPIO clock; using arrival times",
                            player, (t_ns - now_ns) / 1e9)
            self.clock_mismatch = True
            t_ns = now_ns
        with self._lock:
            if self._closed:
                return
            self._deliver(player, self._debouncers[player].feed(pressed, t_ns))
            self._lock.notify_all()   # a release may now be pending, or no longer

    def _deliver(self, player: int, changes: list[tuple[bool, int]]) -> None:
        for change_pressed, change_ns in changes:
            try:
                self._on_edge(Edge(player, change_pressed, change_ns))
            except Exception:  # noqa: BLE001 - one bad listener must not stop the buttons
                log.exception("on_edge callback failed")

    def _confirm_releases(self) -> None:
        with self._lock:
            while not self._closed:
                now_ns = self.backend.clock_ns()
                waits = []
                for player, debouncer in self._debouncers.items():
                    due = debouncer.due_ns
                    if due is None:
                        continue
                    if now_ns < due:
                        waits.append((due - now_ns) / 1e9)
                    elif self._buttons[player].is_pressed:
                        # Closed again, but that edge has not been delivered yet (a busy callback
                        # thread): its stamp, not this moment, says whether the opening was a release.
                        waits.append(_MAX_SLEEP_S)
                    else:
                        self._deliver(player, debouncer.confirm_release(now_ns))
                        if self._closed:   # a listener closed the buttons from inside on_edge
                            return
                self._lock.wait(min([_MAX_SLEEP_S, *waits]) if waits else None)

    # --- the mock keyboard --------------------------------------------------------------------------

    def _pin(self, number: int) -> Any:
        if not self.backend.is_mock:
            raise IllegalAction(f"keyboard presses drive simulated pins and only work with the mock "
                                f"backend (this is {self.backend.name}); press the real button")
        if number not in self._buttons:
            raise BadOption(f"there is no button {number!r} in the pin map; buttons are "
                            f"{', '.join(map(str, self._buttons))} (config.json 'buttons')")
        return self._buttons[number].pin

    def press(self, number: int) -> None:
        """Press a mock button: the pin goes low (pull-up wiring) and the edge travels the same path
        as a real one, stamped by the factory's clock now."""
        self._pin(number).drive_low()

    def release(self, number: int) -> None:
        self._pin(number).drive_high()

    # --- LEDs ---------------------------------------------------------------------------------------

    def led_is_lit(self, number: int) -> bool | None:
        led = self._leds.get(number)
        return None if led is None else bool(led.is_lit)

    def show(self, decision: RaceDecision) -> None:
        """Light the winners' LEDs and darken everyone else's; players tied for a re-race blink."""
        for player, led in self._leds.items():
            if player in decision.winners:
                led.on()
            elif player in decision.rerace:
                led.blink(on_time=0.15, off_time=0.15)
            else:
                led.off()

    def flash(self, number: int) -> None:
        """Three quick blinks of one button's light, then dark: its press was seen but not taken."""
        led = self._leds.get(number)
        if led is not None:
            led.blink(on_time=0.12, off_time=0.12, n=3)

    def cue(self, players: Iterable[int]) -> None:
        """The start cue: every racing player's LED at once, so no seat sees GO before another."""
        for player in players:
            led = self._leds.get(player)
            if led is not None:
                led.on()

    def all_off(self) -> None:
        for led in self._leds.values():
            led.off()

    def close(self) -> None:
        """Pending releases are dropped: nothing is delivered after close, and no thread is left."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        thread = self._release_thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2)
        close_all(list(self._buttons.values()) + list(self._leds.values()))
        self._buttons.clear()
        self._leds.clear()
