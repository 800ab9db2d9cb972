"""The `companion` command as a family or a script would use it."""

import json
import subprocess
import sys

import pytest

COMPANION = [sys.executable, "-m", "table_companion"]


def run(*args, **kwargs):
    return subprocess.run([*COMPANION, *args], capture_output=True, text=True, **kwargs)


def test_help_explains_the_backends_and_every_command():
    result = run("--help")
    assert result.returncode == 0
    for word in ("lgpio", "rpigpio", "mock", "--fullscreen", "--data-dir", "screenshot", "replay-game",
                 "replay-race", "doctor"):
        assert word in result.stdout


def test_version_is_the_installed_packages():
    import tomllib
    from pathlib import Path

    meant = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]["version"]
    result = run("--version")
    assert (result.returncode, result.stdout) == (0, f"table-companion {meant}\n")


def test_replay_game_prints_the_resulting_state(tmp_path):
    log = {"game": "mix_the_mutts", "players": ["Ann", "Ben"], "options": {}, "actions": [
        {"type": "draw", "player": 0}, {"type": "draw", "player": 1}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    result = run("replay-game", str(path))
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["game"] == "mix_the_mutts" and state["actions_applied"] == 2


def test_replay_game_names_the_refused_action(tmp_path):
    log = {"game": "mix_the_mutts", "players": ["Ann", "Ben"], "actions": [
        {"type": "draw", "player": 0}, {"type": "draw", "player": 0}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    result = run("replay-game", str(path))
    assert result.returncode == 2
    assert "actions[1]" in result.stderr and "refused" in result.stderr


def test_replay_game_refuses_an_unknown_game_and_a_missing_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "snap", "players": ["Ann", "Ben"]}))
    result = run("replay-game", str(path))
    assert result.returncode == 2 and "unknown game 'snap'" in result.stderr
    missing = run("replay-game", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_export_then_replay_gives_the_same_state(tmp_path):
    from companion.actions import Action
    from companion.players import Player
    from companion.store import Store

    store = Store.open(tmp_path)
    session = store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Ben", "sky")])
    session.perform(Action("draw", 0))
    session.perform(Action("draw", 1))
    session.undo()
    store.close()
    exported = run("--data-dir", str(tmp_path), "export-game", str(session.id), str(tmp_path / "out.json"))
    assert exported.returncode == 0, exported.stderr
    document = json.loads((tmp_path / "out.json").read_text())
    assert document["actions"] == [{"type": "draw", "player": 0}]  # the undone draw is not part of the game
    replayed = json.loads(run("replay-game", str(tmp_path / "out.json")).stdout)
    assert replayed["actions_applied"] == 1


def test_an_exported_game_imports_elsewhere_played_when_it_was_and_only_once(tmp_path):
    from companion.actions import Action
    from companion.players import Player
    from companion.store import Store

    store = Store.open(tmp_path / "here")
    session = store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Ben", "sky")])
    session.perform(Action("draw", 0))
    store.set_aside(session.id)
    played = store.session_record(session.id)
    store.close()
    out = tmp_path / "out.json"
    assert run("--data-dir", str(tmp_path / "here"), "export-game", str(session.id), str(out)).returncode == 0
    assert json.loads(out.read_text())["played"] == {"started_at": played.started_at,
                                                     "last_played_at": played.updated_at, "set_aside": True,
                                                     "moves_at": [played.updated_at]}   # the one draw
    imported = run("import-game", str(out), "--data-dir", str(tmp_path / "there"))
    assert imported.returncode == 0, imported.stderr
    assert "set aside: Saved games resumes it" in imported.stdout
    again = run("import-game", str(out), "--data-dir", str(tmp_path / "there"))
    assert again.returncode == 2 and "already saved, as game 1; nothing was imported" in again.stderr
    store = Store.open(tmp_path / "there")
    (record,) = store.sessions()
    assert (record.started_at, record.updated_at) == (played.started_at, played.updated_at)
    assert store.unfinished() is None and record.result == {"set_aside": True}   # not offered on Home
    store.close()


def test_import_game_saves_a_resumable_game_and_refuses_a_bad_log_without_writing(tmp_path):
    from companion.store import Store

    good = tmp_path / "good.json"
    good.write_text(json.dumps({"game": "mix_the_mutts", "players": ["Ann", "Ben"],
                                "actions": [{"type": "draw", "player": 0}]}))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "mix_the_mutts", "players": ["Ann", "Ben"],
                               "actions": [{"type": "draw", "player": 0}, {"type": "draw", "player": 0}]}))
    data = tmp_path / "data"
    refused = run("--data-dir", str(data), "import-game", str(bad))
    assert refused.returncode == 2 and "actions[1]" in refused.stderr
    imported = run("--data-dir", str(data), "import-game", str(good))
    assert imported.returncode == 0, imported.stderr
    assert "ready to resume" in imported.stdout
    store = Store.open(data)
    (record,) = store.sessions()
    assert store.unfinished().id == record.id and record.entry_count == 1
    store.close()


@pytest.mark.parametrize("players, says", [(["   ", "Ben"], "players[0]"), (["Ann", " Ann "], "the same name"),
                                           (["A" * 41, "Ben"], "at most 40"), (["Ann", "B\udc80n"], "cannot be shown")])
def test_import_game_refuses_names_it_could_not_show_and_writes_nothing(tmp_path, players, says):
    from companion.store import Store

    log = tmp_path / "log.json"
    log.write_text(json.dumps({"game": "nut", "players": players, "actions": []}))
    data = tmp_path / "data"
    refused = run("--data-dir", str(data), "import-game", str(log))
    assert refused.returncode == 2 and says in refused.stderr
    store = Store.open(data)
    assert store.sessions() == [] and store.unreadable() == []
    store.close()


def test_screenshot_takes_its_size_before_between_or_after_the_screen_and_file(tmp_path):
    from table_companion import build_parser

    out = str(tmp_path / "home.png")
    orders = (["screenshot", "home", "--size", "1280x720", out],   # the order families type
              ["screenshot", "home", out, "--size", "1280x720"],   # the README's order
              ["screenshot", "--size", "1280x720", "home", out],
              ["screenshot", "home", "--size=1280x720", out])
    for argv in orders:
        args = build_parser().parse_args(argv)
        assert (args.screen, str(args.output), args.shot_size) == ("home", out, (1280, 720)), argv
    listing = build_parser().parse_args(["screenshot", "list", "--size", "800x480"])
    assert listing.screen == "list" and listing.output is None


def test_screenshot_with_the_size_between_screen_and_file_writes_the_png(tmp_path):
    out = tmp_path / "home.png"
    result = run("screenshot", "home", "--size", "800x480", str(out), timeout=120)
    assert result.returncode == 0, result.stderr
    assert "unrecognized arguments" not in result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_app_starts_for_a_user_with_no_kivy_settings_yet(tmp_path):
    """Kivy keeps its settings in the user's own cache, made on first start, never in the data directory."""
    import os

    env = {key: value for key, value in os.environ.items() if key != "KIVY_HOME"}
    env.update(HOME=str(tmp_path / "home"), KIVY_NO_ARGS="1")
    (tmp_path / "home").mkdir()
    shot = tmp_path / "home.png"
    result = run("--data-dir", str(tmp_path / "data"), "screenshot", "home", "--size", "800x480", str(shot),
                 env=env, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    assert shot.stat().st_size > 0
    assert (tmp_path / "home" / ".cache" / "table-companion" / "kivy").is_dir()
    assert not (tmp_path / "data" / "kivy").exists()


@pytest.fixture
def as_another_user():
    """Run a command as a user who may not read the test's files (root reads everything)."""
    import contextlib
    import os

    @contextlib.contextmanager
    def switched():
        if os.geteuid() != 0:
            yield
            return
        os.seteuid(65534)
        try:
            yield
        finally:
            os.seteuid(0)

    return switched


@pytest.mark.parametrize("command", ["replay-game", "import-game", "import-evening", "replay-race"])
@pytest.mark.parametrize("plant", ["link loop", "unreadable", "folder", "pipe", "dangling link"])
def test_a_file_argument_that_cannot_be_read_is_one_line_saying_what_to_do(tmp_path, capsys, as_another_user,
                                                                           command, plant):
    import os

    from table_companion import main

    path, data = tmp_path / "given.json", tmp_path / "data"
    if plant == "link loop":
        path.symlink_to(path)
    elif plant == "unreadable":
        path.write_text('{"game": "nut"}')
        path.chmod(0)
    elif plant == "folder":
        path.mkdir()
    elif plant == "pipe":
        os.mkfifo(path)
    else:
        path.symlink_to(tmp_path / "gone.json")
    with as_another_user() if plant == "unreadable" else _nothing():
        status = main(["--data-dir", str(data), command, str(path)])
    stderr = capsys.readouterr().err
    assert status == 2 and stderr.count("\n") == 1 and stderr.startswith("companion: ") and str(path) in stderr
    assert {"link loop": "circle", "unreadable": "cannot be read", "folder": "folder", "pipe": "named pipe",
            "dangling link": "does not exist"}[plant] in stderr
    assert not (data / "companion.sqlite3").exists() or command.startswith("replay")


def _nothing():
    import contextlib

    return contextlib.nullcontext()
