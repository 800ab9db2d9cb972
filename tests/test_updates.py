"""Updates from a USB stick (companion/updates.py, companion/launch.py): a bundle is checked in full and
refused with its reason, changing nothing, when it is cut short, altered, older, foreign or (where a key
is configured) not signed by it; a good one is unpacked beside the running version and run once at the
next start, kept once it has started, and dropped for the version before it when it has not."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from update_support import Signer, have_gpg, newer, snapshot, wheel, write_bundle

from companion import updates

REPO = Path(__file__).resolve().parents[1]
RUNNING = updates.running_version()
NEXT = newer(RUNNING)
LATER = newer(NEXT)


@pytest.fixture
def kiosk(tmp_path):
    """A kiosk's folders: the family's data, and updates with one already installed and confirmed."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "companion.sqlite3").write_bytes(b"the family's saved games")
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


def manifest(**changes) -> bytes:
    fields = json.loads(updates.manifest_for(LATER, wheel(LATER)))
    fields.update(changes)
    return json.dumps(fields).encode()


def tampered() -> bytes:
    good = updates.bundle(LATER, wheel(LATER))
    inside = good.find(b"print('program")
    return good[:inside] + b"P" + good[inside + 1:]


# Each checked by a kiosk running NEXT, with the update to NEXT installed and confirmed.
BAD_BUNDLES = {
    "cut short halfway": (lambda: updates.bundle(LATER, wheel(LATER))[:2048], "is cut short or damaged"),
    "cut short in its first block": (lambda: updates.bundle(LATER, wheel(LATER))[:600], "is cut short or damaged"),
    "empty": (lambda: b"", "is cut short or damaged"),
    "altered after it was made": (tampered, "does not match its checksum"),
    "the running version again": (lambda: updates.bundle(NEXT, wheel(NEXT)), f"already has version {NEXT}"),
    "an older version": (lambda: updates.bundle(RUNNING, wheel(RUNNING)), f"already has version {NEXT}"),
    "for another program": (lambda: tar_of({"manifest.json": manifest(app="photo-frame")}), "another program"),
    "another program's wheel": (lambda: updates.bundle(LATER, wheel(LATER, name="photo-frame")), "is another one"),
    "for another machine": (lambda: tar_of({"manifest.json": manifest(
        wheel=f"table_companion-{LATER}-cp311-cp311-win_amd64.whl")}), "for this kind of machine"),
    "without its program": (lambda: tar_of({"manifest.json": manifest()}), "is missing from it"),
    "a zip, not an update": (lambda: wheel(LATER), "is cut short or damaged"),
    "with a folder inside": (lambda: tar_of({"manifest.json": manifest(), "lib/evil.py": b"x"}),
                             "is not a table companion update"),
}


@pytest.mark.parametrize("kind", BAD_BUNDLES)
def test_a_bad_update_is_refused_with_its_reason_and_changes_nothing(kiosk, kind):
    data, folder, stick = kiosk
    updates.install(updates.check(write_bundle(stick, NEXT), RUNNING, keyring=None), folder)
    assert updates.confirm_started(folder, NEXT)
    make, reason = BAD_BUNDLES[kind]
    bad = stick / f"table-companion-{LATER}.tcupdate"
    bad.write_bytes(make())
    before = snapshot(folder), snapshot(data)
    with pytest.raises(updates.UpdateRefused) as refusal:
        updates.check(bad, NEXT, keyring=None)
    assert reason in str(refusal.value)
    assert bad.name in str(refusal.value)
    assert (snapshot(folder), snapshot(data)) == before


def test_a_wheel_whose_files_would_leave_its_folder_is_refused(kiosk):
    _, folder, stick = kiosk
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w") as archive:
        archive.writestr("table_companion.py", "")
        archive.writestr("../../data/companion.sqlite3", "")
        archive.writestr(f"table_companion-{NEXT}.dist-info/METADATA",
                         f"Metadata-Version: 2.1\nName: table-companion\nVersion: {NEXT}\n")
    path = stick / f"table-companion-{NEXT}.tcupdate"
    path.write_bytes(updates.bundle(NEXT, output.getvalue()))
    with pytest.raises(updates.UpdateRefused, match="laid out wrongly"):
        updates.check(path, RUNNING, keyring=None)
    assert not folder.exists()


def test_a_good_update_is_unpacked_beside_the_running_version_and_never_in_the_data(kiosk):
    data, folder, stick = kiosk
    before = snapshot(data)
    checked = updates.check(write_bundle(stick, NEXT), RUNNING, keyring=None)
    assert (checked.version, checked.signed) == (NEXT, False)
    unpacked = updates.install(checked, folder)
    assert unpacked == folder / "versions" / NEXT
    assert "program" in (unpacked / "table_companion.py").read_text()
    assert updates.read_state(folder) == updates.State(pending=NEXT)
    assert snapshot(data) == before


def test_the_newest_update_on_a_stick_comes_first(kiosk):
    _, _, stick = kiosk
    for version in ("0.9.0", "0.10.0", "0.2.0"):
        write_bundle(stick, version)
    (stick / "notes.txt").write_text("not an update")
    assert [path.name for path in updates.bundles_on(stick)] == [
        "table-companion-0.10.0.tcupdate", "table-companion-0.9.0.tcupdate", "table-companion-0.2.0.tcupdate"]


# ----- signatures -------------------------------------------------------------------------------------

needs_gpg = pytest.mark.skipif(not have_gpg(), reason="gpg and gpgv are not installed here")


@needs_gpg
def test_with_a_key_configured_only_an_update_signed_by_it_is_taken(kiosk, tmp_path):
    _, folder, stick = kiosk
    maker, stranger = Signer(tmp_path / "maker"), Signer(tmp_path / "stranger", "Stranger")
    unsigned = write_bundle(stick, NEXT)
    with pytest.raises(updates.UpdateRefused, match="is not signed, and this table companion takes signed updates only"):
        updates.check(unsigned, RUNNING, keyring=maker.keyring)
    signed_elsewhere = write_bundle(stick, NEXT, signature=stranger.sign(updates.manifest_for(NEXT, wheel(NEXT))))
    with pytest.raises(updates.UpdateRefused, match="not signed by the key this table companion trusts"):
        updates.check(signed_elsewhere, RUNNING, keyring=maker.keyring)
    assert not folder.exists()
    signed = write_bundle(stick, NEXT, signature=maker.sign(updates.manifest_for(NEXT, wheel(NEXT))))
    assert updates.check(signed, RUNNING, keyring=maker.keyring).signed


@needs_gpg
def test_a_signed_update_altered_afterwards_is_refused(kiosk, tmp_path):
    _, _, stick = kiosk
    maker = Signer(tmp_path / "maker")
    signature = maker.sign(updates.manifest_for(NEXT, wheel(NEXT)))
    altered = stick / f"table-companion-{NEXT}.tcupdate"
    # Another program put under the signed manifest's name: its checksum no longer matches.
    altered.write_bytes(updates.bundle(NEXT, wheel(NEXT, start="    raise SystemExit(9)"), signature=signature))
    with pytest.raises(updates.UpdateRefused, match="does not match|not signed by the key"):
        updates.check(altered, RUNNING, keyring=maker.keyring)


# ----- switching, and switching back -------------------------------------------------------------------

def installed(folder: Path, stick: Path, version: str = NEXT, **options) -> None:
    path = stick / f"table-companion-{version}.tcupdate"
    path.write_bytes(updates.bundle(version, wheel(version, **options)))
    updates.install(updates.check(path, RUNNING, keyring=None), folder)


def test_an_update_that_started_is_the_version_from_then_on(kiosk):
    _, folder, stick = kiosk
    installed(folder, stick)
    assert updates.choose_start(folder, RUNNING) == folder / "versions" / NEXT
    assert updates.confirm_started(folder, NEXT)
    for _ in range(3):
        assert updates.choose_start(folder, RUNNING) == folder / "versions" / NEXT
    assert updates.read_state(folder) == updates.State(current=NEXT)


def test_an_update_that_never_started_is_dropped_for_the_version_before_it(kiosk):
    _, folder, stick = kiosk
    installed(folder, stick)
    assert updates.choose_start(folder, RUNNING) == folder / "versions" / NEXT   # crashed, or the power went
    assert updates.choose_start(folder, RUNNING) is None
    assert updates.choose_start(folder, RUNNING) is None
    assert updates.read_state(folder) == updates.State(failed=NEXT)
    # A late confirmation by that version changes nothing.
    assert not updates.confirm_started(folder, NEXT)


def test_a_failed_second_update_switches_back_to_the_first(kiosk):
    _, folder, stick = kiosk
    installed(folder, stick)
    updates.choose_start(folder, RUNNING)
    updates.confirm_started(folder, NEXT)
    later = LATER
    path = write_bundle(stick, later)
    updates.install(updates.check(path, NEXT, keyring=None), folder)
    assert updates.choose_start(folder, RUNNING) == folder / "versions" / later
    assert updates.choose_start(folder, RUNNING) == folder / "versions" / NEXT
    assert updates.read_state(folder) == updates.State(current=NEXT, failed=later)


def test_a_newer_version_put_in_by_the_installer_wins_over_an_older_update(kiosk):
    _, folder, stick = kiosk
    installed(folder, stick)
    updates.choose_start(folder, RUNNING)
    updates.confirm_started(folder, NEXT)
    assert updates.choose_start(folder, newer(NEXT)) is None


def launch(folder: Path) -> subprocess.CompletedProcess:
    """The kiosk's start, as its unit runs it."""
    environment = {**os.environ, updates.UPDATES_ENV: str(folder), "KIVY_NO_ARGS": "1"}
    return subprocess.run([sys.executable, "-m", "companion.launch", "--version"], cwd=REPO, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_the_kiosk_s_start_runs_an_update_once_and_after_it_crashed_the_version_before(kiosk):
    _, folder, stick = kiosk
    installed(folder, stick, start="    raise SystemExit(3)")
    first = launch(folder)
    assert (first.returncode, first.stdout.strip()) == (3, f"program {NEXT}")
    second = launch(folder)
    assert (second.returncode, second.stdout.strip()) == (0, f"table-companion {RUNNING}")
    assert f"version {NEXT} did not start; switching back to version {RUNNING}" in second.stderr
    assert launch(folder).stdout.strip() == f"table-companion {RUNNING}"


def test_the_kiosk_s_start_keeps_an_update_that_confirmed_its_start(kiosk):
    _, folder, stick = kiosk
    installed(folder, stick, start=f"    from companion import updates\n"
                                   f"    updates.confirm_started(updates.updates_folder(), {NEXT!r})")
    for _ in range(3):
        started = launch(folder)
        assert (started.returncode, started.stdout.strip()) == (0, f"program {NEXT}")
    assert updates.read_state(folder) == updates.State(current=NEXT)
