"""The documented example game replays to the result worked out by hand below.

Draft (2 players, Ann deals): 24 cards in the deck after the three columns of 2. Rounds 1-12 take a
column each and the next holder deals 2 back, so the deck is empty after round 12; rounds 13-15 empty
columns 1, 2 and 3. 15 rounds x 2 picks = 30 cards, 15 each, 32 actions with the two scores.

Ann's layout        red: R(0,0) R(0,1) W(0,2), S(1,0) links R(2,0): 3 nuts + 1 wild = 4, squirrel x2 = 8
  R R W B           blue: B(0,3) B(1,3) + the same wild (0,2) = 3, no squirrel
  S . . B           green: G(2,2) G(2,3) = 2; yellow: none
  R . G G           total 8 + 0 + 3 + 2 = 13, largest cluster 4 nuts

Ben's layout        yellow: the top row, 5; blue: B S B = 2 x2 = 4
  Y Y Y Y Y         red: R(3,2) R(3,3) = 2 (the B above and G beside do not link red)
  . . . . .         green: G(2,4) G(3,4) = 2
  B S B . G         total 5 + 4 + 2 + 2 = 13, largest cluster 5 nuts
  . . R R G

13 each: the tie goes to the larger single cluster, Ben's 5 yellows against Ann's 4 reds.
"""

from examples_support import replay_example


def test_the_example_game_replays_to_bens_tie_break_win():
    result = replay_example("nut")
    assert result["over"] is True and result["actions_applied"] == 32
    assert result["draft"]["picks"] == [15, 15] and result["draft"]["cards_left"] == 0
    assert result["scores"] == [13, 13]
    assert result["winner_names"] == ["Ben"] and result["tie_break"] == "largest cluster"
    ann, ben = result["layouts"]
    assert {letter: entry["points"] for letter, entry in ann["colours"].items()} == {"R": 8, "Y": 0, "B": 3, "G": 2}
    assert {letter: entry["points"] for letter, entry in ben["colours"].items()} == {"R": 2, "Y": 5, "B": 4, "G": 2}
    assert ann["largest"] == 4 and ben["largest"] == 5
    assert ben["colours"]["Y"]["cells"] == [[0, column] for column in range(5)]
