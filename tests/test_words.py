"""Nouns agree with the numbers in front of them, wherever the family reads a count in words; lists read as they are said."""

from companion.words import counted, listed, noun, only_counted


def test_one_takes_the_singular_and_every_other_number_the_plural():
    assert [counted(number, "card") for number in (0, 1, 2, 11)] == ["0 cards", "1 card", "2 cards", "11 cards"]


def test_a_plural_that_is_not_the_singular_with_an_s_is_given():
    assert [noun(number, "is", "are") for number in (0, 1, 2)] == ["are", "is", "are"]
    assert counted(1, "Mug of that colour", "Mugs of that colour") == "1 Mug of that colour"
    assert counted(3, "Mug of that colour", "Mugs of that colour") == "3 Mugs of that colour"


def test_a_list_is_written_as_it_is_said():
    assert [listed(names) for names in (["Ann"], ["Ann", "Ben"], ["Ann", "Ben", "Cleo"])] == [
        "Ann", "Ann and Ben", "Ann, Ben and Cleo"]


def test_a_count_short_of_what_is_needed_says_none_as_none():
    assert [only_counted(number, "card") for number in (0, 1, 2)] == ["no cards", "only 1 card", "only 2 cards"]
