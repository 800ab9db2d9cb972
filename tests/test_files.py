"""The one way the app reads and writes its own files: never hangs on a pipe, reads only regular
files up to a limit, never writes through a planted link, and every failure is one sentence naming
the file and what to do."""

import os

import pytest

from companion.errors import CompanionError
from companion.files import FileProblem, read_regular, read_text, write_atomic


def one_sentence(problem, path):
    text = str(problem.value)
    assert isinstance(problem.value, CompanionError) and "\n" not in text and str(path) in text
    return text


def test_a_regular_file_is_read_and_a_link_to_one_followed(tmp_path):
    (tmp_path / "a.json").write_text('{"ok": true}')
    (tmp_path / "link.json").symlink_to(tmp_path / "a.json")
    assert read_text(tmp_path / "a.json", 100) == '{"ok": true}'
    assert read_regular(tmp_path / "link.json", 100) == b'{"ok": true}'


@pytest.mark.parametrize("make, words", [
    (lambda path: os.mkfifo(path), "named pipe"),
    (lambda path: path.symlink_to("/dev/zero"), "device"),
    (lambda path: path.mkdir(), "folder"),
    (lambda path: path.symlink_to(path), "circle"),
    (lambda path: path.symlink_to(path.parent / "gone"), "does not exist"),
    (lambda path: path.write_bytes(b"x" * 101), "more than any"),
    (lambda path: path.write_bytes(b"\xff\xfe"), "not UTF-8"),
])
def test_what_is_not_a_regular_file_within_the_limit_is_one_sentence_and_no_hang(tmp_path, make, words):
    path = tmp_path / "settings.json"
    make(path)
    with pytest.raises(FileProblem) as refused:
        read_text(path, 100, what="settings file")
    assert words in one_sentence(refused, path)


def test_a_link_is_refused_where_links_are_not_followed(tmp_path):
    (tmp_path / "real").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(FileProblem) as refused:
        read_regular(tmp_path / "link", 10, follow_links=False)
    assert "does not follow links" in one_sentence(refused, tmp_path / "link")


@pytest.mark.parametrize("plant", ["link", "dangling link", "pipe"])
def test_writing_replaces_what_is_in_the_way_and_never_writes_through_a_link(tmp_path, plant):
    target, path = tmp_path / "precious", tmp_path / "cue.wav"
    target.write_text("keep")
    if plant == "link":
        path.symlink_to(target)
    elif plant == "dangling link":
        path.symlink_to(tmp_path / "elsewhere")
    else:
        os.mkfifo(path)
    write_atomic(path, b"new", mode=0o600)
    assert path.read_bytes() == b"new" and not path.is_symlink()
    assert target.read_text() == "keep" and not (tmp_path / "elsewhere").exists()
    assert path.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cue.wav", "precious"]   # no temporary left


def test_a_folder_in_the_way_is_left_alone_and_said(tmp_path):
    path = tmp_path / "config.json"
    path.mkdir()
    (path / "inside").write_text("kept")
    with pytest.raises(FileProblem) as refused:
        write_atomic(path, b"{}", what="settings file")
    assert "is a folder" in one_sentence(refused, path)
    assert (path / "inside").read_text() == "kept" and len(list(tmp_path.iterdir())) == 1
