#!/usr/bin/env bash
# make image-check: boots the image `make image` built in full-system emulation and uses it as a family
# would, then prints a table of the steps with their times.
#
#   sudo deploy/image-check.sh [IMAGE]      (default: build/image/table-companion-pi4.img)
#
# qemu-system-aarch64's `virt` machine with the image's own kernel and initrd, its disk through a qcow2
# overlay (the image itself is never changed), an 800x480 virtio display and a USB tablet for touches.
# The check waits for the app's Home on the emulated display and compares it with this checkout's;
# plugs in an emulated USB stick (usb-storage) holding an evening and an update; imports the evening,
# exports a game to the stick and waits until the stick is unmounted; installs the update from the stick
# (Settings) and restarts into it; powers off and reads the exported files off the stick; boots again
# and checks that the new version started with the saved games intact. Touches land where
# deploy/image_check_taps.py found the buttons in this checkout's app, each once the emulated screen
# matches the screen there. Needs root only for nothing but apt; about 20-30 minutes on two busy cores.
# The emulated screens are kept in build/image-check.
#
# The step functions are called by name through run_step (SC2317).
# shellcheck disable=SC2317
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$SCRIPT_DIR")
IMAGE=${1:-$REPO/build/image/table-companion-pi4.img}
WORK=${IMAGE_CHECK_WORK:-/var/tmp/table-companion-image-check}
SHOTS=$REPO/build/image-check
LOG_DIR=$WORK/logs
QMP=$WORK/qmp.sock
BOOT_OFFSET=$((4 * 1024 * 1024))
BOOT_TIMEOUT_S=1200
SCREEN_TIMEOUT_S=300
HOME_REFERENCE=$REPO/docs/screenshots/home-800x480.png

die() {
    printf 'image-check: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '  %s\n' "$line" >&2; done
    exit 1
}
note() { printf '==> %s\n' "$*"; }

case ${1:-} in
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option '$1'." "See: deploy/image-check.sh --help" ;;
esac

# shellcheck source=deploy/build-steps.sh disable=SC1091
source "$SCRIPT_DIR/build-steps.sh"

[[ -f $IMAGE ]] || die "no image at $IMAGE." "Build it first: sudo make image"
[[ -x $REPO/.venv/bin/python ]] || die "the project's .venv is missing; the check walks this checkout's app." "Run: make check (or make run) once first."
need_host_tools qemu-system-aarch64:qemu-system-arm qemu-img:qemu-utils mcopy:mtools mkfs.vfat:dosfstools \
    git:git
# Debian's own Python, for which apt installs PIL (a python3 earlier on PATH may be another one).
HOST_PYTHON=/usr/bin/python3
"$HOST_PYTHON" -c 'import PIL' 2>/dev/null || need_host_tools python3-pil-is-missing:python3-pil

vm() { "$HOST_PYTHON" "$SCRIPT_DIR/image_check_vm.py" "$QMP" "$@"; }
picture() { "$HOST_PYTHON" "$SCRIPT_DIR/image_check_vm.py" - "$@"; }

# --- the emulated Pi ------------------------------------------------------------------------------------

# The steps run in subshells (run_step), so the emulator's process id is kept in a file.
PID_FILE=$WORK/qemu.pid
running() { [[ -f $PID_FILE ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; }
stop_vm() {
    if running; then kill "$(cat "$PID_FILE")" 2>/dev/null || true; fi
    rm -f "$PID_FILE"
}
trap stop_vm EXIT

# boot NAME: starts the emulated Pi in the background, its serial console (the journal too) in NAME.log.
# The kernel command line is the check's own: the serial console, the journal forwarded to it, and
# Kivy told to take QEMU's USB tablet as SDL reports it, as a mouse (KCFG_ settings are Kivy's). QEMU 7.2
# has no multitouch device for the kiosk's own touch reader; Kivy's hidinput reader, given the tablet,
# turned none of its taps into touches (the guest's evdev had them).
boot() {
    local console=$WORK/$1.log
    rm -f "$console" "$QMP"
    qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 -m 2048 -accel tcg,thread=multi \
        -kernel "$WORK/vmlinuz" -initrd "$WORK/initrd.img" \
        -append "root=LABEL=RASPIROOT rw rootwait console=ttyAMA0 systemd.journald.forward_to_console=1 systemd.setenv=KCFG_INPUT_MOUSE=mouse" \
        -drive if=none,id=disk,file="$WORK/disk.qcow2",format=qcow2 -device virtio-blk-pci,drive=disk \
        -device virtio-gpu-pci,xres=800,yres=480 -device qemu-xhci,id=xhci -device usb-tablet,bus=xhci.0 \
        -nic none -display none -serial "file:$console" -monitor none \
        -qmp "unix:$QMP,server=on,wait=off" >"$WORK/$1.qemu.log" 2>&1 &
    echo $! >"$PID_FILE"
    BOOTED_AT=$(date +%s)
    local waited=0
    until [[ -S $QMP ]]; do
        (( waited++ < 60 )) || die "QEMU did not start: $(cat "$WORK/$1.qemu.log")"
        sleep 1
    done
}

# wait_for NAME PATTERN TIMEOUT: until the console of boot NAME has a line matching PATTERN (grep -E).
wait_for() {
    local console=$WORK/$1.log pattern=$2 timeout=$3 started
    started=$(date +%s)
    until grep -aqE "$pattern" "$console" 2>/dev/null; do
        running || die "the emulated Pi stopped while waiting for: $pattern" "$(tail -n 20 "$console")"
        (( $(date +%s) - started < timeout )) || die "no '$pattern' after ${timeout}s" "$(tail -n 20 "$console" | cut -c1-200)"
        sleep 3
    done
    grep -aE "$pattern" "$console" | tail -n 1 | tr -d '\r' | cut -c1-160
}

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

# --- steps ----------------------------------------------------------------------------------------------

STICK=$WORK/stick.img

step_prepare() {
    # Everything of a run before but the logs, which this step's own log is among.
    find "$WORK" -mindepth 1 -maxdepth 1 ! -name logs -exec rm -rf {} +
    rm -rf "$SHOTS"
    mkdir -p "$SHOTS"
    # The kernel and initrd the Pi's firmware would start: the ones config.txt names.
    local config kernel initrd
    config=$(mtype -i "$IMAGE@@$BOOT_OFFSET" ::config.txt)
    kernel=$(awk -F= '$1 == "kernel" { print $2 }' <<<"$config" | tr -d '\r')
    initrd=$(awk '$1 == "initramfs" { print $2 }' <<<"$config" | tr -d '\r')
    [[ -n $kernel && -n $initrd ]] || die "the image's config.txt names no kernel and initramfs: $config"
    mcopy -n -i "$IMAGE@@$BOOT_OFFSET" "::$kernel" "$WORK/vmlinuz"
    mcopy -n -i "$IMAGE@@$BOOT_OFFSET" "::$initrd" "$WORK/initrd.img"
    qemu-img create -q -f qcow2 -F raw -b "$(readlink -f "$IMAGE")" "$WORK/disk.qcow2"
    # The stick: an evening exported from a table (two example games) and an update to the next version.
    local files=$WORK/stick-files table=$WORK/table
    mkdir -p "$files" "$table"
    (cd "$REPO" && for game in nut thats_ruff; do
        KIVY_NO_ARGS=1 .venv/bin/companion --data-dir "$table" import-game "seeds/examples/$game.json" >/dev/null
    done && KIVY_NO_ARGS=1 .venv/bin/companion --data-dir "$table" export-evening --output "$files/evening.json")
    (cd "$REPO" && .venv/bin/python deploy/make_update.py --version "$NEXT_VERSION" --out "$files") | tail -n 1
    mkfs.vfat -C -n STICK "$STICK" $((64 * 1024)) >/dev/null
    mcopy -i "$STICK" "$files"/* ::/
    (cd "$REPO" && .venv/bin/python deploy/image_check_taps.py "$files" "$WORK/expected") >"$LOG_DIR/taps.log" 2>&1 ||
        die "walking this checkout's app found no buttons to touch: $(tail -n 5 "$LOG_DIR/taps.log")"
    echo "image $(basename "$(readlink -f "$IMAGE")"), version $VERSION; a stick with an evening and version $NEXT_VERSION"
}

step_boot() {
    boot boot1
    wait_for boot1 'Home is on the screen' "$BOOT_TIMEOUT_S"
    vm screendump "$SHOTS/home.png"
    picture blank "$SHOTS/home.png" >/dev/null || die "the emulated screen is blank or a console ($SHOTS/home.png)"
    local share
    share=$(picture compare "$SHOTS/home.png" "$HOME_REFERENCE" 0.01) ||
        die "the emulated screen is not Home: $share of its pixels differ from $HOME_REFERENCE ($SHOTS/home.png)"
    echo "Home on the emulated display after $(( $(date +%s) - BOOTED_AT ))s, $share of pixels differ from docs/screenshots"
}

# tap_as_here NAME: the touch named NAME in the walk through this checkout's app, once the screen matches.
tap_as_here() {
    local name=$1 line x y screen
    line=$("$HOST_PYTHON" -c 'import json, sys; t = next(t for t in json.load(open(sys.argv[1])) if t["name"] == sys.argv[2]); print(t["x"], t["y"], t["screen"])' \
        "$WORK/expected/taps.json" "$name")
    read -r x y screen <<<"$line"
    wait_for_screen "$WORK/expected/$screen" "$SHOTS/$screen"
    vm tap "$x" "$y"
    echo "  touched $name at $x,$y"
}

step_stick() {
    vm plug stick1 "$STICK"
    wait_for boot1 'Mounted .*media.pi.STICK' 300
    tap_as_here saved-games
    tap_as_here import
    tap_as_here import-file
    tap_as_here export
    # Exported: the app asks for the stick to be unmounted, and says so once it is.
    wait_for boot1 'Unmounted .*media.pi.STICK|media-pi-STICK.mount: Deactivated' 120
    sleep 5
    vm screendump "$SHOTS/exported.png"
    echo "imported the evening, exported a game; the stick was unmounted"
}

step_update() {
    # Taken out and put in again: mounted again, and Settings finds the update on it.
    vm unplug stick1
    vm plug stick2 "$STICK"
    wait_for boot1 'Mounted .*media.pi.STICK' 300
    tap_as_here back
    tap_as_here settings
    tap_as_here update
    tap_as_here install
    tap_as_here restart
    wait_for boot1 "table-companion $NEXT_VERSION started \\(an update, now confirmed\\)" 600
    vm screendump "$SHOTS/home-updated.png"
    echo "version $NEXT_VERSION installed from the stick, started and confirmed"
}

step_poweroff() {
    vm powerdown
    local started
    started=$(date +%s)
    while running; do
        (( $(date +%s) - started < 300 )) || die "the emulated Pi did not power off in 300s"
        sleep 3
    done
    rm -f "$PID_FILE"
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
    local line
    line=$(wait_for boot2 'Home is on the screen' "$BOOT_TIMEOUT_S")
    vm screendump "$SHOTS/home-after-reboot.png"
    [[ $line == *"table-companion $NEXT_VERSION started"* ]] || die "after the reboot: $line"
    [[ $line == *"2 saved games"* ]] || die "the saved games changed: $line"
    ! grep -aq "did not start; switching back" "$WORK/boot2.log" || die "the update was switched back"
    vm powerdown
    echo "${line#*table-companion }"
}

rm -rf "$LOG_DIR"
mkdir -p "$LOG_DIR"
note "image-check: $IMAGE in qemu-system-aarch64 (virt, cortex-a72, TCG)"
VERSION=$(cd "$REPO" && KIVY_NO_ARGS=1 .venv/bin/companion --version | awk '{print $2}')
NEXT_VERSION=$(awk -F. -v OFS=. '{ $NF = $NF + 1; print }' <<<"$VERSION")
run_step prepare step_prepare
stop_unless_passed
for step in boot stick update poweroff reboot; do
    run_step "$step" "step_$step"
    stop_unless_passed
done
print_table image-check
exit "$FAILED"
