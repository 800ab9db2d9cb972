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


def test_mix_the_mutts_new_dogs_per_tile():
    # Sheet 001: "Turn over the top two tiles and place them side by side"; a new tile "must always
    # connect to at least two other tiles". The first tile makes exactly 2 dogs, the second up to 3.
    result = replay_example("rules/mix_the_mutts-new-dogs-per-tile")
    assert result["tiles"]["on_table"] == 4 and result["new_dogs_per_tile"] == {"min": 2, "max": 4}
    assert [p["total"] for p in result["players"]] == [1 + 10, 3 + 12 + 2 + 1]  # the family's card values
    assert result["card_values"]["dalmatian"] == 10 and result["card_values"]["chihuahua"] == 12
