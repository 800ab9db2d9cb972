"""`companion replay-race FILE.jsonl`: re-decide a logged race through the real hardware path.

Every edge of the log drives a gpiozero MockFactory pin, in file order, with the mock clock set to
the edge's own timestamp, so it passes through the same Button callbacks, timestamp conversion,
debounce and controller as a live press before reaching the arbiter. The decision is printed as one
JSON object.

The replay's clock never runs ahead of the log: before each edge is delivered, the controller is
polled at the latest timestamp delivered so far (the earliest moment that edge could have arrived),
so a decision the live app would have made before a late edge arrived is made here too.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from companion import config as companion_config
from companion.errors import BadDocument
from companion.files import read_text
from companion.races import Arm, RaceDecision, racelog

from .backend import mock_clock, mock_factory, open_backend
from .controller import RaceController

# A race log is a few hundred lines of edges; this is far past any.
LARGEST_RACE_LOG = 16 * 1024 * 1024


class _Clock:
    """Stands in for time.monotonic inside gpiozero's mock pins. Fractions keep every nanosecond."""

    def __init__(self) -> None:
        self.now = Fraction(0)

    def set_ns(self, t_ns: int) -> None:
        self.now = Fraction(t_ns, 1_000_000_000)

    def __call__(self) -> Fraction:
        return self.now


def _check_buttons(log: racelog.RaceLog, pin_map: Mapping[str, Any]) -> None:
    numbers = {int(n) for n in pin_map}
    for event, line in zip(log.events, log.lines):
        players = event.players if isinstance(event, Arm) else (event.player,)
        missing = sorted(set(players) - numbers)
        if missing:
            raise BadDocument(f"race log line {line}: button {missing[0]} is not in the pin map "
                              f"(buttons {', '.join(map(str, sorted(numbers)))}; see config.json 'buttons')")


def replay(log: racelog.RaceLog, config: Mapping[str, Any]) -> RaceDecision:
    settings = dict(config, race=racelog.race_settings(log, config["race"]))
    _check_buttons(log, settings["buttons"])
    clock = _Clock()
    times = [event.t_ns for event in log.events if not isinstance(event, Arm)]
    with mock_clock(clock):
        backend = open_backend("mock", settings, factory=mock_factory())
        controller = RaceController(backend, settings, threaded=False)
        try:
            # Buttons logged as held at arm go down before the race opens, so they are not its edges.
            clock.set_ns(max(0, min(times + [log.arm.t_ns]) - controller.settings.holdoff_ns - 1))
            for number in sorted(log.arm.held):
                controller.press(number)
            controller.prepare()
            delivered: int | None = None
            for event in log.events:
                if isinstance(event, Arm):
                    controller.arm(event.kind, event.players, event.t_ns, seed=event.seed)
                    continue
                if delivered is not None:
                    controller.poll(delivered)
                clock.set_ns(event.t_ns)
                (controller.press if event.pressed else controller.release)(event.player)
                delivered = event.t_ns if delivered is None else max(delivered, event.t_ns)
            if delivered is not None:
                controller.poll(delivered)
            return controller.finish()
        finally:
            controller.close()
            backend.close()


def main(args: Any) -> int:
    text = read_text(Path(args.file), LARGEST_RACE_LOG, what="race log (JSON lines)")
    data_dir = getattr(args, "data_dir", None)
    config = companion_config.load(data_dir) if data_dir else companion_config.validate({})
    decision = replay(racelog.parse(text), config)
    print(json.dumps(decision.to_json()))
    return 0
