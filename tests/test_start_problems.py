"""A start that cannot go on (a read-only or full card, the saved games unreadable just now, a settings
file that is no file) shows why full screen and stays up, so the kiosk's service does not restart it
again and again; Try again starts it once the cause is put right. The command line says the same in
one line and exits non-zero. Nothing saved is moved or lost on the way."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("kivy")

from damage_support import damage_table  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import buttons_reading, settle, settle_until, tap, texts, window_of  # noqa: E402

from companion.players import Player  # noqa: E402
from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
import layout  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def saved_games(data_dir, games=2):
    store = Store.open(data_dir)
    for number in range(games):
        store.new_session("nut", [Player(f"Ann{number}", "orange"), Player("Ben", "sky")])
    store.close()


@pytest.fixture
def started(tmp_path):
    apps = []

    def start(data_dir):
        from ui.start import open_data

        app = CompanionApp.create(data_dir=data_dir, settings={}, backend="none", opened=open_data(data_dir),
                                  reopen=lambda: open_data(data_dir))
        app._run_prepare()
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.dispatch("on_stop")
        if app.services is not None:
            app.services.store.close()
        Window.remove_widget(app.root)


def on_screen(app):
    return " ".join(texts(app.root.current_screen))


def assert_fits(app, size) -> None:
    problems = [str(problem) for problem in layout.check(f"start problem {size}", [app.root.current_screen], Window)]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_a_start_that_cannot_go_on_says_why_and_starts_on_try_again_once_put_right(tmp_path, started, size):
    # A data directory given with --data-dir can be wider than the screen: its path still wraps.
    tmp_path = tmp_path / "the-family-data-directory-given-with-a-long-name" / "table-companion"
    saved_games(tmp_path)
    history = (tmp_path / "companion.sqlite3").read_bytes()
    # Another program holds the saved games (a backup copying the card, say) for longer than a start waits.
    os.rename(tmp_path / "companion.sqlite3", tmp_path / "kept")
    (tmp_path / "companion.sqlite3").mkdir()
    with window_of(size):
        app = started(tmp_path)
        settle(6)
        words = on_screen(app)
        assert "cannot start" in words and "companion.sqlite3 cannot be opened" in words
        assert "left as it is" in words
        assert_fits(app, size)

        tap(buttons_reading(app.root.current_screen, "Try again")[0])   # not put right yet
        assert settle_until(lambda: "still cannot start" in on_screen(app))
        assert app.services is None

        os.rmdir(tmp_path / "companion.sqlite3")
        os.rename(tmp_path / "kept", tmp_path / "companion.sqlite3")
        tap(buttons_reading(app.root.current_screen, "Try again")[0])
        assert settle_until(lambda: app.services is not None)
        settle(4)
        assert "Saved games" in on_screen(app)   # Home
        assert len(app.services.store.sessions()) == 2
        assert not list(tmp_path.glob("*.unusable-*"))
    assert history


def test_a_damaged_page_found_after_home_is_drawn_is_said_on_home_and_a_new_file_begun(tmp_path, started):
    """Home is drawn before the saved games' pages are read through (a long history must not hold
    up the start); a damage found then is said on Home, the file kept aside as it was, and the next
    game goes into a new file."""
    saved_games(tmp_path, games=30)
    damaged = damage_table(tmp_path / "companion.sqlite3", "roster")
    app = started(tmp_path)
    assert settle_until(lambda: "kept aside as" in on_screen(app))
    (aside,) = tmp_path.glob("*.unusable-*[0-9]")
    assert aside.read_bytes() == damaged and aside.name in on_screen(app)
    assert app.services.store.sessions() == [] and app.services.store.integrity_ok()


def test_a_settings_file_that_is_a_pipe_is_said_on_screen_and_never_hangs(tmp_path, started):
    os.mkfifo(tmp_path / "config.json")
    app = started(tmp_path)
    settle(4)
    assert "named pipe" in on_screen(app) and "move it away" in on_screen(app)


def run_companion(*args, data_dir, timeout=60):
    return subprocess.run([sys.executable, "-m", "table_companion", "--data-dir", str(data_dir), *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          env={**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"})


@pytest.fixture
def read_only_card(tmp_path):
    """A real mount made read-only after the last app was cut off by a power cut (its write-ahead log
    still there, the index beside it gone), where the machine lets the tests mount one."""
    where = tmp_path / "card"
    where.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)], capture_output=True).returncode:
        pytest.skip("mounting a filesystem needs root")
    saved_games(where)
    subprocess.run([sys.executable, "-c",
                    "import os, sys; from companion.store import Store; from companion.players import Player; "
                    "store = Store.open(sys.argv[1]); "
                    "store.new_session('nut', [Player('Cy', 'orange'), Player('Di', 'sky')]); os._exit(0)",
                    str(where)], check=True, cwd=ROOT)
    (where / "companion.sqlite3-shm").unlink()
    subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


@pytest.mark.parametrize("command", [("stats",), ("export-game",), ("export-evening",), ("import-game", "x.json")])
def test_the_command_line_on_a_read_only_card_says_so_in_one_line(read_only_card, tmp_path, command):
    if command[0] == "import-game":
        game = tmp_path / "x.json"
        game.write_text('{"game": "nut", "players": [{"name": "Ann", "colour": "orange"}, '
                        '{"name": "Ben", "colour": "sky"}], "actions": []}')
        command = ("import-game", str(game))
    before = sorted(os.listdir(read_only_card))
    result = run_companion(*command, data_dir=read_only_card)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: ") and "read-only" in lines[0], result.stderr
    assert sorted(os.listdir(read_only_card)) == before   # nothing renamed aside


def test_the_kiosk_on_a_read_only_card_stays_up_and_writes_why_to_the_journal(read_only_card):
    app = subprocess.Popen([sys.executable, "-m", "table_companion", "--data-dir", str(read_only_card),
                            "--backend", "none", "--size", "800x480"], cwd=ROOT, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"})
    try:
        time.sleep(8)
        assert app.poll() is None, "the app stopped, and systemd would start it again and again"
    finally:
        app.terminate()
        _, journal = app.communicate(timeout=30)
    assert "Traceback" not in journal
    line = next(line for line in journal.splitlines() if "cannot start" in line)
    assert line.startswith("companion ERROR") and "read-only" in line and "on a read-only mount" in line


def test_doctor_on_a_read_only_card_says_so_and_that_the_history_is_not_damaged(read_only_card):
    result = run_companion("--backend", "mock", "doctor", data_dir=read_only_card)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "is on a read-only mount" in result.stdout
    assert "damaged" not in result.stdout.replace("not proven damaged", "")


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
@pytest.mark.parametrize("written", ['{"display": {"volume": "loud"}}', '{"display": {'], ids=["a wrong value", "not JSON"])
def test_an_unusable_settings_file_is_put_aside_by_touch_and_the_app_starts_with_the_usual_settings(
        tmp_path, started, size, written):
    saved_games(tmp_path)
    (tmp_path / "config.json").write_text(written)
    with window_of(size):
        app = started(tmp_path)
        settle(6)
        words = on_screen(app)
        assert "The settings file cannot be used" in words and "Use the usual settings" in words
        assert "no saved game is touched" in words
        assert_fits(app, size)
        tap(buttons_reading(app.root.current_screen, "Use the usual settings")[0])
        assert settle_until(lambda: app.services is not None)
        settle(4)
        assert "Saved games" in on_screen(app)   # Home, with both games
        assert len(app.services.store.sessions()) == 2
        (kept,) = tmp_path.glob("config-unusable-*.json")
        assert kept.read_text() == written and not (tmp_path / "config.json").exists()


def test_a_start_problem_that_is_not_the_settings_offers_no_usual_settings(tmp_path, started):
    (tmp_path / "companion.sqlite3").mkdir()
    app = started(tmp_path)
    settle(4)
    screen = app.root.current_screen
    assert "cannot start" in on_screen(app) and not screen.settings_unusable
    assert screen.usual_settings_button.disabled and screen.usual_settings_button.width == 0
