"""The small example logs in docs/examples/rules/, one per place where the app once disagreed with a
printed rule sheet, replayed with the installed `companion replay-game` to the sheet's result."""

from examples_support import EXAMPLES, replay_example


def test_every_rule_example_is_covered_here():
    covered = {name.split("(")[0] for name in globals() if name.startswith("test_")}
    logs = sorted(path.stem for path in (EXAMPLES / "rules").glob("*.json"))
    assert logs and all(f"test_{log.replace('-', '_')}" in covered for log in logs), logs


def test_nut_largest_cluster():
    # Sheet 002: "they must count the largest one only": Ann's four plain reds count, not the three
    # reds doubled by a squirrel (6), so Ben's five blues win.
    result = replay_example("rules/nut-largest-cluster")
    assert result["over"] and result["scores"] == [4, 5] and result["winner_names"] == ["Ben"]
    assert result["layouts"][0]["colours"]["R"]["cells"] == [[0, 0], [0, 1], [0, 2], [0, 3]]
