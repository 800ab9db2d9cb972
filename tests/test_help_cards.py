"""Every game has a help card a family can read at the table: the goal, the turn, what every card in
its rule card does, how it ends, what to tell the app, and plain words for every setting."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.registry import GAMES, load_game
from companion.rulecards import (
    HELP_PARTS,
    card_kinds,
    first_seat_words,
    help_entry_kinds,
    load_help,
    setting_words,
    value_key,
    value_words,
)

# A raw setting key or value shows an underscore (classic_109, laid_out_face); plain words never do.
RAW = re.compile(r"_")


def words_in(card: dict) -> list[str]:
    texts = [card["goal"], card["setup"], card["end"], *card["turn"], *card["app"]]
    for entry in card["cards"] + card.get("more", []):
        texts += [entry.get("name", ""), entry.get("effect", ""), entry.get("title", ""), entry.get("text", "")]
    return [text for text in texts if text]


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_every_game_has_a_help_card_with_every_part(entry):
    card = load_help(entry.key)
    assert card["game"] == entry.key
    for part in HELP_PARTS:
        assert card.get(part), f"{entry.key} help card has no {part!r}"
    assert isinstance(card["goal"], str) and isinstance(card["end"], str)
    assert len(card["turn"]) >= 2 and all(isinstance(step, str) and step for step in card["turn"])
    assert all(line for line in card["app"])
    for item in card["cards"]:
        assert item["name"] and item["effect"], item
    for item in card.get("more", []):
        assert item["title"] and item["text"], item
    for text in words_in(card):
        assert not RAW.search(text), f"{entry.key} help shows a raw name: {text!r}"


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_every_card_kind_in_the_rule_card_has_its_effect_in_the_help_card(entry):
    kinds = card_kinds(entry.key)
    assert kinds, f"no card kinds read from {entry.key}'s rule card"
    explained = [kind for item in load_help(entry.key)["cards"] for kind in help_entry_kinds(item)]
    missing = [kind for kind in kinds if kind not in explained]
    assert not missing, f"{entry.key} help card says nothing about {missing}"
    assert len(explained) == len(set(explained)), f"{entry.key} explains a card twice"


def test_the_cards_families_ask_about_are_explained():
    effects = {kind: item["effect"] for key in ("nuts_about_mutts", "pugs_in_mugs", "nut", "thats_ruff")
               for item in load_help(key)["cards"] for kind in help_entry_kinds(item)}
    assert "draws one card" in effects["flea"]
    assert "bone" in effects["mutt"]
    assert "swap" in effects["fire_hydrant"]
    assert "discard" in effects["surprise"] and "give it to you" in effects["gimme"]
    assert "doubles" in effects["squirrel"]
    assert "Pappy" in effects["black_eight"]


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_every_setting_has_a_label_a_line_and_words_for_its_values(entry):
    game = load_game(entry.key)
    choices = game.option_choices()
    for option, default in game.check_options({}).items():
        words = load_help(entry.key)["settings"].get(option)
        assert words, f"{entry.key} setting {option!r} has no words"
        assert words["label"] and words["explain"], option
        assert not RAW.search(words["label"] + words["explain"]), option
        named = words.get("values", {})
        if isinstance(default, bool):
            assert {"true", "false"} <= set(named), f"{option}: On and Off need words"
        for choice in choices.get(option, []):
            assert value_key(choice) in named, f"{entry.key} {option}={choice!r} has no words"
        for value in [default, *choices.get(option, [])]:
            shown = value_words(entry.key, option, value)
            assert shown and not RAW.search(shown) and shown != "{}", f"{option}={value!r} reads {shown!r}"
    extra = set(load_help(entry.key)["settings"]) - set(game.check_options({}))
    assert not extra, f"{entry.key} has words for settings it does not have: {extra}"


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_a_setting_that_matters_only_sometimes_names_settings_the_game_has(entry):
    defaults = load_game(entry.key).check_options({})
    for option, words in load_help(entry.key)["settings"].items():
        for other, wanted in words.get("only_when", {}).items():
            assert other in defaults and other != option, f"{entry.key} {option} depends on unknown {other!r}"
            assert isinstance(wanted, type(defaults[other])), f"{entry.key} {option}: {other} is never {wanted!r}"


def test_a_setting_value_reads_in_plain_words():
    assert value_words("nuts_about_mutts", "edition", "classic_109") == "109 cards (original)"
    assert value_words("nuts_about_mutts", "hands", 0) == "Until you stop"
    assert value_words("nuts_about_mutts", "hands", 3) == "3"
    assert value_words("thats_ruff", "laid_out_face", "either") == "Up or down, you choose"
    assert value_words("mix_the_mutts", "card_values", {"poodle": 1, "beagle": 2}) == "Poodle 1, beagle 2"
    assert setting_words("nut", "no_such_setting")["label"] == "No such setting"


@pytest.mark.slow
def test_the_help_cards_ship_in_the_installed_package(tmp_path):
    # Built from a copy, so the build leaves nothing in a checkout others are working in.
    source = tmp_path / "source"
    root = Path(__file__).resolve().parents[1]
    for name in ("pyproject.toml", "README.md", "table_companion.py"):
        source.mkdir(exist_ok=True)
        shutil.copy(root / name, source / name)
    for package in ("companion", "hardware", "ui", "seeds"):
        shutil.copytree(root / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    # build_py lays out exactly the packages and package data a wheel holds, and needs no network.
    site = tmp_path / "site"
    built = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py",
                            "--build-lib", str(site)], cwd=source, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-2000:]
    for entry in GAMES:
        assert (site / "seeds" / "help" / f"{entry.key}.json").is_file()
    # The `companion` command's module sits outside the packages, so it is listed on its own.
    assert (site / "table_companion.py").is_file()
    code = ("import importlib.resources as r, json; from companion.rulecards import load_help; "
            "print(r.files('seeds')); print(load_help('nut')['game'])")
    read = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(site)},
                          capture_output=True, text=True, timeout=60)
    where, game = read.stdout.split()
    assert where.startswith(str(site)) and game == "nut", read.stderr


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.key)
def test_set_up_marks_the_first_seat_in_the_games_own_words(entry):
    chosen, instead = first_seat_words(entry.key)
    assert chosen and instead and chosen != instead
    # The sheets: a dealer deals in Nuts about Mutts, That's Ruff! and Nut; in Mix-the-Mutts the youngest
    # goes first and in Pugs in Mugs whoever stroked an animal last, with no dealer to name.
    deals = entry.key in ("nuts_about_mutts", "thats_ruff", "nut")
    assert (chosen, instead) == (("Deals first", "Deal instead") if deals else ("Plays first", "Play first instead"))
