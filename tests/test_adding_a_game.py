"""docs/adding-a-game.md walks through the counting game's table view: its code is the code of
tests/counting_view.py and .kv, word for word, and that view does what the page says a view does."""

from pathlib import Path

import pytest

pytest.importorskip("kivy")

from counting_game import CountingGame  # noqa: E402
from counting_view import CountingView  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, same_widgets, tap  # noqa: E402

from companion.players import Player  # noqa: E402
from companion.session import Session  # noqa: E402
from ui.controller import GameController  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding-a-game.md"


def blocks(language: str) -> list[str]:
    """The page's code blocks in `language`, in the section on the table view."""
    text = PAGE.read_text()
    view = text[text.index("## 3. The table view"):text.index("## 4.")]
    parts = view.split(f"```{language}\n")[1:]
    return [part.split("```")[0] for part in parts]


def squeezed(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


@pytest.mark.parametrize("language, source", [("python", "counting_view.py"), ("kv", "counting_view.kv")])
def test_every_block_of_the_page_is_the_working_code(language, source):
    code = squeezed((ROOT / "tests" / source).read_text())
    shown = blocks(language)
    assert shown, f"the page shows no {language} of the view"
    for block in shown:
        assert squeezed(block) in code, f"this block of the page is not in tests/{source}:\n{block}"


@pytest.fixture
def view():
    session = Session(CountingGame(), [Player("Ann", "orange"), Player("Ben", "sky")], {"target": 5})
    view = CountingView(GameController(session))
    view.controller.subscribe(lambda notice: view.refresh())
    Window.add_widget(view)
    yield view
    Window.remove_widget(view)


def test_a_move_updates_what_is_on_screen_and_builds_nothing(view):
    same, _, _ = same_widgets(view, lambda: tap(buttons_reading(view, "Add 2")[0]))
    assert same and view.ids["total"].number.text == "2" and view.ids["turn"].name == "Ben"
    tap(buttons_reading(view, "Add 3")[0])
    assert view.model.over and "Ben reached 5 and wins!" in [w.text for w in view.walk(restrict=True)
                                                            if getattr(w, "text", "")]
