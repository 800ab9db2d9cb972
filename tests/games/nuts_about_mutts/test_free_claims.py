"""Free claims (advanced Nuts about Mutts): a player slams their button at any moment, the first
press starts the claim race itself, and the earliest edge wins even when it is delivered late."""

from companion import config
from companion.races import Edge
from hardware.backend import open_backend
from hardware.controller import RaceController

MS = 1_000_000


def controller_for(tmp_path):
    settings = config.load(tmp_path)
    return RaceController(open_backend("mock", settings), settings, threaded=False)


def test_an_earlier_press_delivered_late_still_wins_the_claim(tmp_path):
    controller = controller_for(tmp_path)
    claims = []
    controller.on_claim = claims.append
    controller.open_claims = frozenset({1, 2, 3})
    try:
        controller._on_edge(Edge(2, True, 1000 * MS))   # delivered first
        controller._on_edge(Edge(1, True, 990 * MS))    # pressed 10 ms earlier, delivered later
        assert len(claims) == 1 and claims[0].players == (1, 2, 3)
        decision = controller.finish()
        assert decision.winner == 1
        assert decision.margins_ms[2] == 10.0
        assert controller.buttons.led_is_lit(1) and not controller.buttons.led_is_lit(2)
    finally:
        controller.close()


def test_presses_by_players_who_may_not_claim_start_nothing(tmp_path):
    controller = controller_for(tmp_path)
    idle = []
    controller.on_idle_edge = idle.append
    controller.open_claims = frozenset({1, 2})  # button 3 is in the dog house
    try:
        controller._on_edge(Edge(3, True, 1000 * MS))
        assert not controller.racing and idle == [Edge(3, True, 1000 * MS)]
    finally:
        controller.close()


def test_with_claims_closed_a_press_is_just_a_press(tmp_path):
    controller = controller_for(tmp_path)
    try:
        controller._on_edge(Edge(1, True, 1000 * MS))
        assert not controller.racing
    finally:
        controller.close()


def test_the_claim_log_replays_to_the_same_winner(tmp_path):
    import json
    import subprocess
    import sys

    controller = controller_for(tmp_path)
    controller.open_claims = frozenset({1, 2})
    try:
        controller._on_edge(Edge(2, True, 1000 * MS))
        controller._on_edge(Edge(1, True, 995 * MS))
        controller.finish()
        log = tmp_path / "claim.jsonl"
        log.write_text(controller.race_log())
    finally:
        controller.close()
    result = subprocess.run([sys.executable, "-m", "table_companion", "replay-race", str(log)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == [1]
