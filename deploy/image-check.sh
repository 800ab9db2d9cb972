#!/usr/bin/env bash
# make image-check: boots the image `make image` built in full-system emulation, as a Pi boots it, and
# uses it as a family would, then prints a table of the steps with their times.
#
#   sudo deploy/image-check.sh [IMAGE]      (default: build/image/table-companion.img)
#
# qemu-system-aarch64's `virt` machine with the image's own kernel, initrd and cmdline.txt (QEMU's serial
# port added before it as a second console, for the log), its guest clock started at 1970 as a Pi 4
# without a network starts, an 800x480 virtio display and a USB tablet for touches. The disk is a copy of
# the image (the image itself is never changed) into which three things of the check's own are written:
# a throwaway public key the updates are signed with, the journal forwarded to the serial port, and
# QEMU's tablet taken as a mouse. The check waits for the splash and then Home on the emulated display;
# plugs in an emulated USB stick holding an evening from another table and a signed update; imports the
# evening, exports a game to the stick and waits until the stick is unmounted; installs the update from
# the stick (Settings) and restarts into it; powers off and reads the exported files off the stick; boots
# again and checks that the new version started with the saved games intact and that the clock went on
# from where it was; then installs a broken update from another stick and checks that the kiosk switched
# back to the version before and says so on the screen; holds Settings' version row open to the
# Maintenance page, exports everything to that stick and reads the backup off it. Touches land where deploy/image_check_taps.py
# found the buttons in this checkout's app, each once the emulated screen matches the screen there; every
# screen taken is checked. Needs root for apt; about 30 minutes on two busy cores. The emulated screens
# are kept in build/image-check.
#
# The step functions are called by name through run_step (SC2317).
# shellcheck disable=SC2317
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$SCRIPT_DIR")
IMAGE=${1:-$REPO/build/image/table-companion.img}
WORK=${IMAGE_CHECK_WORK:-/var/tmp/table-companion-image-check}
SHOTS=$REPO/build/image-check
LOG_DIR=$WORK/logs
QMP=$WORK/qmp.sock
BOOT_TIMEOUT_S=1200
SCREEN_TIMEOUT_S=300
SPLASH=$SCRIPT_DIR/splash.png
# A Pi 4 without a network starts its clock here; the saved clock must take it forward.
GUEST_CLOCK_START=1970-01-01T00:00:00
# The saved clock is written every minute (image-clock.sh), so a power-off may lose up to that much.
CLOCK_SAVE_S=60

die() {
    printf 'image-check: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '  %s\n' "$line" >&2; done
    exit 1
}
note() { printf '==> %s\n' "$*"; }

case ${1:-} in
    -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option '$1'." "See: deploy/image-check.sh --help" ;;
esac

# shellcheck source=deploy/build-steps.sh disable=SC1091
source "$SCRIPT_DIR/build-steps.sh"

[[ -f $IMAGE ]] || die "no image at $IMAGE." "Build it first: sudo make image"
[[ -x $REPO/.venv/bin/python ]] || die "the project's .venv is missing; the check walks this checkout's app." "Run: make check (or make run) once first."
need_host_tools qemu-system-aarch64:qemu-system-arm qemu-img:qemu-utils mcopy:mtools mkfs.vfat:dosfstools \
    git:git debugfs:e2fsprogs sfdisk:fdisk gpg:gpg jq:jq
# Debian's own Python, for which apt installs PIL (a python3 earlier on PATH may be another one).
HOST_PYTHON=/usr/bin/python3
"$HOST_PYTHON" -c 'import PIL' 2>/dev/null || need_host_tools python3-pil-is-missing:python3-pil

vm() { "$HOST_PYTHON" "$SCRIPT_DIR/image_check_vm.py" "$QMP" "$@"; }
picture() { "$HOST_PYTHON" "$SCRIPT_DIR/image_check_vm.py" - "$@"; }

# --- the emulated Pi ------------------------------------------------------------------------------------

DISK=$WORK/disk.img
# The steps run in subshells (run_step), so the emulator's process id is kept in a file.
PID_FILE=$WORK/qemu.pid
running() { [[ -f $PID_FILE ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; }
stop_vm() {
    if running; then kill "$(cat "$PID_FILE")" 2>/dev/null || true; fi
    rm -f "$PID_FILE"
}
trap stop_vm EXIT

# boot NAME: starts the emulated Pi in the background, its serial console (the journal too) in NAME.log,
# with the image's own kernel command line: the serial port goes first, so that the screen stays the
# console the kernel hands to systemd (/dev/console is the last one named), as on a Pi.
boot() {
    local console=$WORK/$1.log
    rm -f "$console" "$QMP"
    qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 -m 2048 -accel tcg,thread=multi \
        -kernel "$WORK/vmlinuz" -initrd "$WORK/initrd.img" -append "console=ttyAMA0,115200 $(cat "$WORK/cmdline.txt")" \
        -rtc base="$GUEST_CLOCK_START" \
        -drive if=none,id=disk,file="$DISK",format=raw -device virtio-blk-pci,drive=disk \
        -device virtio-gpu-pci,xres=800,yres=480 -device qemu-xhci,id=xhci -device usb-tablet,bus=xhci.0 \
        -nic none -display none -serial "file:$console" -monitor none \
        -qmp "unix:$QMP,server=on,wait=off" >"$WORK/$1.qemu.log" 2>&1 &
    echo $! >"$PID_FILE"
    date +%s >"$WORK/$1.started"
    local waited=0
    until [[ -S $QMP ]]; do
        (( waited++ < 60 )) || die "QEMU did not start: $(cat "$WORK/$1.qemu.log")"
        sleep 1
    done
}
since_boot() { echo $(( $(date +%s) - $(cat "$WORK/$1.started") )); }

# wait_for NAME PATTERN TIMEOUT [FROM]: until the console of boot NAME has a line matching PATTERN
# (grep -E), from its line FROM on (default: its first).
wait_for() {
    local console=$WORK/$1.log pattern=$2 timeout=$3 from=${4:-1} started
    started=$(date +%s)
    until tail -n "+$from" "$console" 2>/dev/null | grep -aqE "$pattern"; do
        running || die "the emulated Pi stopped while waiting for: $pattern" "$(tail -n 20 "$console")"
        (( $(date +%s) - started < timeout )) || die "no '$pattern' after ${timeout}s" "$(tail -n 20 "$console" | cut -c1-200)"
        sleep 3
    done
    tail -n "+$from" "$console" | grep -aE "$pattern" | tail -n 1 | tr -d '\r' | cut -c1-200
}
# The number of the console's next line, for wait_for to look from there on.
next_line() { echo $(( $(wc -l <"$WORK/$1.log") + 1 )); }

# wait_for_screen EXPECTED.png OUT.png: until the emulated screen matches EXPECTED (above the message bar).
wait_for_screen() {
    local expected=$1 out=$2 started share
    started=$(date +%s)
    while true; do
        vm screendump "$out"
        if share=$(picture compare "$out" "$expected"); then
            echo "  screen matches $(basename "$expected") ($share of its pixels differ) after $(( $(date +%s) - started ))s"
            return 0
        fi
        (( $(date +%s) - started < SCREEN_TIMEOUT_S )) || die "the emulated screen never matched $expected ($share differ); it is in $out"
        sleep 4
    done
}

# shot NAME EXPECTED.png: the emulated screen, kept as NAME.png, checked: not blank, and the screen EXPECTED is
# (waited for: a frame the app has drawn reaches the display a moment after the app says so, and the
# display may still be dark while the splash hands it over).
shot() {
    local out=$SHOTS/$1.png share
    wait_for_screen "$2" "$out" >/dev/null
    picture blank "$out" >/dev/null || die "the emulated screen is blank or a console ($out)"
    share=$(picture compare "$out" "$2") || die "the emulated screen is not $(basename "$2"): $share of its pixels differ ($out)"
    echo "  $1.png: $(basename "$2") ($share of its pixels differ)"
}

# powerdown: as the power button asks, then waits for the emulated Pi to stop.
powerdown() {
    vm powerdown
    local started
    started=$(date +%s)
    while running; do
        (( $(date +%s) - started < 300 )) || die "the emulated Pi did not power off in 300s"
        sleep 3
    done
    rm -f "$PID_FILE"
}

# The saved clock (the time of timesyncd's clock file, written every minute while the Pi runs) on FS, in
# seconds since 1970: read from the disk while the emulated Pi is off.
saved_clock() {
    local when
    when=$(TZ=UTC debugfs -R 'stat /var/lib/systemd/timesync/clock' "$1" 2>/dev/null | sed -n 's/^ *mtime: 0x[0-9a-f:]* -- //p')
    [[ -n $when ]] || die "no saved clock (/var/lib/systemd/timesync/clock) on the disk"
    TZ=UTC date -d "$when" +%s
}

# --- what the check writes into its copy of the image -------------------------------------------------

# root_fs_of DISK: its system partition, as debugfs opens it (FILE?offset=BYTES); root_fs: the disk copy's.
root_fs_of() { printf '%s?offset=%s' "$1" "$(( $(sfdisk --json "$1" | jq '.partitiontable.partitions[1].start') * 512 ))"; }
root_fs() { root_fs_of "$DISK"; }

# put LOCAL PATH: LOCAL into the disk copy's system partition at PATH (mode 0644, root's).
put() {
    local fs
    fs=$(root_fs)
    chmod 0644 "$1"
    debugfs -w -R "mkdir ${2%/*}" "$fs" >/dev/null 2>&1 || true
    debugfs -w -R "rm $2" "$fs" >/dev/null 2>&1 || true
    debugfs -w -R "write $1 $2" "$fs" 2>&1 | grep -v '^debugfs' || true
    debugfs -R "stat $2" "$fs" 2>/dev/null | grep -q 'Type: regular' || die "could not write $2 into the disk copy"
}

# A throwaway key the check signs its updates with, trusted by the disk copy alone (the image built
# trusts only the project's keys), in /etc/table-companion/update-keys/ as the installer puts keys, and
# by this checkout's walks through the same touches.
make_signing_key() {
    export GNUPGHOME=$WORK/gnupg
    mkdir -p "$GNUPGHOME"
    chmod 0700 "$GNUPGHOME"
    gpg --batch --quiet --passphrase '' --quick-gen-key "image-check <image-check@table-companion.invalid>" ed25519 sign never
    mkdir -p "$WORK/update-keys"
    gpg --batch --export image-check@table-companion.invalid >"$WORK/update-keys/image-check.gpg"
    chmod 0755 "$WORK/update-keys"
    put "$WORK/update-keys/image-check.gpg" /etc/table-companion/update-keys/image-check.gpg
    export IMAGE_CHECK_KEYS=$WORK/update-keys
}

# --- steps ----------------------------------------------------------------------------------------------

STICK=$WORK/stick.img
BROKEN_STICK=$WORK/broken-stick.img

# make_stick IMAGE FILES_DIR: a FAT stick labelled STICK holding the files.
make_stick() {
    rm -f "$1"
    mkfs.vfat -C -n STICK "$1" $((64 * 1024)) >/dev/null
    mcopy -i "$1" "$2"/* ::/
}

step_prepare() {
    # Everything of a run before but the logs, which this step's own log is among.
    find "$WORK" -mindepth 1 -maxdepth 1 ! -name logs -exec rm -rf {} +
    rm -rf "$SHOTS"
    mkdir -p "$SHOTS"
    # What the Pi's firmware starts: the kernel and initrd config.txt names, with cmdline.txt.
    local config kernel initrd boot_fs
    boot_fs="$IMAGE@@$(( $(sfdisk --json "$IMAGE" | jq '.partitiontable.partitions[0].start') * 512 ))"
    config=$(mtype -i "$boot_fs" ::config.txt)
    kernel=$(awk -F= '$1 == "kernel" { print $2 }' <<<"$config" | tr -d '\r')
    initrd=$(awk '$1 == "initramfs" { print $2 }' <<<"$config" | tr -d '\r')
    [[ -n $kernel && -n $initrd ]] || die "the image's config.txt names no kernel and initramfs: $config"
    mcopy -n -i "$boot_fs" "::$kernel" "$WORK/vmlinuz"
    mcopy -n -i "$boot_fs" "::$initrd" "$WORK/initrd.img"
    mtype -i "$boot_fs" ::cmdline.txt | tr -d '\r\n' >"$WORK/cmdline.txt"
    cp --sparse=always "$(readlink -f "$IMAGE")" "$DISK"
    make_signing_key
    # The journal to the serial port (the screen is the console, as on a Pi), and QEMU's tablet as a
    # mouse (KCFG_ settings are Kivy's): QEMU has no multitouch device for the kiosk's own touch reader.
    printf '[Journal]\nForwardToConsole=yes\nTTYPath=/dev/ttyAMA0\nMaxLevelConsole=info\n' >"$WORK/journald.conf"
    put "$WORK/journald.conf" /etc/systemd/journald.conf.d/image-check.conf
    printf '[Service]\nEnvironment=KCFG_INPUT_MOUSE=mouse\n' >"$WORK/tablet.conf"
    put "$WORK/tablet.conf" /etc/systemd/system/table-companion.service.d/image-check.conf
    # The stick: an evening exported from another table (two example games) and a signed update to the
    # next version; the other stick: a broken update (it stops before Home), signed too.
    local files=$WORK/stick-files broken=$WORK/broken-stick-files table=$WORK/table source=$WORK/broken-source
    mkdir -p "$files" "$broken" "$table" "$source"
    # Played the day before the image's saved clock, where the emulated Pi's clock starts: on this
    # machine's clock (the walk) and on the emulated Pi's alike it is an earlier evening, not one from
    # a table whose clock was ahead (which the app imports with a note the walk would not show).
    (cd "$REPO" && .venv/bin/python - "$(( $(saved_clock "$(root_fs)") - 86400 ))" "$WORK/evening-played.json" <<'PYTHON'
import json, sys
from companion.rulecards import load_example
games = [load_example(game) for game in ("nut", "thats_ruff")]
with open(sys.argv[2], "w") as evening:
    json.dump({"evening": {"started_at": float(sys.argv[1])}, "games": games}, evening)
PYTHON
    ) && (cd "$REPO" && KIVY_NO_ARGS=1 .venv/bin/companion --data-dir "$table" import-evening "$WORK/evening-played.json" >/dev/null &&
          KIVY_NO_ARGS=1 .venv/bin/companion --data-dir "$table" export-evening --output "$files/evening.json")
    (cd "$REPO" && .venv/bin/python deploy/make_update.py --sign image-check@table-companion.invalid \
        --version "$NEXT_VERSION" --out "$files") | tail -n 1
    (cd "$REPO" && git ls-files -z | xargs -0 tar -cf - 2>/dev/null) | tar -C "$source" -xf -
    printf '\nraise SystemExit("a broken update, made by make image-check")\n' >>"$source/ui/app.py"
    # make_update.py builds what git lists.
    git -C "$source" init -q && git -C "$source" add -A
    (cd "$source" && "$REPO/.venv/bin/python" deploy/make_update.py --sign image-check@table-companion.invalid \
        --version "$BROKEN_VERSION" --out "$broken") | tail -n 1
    gpgconf --kill gpg-agent
    make_stick "$STICK" "$files"
    make_stick "$BROKEN_STICK" "$broken"
    (cd "$REPO" && .venv/bin/python deploy/image_check_taps.py "$files" "$WORK/expected" "$WORK/walk-data") >"$LOG_DIR/taps.log" 2>&1 ||
        die "walking this checkout's app found no buttons to touch: $(tail -n 5 "$LOG_DIR/taps.log")"
    cp -a "$WORK/walk-data" "$WORK/walk-data-broken"
    (cd "$REPO" && .venv/bin/python deploy/image_check_taps.py "$broken" "$WORK/expected-broken" "$WORK/walk-data-broken" \
        settings update install restart) >>"$LOG_DIR/taps.log" 2>&1 ||
        die "walking this checkout's app to a broken update found no buttons to touch: $(tail -n 5 "$LOG_DIR/taps.log")"
    # Home after a start that switched back from the broken update to the next version, as this
    # checkout's app draws it when told so (companion.launch's word to it on the emulated Pi).
    cp -a "$WORK/walk-data" "$WORK/walk-data-switched-back"
    (cd "$REPO" && TABLE_COMPANION_SWITCHED_BACK=$BROKEN_VERSION IMAGE_CHECK_RUNNING=$NEXT_VERSION \
        .venv/bin/python deploy/image_check_taps.py "$broken" "$WORK/expected-switched-back" \
        "$WORK/walk-data-switched-back" settings) >>"$LOG_DIR/taps.log" 2>&1 ||
        die "walking this checkout's app to Home after a switch-back found no buttons to touch: $(tail -n 5 "$LOG_DIR/taps.log")"
    # The Maintenance page, held open from Settings, exports everything to the stick still in; from
    # Home as the switch-back left it, still saying so.
    cp -a "$WORK/walk-data" "$WORK/walk-data-maintenance"
    (cd "$REPO" && TABLE_COMPANION_SWITCHED_BACK=$BROKEN_VERSION IMAGE_CHECK_RUNNING=$NEXT_VERSION \
        .venv/bin/python deploy/image_check_taps.py "$broken" "$WORK/expected-maintenance" \
        "$WORK/walk-data-maintenance" settings maintenance export-everything) >>"$LOG_DIR/taps.log" 2>&1 ||
        die "walking this checkout's app to the Maintenance page found no buttons to touch: $(tail -n 5 "$LOG_DIR/taps.log")"
    echo "image $(basename "$(readlink -f "$IMAGE")"), version $VERSION; sticks with an evening, $NEXT_VERSION signed and $BROKEN_VERSION broken"
}

step_splash() {
    boot boot1
    local started share
    started=$(date +%s)
    until vm screendump "$SHOTS/splash.png" && share=$(picture splash "$SHOTS/splash.png" "$SPLASH"); do
        running || die "the emulated Pi stopped before the splash" "$(tail -n 20 "$WORK/boot1.log")"
        (( $(date +%s) - started < BOOT_TIMEOUT_S )) || die "the splash never showed ($SHOTS/splash.png)"
        sleep 2
    done
    echo "the splash on the emulated display $(since_boot boot1)s after power-on ($share of its pixels differ)"
}

step_boot() {
    systemd_started boot1
    wait_for boot1 'Home is on the screen' "$BOOT_TIMEOUT_S"
    # Home as this checkout's app draws it with no games yet: the walk's first screen.
    local share home
    home=$WORK/expected/$(jq -r '.[0].screen' "$WORK/expected/taps.json")
    shot home "$home"
    share=$(picture compare "$SHOTS/home.png" "$home" 0.01) ||
        die "the emulated screen is not Home: $share of its pixels differ from $home ($SHOTS/home.png)"
    echo "Home on the emulated display after $(since_boot boot1)s, $share of pixels differ from this checkout's"
}

# tap_as_here WALK NAME [ANY]: the touch named NAME in the walk WALK (a folder of this checkout's app's
# screens), as long as it was held there, once the emulated screen matches; with ANY, once the emulated
# screen is not blank (a page that shows this machine's own figures, as the Maintenance page does).
tap_as_here() {
    local walk=$1 name=$2 line x y screen held
    line=$(jq -r --arg name "$name" '.[] | select(.name == $name) | "\(.x) \(.y) \(.screen) \(.held // 0)"' "$walk/taps.json")
    read -r x y screen held <<<"$line"
    if [[ -z ${3:-} ]]; then
        wait_for_screen "$walk/$screen" "$SHOTS/${walk##*/}-$screen"
    else
        sleep 20   # its figures are read off the screen's thread
        vm screendump "$SHOTS/${walk##*/}-$screen"
        picture blank "$SHOTS/${walk##*/}-$screen" >/dev/null || die "the emulated screen is blank before $name"
        # What the emulated Pi says above it (its own card, its updates) may move it up or down: the
        # touch goes where the walk's button shows on the emulated screen.
        y=$(picture find "$SHOTS/${walk##*/}-$screen" "$walk/$screen" "$x" "$y") ||
            die "what the walk touched for $name is not on the emulated screen ($SHOTS/${walk##*/}-$screen)"
    fi
    if [[ $held == 0 ]]; then vm tap "$x" "$y"; else vm hold "$x" "$y" "$held"; fi
    echo "  touched $name at $x,$y$([[ $held == 0 ]] || echo ", held ${held}s")"
}

step_stick() {
    vm plug stick1 "$STICK"
    wait_for boot1 'Mounted .*media.pi.STICK' 300
    local walk=$WORK/expected
    tap_as_here "$walk" saved-games
    tap_as_here "$walk" import
    tap_as_here "$walk" import-file
    tap_as_here "$walk" export
    # Exported: the app asks for the stick to be unmounted, and says so once it is.
    wait_for boot1 'Unmounted .*media.pi.STICK|media-pi-STICK.mount: Deactivated' 120
    sleep 5
    shot exported "$walk/$(jq -r '.[] | select(.name == "back") | .screen' "$walk/taps.json")"
    echo "imported the evening, exported a game; the stick was unmounted"
}

step_update() {
    # Taken out and put in again: mounted again, and Settings finds the update on it.
    local from
    from=$(next_line boot1)
    vm unplug stick1
    vm plug stick2 "$STICK"
    wait_for boot1 'Mounted .*media.pi.STICK' 300 "$from"
    local walk=$WORK/expected name
    for name in back settings update install restart; do tap_as_here "$walk" "$name"; done
    wait_for boot1 "table-companion $NEXT_VERSION started \\(an update, now confirmed\\)" 600 "$from"
    shot home-updated "$walk/$(jq -r '.[] | select(.name == "settings") | .screen' "$walk/taps.json")"
    echo "version $NEXT_VERSION, signed by the check's key, installed from the stick, started and confirmed"
}

# systemd_started NAME: notes when boot NAME's systemd started (its journal's first line), from which
# on its clock runs from the saved one.
systemd_started() {
    wait_for "$1" 'systemd\[1\]|systemd-journald' "$BOOT_TIMEOUT_S" >/dev/null
    date +%s >"$WORK/$1.systemd"
}

# check_clock NAME BEFORE: after boot NAME was powered off, its saved clock must have gone on from BEFORE
# (the time it was saved at the boot before, or the image's build time) for as long as its systemd ran,
# less the last save's minute. Had it started from 1970 or from systemd's own build date instead, it
# would be behind by the whole of the boot before.
check_clock() {
    local ran after
    ran=$(( $(date +%s) - $(cat "$WORK/$1.systemd") ))
    after=$(saved_clock "$(root_fs)")
    (( after >= $2 + ran - CLOCK_SAVE_S - 10 )) ||
        die "the clock went back: saved at $(date -u -d "@$after") after a boot of ${ran}s that began no earlier than $(date -u -d "@$2")"
    (( after <= $(date +%s) + 86400 )) || die "the clock ran ahead: $(date -u -d "@$after")"
    echo "$after" >"$WORK/$1.clock"
    echo "clock saved at $(date -u -d "@$after" '+%Y-%m-%d %H:%M:%S'), $(( after - $2 ))s on from the start's $(date -u -d "@$2" '+%H:%M:%S') (${ran}s ran)"
}

step_poweroff() {
    powerdown
    check_clock boot1 "$(saved_clock "$(root_fs_of "$IMAGE")")"
    local listing
    listing=$(mdir -b -i "$STICK" ::/)
    printf '%s\n' "$listing"
    if ! grep -qiE 'thats-ruff-.*\.csv$' <<<"$listing" || ! grep -qiE 'thats-ruff-.*\.json$' <<<"$listing"; then
        die "the exported game is not on the stick after power-off"
    fi
    echo "powered off; the stick holds the exported game ($(grep -ciE 'thats-ruff' <<<"$listing") files)"
}

step_reboot() {
    boot boot2
    systemd_started boot2
    local line
    line=$(wait_for boot2 'Home is on the screen' "$BOOT_TIMEOUT_S")
    shot home-after-reboot "$WORK/expected/$(jq -r '.[] | select(.name == "settings") | .screen' "$WORK/expected/taps.json")"
    [[ $line == *"table-companion $NEXT_VERSION started"* ]] || die "after the reboot: $line"
    [[ $line == *"2 saved games"* ]] || die "the saved games changed: $line"
    ! grep -aq "did not start; switching back" "$WORK/boot2.log" || die "the update was switched back"
    echo "${line#*table-companion } after $(since_boot boot2)s"
}

step_broken() {
    local from walk=$WORK/expected-broken name
    from=$(next_line boot2)
    vm plug stick3 "$BROKEN_STICK"
    wait_for boot2 'Mounted .*media.pi.STICK' 300 "$from"
    for name in settings update install restart; do tap_as_here "$walk" "$name"; done
    wait_for boot2 "version $BROKEN_VERSION did not start; switching back to version $NEXT_VERSION" 600 "$from"
    from=$(next_line boot2)
    wait_for boot2 "table-companion $NEXT_VERSION started: Home is on the screen" 600 "$from" >/dev/null
    # Home as this checkout's app draws it after such a switch-back: its line above the games saying so.
    shot switched-back "$WORK/expected-switched-back/$(jq -r '.[0].screen' "$WORK/expected-switched-back/taps.json")"
    echo "$BROKEN_VERSION stopped before Home; $NEXT_VERSION runs again and Home says so"
}

# Settings' version row held, the Maintenance page shows; Export everything writes the backup to the
# stick (checked on it once the emulated Pi is off, in step_clock) and releases it.
step_maintenance() {
    local from walk=$WORK/expected-maintenance
    from=$(next_line boot2)
    tap_as_here "$walk" settings
    # Held once Settings is on the screen as the walk saw it: the emulated Pi may take half a minute
    # to open it, and a finger held meanwhile lands on Home.
    tap_as_here "$walk" maintenance
    tap_as_here "$walk" export-everything any
    wait_for boot2 'Unmounted .*media.pi.STICK|media-pi-STICK.mount: Deactivated' 300 "$from" >/dev/null
    echo "the Maintenance page held open from Settings; everything exported and the stick released"
}

# The second boot began at 1970 too; its clock must have gone on from the first boot's saved clock.
step_clock() {
    powerdown
    check_clock boot2 "$(cat "$WORK/boot1.clock")"
    local backup
    # mdir -b names a folder with a slash after it.
    backup=$(mdir -b -i "$BROKEN_STICK" ::/ | grep -oE 'table-companion-backup-[0-9-]+/?$' | head -n 1) ||
        die "the Maintenance page's backup is not on the stick after power-off" "$(mdir -b -i "$BROKEN_STICK" ::/)"
    local files
    files=$(mdir -b -i "$BROKEN_STICK" "::/$backup" | sed 's|.*/||' | sort | tr '\n' ' ')
    [[ " $files" == *" companion.sqlite3 "* && " $files" == *" journal.txt "* ]] ||
        die "the backup on the stick lacks the saved games or the journal: $files"
    echo "the stick holds $backup with $files"
}

rm -rf "$LOG_DIR"
mkdir -p "$LOG_DIR"
note "image-check: $IMAGE in qemu-system-aarch64 (virt, cortex-a72, TCG)"
VERSION=$(cd "$REPO" && KIVY_NO_ARGS=1 .venv/bin/companion --version | awk '{print $2}')
NEXT_VERSION=$(awk -F. -v OFS=. '{ $NF = $NF + 1; print }' <<<"$VERSION")
BROKEN_VERSION=$(awk -F. -v OFS=. '{ $NF = $NF + 1; print }' <<<"$NEXT_VERSION")
run_step prepare step_prepare
stop_unless_passed
for step in splash boot stick update poweroff reboot broken maintenance clock; do
    run_step "$step" "step_$step"
    stop_unless_passed
done
print_table image-check
exit "$FAILED"
