#!/usr/bin/env bash
# make pi-check: proves the Raspberry Pi install on the Pi's own architecture without a Pi. Builds (or
# reuses) a Debian arm64 root, the base of Raspberry Pi OS (trixie, today's, by default; bookworm, the
# one before, with --suite bookworm), runs it under qemu-user emulation, installs the project into it
# with the real deploy/install.sh (as an image builder would, in a chroot), then checks the installed
# app and prints a table of the steps with their times.
#
#   sudo deploy/pi-check.sh [--suite trixie|bookworm] [--rebuild] [--keep] [--source tree|head]
#
# Needs root (chroot, mounts); installs Debian's qemu-user-static, binfmt-support and mmdebstrap with apt
# if they are missing.
# Takes several minutes; it is not part of `make test`.
#
# The step functions are called by name through run_step (SC2317), and the single-quoted $ and
# backquotes are meant literally: Markdown, and an inner shell's variable (SC2016).
# shellcheck disable=SC2317,SC2016
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$SCRIPT_DIR")
CACHE=${PI_ROOT_CACHE:-/var/cache/table-companion-pi-root}
WORK=${PI_CHECK_WORK:-}
SUITE=${PI_SUITE:-trixie}
# What Raspberry Pi OS Lite has that a minimal Debian lacks and the installer or the checks rely on:
# systemd (the kiosk is a systemd service), udev (it makes the input and render groups the kiosk joins),
# python3 (3.13 on trixie, 3.11 on bookworm), sudo (companion-doctor).
BASE_PACKAGES=systemd,systemd-sysv,udev,python3,ca-certificates,sudo
KIOSK_USER=pi
CLONE=/home/$KIOSK_USER/table-companion
APP=/opt/table-companion/venv
# Tests run 10 to 20 times slower under emulation, so these are the core's (each game's rules, the
# session, the store), the races' and the buttons'; the long random-play properties and the game
# screens' tests are left to make test.
TEST_PATHS=(tests/games tests/test_session.py tests/test_store.py tests/test_outcome.py
            tests/test_race_arbiter.py tests/test_race_cue.py tests/test_replay_race.py
            tests/test_hardware_buttons.py tests/test_button_release_timing.py tests/test_doctor.py)
TEST_OPTIONS=(-m "'not slow and not ui and not e2e'" "--ignore-glob='*test_ui_*'" "--ignore-glob='*properties*'")
# Problems the doctor must report in a chroot on a PC, and nothing else: there is no display, touchscreen
# or sound card there. (No GPIO chip either, which the doctor rightly takes as a PC, not a problem.)
EXPECTED_PROBLEMS="display touch audio"
SHOT_SIZE=800x480
STARTUP_RUNS=3
NICE=(nice -n 10)

REBUILD=0
PREPARE_ONLY=0
KEEP=0
SOURCE=tree

die() {
    printf 'pi-check: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '  %s\n' "$line" >&2; done
    exit 1
}
note() { printf '==> %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --rebuild) REBUILD=1; shift ;;
        --suite)
            [[ $# -ge 2 && ( $2 == trixie || $2 == bookworm ) ]] || die "--suite takes trixie (Raspberry Pi OS today) or bookworm (the release before)."
            SUITE=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        --prepare) PREPARE_ONLY=1; shift ;;
        --source)
            [[ $# -ge 2 && ( $2 == tree || $2 == head ) ]] || die "--source takes 'tree' (the working tree) or 'head' (git HEAD)."
            SOURCE=$2; shift 2 ;;
        -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
            printf '\n  --suite NAME   the Debian release of the root: trixie (default) or bookworm\n'
            printf '  --rebuild      build the arm64 root again instead of reusing %s\n' "$CACHE"
            printf '  --prepare      only build (or check) the cached root, then stop\n'
            printf '  --keep         leave the checked root in %s/root for a look around\n' "${WORK:-/var/tmp/table-companion-pi-check-$SUITE}"
            printf '  --source WHAT  copy in the working tree (tree, default) or the last commit (head)\n'
            printf '\nEnvironment: PI_ROOT_CACHE (the cached root), PI_CHECK_WORK (scratch), PI_MIRROR (Debian mirror).\n'
            exit 0 ;;
        *) die "unknown option '$1'." "See: deploy/pi-check.sh --help" ;;
    esac
done

# Each release its own scratch folder, so that both can be checked at once.
WORK=${WORK:-/var/tmp/table-companion-pi-check-$SUITE}

# --- prerequisites ---------------------------------------------------------------------------------------

[[ $EUID -eq 0 ]] || die "the check needs root (it builds a root file system, mounts and chroots)." "Run: sudo make pi-check"
missing=()
command -v mmdebstrap >/dev/null || missing+=(mmdebstrap arch-test)
command -v qemu-aarch64-static >/dev/null || missing+=(qemu-user-static)
command -v git >/dev/null || missing+=(git)
if [[ ${#missing[@]} -gt 0 ]]; then
    command -v apt-get >/dev/null ||
        die "missing: ${missing[*]}, and there is no apt-get to install them with." "Install them, then run this again."
    note "Installing what the emulation needs: ${missing[*]} binfmt-support"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" binfmt-support >/dev/null
fi
[[ -x $REPO/.venv/bin/python ]] ||
    die "the project's .venv is missing; the check compares the emulated results with this machine's." "Run: make check (or make run) once first."

# The table of timed steps, the arm64 emulation and the chroot helpers, shared with the image builders.
# shellcheck source=deploy/build-steps.sh disable=SC1091
source "$SCRIPT_DIR/build-steps.sh"
MIRROR=$(debian_mirror)

# --- the step table --------------------------------------------------------------------------------------

LOG_DIR=$WORK/logs

# --- emulation -----------------------------------------------------------------------------------------


# --- the arm64 root --------------------------------------------------------------------------------------

TARBALL=$CACHE/$SUITE-arm64.tar
RECIPE_FILE=$CACHE/$SUITE-arm64.recipe
RECIPE="suite=$SUITE packages=$BASE_PACKAGES user=$KIOSK_USER builder=mmdebstrap"
ROOT=$WORK/root

build_root() {
    # Each release its own folder: both may be built at once.
    local build=$CACHE/build-$SUITE
    rm -rf --one-file-system "$build"
    mkdir -p "$build"
    echo "mmdebstrap $SUITE arm64 from $MIRROR"
    "${NICE[@]}" mmdebstrap --arch=arm64 --variant=minbase --mode=root --format=directory \
        --include="$BASE_PACKAGES" "$SUITE" "$build" "$MIRROR"
    # As Raspberry Pi OS has them: the kiosk's account, and the gpio group its udev rules give /dev/gpiochip*.
    chroot "$build" groupadd --system gpio
    chroot "$build" useradd --create-home --shell /bin/bash "$KIOSK_USER"
    chroot "$build" apt-get clean
    tar -C "$build" --numeric-owner -cf "$TARBALL.new" .
    mv -f "$TARBALL.new" "$TARBALL"
    printf '%s\n' "$RECIPE" >"$RECIPE_FILE"
    rm -rf --one-file-system "$build"
}

cleanup() {
    unmount_root
    if [[ $KEEP -eq 0 && -d $ROOT ]]; then rm -rf --one-file-system "$ROOT"; fi
}
trap cleanup EXIT

step_root() {
    mkdir -p "$CACHE"
    if [[ $REBUILD -eq 1 || ! -f $TARBALL || $(cat "$RECIPE_FILE" 2>/dev/null) != "$RECIPE" ]]; then
        build_root
        echo "built and cached in $TARBALL"
    else
        echo "reusing $TARBALL (built $(date -r "$TARBALL" '+%Y-%m-%d %H:%M'); --rebuild for a new one)"
    fi
    unmount_root
    rm -rf --one-file-system "$ROOT"
    mkdir -p "$ROOT"
    tar -C "$ROOT" --numeric-owner -xf "$TARBALL"
    prepare_for_chroot
    # Each release its own apt cache: both releases may be checked at once.
    mount_into_root "$CACHE" "apt-archives-$SUITE"
    local arch
    arch=$(chroot "$ROOT" dpkg --print-architecture)
    [[ $arch == arm64 ]] || die "the root is $arch, not arm64."
    echo "Debian $(cat "$ROOT/etc/debian_version") arm64, $(du -sh --one-file-system "$ROOT" | cut -f1), $(chroot "$ROOT" uname -m) under qemu"
}

# --- the source, installed as a user would --------------------------------------------------------------

step_source() {
    mkdir -p "$ROOT$CLONE"
    if [[ $SOURCE == head ]]; then
        git -C "$REPO" archive HEAD | tar -C "$ROOT$CLONE" -xf -
    else
        # What a commit of the working tree would hold: tracked files plus new ones git does not ignore.
        (cd "$REPO" && git ls-files -z --cached --others --exclude-standard |
            xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
            tar --null -T - -cf -) | tar -C "$ROOT$CLONE" -xf -
    fi
    chroot "$ROOT" chown -R "$KIOSK_USER:" "$CLONE"
    echo "$(find "$ROOT$CLONE" -type f | wc -l) files from the $([[ $SOURCE == head ]] && echo "last commit" || echo "working tree")"
}

# in_root COMMAND...: runs a command in the arm64 root, niced, with a clean environment.
in_root() {
    "${NICE[@]}" chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 "$@"
}
# as_kiosk_user COMMAND...: as the kiosk's account, with a throwaway Kivy home, as a user would run it.
# A crash of the emulated interpreter prints where each thread was (it found two threads sharing the
# saved games file at once).
as_kiosk_user() {
    in_root runuser -u "$KIOSK_USER" -- env HOME="/home/$KIOSK_USER" KIVY_NO_ARGS=1 \
        KIVY_HOME=/tmp/pi-check-kivy PYTHONFAULTHANDLER=1 "$@"
}

step_install() {
    in_root bash "$CLONE/deploy/install.sh" --user "$KIOSK_USER"
    local unit=/etc/systemd/system/table-companion.service
    [[ -f $ROOT$unit ]] || die "the installer wrote no $unit"
    [[ $(readlink "$ROOT/etc/systemd/system/multi-user.target.wants/table-companion.service") == "$unit" ]] ||
        die "the service is not enabled (no multi-user.target.wants link)"
    [[ ! -e $ROOT/etc/systemd/system/getty.target.wants/getty@tty1.service ]] ||
        die "the login prompt on tty1 is still enabled"
    echo "installed; service enabled, tty1 login off"
}

# What the installer set up around the app for this release: lgpio importable (on Python 3.13 built from
# its source, whose build tools are gone again), every module compiled, the polkit rule, the clock, the
# journal group, and the eject service's sandbox as systemd rates it.
step_system() {
    local app_python=$APP/bin/python said
    said=$(as_kiosk_user sh -c "cd /tmp && LG_WD=/tmp $app_python -c 'import importlib.metadata as m, lgpio, platform; print(m.version(\"lgpio\"), \"on Python\", platform.python_version())'") ||
        die "lgpio does not import in the installed app: $said"
    local missing
    missing=$(in_root "$app_python" - <<'PY'
import importlib.util, pathlib, sys
site = next(pathlib.Path(p) for p in sys.path if p.endswith("site-packages"))
sources = [f for f in (site / "companion").rglob("*.py")] + [f for f in (site / "kivy").rglob("*.py")]
print(sum(not pathlib.Path(importlib.util.cache_from_source(str(f))).exists() for f in sources), len(sources))
PY
)
    [[ ${missing%% *} == 0 ]] || die "modules without their compiled .pyc (missing, of): $missing"
    [[ -s $ROOT/etc/polkit-1/rules.d/50-table-companion.rules ]] || die "no polkit rule"
    [[ -x $ROOT/usr/lib/systemd/systemd-timesyncd ]] || die "systemd-timesyncd is not installed"
    [[ -x $ROOT/usr/lib/systemd/systemd-timedated ]] || die "systemd-timedated is not installed"
    grep -q "^systemd-journal:.*\b$KIOSK_USER\b" "$ROOT/etc/group" || die "$KIOSK_USER is not in systemd-journal"
    local leftover
    leftover=$(in_root dpkg-query -W -f='${Package} ${Status}\n' swig gcc 2>/dev/null | grep ' installed$' || true)
    [[ -z $leftover ]] || die "the lgpio build tools are still installed: $leftover"
    local exposure
    exposure=$(in_root systemd-analyze security --offline=true /etc/systemd/system/table-companion-eject.service 2>&1 |
        sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
    if [[ -z $exposure ]] || ! awk -v e="$exposure" 'BEGIN { exit !(e <= 5.0) }'; then
        die "the eject service's exposure is '$exposure' (5.0 at most)"
    fi
    echo "lgpio $(printf '%s' "$said" | tail -n 1), ${missing#* } modules compiled, polkit rule, timesyncd, journal group, eject service exposure $exposure"
}

# The installed program's version, from `companion --version` where the command has that option, else
# from the installed package's metadata; it must match this clone's.
installed_version() {
    local python=$1 companion=$2
    "$companion" --version 2>/dev/null ||
        "$python" -c 'import importlib.metadata as m; print("table-companion", m.version("table-companion"))'
}

# An image builder working from outside the image: this machine's install.sh with --image-root, its
# commands run in the root through chroot. Run over the first install it is an upgrade, which must
# keep the family's data and take the new options.
step_upgrade() {
    local data=$ROOT/var/lib/table-companion
    printf '{"display": {"sound": false}}\n' >"$data/config.json"
    chroot "$ROOT" chown "$KIOSK_USER:" /var/lib/table-companion/config.json
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        "${NICE[@]}" bash "$REPO/deploy/install.sh" --image-root "$ROOT" --user "$KIOSK_USER" --rotation 180
    grep -qx 'rotation = 180' "$ROOT/etc/table-companion/kivy/config.ini" || die "the new rotation was not written"
    [[ $(cat "$data/config.json") == '{"display": {"sound": false}}' ]] || die "the upgrade changed the family's config.json"
    [[ -z $(find "$ROOT/var/tmp" -maxdepth 1 -name 'table-companion-src.*') ]] || die "the installer left its copy in the image"
    echo "upgraded from outside with --image-root: rotation 180 taken, data kept"
}

step_version() {
    local version expected
    as_kiosk_user "$APP/bin/companion" --help >/dev/null || die "the installed companion does not start"
    version=$(as_kiosk_user sh -c "$(declare -f installed_version); installed_version $APP/bin/python $APP/bin/companion")
    expected=$(cd "$REPO" && KIVY_NO_ARGS=1 installed_version .venv/bin/python .venv/bin/companion)
    [[ $version == "$expected" ]] || die "arm64 says '$version', this machine '$expected'"
    echo "$version"
}

step_doctor() {
    local report status=0
    report=$(in_root runuser -u "$KIOSK_USER" -- /usr/local/bin/companion-doctor --json) || status=$?
    printf '%s\n' "$report"
    [[ $status -le 1 ]] || die "companion-doctor failed (exit $status)"
    local unexpected
    unexpected=$(printf '%s' "$report" | "$REPO/.venv/bin/python" -c '
import json, sys
expected = set(sys.argv[1].split())
findings = json.load(sys.stdin)["findings"]
for f in findings:
    if f["status"] == "problem" and f["check"] not in expected:
        print(f["check"] + ": " + f["summary"])
' "$EXPECTED_PROBLEMS")
    [[ -z $unexpected ]] || die "unexpected problems:" "$unexpected"
    local problems
    problems=$(printf '%s' "$report" | "$REPO/.venv/bin/python" -c '
import json, sys
found = json.load(sys.stdin)["findings"]
print(", ".join(sorted({f["check"] for f in found if f["status"] == "problem"})) or "none")')
    echo "expected problems only ($problems)"
}

# The same file replayed here and in the root must give the same output, byte for byte.
compare_with_host() {
    local command=$1 file=$2 arm host
    arm=$(as_kiosk_user "$APP/bin/companion" "$command" "$CLONE/$file")
    host=$(cd "$REPO" && KIVY_NO_ARGS=1 .venv/bin/companion "$command" "$file")
    [[ $arm == "$host" ]] || die "$command $file: arm64 and this machine disagree" \
        "$(diff <(printf '%s\n' "$host") <(printf '%s\n' "$arm") | head -n 20)"
    [[ -n $arm ]] || die "$command $file printed nothing"
}

step_games() {
    local file count=0
    for file in "$REPO"/seeds/examples/*.json; do
        compare_with_host replay-game "seeds/examples/$(basename "$file")"
        echo "  $(basename "$file") ok"
        count=$((count + 1))
    done
    [[ $count -gt 0 ]] || die "no example games in seeds/examples"
    echo "$count example games replayed, same result as x86-64"
}

step_races() {
    local file count=0
    while IFS= read -r file; do
        compare_with_host replay-race "$file"
        echo "  $file ok"
        count=$((count + 1))
    done < <(cd "$REPO" && find docs -name '*.jsonl' | sort)
    [[ $count -gt 0 ]] || die "no race logs in docs/"
    echo "$count race logs re-decided, same result as x86-64"
}

# Every screen, drawn by the installed app in one process (starting Kivy under emulation takes minutes).
step_screens() {
    local out=/tmp/pi-check-shots said shot count=0
    in_root install -d -o "$KIOSK_USER" "$out"
    said=$(as_kiosk_user "$APP/bin/companion" screenshot all "$out" --size "$SHOT_SIZE" 2>&1) ||
        die "drawing the screens failed; the end of what it said, Kivy's log left out:" \
            "$(printf '%s\n' "$said" | grep -v '^\[' | tail -n 20)" \
            "Run: chroot $ROOT runuser -u $KIOSK_USER -- $APP/bin/companion screenshot all /tmp/shots"
    for shot in "$ROOT$out"/*.png; do
        "$REPO/.venv/bin/python" "$SCRIPT_DIR/pi_check_png.py" "$shot" "$SHOT_SIZE"
        count=$((count + 1))
    done
    local expected
    expected=$(cd "$REPO" && KIVY_NO_ARGS=1 .venv/bin/companion screenshot list | wc -l)
    [[ $count -eq $expected && $count -gt 0 ]] || die "$count screens drawn, of the $expected companion screenshot list names"
    echo "$count screens rendered at $SHOT_SIZE, none blank"
}

step_tests() {
    local deps=/root/pi-check-test-deps
    # Into a folder of their own: the installed app's environment stays exactly as the installer left it.
    in_root "$APP/bin/python" -m pip install --quiet --target "$deps" pytest hypothesis
    # pyproject's addopts already say -q; a second one would drop pytest's "N passed" line read below.
    # Tests that run the command as a user does look for it in the clone's .venv: here, the installed one.
    in_root ln -sfn "$APP" "$CLONE/.venv"
    local summary
    summary=$(in_root sh -c "cd $CLONE && PYTHONPATH=$deps KIVY_NO_ARGS=1 KIVY_HOME=/tmp/pi-check-kivy-tests \
        $APP/bin/python -m pytest -p no:cacheprovider ${TEST_OPTIONS[*]} ${TEST_PATHS[*]}" 2>&1) || {
        printf '%s\n' "$summary"
        die "tests failed under the arm64 Python"
    }
    printf '%s\n' "$summary" | tail -n 5
    echo "$(printf '%s\n' "$summary" | grep -E '[0-9]+ passed' | tail -n1 | sed 's/^=* *//; s/ *=*$//') (arm64 Python $(in_root "$APP/bin/python" -c 'import platform; print(platform.python_version())'))"
}

step_startup() {
    # The figures of today's release go into the benchmarks; the other's stay in its log.
    local out=$REPO/bench/emulated-arm64.md here=$LOG_DIR/startup-here.json arm=$LOG_DIR/startup-arm64.json
    [[ $SUITE == trixie ]] || out=$LOG_DIR/emulated-arm64.md
    cp "$REPO/bench/installed_startup.py" "$ROOT/tmp/installed_startup.py"
    as_kiosk_user "$APP/bin/python" /tmp/installed_startup.py --runs "$STARTUP_RUNS" --json >"$arm"
    (cd "$REPO" && KIVY_NO_ARGS=1 "${NICE[@]}" .venv/bin/python bench/installed_startup.py --runs "$STARTUP_RUNS" --json) >"$here"
    {
        printf 'Measured by `make pi-check` (Debian %s) on %s, median of %s runs each, the installed app with the\n' \
            "$SUITE" "$(date '+%Y-%m-%d %H:%M')" "$STARTUP_RUNS"
        printf 'mock buttons '
        printf 'at 800x480 (`bench/installed_startup.py`). The emulated figures are qemu-user running arm64 code on this\n'
        printf 'x86-64 machine with software GL: they show that start-up works there and what it costs under\n'
        printf 'emulation, not how fast a Pi is. RSS under emulation includes the emulator and its translated code.\n'
        printf 'Each process stops at its first frame, so these times include closing down (the app closes its buttons\n'
        printf 'and its saved games file): compare the "start to exit" line of `bench/startup.py` above, not its\n'
        printf 'first-frame ratio.\n\n'
        "$REPO/.venv/bin/python" "$REPO/bench/installed_startup.py" --compare "$here" "$arm"
    } >"$out"
    cat "$out"
    echo "app's first frame $("$REPO/.venv/bin/python" -c 'import json,sys; print("%.1f" % json.load(open(sys.argv[1]))["app_s"])' "$arm") s emulated; table in bench/emulated-arm64.md"
}

# --- main ------------------------------------------------------------------------------------------------

rm -rf "$LOG_DIR"
mkdir -p "$LOG_DIR"
note "pi-check: Debian $SUITE arm64 under qemu-user, mirror $MIRROR, cache $CACHE"
run_step emulation step_emulation
stop_unless_passed
run_step root step_root
stop_unless_passed
if [[ $PREPARE_ONLY -eq 1 ]]; then print_table pi-check; exit 0; fi
run_step source step_source
stop_unless_passed
run_step install step_install
stop_unless_passed
run_step upgrade step_upgrade
# The checks of the installed app are independent: each runs even if one before it failed.
for step in system version doctor games races screens tests startup; do
    run_step "$step" "step_$step"
done
print_table pi-check
exit "$FAILED"
