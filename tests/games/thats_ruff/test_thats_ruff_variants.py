"""That's Ruff! with its two play-changing variants switched on through touches in the set-up's Settings
popup (laid-out cards picked up into the hands, discs spent on tricks), played by a family to the
winner in the real app with the layout check on every screen: three players on the 7" panel, and four
with long names at 1280x720, where the hands run short of collections and have to be shown as proof."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[2] / "e2e"))
from test_play_through import assert_played, run_play  # noqa: E402

VARIANTS = "laid_out_into_hand=true,abilities=true"


def played_actions(data_dir):
    from companion.store import Store

    store = Store.open(data_dir)
    try:
        record = store.sessions(unfinished=False)[0]
        return record.options, [action for kind, action in store.entries(record.id) if kind == "do"]
    finally:
        store.close()


@pytest.mark.slow
@pytest.mark.e2e
@pytest.mark.parametrize("players, long_names, size, proof", [
    pytest.param(3, False, "800x480", False, id="3p-800x480"),
    pytest.param(4, True, "1280x720", True, id="4p-1280x720"),
])
def test_a_family_plays_with_the_cards_in_the_hand_and_tricks(tmp_path, players, long_names, size, proof):
    data = tmp_path / "data"
    args = ["thats_ruff", "--players", str(players), "--size", size, "--data-dir", str(data),
            "--settings", VARIANTS, *(["--long-names"] if long_names else [])]
    report = assert_played(run_play(tmp_path, *args))
    assert report["settings"] == {"laid_out_into_hand": True, "abilities": True}
    options, actions = played_actions(data)
    assert options["laid_out_into_hand"] and options["abilities"]
    kinds = Counter(action.type for action in actions)
    assert kinds["collect"] and not kinds["reveal"], kinds
    assert kinds["use_ability"], kinds
    if proof:
        assert any(action.get("shown") for action in actions if action.type in ("collect", "to_centre"))
