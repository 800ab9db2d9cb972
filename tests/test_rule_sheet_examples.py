"""The small example logs in seeds/examples/rules/, one per place where the app once disagreed with a
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


def test_nuts_about_mutts_name_top_card():
    # Sheet 000, the pedigree round: "no matching and running is allowed until these steps are
    # completed". Once it is over the family names the top card (a blue 9) and Run!, Match! follow.
    result = replay_example("rules/nuts_about_mutts-name-top-card")
    assert result["phase"] == "play" and result["top_card"] == {"card": "dog", "colour": "blue", "number": 10}
    assert result["hand_sizes"] == [5, 6, 5] and result["top_card_unknown"] is False
    assert result["turn"] == 2 and result["to_act"]["may_pass"]  # Cleo matched on her own turn
    assert result["home_pile"] == 1 + 1 + 2 + 1 + 1 + 1


def test_nuts_about_mutts_flea_reshuffle():
    # Sheet 000: "If the draw pile is depleted, re-shuffle the extra cards from the home pile and
    # continue." Ben's Flea finds one card left for two players: Cleo takes it, the home pile under the
    # Flea (red 5, Dog House, red 7) becomes the draw pile, and Ann draws from it.
    result = replay_example("rules/nuts_about_mutts-flea-reshuffle")
    assert result["hand_sizes"] == [7 + 82 - 1 + 1, 7 - 1 - 1, 7 - 1 + 1]
    assert result["draw_pile"] == 3 - 1 and result["home_pile"] == 1 and result["top_card"] == {"card": "flea"}
    assert result["cards"]["in_hands"] + result["draw_pile"] + result["home_pile"] == result["cards"]["deck"]


def test_nuts_about_mutts_claim_race_winner():
    # Sheet 000: "If two or more players attempt to play a turn, a run, or a match at the same time, the
    # player whose card is placed on the stack first gets to make the play." Each claim is its race's
    # winner's, in the shape the race screen records.
    result = replay_example("rules/nuts_about_mutts-claim-race-winner")
    assert result["hand_sizes"] == [6, 6, 5] and result["turn"] == 0
    assert result["last_race"]["winners"] == [2] and result["top_card"]["number"] == 10


def test_nuts_about_mutts_match_after_dog_house():
    # Sheet 000: the Dog House "is placed on the table in front of a player ... (not the home pile)", and
    # the colour it names is followed by a normal play; Match! is back on the blue 5 that follows.
    result = replay_example("rules/nuts_about_mutts-match-after-dog-house")
    assert result["hand_sizes"] == [9, 5, 5, 5] and result["dog_house"] == []
    assert result["draw_pile"] == 76 - 3 and result["home_pile"] == 7


def test_nuts_about_mutts_match_needs_a_twin():
    # Sheet 000: "two sets of each colored card ... two identical matches of each numbered card", and a
    # Match "must be an exact match". Ben's red 5 and Dev's are both on the home pile, so nobody holds
    # its twin: Match! is refused, with the reason; a Run (another card) is still open to Ann.
    result = replay_example("rules/nuts_about_mutts-match-needs-a-twin")
    assert result["top_card"] == {"card": "dog", "colour": "red", "number": 5} and result["home_pile"] == 3
    assert result["claims"]["match_refused"] == ("No Match on a red 5: both red 5s are already on the home pile "
                                                 "(the deck has 2 of each dog), so nobody holds its twin.")
    assert result["claims"]["run_refused"] is None and result["claims"]["run_numbers"] == [4, 6]


def test_nuts_about_mutts_match_on_dog_house_colour():
    # Sheet 000: the Dog House "is placed on the table in front of a player ... (not the home pile)", so
    # the red 5 stays in play, and "A match may be played at any time": the Dog House named red, Ben's
    # twin red 5 follows it at once, and play goes on from Ben's left (Cleo's green 5).
    result = replay_example("rules/nuts_about_mutts-match-on-dog-house-colour")
    assert result["hand_sizes"] == [7, 6 - 1, 7 - 1 - 1, 7] and result["dog_house"] == [0]
    assert result["home_pile"] == 3 and result["draw_pile"] == 104 - 28 and result["turn"] == 3
    assert result["colour_to_follow"] is None and result["top_card"]["colour"] == "green"


def test_thats_ruff_stay_second_visit():
    # Sheet 003: "Whenever your dog reaches its dog house and you don't want it to move further, you can
    # discard one fetched disc for each space the dog would otherwise be obliged to move." Moon, on 7,
    # moves 24 back: into the house with 16 to go (no discs), round the loop fetching the disc on 8,
    # into the house again with 1 to go: Ben pays that disc, and Moon is home with her path clear.
    result = replay_example("rules/thats_ruff-stay-second-visit")
    assert result["phase"] == "won" and result["winner"]["dog"] == "Moon"
    moon = result["boards"][1]
    assert (moon["position"], moon["discs_in_house"], moon["discs_on_path"]) == (14, 0, [])


def test_thats_ruff_eights():
    # Sheet 003: "The cards numbered 8 each show a dog whose name is on one of the game board's dog
    # houses". Nicky's 8 has turned up, so Ann's blue 8 is Sage's: no own-8 move for Nicky.
    result = replay_example("rules/thats_ruff-eights")
    assert result["last_card_name"] == "blue 8 (Sage)"
    assert [board["position"] for board in result["boards"]] == [0, 2, 0, 0]


def test_thats_ruff_laid_out_into_hand():
    # Sheet 003's variant: "Players pull all laid-out cards up into their hands. (Players collecting pairs
    # or adding cards to the center must prove that they could not have done otherwise.)" Ann's pair of
    # blacks comes with the rest of her hand shown; her next card to the centre needs nothing more.
    result = replay_example("rules/thats_ruff-laid-out-into-hand")
    assert result["phase"] == "collecting" and result["laid_out_into_hand"]
    assert result["players"][0]["collected"] == [{"number": 7, "colour": "black"}, {"number": 0, "colour": "black"}]
    assert [p["cards_held"] for p in result["players"]] == [2, 2]
    assert {"number": 9, "colour": "black"} in result["centre"]
    assert result["proof_needed"] == {"seat": 1, "cards": 1}


def test_thats_ruff_wild_dogs_pair():
    # Sheet 003: "if a collection contains both Wild Dogs, they count as a set". Ben uses one Wild Dog
    # to collect two reds and the other, later, to collect two blues: two collections, one Wild Dog
    # each, and no other set or flush, so Moon stays on 0 (counting both would take it 2 back, to 13).
    result = replay_example("rules/thats_ruff-wild-dogs-pair")
    assert result["phase"] == "hand_over"
    assert [card for card in result["players"][1]["collected"] if card.get("wild")] == [
        {"wild": True, "colour": "red"}, {"wild": True, "colour": "blue"}]
    assert [board["position"] for board in result["boards"]] == [0, 0]
    assert "Wild Dogs" not in result["last_move"]


def test_thats_ruff_abilities():
    # Sheet 003's variant: "Spend fetched discs to gain abilities or advantages". Ben spends the disc Moon
    # fetched on a step back (9 to 8), so the 24 spaces back end in the dog house: Moon wins.
    result = replay_example("rules/thats_ruff-abilities")
    assert result["abilities"] == {"costs": {"stay": 1, "step_back": 1, "retoss": 2}}
    assert result["phase"] == "won" and result["winner"]["dog"] == "Moon"
    assert result["boards"][1]["discs_in_house"] == 0 and result["disc_supply"] == 18 + 1
