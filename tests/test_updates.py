"""Updates from a USB stick (companion/updates/, companion/launch.py), as a stranger with a stick and a
failing card would try them: an update is taken only when a key the kiosk trusts signed it (there is
no unsigned mode), read signature first with its memory bounded, refused with its reason and changing
nothing otherwise; a good one is unpacked and compiled beside the running version, run once at the
next start, kept once it has started, and dropped for the version before it when it has not, with the
saved games it changed put back."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import tarfile
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from update_support import Signer, have_gpg, newer, snapshot, wheel

from companion import updates
from companion.players import Player
from companion.store import DB_NAME, SCHEMA_VERSION, Store, WrittenByNewerVersion
from companion.updates import TrustedKeys
from companion.updates import format as update_format
from companion.updates.installing import PARTIAL_PREFIX, tidy
from companion.updates.reading import BEFORE_SIGNATURE

pytestmark = pytest.mark.skipif(not have_gpg(), reason="gpg and gpgv are not installed here")

REPO = Path(__file__).resolve().parents[1]
RUNNING = updates.running_version()
NEXT = newer(RUNNING)
LATER = newer(NEXT)


@pytest.fixture(scope="module")
def maker():
    signer = Signer("Maker")
    yield signer
    signer.close()


@pytest.fixture(scope="module")
def stranger():
    signer = Signer("Stranger")
    yield signer
    signer.close()


@pytest.fixture
def kiosk(tmp_path):
    """A kiosk's folders: the family's data, updates, and a stick."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "notes.txt").write_bytes(b"the family's own file")
    folder = tmp_path / "updates"
    stick = tmp_path / "stick"
    stick.mkdir()
    return data, folder, stick


def tar_of(members: dict[str, bytes]) -> bytes:
    output = io.BytesIO()
    with tarfile.open(fileobj=output, mode="w") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return output.getvalue()


def manifest(of: str = LATER, program: bytes | None = None, **changes) -> bytes:
    fields = json.loads(update_format.manifest_for(of, program if program is not None else wheel(of)))
    fields.update(changes)
    return json.dumps(fields).encode()


def install(maker: Signer, folder: Path, stick: Path, version: str = NEXT, running: str = RUNNING, **options) -> Path:
    path = stick / f"table-companion-{version}.tcupdate"
    path.write_bytes(maker.bundle(version, wheel(version, **options)))
    checked = updates.check(path, running, maker.keys)
    assert updates.install(checked, folder, maker.keys, running=running) == version
    return path


# ----- what is refused, and why ------------------------------------------------------------------------

def signed_tar(maker: Signer, members: dict[str, bytes]) -> bytes:
    """A tar with the manifest given, its signature by `maker`, then the other members as given."""
    first = members.pop("manifest.json")
    return tar_of({"manifest.json": first, "manifest.json.sig": maker.sign(first), **members})


def tampered(maker: Signer) -> bytes:
    good = maker.bundle(LATER)
    inside = good.find(b"PK\x03\x04")          # the wheel's first entry, after the signed manifest
    return good[:inside + 40] + bytes([good[inside + 40] ^ 1]) + good[inside + 41:]


# Each checked by a kiosk running NEXT (the update to NEXT installed and confirmed), trusting `maker`.
BAD_BUNDLES = {
    "cut short halfway": (lambda m, s: m.bundle(LATER)[:2048], "is cut short or damaged"),
    "cut short in its first block": (lambda m, s: m.bundle(LATER)[:600], "is cut short or damaged"),
    "empty": (lambda m, s: b"", "is cut short or damaged"),
    "altered after it was signed": (lambda m, s: tampered(m), "does not match its checksum"),
    "not signed": (lambda m, s: tar_of({"manifest.json": manifest(), f"table_companion-{LATER}-py3-none-any.whl":
                                        wheel(LATER)}), "is not signed, and this table companion takes signed"),
    "signed by a stranger": (lambda m, s: s.bundle(LATER), "is not signed by a key this table companion trusts"),
    "a stranger's manifest under the maker's signature": (
        lambda m, s: tar_of({"manifest.json": manifest(LATER, wheel(LATER, start="    raise SystemExit(9)")),
                             "manifest.json.sig": m.sign(manifest()),
                             f"table_companion-{LATER}-py3-none-any.whl": wheel(LATER, start="    raise SystemExit(9)")}),
        "is not signed by a key this table companion trusts"),
    "the running version again": (lambda m, s: m.bundle(NEXT), f"already has version {NEXT}"),
    "an older version": (lambda m, s: m.bundle(RUNNING), f"already has version {NEXT}"),
    "for another program": (lambda m, s: signed_tar(m, {"manifest.json": manifest(app="photo-frame")}),
                            "another program"),
    "for another machine": (lambda m, s: signed_tar(m, {"manifest.json": manifest(
        wheel=f"table_companion-{LATER}-cp311-cp311-win_amd64.whl")}), "for this kind of machine"),
    "without its program": (lambda m, s: signed_tar(m, {"manifest.json": manifest()}), "is missing from it"),
    "a zip, not an update": (lambda m, s: wheel(LATER), "is cut short or damaged"),
    "with a folder inside": (lambda m, s: signed_tar(m, {"manifest.json": manifest(),
                                                         f"table_companion-{LATER}-py3-none-any.whl": wheel(LATER),
                                                         "lib/evil.py": b"x"}), "holds more than its program"),
    "a program bigger than it says": (lambda m, s: signed_tar(m, {
        "manifest.json": manifest(size=len(wheel(LATER)) - 10),
        f"table_companion-{LATER}-py3-none-any.whl": wheel(LATER)}), "does not match its checksum"),
}


@pytest.mark.parametrize("kind", BAD_BUNDLES)
def test_a_bad_update_is_refused_with_its_reason_and_changes_nothing(maker, stranger, kiosk, kind):
    data, folder, stick = kiosk
    install(maker, folder, stick)
    updates.choose_start(folder, RUNNING)
    assert updates.confirm_started(folder, NEXT)
    make, reason = BAD_BUNDLES[kind]
    bad = stick / f"table-companion-{LATER}.tcupdate"
    bad.write_bytes(make(maker, stranger))
    before = snapshot(folder), snapshot(data)
    with pytest.raises(updates.UpdateRefused) as refusal:
        updates.check(bad, NEXT, maker.keys)
    assert reason in str(refusal.value)
    assert bad.name in str(refusal.value)
    # The install reads the file again from its first byte, and refuses it the same way.
    with pytest.raises(updates.UpdateRefused, match=reason.replace("(", r"\(").replace("!", "")):
        updates.install(updates.Checked(bad, LATER, "forged"), folder, maker.keys, running=NEXT)
    assert (snapshot(folder), snapshot(data)) == before


def test_with_no_key_to_check_with_every_update_is_refused(maker, kiosk, tmp_path):
    _, folder, stick = kiosk
    signed = maker.write_bundle(stick, NEXT)
    for keys in (TrustedKeys(tmp_path / "no-such-folder", owners=(os.getuid(),)),
                 TrustedKeys(stick, owners=(os.getuid(),))):      # a folder without a keyring in it
        with pytest.raises(updates.UpdateRefused, match="has no key to check updates with"):
            updates.check(signed, RUNNING, keys)
    assert not folder.exists()


def test_keys_that_someone_else_could_change_are_not_trusted(maker, kiosk):
    _, folder, stick = kiosk
    signed = maker.write_bundle(stick, NEXT)
    keyring = next(maker.keys_folder.glob("*.gpg"))
    os.chmod(keyring, 0o666)
    try:
        with pytest.raises(updates.UpdateRefused, match="could have been changed by someone else"):
            updates.check(signed, RUNNING, maker.keys)
    finally:
        os.chmod(keyring, 0o644)
    # Owned by another user than the trusted owners (root on a kiosk): not trusted either.
    with pytest.raises(updates.UpdateRefused, match="could have been changed by someone else"):
        updates.check(signed, RUNNING, TrustedKeys(maker.keys_folder, owners=(os.getuid() + 1,)))


def test_the_version_installed_is_the_one_the_signature_covers_whatever_the_file_is_called(maker, kiosk):
    _, folder, stick = kiosk
    claims = stick / "table-companion-9999.9999.9999.9999.tcupdate"
    claims.write_bytes(maker.bundle(NEXT))
    assert [path.name for path in updates.bundles_on(stick)][0] == claims.name
    checked = updates.check(claims, RUNNING, maker.keys)
    assert (checked.version, checked.signed_by) == (NEXT, maker.fingerprint)
    # A manifest renumbered after it was signed is no longer what was signed.
    program = wheel(NEXT)
    renumbered = manifest(NEXT, program, version="9999.9999.9999.9999")
    claims.write_bytes(tar_of({"manifest.json": renumbered, "manifest.json.sig": maker.sign(manifest(NEXT, program)),
                               f"table_companion-{NEXT}-py3-none-any.whl": program}))
    with pytest.raises(updates.UpdateRefused, match="not signed by a key this table companion trusts"):
        updates.check(claims, RUNNING, maker.keys)
    assert not folder.exists()


def test_the_newest_update_on_a_stick_comes_first(kiosk):
    _, _, stick = kiosk
    for version in ("0.9.0", "0.10.0", "0.2.0"):
        (stick / f"table-companion-{version}.tcupdate").write_bytes(b"")
    (stick / "notes.txt").write_text("not an update")
    assert [path.name for path in updates.bundles_on(stick)] == [
        "table-companion-0.10.0.tcupdate", "table-companion-0.9.0.tcupdate", "table-companion-0.2.0.tcupdate"]


# ----- bounded before trusted ---------------------------------------------------------------------------

def sparse_member(maker: Signer) -> bytes:
    """A small file whose member claims 64 GiB of (sparse) zeros: it cost a check 1.3 GB of memory."""
    output = io.BytesIO()
    with tarfile.open(fileobj=output, mode="w", format=tarfile.GNU_FORMAT) as archive:
        info = tarfile.TarInfo("manifest.json")
        info.size = 100
        archive.addfile(info, io.BytesIO(b" " * 100))
    data = bytearray(output.getvalue())
    header = data[:512]
    header[156:157] = b"S"                       # a GNU sparse member
    header[124:136] = b"%011o\0" % (64 << 30)
    header[148:156] = b" " * 8
    header[148:156] = b"%06o\0 " % sum(header)
    return bytes(header) + bytes(data[512:])


def huge_pax_header() -> bytes:
    """A header that asks the reader to hold 64 MB of extended attributes before the first member."""
    output = io.BytesIO()
    with tarfile.open(fileobj=output, mode="w", format=tarfile.PAX_FORMAT) as archive:
        info = tarfile.TarInfo("manifest.json")
        info.pax_headers = {"comment": "x" * (20 << 20)}
        info.size = 2
        archive.addfile(info, io.BytesIO(b"{}"))
    return output.getvalue()


@pytest.mark.parametrize("make", [sparse_member, lambda maker: huge_pax_header()], ids=["sparse", "huge header"])
def test_nothing_big_is_read_or_held_before_the_signature_is_checked(maker, kiosk, make):
    _, folder, stick = kiosk
    forged = stick / f"table-companion-{NEXT}.tcupdate"
    forged.write_bytes(make(maker))
    tracemalloc.start()
    try:
        with pytest.raises(updates.UpdateRefused):
            updates.check(forged, RUNNING, maker.keys)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * BEFORE_SIGNATURE
    assert not folder.exists()


def zip_bomb(version: str) -> bytes:
    """The program with one entry of 300 MB of zeros, a few hundred kilobytes packed."""
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("table_companion.py", "def main():\n    return 0\n")
        archive.writestr(f"table_companion-{version}.dist-info/METADATA",
                         f"Metadata-Version: 2.1\nName: table-companion\nVersion: {version}\n")
        with archive.open("zeros.bin", "w", force_zip64=True) as entry:
            block = bytes(1 << 20)
            for _ in range(300):
                entry.write(block)
    return output.getvalue()


@pytest.mark.parametrize("program,reason", [
    (lambda: zip_bomb(NEXT), "laid out wrongly"),
    (lambda: wheel(NEXT, extra={"../../data/companion.sqlite3": b""}), "laid out wrongly"),
    (lambda: wheel(NEXT, name="photo-frame"), "is another one"),
], ids=["zip bomb", "a path out of its folder", "another program"])
def test_even_a_signed_program_is_unpacked_only_within_bounds(maker, kiosk, program, reason):
    data, folder, stick = kiosk
    path = stick / f"table-companion-{NEXT}.tcupdate"
    path.write_bytes(maker.bundle(NEXT, program()))
    checked = updates.check(path, RUNNING, maker.keys)
    before = snapshot(data)
    with pytest.raises(updates.UpdateRefused, match=reason):
        updates.install(checked, folder, maker.keys)
    assert list((folder / "versions").iterdir()) == []
    assert snapshot(data) == before
    assert updates.read_state(folder) == updates.State()


# ----- installing -----------------------------------------------------------------------------------------

def test_a_good_update_is_unpacked_and_compiled_beside_the_running_version_and_never_in_the_data(maker, kiosk):
    data, folder, stick = kiosk
    before = snapshot(data)
    install(maker, folder, stick)
    unpacked = folder / "versions" / NEXT
    assert "program" in (unpacked / "table_companion.py").read_text()
    assert list((unpacked / "__pycache__").glob("table_companion.*.pyc"))
    modes = {stat.S_IMODE(path.stat().st_mode) for path in unpacked.rglob("*")}
    assert modes <= {0o644, 0o755}
    assert updates.read_state(folder) == updates.State(pending=NEXT)
    assert snapshot(data) == before


def test_an_update_signed_after_the_time_the_kiosk_s_clock_shows_is_taken(kiosk):
    """A Pi 4 without a network starts from the clock it saved when it was last on, which may stand
    weeks behind the day a genuine update was signed (and its key made): it is still taken."""
    data, folder, stick = kiosk
    ahead = Signer("Ahead", made_at=int(time.time()) + 30 * 24 * 3600)
    try:
        install(ahead, folder, stick)
    finally:
        ahead.close()
    assert updates.read_state(folder) == updates.State(pending=NEXT)


@pytest.mark.slow
def test_an_install_cut_short_leaves_nothing_the_next_start_keeps(maker, kiosk):
    """Killed at random moments while it unpacks: the version is there whole, or not at all, and what
    it left half-made is removed at the next start."""
    _, folder, stick = kiosk
    path = stick / f"table-companion-{NEXT}.tcupdate"
    path.write_bytes(maker.bundle(NEXT, wheel(NEXT, extra={f"pad/{n}.py": os.urandom(20_000) for n in range(60)})))
    script = ("import sys, os; from pathlib import Path; from companion.updates import TrustedKeys; "
              "from companion.updates.reading import open_bundle; from companion.updates.installing import install; "
              f"keys = TrustedKeys(Path({str(maker.keys_folder)!r}), owners=(os.getuid(),)); "
              f"install(open_bundle(Path({str(path)!r})), Path({str(path)!r}), Path({str(folder)!r}), {RUNNING!r}, keys)")
    outcomes = set()
    # The last one is left to finish.
    for delay in (0.1, 0.2, 0.35, 0.5, 0.7, 0.9, 1.2, 1.6, 2.0, 300):
        process = subprocess.Popen([sys.executable, "-c", script], cwd=REPO)
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
        tidy(folder)
        versions = folder / "versions"
        left = sorted(entry.name for entry in versions.iterdir()) if versions.exists() else []
        assert not [name for name in left if name.startswith(PARTIAL_PREFIX)]
        if left:
            assert left == [NEXT] and (versions / NEXT / "table_companion.py").is_file()
            assert len(list((versions / NEXT / "pad").iterdir())) == 60
        outcomes.add(bool(left))
    assert True in outcomes


def test_a_half_unpacked_folder_is_removed_at_the_next_start(maker, kiosk):
    _, folder, stick = kiosk
    half = folder / "versions" / f"{PARTIAL_PREFIX}abc123" / NEXT
    half.mkdir(parents=True)
    (half / "table_companion.py").write_text("half")
    started = launch(folder)
    assert started.returncode == 0
    assert list((folder / "versions").iterdir()) == []


# ----- the update service -------------------------------------------------------------------------------

def test_the_update_service_installs_what_the_kiosk_sends_and_refuses_a_stranger_s(maker, stranger, kiosk, tmp_path):
    """The service as systemd starts it for one connection: its input and output are the connection."""
    import socket
    import threading

    from update_support import short_folder

    _, folder, stick = kiosk
    where = short_folder("tc-socket-") / "update.sock"
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listening.bind(str(where))
    listening.listen()
    environment = {**os.environ, updates.UPDATES_ENV: str(folder)}

    def service_for_each_connection() -> None:
        while True:
            try:
                connection, _ = listening.accept()
            except OSError:
                return
            with connection:
                # The maker's keys stand in for root's /etc/table-companion/update-keys.
                subprocess.run([sys.executable, "-c",
                                "import os, sys; from pathlib import Path; "
                                "from companion.updates import machine, service, TrustedKeys; "
                                f"machine.KEYS = TrustedKeys(Path({str(maker.keys_folder)!r}), owners=(os.getuid(),)); "
                                "sys.exit(service.main())"],
                               stdin=connection.fileno(), stdout=connection.fileno(), cwd=REPO, env=environment,
                               timeout=120, check=False)

    serving = threading.Thread(target=service_for_each_connection, daemon=True)
    serving.start()
    try:
        from companion.updates.service import ask_to_install

        with pytest.raises(updates.UpdateRefused, match="not signed by a key this table companion trusts"):
            ask_to_install(stranger.write_bundle(stick, NEXT), where)
        assert not (folder / "versions" / NEXT).exists()
        assert ask_to_install(maker.write_bundle(stick, NEXT), where) == NEXT
        assert (folder / "versions" / NEXT / "table_companion.py").is_file()
    finally:
        listening.close()
        serving.join(timeout=10)


# ----- switching, and switching back -------------------------------------------------------------------

def test_an_update_that_started_is_the_version_from_then_on(maker, kiosk):
    _, folder, stick = kiosk
    install(maker, folder, stick)
    assert updates.choose_start(folder, RUNNING).folder == folder / "versions" / NEXT
    assert updates.confirm_started(folder, NEXT)
    for _ in range(3):
        assert updates.choose_start(folder, RUNNING).folder == folder / "versions" / NEXT
    assert updates.read_state(folder) == updates.State(current=NEXT)


def test_an_update_that_never_started_is_dropped_for_the_version_before_it(maker, kiosk):
    _, folder, stick = kiosk
    install(maker, folder, stick)
    assert updates.choose_start(folder, RUNNING).folder == folder / "versions" / NEXT   # crashed, or the power went
    assert updates.choose_start(folder, RUNNING) == updates.Start(None, switched_back_from=NEXT)
    assert updates.choose_start(folder, RUNNING) == updates.Start(None)
    assert updates.read_state(folder) == updates.State(failed=NEXT)
    # A late confirmation by that version changes nothing.
    assert not updates.confirm_started(folder, NEXT)


def test_a_failed_second_update_switches_back_to_the_first(maker, kiosk):
    _, folder, stick = kiosk
    install(maker, folder, stick)
    updates.choose_start(folder, RUNNING)
    updates.confirm_started(folder, NEXT)
    install(maker, folder, stick, LATER, running=NEXT)
    assert updates.choose_start(folder, RUNNING).folder == folder / "versions" / LATER
    assert updates.choose_start(folder, RUNNING) == updates.Start(folder / "versions" / NEXT, switched_back_from=LATER)
    assert updates.read_state(folder) == updates.State(current=NEXT, failed=LATER)


def test_a_newer_version_put_in_by_the_installer_wins_over_an_older_update(maker, kiosk):
    _, folder, stick = kiosk
    install(maker, folder, stick)
    updates.choose_start(folder, RUNNING)
    updates.confirm_started(folder, NEXT)
    assert updates.choose_start(folder, newer(NEXT)).folder is None


def test_a_version_this_user_could_have_changed_is_not_started_on_the_kiosk(maker, kiosk):
    """On the kiosk the versions belong to the update service; one the kiosk's own user can write (a file
    changed after it was checked) is passed over for the version before it."""
    _, folder, stick = kiosk
    install(maker, folder, stick)
    (folder / "versions" / NEXT / "table_companion.py").write_text("def main():\n    print('changed')\n")
    assert updates.choose_start(folder, RUNNING, sealed=True) == updates.Start(None, switched_back_from=NEXT)
    assert updates.read_state(folder) == updates.State(failed=NEXT)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give the files to another user")
def test_a_version_that_belongs_to_the_update_service_is_started_on_the_kiosk(maker, kiosk):
    _, folder, stick = kiosk
    install(maker, folder, stick)
    tree = folder / "versions" / NEXT
    for path in [tree, *tree.rglob("*")]:
        os.lchown(path, 65534, 65534)      # the update service's own user, not this one
    assert updates.choose_start(folder, RUNNING, sealed=True).folder == tree
    # One file its group may write is one too many.
    os.chmod(tree / "table_companion.py", 0o664)
    assert updates.choose_start(folder, RUNNING, sealed=True) == updates.Start(None, switched_back_from=NEXT)


def launch(folder: Path, data: Path | None = None, *arguments: str) -> subprocess.CompletedProcess:
    """The kiosk's start, as its unit runs it."""
    environment = {**os.environ, updates.UPDATES_ENV: str(folder), "KIVY_NO_ARGS": "1"}
    environment.pop("TABLE_COMPANION_UPDATE_SOCKET", None)
    options = ["--data-dir", str(data)] if data is not None else []
    return subprocess.run([sys.executable, "-m", "companion.launch", *options, *(arguments or ("--version",))],
                          cwd=REPO, env=environment, capture_output=True, text=True, timeout=120)


def test_the_kiosk_s_start_runs_an_update_once_and_after_it_crashed_the_version_before(maker, kiosk):
    _, folder, stick = kiosk
    install(maker, folder, stick, start="    import os\n    print(os.environ.get('TABLE_COMPANION_SWITCHED_BACK'))\n"
                                        "    raise SystemExit(3)")
    first = launch(folder)
    assert (first.returncode, first.stdout.split()) == (3, ["program", NEXT, "None"])
    second = launch(folder)
    assert (second.returncode, second.stdout.strip()) == (0, f"table-companion {RUNNING}")
    assert f"version {NEXT} did not start; switching back to version {RUNNING}" in second.stderr
    assert launch(folder).stdout.strip() == f"table-companion {RUNNING}"


def test_the_kiosk_s_start_keeps_an_update_that_confirmed_its_start(maker, kiosk):
    _, folder, stick = kiosk
    install(maker, folder, stick, start=f"    from companion import updates\n"
                                        f"    updates.confirm_started(updates.updates_folder(), {NEXT!r})")
    for _ in range(3):
        started = launch(folder)
        assert (started.returncode, started.stdout.strip()) == (0, f"program {NEXT}")
    assert updates.read_state(folder) == updates.State(current=NEXT)


@pytest.mark.parametrize("plant", ["pipe", "link to /dev/zero", "huge", "folder"])
def test_a_start_state_that_is_not_a_small_file_starts_the_installed_version(maker, kiosk, plant):
    _, folder, stick = kiosk
    install(maker, folder, stick)
    state = folder / "start" / "state.json"
    state.unlink()
    if plant == "pipe":
        os.mkfifo(state)
    elif plant == "link to /dev/zero":
        state.symlink_to("/dev/zero")
    elif plant == "huge":
        state.write_bytes(b"{" + b" " * (2 << 20) + b"}")
    else:
        state.mkdir()
    started = launch(folder)
    assert (started.returncode, started.stdout.strip()) == (0, f"table-companion {RUNNING}"), started.stderr


# ----- the saved games across a switch ------------------------------------------------------------------

def saved_games(data: Path, games: int) -> None:
    store = Store.open(data)
    for number in range(games):
        store.new_session("nut", [Player(f"Ann{number}", "orange"), Player("Ben", "blue")])
    store.close()


def migrated_by(data: Path, version: str) -> None:
    """What a newer version's first start does to the saved games: a newer form, and a game more."""
    db = sqlite3.connect(data / DB_NAME)
    with db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
        db.execute("INSERT OR REPLACE INTO meta VALUES ('written_by', ?)", (version,))
        db.execute("CREATE TABLE newer_things (x)")
    db.close()


def test_an_update_that_changed_the_saved_games_and_never_started_gives_them_back(maker, kiosk):
    data, folder, stick = kiosk
    saved_games(data, 3)
    install(maker, folder, stick)
    assert updates.choose_start(folder, RUNNING, data).folder == folder / "versions" / NEXT
    copies = list((data / "before-update").glob("saved-games-*.sqlite3"))
    assert len(copies) == 1
    migrated_by(data, NEXT)
    with pytest.raises(WrittenByNewerVersion):
        Store.open(data)
    assert updates.choose_start(folder, RUNNING, data) == updates.Start(None, switched_back_from=NEXT)
    store = Store.open(data)
    assert len(store.sessions()) == 3 and store.moved_aside is None
    store.close()
    kept = list((data / "before-update").glob(f"written-by-{NEXT}-*/{DB_NAME}"))
    assert len(kept) == 1
    assert sqlite3.connect(kept[0]).execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone() == (NEXT,)


def test_saved_games_from_a_newer_version_are_never_moved_aside_and_say_which_version_to_install(kiosk):
    data, _, _ = kiosk
    saved_games(data, 2)
    migrated_by(data, "7.0.1")
    before = snapshot(data)
    with pytest.raises(WrittenByNewerVersion) as refusal:
        Store.open(data)
    assert "written by version 7.0.1" in str(refusal.value)
    assert "install version 7.0.1 again to see them" in str(refusal.value)
    assert snapshot(data) == before
    stats = subprocess.run([sys.executable, "table_companion.py", "--data-dir", str(data), "stats"], cwd=REPO,
                           capture_output=True, text=True, timeout=120, env={**os.environ, "KIVY_NO_ARGS": "1"})
    assert stats.returncode != 0
    assert "install version 7.0.1 again to see them" in stats.stdout + stats.stderr
    assert snapshot(data) == before
