#!/usr/bin/env bash
# Installs (or upgrades in place) the table companion as a full-screen kiosk on Raspberry Pi OS 64-bit,
# Lite or desktop, or Debian: trixie (Debian 13, Python 3.13: today's) or bookworm (Debian 12, Python
# 3.11). Run from a clone of the project:  sudo deploy/install.sh --user pi
#
# The family's data directory is only ever created, never changed, so re-running is always safe.
# --dry-run writes every file under a throwaway root and prints the system commands instead of
# running them; that is how the installer is tested away from a Pi.
# --image-root DIR installs into a root file system that is not running (an SD card image being built,
# as pi-gen or a chroot does): the service is enabled by its symlink instead of through systemd, and
# what only a running system can do is skipped and listed. Run inside a chroot, that mode is chosen
# by itself.
set -euo pipefail

readonly SERVICE=table-companion
readonly APP_DIR=/opt/table-companion
readonly VENV=$APP_DIR/venv
readonly KIVY_HOME=/etc/table-companion/kivy
readonly UNIT_PATH=/etc/systemd/system/$SERVICE.service
readonly DOCTOR_PATH=/usr/local/bin/companion-doctor
readonly BACKLIGHT_RULE=/etc/udev/rules.d/90-table-companion-backlight.rules
readonly DEFAULT_DATA_DIR=/var/lib/table-companion
# Updates installed from a USB stick are unpacked here, beside the data directory and never in it, by
# a service of their own that checks each against the trusted keys (docs/raspberry-pi.md, "Updates").
readonly UPDATES_DIR=/var/lib/table-companion-updates
readonly KEYS_DIR=/etc/table-companion/update-keys
readonly UPDATE_USER=table-companion-updates
readonly UPDATE_SOCKET=/run/table-companion-update.sock
readonly UPDATE_UNIT=/etc/systemd/system/table-companion-update
readonly UPDATES_TMPFILES=/etc/tmpfiles.d/table-companion-updates.conf
readonly STICK_RULE=/etc/udev/rules.d/90-table-companion-usb-sticks.rules
readonly HELPERS=/usr/local/lib/table-companion
readonly EJECT_UNIT=/etc/systemd/system/table-companion-eject
readonly POLKIT_RULE=/etc/polkit-1/rules.d/50-table-companion.rules
readonly CMDLINE=/boot/firmware/cmdline.txt
# gpio: /dev/gpiochip*; video + render: /dev/dri/*, and video the backlight (below); input: the
# touchscreen; audio: /dev/snd/*; systemd-journal: the system's journal, read by the app's Maintenance
# page for the kiosk's last errors (journalctl(1): its members may read every journal file).
readonly KIOSK_GROUPS=(gpio video render input audio systemd-journal)
# Kivy's PyPI wheel brings its own SDL2 (built with KMS/DRM) but loads the system's GL/EGL/GBM/DRM,
# udev and ALSA libraries at run time, and Mesa's drivers for the Pi's GPU (vc4/v3d). libmtdev1 is
# what Kivy's touchscreen reader (mtdev) loads. polkitd lets the kiosk's user set the clock and time zone
# (through systemd-timedated, which takes the zones from tzdata) and stop and start the kiosk (below);
# systemd-timesyncd sets the clock from the network and keeps it across restarts (a Pi has no battery
# clock).
readonly APT_PACKAGES=(
    python3 python3-venv python3-pip git ca-certificates gpgv
    libgl1 libegl1 libgles2 libopengl0 libgbm1 libdrm2 libgl1-mesa-dri libegl-mesa0
    libudev1 libmtdev1
    libasound2 alsa-utils
    polkitd systemd-timesyncd tzdata
)
# lgpio (the buttons' kernel timestamps) publishes wheels for Python 3.11 but not 3.13: there its source
# is built, with its C library compiled in (PYPI=1), by these, which are removed again afterwards.
readonly LGPIO_REQUIREMENT='lgpio>=0.2.2'
readonly LGPIO_BUILD_PACKAGES=(swig gcc libc6-dev python3-dev)

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC_DIR=$(dirname "$SCRIPT_DIR")

usage() {
    cat <<EOF
Usage: sudo deploy/install.sh [options]

Installs the table companion as a kiosk that starts full screen at boot. Re-run it to upgrade;
the family's data is kept.

  --user NAME        account the kiosk runs as (default: the user who ran sudo)
  --rotation DEG     turn the picture (and touch) by 0, 90, 180 or 270 degrees (default 0)
  --data-dir DIR     where sessions, the roster and config.json live (default $DEFAULT_DATA_DIR)
  --update-keys DIR  the public keys (binary OpenPGP keyrings, *.gpg) whose signatures updates from a
                     USB stick must carry; they replace the keys installed before (default: the
                     project's release key, deploy/update-keys/). Without a key no update is taken.
  --overlay          make the SD card's root file system read-only (power-cut safety); needs
                     --data-dir on a separate journaled partition, see docs/raspberry-pi.md
  --disable-overlay  make the root file system writable again at the next reboot (needed before
                     upgrading); works while the overlay is on
  --image-root DIR   install into the root file system at DIR that is not running (an SD card image
                     being built); its programs run through chroot. Inside a chroot this mode is
                     chosen by itself (as --image-root /). /proc and /dev must be mounted in DIR.
  --dry-run          run nothing: write the files under --root and print the commands instead
                     (with --image-root, DIR is only checked, never written)
  --root DIR         with --dry-run: where to write the files (default: a new temporary directory)
  -h, --help         this help
EOF
}

die() {
    printf 'install.sh: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '  %s\n' "$line" >&2; done
    exit 1
}
note() { printf '==> %s\n' "$*"; }
warn() { printf 'install.sh: warning: %s\n' "$*" >&2; }

KIOSK_USER=${SUDO_USER:-}
ROTATION=0
DATA_DIR=$DEFAULT_DATA_DIR
UPDATE_KEYS=$SCRIPT_DIR/update-keys
OVERLAY=0
DISABLE_OVERLAY=0
DRY_RUN=0
ROOT=
IMAGE_ROOT=
IMAGE_MODE=0
# What an image cannot do until it boots; listed at the end.
SKIPPED=()

need_value() {
    [[ $# -ge 2 && -n $2 && $2 != --* ]] || die "$1 needs a value." "See: deploy/install.sh --help"
}

while [[ $# -gt 0 ]]; do
    case $1 in
        --user) need_value "$@"; KIOSK_USER=$2; shift 2 ;;
        --rotation) need_value "$@"; ROTATION=$2; shift 2 ;;
        --data-dir) need_value "$@"; DATA_DIR=$2; shift 2 ;;
        --update-keys) need_value "$@"; UPDATE_KEYS=$2; shift 2 ;;
        --root) need_value "$@"; ROOT=$2; shift 2 ;;
        --image-root) need_value "$@"; IMAGE_ROOT=$2; shift 2 ;;
        --overlay) OVERLAY=1; shift ;;
        --disable-overlay) DISABLE_OVERLAY=1; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h | --help) usage; exit 0 ;;
        *) die "unknown option '$1'." "See: deploy/install.sh --help" ;;
    esac
done

# --- where files go, and how commands run -------------------------------------------------------------

if [[ -n $ROOT && $DRY_RUN -eq 0 ]]; then
    die "--root only works together with --dry-run." \
        "To install into an SD card image, use --image-root DIR (or run the installer inside the image's chroot)."
fi

# Whether this process runs in a chroot: its / is not the / of the system's first process. Where even
# root may not look at that (a container without ptrace rights), a / that is no mount of its own is a
# directory chrooted into, as image builders do. A system without /proc is not running anything either.
in_chroot() {
    [[ $EUID -eq 0 ]] || return 1
    [[ -e /proc/1 ]] || return 0
    local init
    if init=$(stat -L -c %d:%i /proc/1/root/. 2>/dev/null); then
        [[ $(stat -L -c %d:%i /) != "$init" ]]
    else
        if awk '$5 == "/" { found = 1 } END { exit !found }' /proc/self/mountinfo 2>/dev/null; then return 1; fi
    fi
}

if [[ -n $IMAGE_ROOT ]]; then
    [[ -d $IMAGE_ROOT ]] ||
        die "--image-root $IMAGE_ROOT is not a directory." "Give the image's root file system, mounted (e.g. /mnt/image)."
    IMAGE_ROOT=$(cd "$IMAGE_ROOT" && pwd)
    IMAGE_MODE=1
elif [[ $DRY_RUN -eq 0 ]] && in_chroot; then
    IMAGE_ROOT=/
    IMAGE_MODE=1
    note "This is a chroot, not a running system: installing as into an SD card image (--image-root /)."
fi
if [[ $IMAGE_MODE -eq 1 && $OVERLAY -eq 1 ]]; then
    die "--overlay cannot be set up in an image: it checks the data partition as the running Pi mounts it." \
        "Leave --overlay out here, and run the installer with it on the Pi after the first boot."
fi

if [[ $DRY_RUN -eq 1 ]]; then
    if [[ -z $ROOT ]]; then
        ROOT=$(mktemp -d -t table-companion-root.XXXXXX)
    fi
    mkdir -p "$ROOT"
    ROOT=$(cd "$ROOT" && pwd)
    [[ $ROOT != / ]] || die "--dry-run needs a throwaway --root, not /."
fi

# Where the installed system is looked at (the image, or this system), and where files are written
# (the dry run's throwaway root, the image, or this system). Both are "" for this running system.
SYSTEM_PREFIX=
[[ $IMAGE_MODE -eq 1 && $IMAGE_ROOT != / ]] && SYSTEM_PREFIX=$IMAGE_ROOT
FILES_PREFIX=$SYSTEM_PREFIX
[[ $DRY_RUN -eq 1 ]] && FILES_PREFIX=$ROOT

# The path of a system file this installer reads (in the image, or here).
system_path() { printf '%s%s' "$SYSTEM_PREFIX" "$1"; }
# The path of a system file this installer writes: under --root in a dry run, in the image in image mode.
target() { printf '%s%s' "$FILES_PREFIX" "$1"; }

# A command as it runs on the installed system: through chroot into an image that is not this one.
on_system() {
    if [[ -n $SYSTEM_PREFIX ]]; then
        chroot "$SYSTEM_PREFIX" "$@"
    else
        "$@"
    fi
}

# Runs a system command, or in a dry run prints it (one per line, prefixed "+ ").
run() {
    local command=("$@")
    [[ -z $SYSTEM_PREFIX ]] || command=(chroot "$SYSTEM_PREFIX" "${command[@]}")
    if [[ $DRY_RUN -eq 1 ]]; then
        local word
        printf '+'
        for word in "${command[@]}"; do
            if [[ $word =~ ^[A-Za-z0-9_./:=,@%+-]+$ ]]; then printf ' %s' "$word"; else printf ' %q' "$word"; fi
        done
        printf '\n'
    else
        "${command[@]}"
    fi
}

# Rewrites the kernel command line with no overlayroot= setting, or with exactly the one given.
# raspi-config's own switch only recognises a bare "overlayroot=tmpfs ", so this installer does the edit.
set_overlayroot() {
    local setting=$1 cmdline
    cmdline=$(target "$CMDLINE")
    if [[ ! -f $cmdline ]]; then
        if [[ $DRY_RUN -eq 1 ]]; then
            note "(no $CMDLINE under the dry-run root; not edited)"
            return 0
        fi
        die "cannot find $CMDLINE, so the overlay setting cannot be changed." \
            "Is the boot partition mounted at /boot/firmware? (Raspberry Pi OS mounts it there.)"
    fi
    if [[ $DRY_RUN -eq 0 && $IMAGE_MODE -eq 0 && $(findmnt -n -o OPTIONS --target "$cmdline" 2>/dev/null || true) =~ (^|,)ro(,|$) ]]; then
        run mount -o remount,rw "$(dirname "$CMDLINE")"
    fi
    local words=() kept=() word
    read -r -a words <"$cmdline"
    for word in "${words[@]}"; do
        [[ $word == overlayroot=* ]] || kept+=("$word")
    done
    if [[ -n $setting ]]; then
        kept=("$setting" "${kept[@]}")
    fi
    [[ ${#kept[@]} -gt 0 ]] || die "$CMDLINE would be left empty; not writing it. Check the file by hand."
    printf '%s\n' "${kept[*]}" >"$cmdline.new"
    mv -f "$cmdline.new" "$cmdline"
}

if [[ $DISABLE_OVERLAY -eq 1 ]]; then
    [[ $OVERLAY -eq 0 ]] || die "--overlay and --disable-overlay contradict each other; pick one."
    set_overlayroot ""
    note "The read-only overlay is off from the next boot. Now:  sudo reboot"
    note "Then upgrade or change settings with this installer (add --overlay to turn the overlay back on)."
    exit 0
fi

# --- checks: everything is refused before anything is changed -----------------------------------

case $ROTATION in
    0 | 90 | 180 | 270) ;;
    *) die "--rotation must be 0, 90, 180 or 270 (degrees clockwise), not '$ROTATION'." ;;
esac

if [[ -z $KIOSK_USER || $KIOSK_USER == root ]]; then
    die "say which account the kiosk runs as, e.g. --user pi." \
        "It must be an ordinary account: the kiosk never runs as root."
fi
[[ $KIOSK_USER =~ ^[a-z_][a-z0-9_-]*$ ]] || die "'$KIOSK_USER' is not a valid Linux user name."

DATA_DIR=${DATA_DIR%/}
# The path is written into the service unit and a shell script, quoted; these characters would need
# escapes that differ between the two (and '|' is the template filler's separator).
if [[ $DATA_DIR =~ [\"\\\$%\'\|\`] || $DATA_DIR =~ [[:cntrl:]] ]]; then
    die "--data-dir '$DATA_DIR' has a character the service file cannot carry (\" \\ \$ % ' | \` or a control character)." \
        "Choose a directory name without it; spaces are fine."
fi
case $DATA_DIR in
    /*) ;;
    *) die "--data-dir must be an absolute path such as $DEFAULT_DATA_DIR, not '$DATA_DIR'." ;;
esac
case $DATA_DIR in
    "" | /tmp | /tmp/* | /var/tmp | /var/tmp/* | /run | /run/* | /dev | /dev/* | /proc | /proc/* | /sys | /sys/*)
        die "--data-dir $DATA_DIR would be emptied at every reboot or is not a real directory." \
            "Use a place on disk, e.g. $DEFAULT_DATA_DIR." ;;
    /boot | /boot/*)
        die "--data-dir $DATA_DIR is on the boot partition (FAT, no journal): a power cut can corrupt it." \
            "Use $DEFAULT_DATA_DIR, or a separate ext4 partition (see docs/raspberry-pi.md)." ;;
    "$APP_DIR" | "$APP_DIR"/* | /etc | /etc/* | /usr | /usr/* | "$UPDATES_DIR" | "$UPDATES_DIR"/*)
        die "--data-dir $DATA_DIR is inside the installed program or system files, which upgrades replace." \
            "Use $DEFAULT_DATA_DIR." ;;
esac

# The keys updates must be signed with: at least one small keyring file, else no update could ever be taken.
KEY_FILES=()
if [[ -d $UPDATE_KEYS ]]; then
    for key_file in "$UPDATE_KEYS"/*.gpg; do
        [[ -f $key_file && ! -L $key_file ]] || continue
        size=$(stat -c %s "$key_file")
        (( size > 0 && size <= 1048576 )) ||
            die "--update-keys: $key_file is $size bytes, not a public keyring." "Export the key with: gpg --export KEY > $(basename "$key_file")"
        KEY_FILES+=("$key_file")
    done
fi
[[ ${#KEY_FILES[@]} -gt 0 ]] ||
    die "--update-keys $UPDATE_KEYS holds no public keyring (*.gpg): without a key, the kiosk takes no update from a stick." \
        "Give the folder with the key updates are signed with (gpg --export KEY > DIR/KEY.gpg), or leave --update-keys out for the project's own."

# --- prerequisites: everything missing is listed at once, one line each, before anything is changed ----

PROBLEMS=()
problem() { PROBLEMS+=("$1"); }

# The installed system's program NAME: in the image, or on this system's PATH.
has_program() {
    if [[ $IMAGE_MODE -eq 1 ]]; then
        [[ -x $(system_path "/usr/bin/$1") || -x $(system_path "/bin/$1") || -x $(system_path "/usr/sbin/$1") ]]
    else
        command -v "$1" >/dev/null 2>&1
    fi
}

# "3.N" of the installed system's python3, or nothing. An image's is read from the name the python3
# link points to, so an image for another architecture needs no emulation to be checked.
python_version() {
    if [[ $IMAGE_MODE -eq 1 ]]; then
        local name
        name=$(basename "$(readlink -f "$(system_path /usr/bin/python3)")")
        if [[ -e $(system_path /usr/bin/python3) && $name =~ ^python(3\.[0-9]+)$ ]]; then
            printf '%s' "${BASH_REMATCH[1]}"
            return 0
        fi
        [[ $DRY_RUN -eq 0 && -e $(system_path /usr/bin/python3) ]] || return 0
    fi
    on_system python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true
}

user_exists() {
    if [[ $IMAGE_MODE -eq 1 ]]; then
        awk -F: -v name="$1" '$1 == name { found = 1 } END { exit !found }' "$(system_path /etc/passwd)" 2>/dev/null
    else
        id -u "$1" >/dev/null 2>&1
    fi
}

check_prerequisites() {
    local where="this system" fix_prefix="sudo "
    if [[ $IMAGE_MODE -eq 1 ]]; then where="the image at $IMAGE_ROOT"; fix_prefix="in the image: "; fi

    if [[ -n $SYSTEM_PREFIX && $DRY_RUN -eq 0 ]]; then
        [[ -e $SYSTEM_PREFIX/proc/self ]] ||
            problem "/proc is not mounted in $IMAGE_ROOT; mount it first:  sudo mount -t proc proc $IMAGE_ROOT/proc"
        [[ -c $SYSTEM_PREFIX/dev/null ]] ||
            problem "/dev is not mounted in $IMAGE_ROOT; mount it first:  sudo mount --bind /dev $IMAGE_ROOT/dev"
        if [[ $EUID -eq 0 && -x $SYSTEM_PREFIX/bin/sh ]] && ! chroot "$SYSTEM_PREFIX" /bin/sh -c true 2>/dev/null; then
            problem "the programs in $IMAGE_ROOT do not run here: for an arm64 image on a PC, enable emulation:  sudo apt-get install qemu-user-static binfmt-support"
        fi
    fi
    if ! has_program systemctl; then
        problem "systemd is missing from $where (no systemctl): the kiosk is a systemd service. Install it (${fix_prefix}apt-get install systemd-sysv), or use Raspberry Pi OS."
    elif [[ $IMAGE_MODE -eq 0 && ! -d /run/systemd/system ]]; then
        problem "this system was not booted with systemd, so the service cannot be enabled here. To install into an SD card image or a chroot, pass --image-root DIR (--image-root / inside the chroot)."
    fi
    has_program apt-get ||
        problem "apt-get is missing from $where: the graphics, touch and sound libraries come from apt. Use Raspberry Pi OS (or Debian)."
    local version
    version=$(python_version)
    if [[ -z $version ]]; then
        if has_program python3; then
            warn "could not tell which Python 3 $where has; the app needs 3.11 or newer."
        else
            problem "python3 is missing from $where; the app needs Python 3.11 or newer. Install it (${fix_prefix}apt-get install python3)."
        fi
    elif (( ${version#3.} < 11 )); then
        problem "python3 on $where is $version; the app needs 3.11 or newer. Use Raspberry Pi OS or Debian trixie (Python 3.13) or bookworm (3.11)."
    fi
    if ! user_exists "$KIOSK_USER"; then
        if [[ $IMAGE_MODE -eq 1 ]]; then
            problem "there is no user '$KIOSK_USER' in $where. Create it there first (chroot $IMAGE_ROOT adduser $KIOSK_USER), or pass --user with an account the image has."
        else
            problem "there is no user '$KIOSK_USER' on this system. Create it (sudo adduser $KIOSK_USER) or pass --user with an existing account."
        fi
    fi
    if [[ ${#PROBLEMS[@]} -gt 0 ]]; then
        printf 'install.sh: cannot install; nothing was changed:\n' >&2
        printf '  - %s\n' "${PROBLEMS[@]}" >&2
        exit 1
    fi
}

# A plain dry run previews the files anywhere, so it checks nothing about the machine it runs on.
if [[ $DRY_RUN -eq 0 || $IMAGE_MODE -eq 1 ]]; then
    check_prerequisites
fi
if [[ $DRY_RUN -eq 0 && $EUID -ne 0 ]]; then
    die "installing needs root." "Run it with sudo:  sudo $0 ..."
fi

if [[ $DRY_RUN -eq 0 && $IMAGE_MODE -eq 0 ]]; then
    if [[ $(findmnt -n -o FSTYPE / 2>/dev/null || true) == overlay ]]; then
        die "the read-only overlay is on: anything installed now would vanish at the next reboot." \
            "Turn it off:  sudo $0 --disable-overlay  then reboot," \
            "run this installer again (with --overlay to turn the overlay back on), and reboot."
    fi
fi
if [[ $DRY_RUN -eq 0 ]]; then
    machine=$(on_system uname -m)
    if [[ $machine != aarch64 ]]; then
        warn "this is $machine, not a 64-bit Raspberry Pi OS (aarch64); the kiosk is only tested there."
    fi
    if ! grep -qE '^VERSION_CODENAME=(trixie|bookworm)$' "$(system_path /etc/os-release)" 2>/dev/null; then
        warn "this is neither trixie nor bookworm (Raspberry Pi OS or Debian); package names and paths may differ."
    fi
fi

# The file system holding PATH (its nearest existing ancestor), as "TARGET FSTYPE".
mount_of() {
    local path=$1
    while [[ ! -e $path && $path != / ]]; do path=$(dirname "$path"); done
    findmnt -n -o TARGET,FSTYPE --target "$path" | head -n 1
}

if [[ $OVERLAY -eq 1 ]]; then
    # With the overlay on, every write to the root file system lands in RAM and is lost at power-off,
    # so the data directory has to be on its own partition, mounted from /etc/fstab at boot, with a
    # journaled file system that survives a power cut.
    mount_info=$(mount_of "$DATA_DIR") || mount_info=
    [[ -n $mount_info ]] ||
        die "--overlay: could not tell which partition holds $DATA_DIR (findmnt gave no answer)." \
            "Check that the partition is mounted (findmnt $DATA_DIR), then run the installer again."
    read -r mount_point fs_type <<<"$mount_info"
    case $mount_point in
        / | "")
            die "--overlay: $DATA_DIR is on the root file system, which the overlay makes read-only (changes are lost at reboot)." \
                "Put the data on a separate ext4 partition mounted from /etc/fstab, e.g. /srv/table-companion," \
                "and pass --data-dir there. docs/raspberry-pi.md shows how." ;;
        /boot | /boot/*)
            die "--overlay: $DATA_DIR is on the boot partition (FAT, no journal)." \
                "Use a separate ext4 partition instead (docs/raspberry-pi.md)." ;;
    esac
    case $fs_type in
        ext4 | ext3 | xfs | btrfs | f2fs) ;;
        *) die "--overlay: $DATA_DIR is on a $fs_type file system at $mount_point, which does not survive power cuts." \
               "Format that partition as ext4 (docs/raspberry-pi.md)." ;;
    esac
    if ! awk -v mp="$mount_point" '$1 !~ /^#/ && $2 == mp { found = 1 } END { exit !found }' "$(target /etc/fstab)" 2>/dev/null; then
        die "--overlay: $mount_point is mounted now but not listed in /etc/fstab, so it would be missing after a reboot." \
            "Add a line for it to /etc/fstab (docs/raspberry-pi.md), then run the installer again."
    fi
fi

# Fills @NAME@ placeholders in a template. Values never contain '|' (paths and user names checked above).
render() {
    local template=$1 destination=$2 mode=$3
    mkdir -p "$(dirname "$destination")"
    sed -e "s|@USER@|$KIOSK_USER|g" \
        -e "s|@VENV@|$VENV|g" \
        -e "s|@DATA_DIR@|$DATA_DIR|g" \
        -e "s|@KIVY_HOME@|$KIVY_HOME|g" \
        -e "s|@ROTATION@|$ROTATION|g" \
        -e "s|@PROTECT_HOME@|$PROTECT_HOME|g" \
        -e "s|@UPDATES_DIR@|$UPDATES_DIR|g" \
        -e "s|@UPDATE_USER@|$UPDATE_USER|g" \
        -e "s|@UPDATE_SOCKET@|$UPDATE_SOCKET|g" \
        -e "s|@KEYS_DIR@|$KEYS_DIR|g" \
        "$SCRIPT_DIR/$template" >"$destination.new"
    chmod "$mode" "$destination.new"
    mv -f "$destination.new" "$destination"
    if grep -q '@[A-Z_]*@' "$destination"; then
        die "internal error: $destination still has a placeholder; the template and installer disagree."
    fi
}

# A data directory under /home must stay reachable for the service: hide homes read-only instead of entirely.
case $DATA_DIR in
    /home/* | /root/*) PROTECT_HOME=read-only ;;
    *) PROTECT_HOME=yes ;;
esac

if [[ $DRY_RUN -eq 1 ]]; then
    note "Dry run: files go under $ROOT; commands are printed, not run."
fi
if [[ $IMAGE_MODE -eq 1 ]]; then
    note "Installing into the image at $IMAGE_ROOT: nothing is started, the service starts at its first boot."
fi

# --- 1. system packages -----------------------------------------------------------------------------
note "Installing system packages"
run apt-get update
run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"

# --- 2. groups ----------------------------------------------------------------------------------------
group_exists() {
    if [[ $IMAGE_MODE -eq 1 ]]; then
        grep -q "^$1:" "$(system_path /etc/group)" 2>/dev/null
    else
        getent group "$1" >/dev/null
    fi
}
groups_to_add=()
for group in "${KIOSK_GROUPS[@]}"; do
    if [[ $DRY_RUN -eq 1 && $IMAGE_MODE -eq 0 ]] || group_exists "$group"; then
        groups_to_add+=("$group")
    else
        warn "group '$group' does not exist $([[ $IMAGE_MODE -eq 1 ]] && echo "in the image" || echo here), so $KIOSK_USER cannot be added to it (is this Raspberry Pi OS?)."
    fi
done
note "Adding $KIOSK_USER to groups: ${groups_to_add[*]}"
if [[ ${#groups_to_add[@]} -gt 0 ]]; then
    run usermod -a -G "$(IFS=,; printf '%s' "${groups_to_add[*]}")" "$KIOSK_USER"
fi

# --- 2b. the display's backlight ---------------------------------------------------------------------
# The display's brightness (the app's Settings, and dimming when idle) is a sysfs file owned by root;
# a udev rule hands it to the video group the kiosk user is in. Applied now to a backlight already
# there, and by udev at every boot.
note "Letting the video group set the display's backlight ($BACKLIGHT_RULE)"
render backlight.rules.in "$(target "$BACKLIGHT_RULE")" 0644
if [[ $IMAGE_MODE -eq 1 ]]; then
    SKIPPED+=("udevadm control --reload; udevadm trigger (no udev runs in an image: the rule applies from the first boot)")
elif ! run udevadm control --reload || ! run udevadm trigger --subsystem-match=backlight --action=add; then
    warn "udev did not take the backlight rule now (no udev running?); it applies from the next boot."
fi

# --- 2c. USB sticks ----------------------------------------------------------------------------------
# The kiosk has no desktop session to mount a stick: a udev rule asks systemd to mount it under
# /media/USER, where the app looks, and a path unit unmounts the sticks when the app asks after an export.
note "Mounting USB sticks for $KIOSK_USER under /media/$KIOSK_USER ($STICK_RULE)"
render usb-sticks.rules.in "$(target "$STICK_RULE")" 0644
render mount-stick.in "$(target "$HELPERS/mount-stick")" 0755
render eject-sticks.in "$(target "$HELPERS/eject-sticks")" 0755
render table-companion-eject.path.in "$(target "$EJECT_UNIT.path")" 0644
render table-companion-eject.service.in "$(target "$EJECT_UNIT.service")" 0644
mkdir -p "$(target "/media/$KIOSK_USER")"
chmod 0755 "$(target "/media/$KIOSK_USER")"
if [[ $IMAGE_MODE -eq 0 ]] && ! run udevadm control --reload; then
    warn "udev did not take the USB stick rule now (no udev running?); it applies from the next boot."
fi

# --- 2d. what the kiosk's user may ask of the system ---------------------------------------------------
# Through polkit, for $KIOSK_USER alone and nothing more: set the date, time and time zone (the app's
# Settings, through systemd-timedated), stop, start and restart the kiosk (a parent logged in on the
# console, or the app's Maintenance page), and unmount the sticks mounted for it (after an export).
note "Letting $KIOSK_USER set the clock and time zone, stop and start the kiosk, and unmount its sticks ($POLKIT_RULE)"
render polkit.rules.in "$(target "$POLKIT_RULE")" 0644

# --- 3. the program, in its own virtual environment -------------------------------------------------
note "Installing the program into $VENV"
# A home network (or a mirror) that drops a connection now and then: pip waits and tries again for a
# few minutes rather than giving up after seconds, here and in an image's chroot (which takes this
# environment along).
export PIP_RETRIES=${PIP_RETRIES:-12} PIP_DEFAULT_TIMEOUT=${PIP_DEFAULT_TIMEOUT:-60}
if [[ $DRY_RUN -eq 1 || ! -x $(system_path "$VENV/bin/python") ]] || ! on_system "$VENV/bin/python" -c 'import sys' 2>/dev/null; then
    # --clear also repairs a venv whose Python went away with a system upgrade.
    run python3 -m venv --clear "$VENV"
fi
run "$VENV/bin/python" -m pip install --quiet --upgrade pip
# Build from a copy so the clone is not left with root-owned build/ and *.egg-info directories.
# Into an image, the copy goes inside it, where its pip can see it.
if [[ $DRY_RUN -eq 1 ]]; then
    stage=$SRC_DIR
    [[ -z $SYSTEM_PREFIX ]] || stage=/var/tmp/table-companion-src.XXXXXX
else
    stage_dir=$(mktemp -d -p "$(system_path /var/tmp)" table-companion-src.XXXXXX)
    trap 'rm -rf "$stage_dir"' EXIT
    tar -C "$SRC_DIR" --exclude=./.git --exclude=./.venv --exclude=./build --exclude='*.egg-info' \
        --exclude=__pycache__ -cf - . | tar -C "$stage_dir" -xf -
    stage=${stage_dir#"$SYSTEM_PREFIX"}
fi
# lgpio is only needed on a Pi (64- or 32-bit ARM). Where PyPI has no wheel of it for this Python
# (3.13), its source is built: a C library and its Python module, minutes on a Pi.
lgpio_needs_building() {
    case $(on_system uname -m) in aarch64 | armv7l) ;; *) return 1 ;; esac
    [[ $DRY_RUN -eq 0 ]] || return 0
    # Built before (an upgrade): kept.
    if on_system "$VENV/bin/python" -c 'import importlib.metadata as m; m.version("lgpio")' >/dev/null 2>&1; then
        return 1
    fi
    local wheels
    wheels=$(mktemp -d -p "$(system_path /var/tmp)" table-companion-lgpio.XXXXXX)
    if on_system "$VENV/bin/python" -m pip download --quiet --only-binary=:all: --no-deps \
            --dest "${wheels#"$SYSTEM_PREFIX"}" "$LGPIO_REQUIREMENT" >/dev/null 2>&1; then
        rm -rf "$wheels"
        return 1
    fi
    rm -rf "$wheels"
}
build_lgpio() {
    local package missing=()
    for package in "${LGPIO_BUILD_PACKAGES[@]}"; do
        # shellcheck disable=SC2016 # dpkg-query's own ${Status}
        [[ $DRY_RUN -eq 0 ]] && on_system dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' ||
            missing+=("$package")
    done
    note "PyPI has no lgpio wheel for this Python: building it from its source (${missing[*]:-nothing to add} from apt)"
    if [[ ${#missing[@]} -gt 0 ]]; then
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    fi
    run env PYPI=1 "$VENV/bin/python" -m pip install --no-binary=lgpio "$LGPIO_REQUIREMENT"
    if [[ ${#missing[@]} -gt 0 ]]; then
        run env DEBIAN_FRONTEND=noninteractive apt-get purge -y --autoremove "${missing[@]}"
    fi
}
if lgpio_needs_building; then
    build_lgpio
fi
# Wheels only for Kivy and lgpio (lgpio is there by now): building Kivy on a Pi takes hours and usually fails.
run "$VENV/bin/python" -m pip install --upgrade --only-binary=kivy,lgpio "${stage}[pi]"
# Same version number as before still has to replace the old code, so reinstall the project itself.
run "$VENV/bin/python" -m pip install --no-deps --force-reinstall "$stage"
# Compiled now, as root: the kiosk may not write into its program, and would compile every module
# again at every start.
run "$VENV/bin/python" -m compileall -q -j 0 "$VENV/lib"

# --- 4. Kivy settings: one touch source, rotation ---------------------------------------------------
note "Writing Kivy settings to $KIVY_HOME/config.ini (rotation $ROTATION)"
mkdir -p "$(target "$KIVY_HOME")/mods" "$(target "$KIVY_HOME")/icon"
render kivy-config.ini.in "$(target "$KIVY_HOME/config.ini")" 0644

# --- 5. the family's data directory: created if missing, otherwise left exactly as it is ------------
if [[ -e $(target "$DATA_DIR") ]]; then
    note "Keeping the existing data directory $DATA_DIR"
else
    note "Creating the data directory $DATA_DIR"
    mkdir -p "$(dirname "$(target "$DATA_DIR")")"
    mkdir -m 0750 "$(target "$DATA_DIR")"
    run chown "$KIOSK_USER:" "$DATA_DIR"
fi

# --- 5b. updates from a stick: signed by a trusted key, installed by a service of their own -----------
# The keys are root's and read-only to everyone else: whoever could add one could sign updates.
note "Trusting updates signed with: ${KEY_FILES[*]##*/} ($KEYS_DIR)"
rm -rf "$(target "$KEYS_DIR")" "$(target /etc/table-companion/update-keys.gpg)"
mkdir -p "$(target "$KEYS_DIR")"
chmod 0755 "$(target /etc/table-companion)" "$(target "$KEYS_DIR")"
for key_file in "${KEY_FILES[@]}"; do
    install -m 0644 "$key_file" "$(target "$KEYS_DIR/$(basename "$key_file")")"
done
run chown -R root:root /etc/table-companion

# The update service's own user owns the versions; the kiosk's user may run them, never change them.
if [[ $DRY_RUN -eq 1 ]] || ! user_exists "$UPDATE_USER"; then
    note "Creating the system user $UPDATE_USER, which alone installs updates"
    run useradd --system --user-group --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin "$UPDATE_USER"
fi
# An installer run always wins over updates from a stick: they were a bridge to this version, which
# replaces them (and the start state that chose among them). The family's data is not in there.
note "Clearing updates installed from a stick before this version ($UPDATES_DIR)"
rm -rf "$(target "$UPDATES_DIR")"
mkdir -p "$(target "$UPDATES_DIR")/versions" "$(target "$UPDATES_DIR")/start"
chmod 0755 "$(target "$UPDATES_DIR")" "$(target "$UPDATES_DIR")/versions" "$(target "$UPDATES_DIR")/start"
run chown root:root "$UPDATES_DIR"
run chown "$UPDATE_USER:$UPDATE_USER" "$UPDATES_DIR/versions"
run chown "$KIOSK_USER:" "$UPDATES_DIR/start"
render table-companion-updates.tmpfiles.in "$(target "$UPDATES_TMPFILES")" 0644
render table-companion-update.socket.in "$(target "$UPDATE_UNIT.socket")" 0644
render table-companion-update@.service.in "$(target "$UPDATE_UNIT@.service")" 0644

# --- 6. the service -----------------------------------------------------------------------------------
note "Installing $UNIT_PATH and $DOCTOR_PATH"
render table-companion.service.in "$(target "$UNIT_PATH")" 0644
render companion-doctor.in "$(target "$DOCTOR_PATH")" 0755

# systemd's own enabling, done by hand in an image where no systemd answers: a unit is enabled by a
# link to it in the .wants folder of each target its [Install] section names, and disabled by removing it.
enable_by_link() {
    local unit_file=$1 wanted_by
    wanted_by=$(sed -n 's/^WantedBy=//p' "$(target "$unit_file")")
    [[ -n $wanted_by ]] || die "internal error: $unit_file has no WantedBy= to enable it with."
    for wanted_by in $wanted_by; do
        mkdir -p "$(target "/etc/systemd/system/$wanted_by.wants")"
        ln -sfn "$unit_file" "$(target "/etc/systemd/system/$wanted_by.wants/$(basename "$unit_file")")"
    done
}

# A desktop compositor holds the display, and the kiosk draws to it directly: boot to the console.
if [[ -e $(target /etc/systemd/system/display-manager.service) || ( $IMAGE_MODE -eq 1 && -e $(system_path /etc/systemd/system/display-manager.service) ) ]]; then
    note "Switching boot from the desktop to the console (the kiosk takes the whole screen)"
    if [[ $IMAGE_MODE -eq 1 ]]; then
        # What raspi-config's B1 does through systemctl set-default.
        ln -sfn /lib/systemd/system/multi-user.target "$(target /etc/systemd/system/default.target)"
    else
        run raspi-config nonint do_boot_behaviour B1
    fi
fi
# The login prompt on tty1 would show through the app; tty2 (Ctrl+Alt+F2) still offers a login.
if [[ $IMAGE_MODE -eq 1 ]]; then
    note "Enabling $SERVICE.service at boot (by its link: no systemd runs in an image)"
    rm -f "$(target /etc/systemd/system/getty.target.wants/getty@tty1.service)"
    enable_by_link "$UNIT_PATH"
    enable_by_link "$EJECT_UNIT.path"
    enable_by_link "$UPDATE_UNIT.socket"
    SKIPPED+=("systemctl daemon-reload; systemctl try-restart $SERVICE.service (nothing runs in an image: the service starts at the first boot)")
else
    run systemctl disable getty@tty1.service
    run systemctl daemon-reload
    run systemctl enable "$SERVICE.service"
    run systemctl enable --now "$SERVICE-eject.path"
    run systemctl enable --now "$SERVICE-update.socket"
    # Upgrades take effect now if the kiosk is running; a first install starts at the next boot.
    run systemctl try-restart "$SERVICE.service"
fi

# --- 7. read-only root (optional, last: nothing may be installed after it) ---------------------------
if [[ $OVERLAY -eq 1 ]]; then
    note "Turning on the read-only root overlay (data stays writable on $DATA_DIR)"
    # raspi-config installs overlayroot and rebuilds the initramfs; its cmdline entry is then replaced:
    # recurse=0 keeps the overlay off the other partitions in /etc/fstab, the data partition included.
    # Without it the data would be written to RAM and lost at the next power-off.
    run raspi-config nonint do_overlayfs 0
    set_overlayroot overlayroot=tmpfs:recurse=0
fi

if [[ $IMAGE_MODE -eq 1 ]]; then
    note "Skipped, for the running system to do at its first boot:"
    printf '    %s\n' "${SKIPPED[@]}"
    note "Done. The kiosk starts at the image's first boot."
    note "On the Pi, check the hardware with:  companion-doctor   (it stops the kiosk for the check)"
    exit 0
fi
note "Done. Reboot to start the kiosk:  sudo reboot"
note "Check the hardware any time with:  companion-doctor   (it stops the kiosk for the check)"
