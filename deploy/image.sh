#!/usr/bin/env bash
# make image: builds a flashable SD-card image for a Raspberry Pi 4 from Debian Bookworm arm64 packages
# (Debian's own kernel and Raspberry Pi firmware, as Debian's Raspberry Pi images have them), with the
# app installed by deploy/install.sh --image-root. Prints a table of the steps with their times.
#
#   sudo deploy/image.sh [--rebuild] [--source tree|head] [--out DIR]
#
# Needs root (chroot, mounts) but no loop devices: the file systems are made from directories
# (mkfs.vfat + mtools, mkfs.ext4 -d) and written into a partitioned file. The base root (Debian's
# packages, about 15-20 minutes under emulation) is cached in IMAGE_CACHE; a rebuild after a change
# to the app reuses it and takes about 11 minutes on two busy cores.
#
# The step functions are called by name through run_step (SC2317); the hooks' $1 is mmdebstrap's (SC2016).
# shellcheck disable=SC2317,SC2016
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$SCRIPT_DIR")
CACHE=${IMAGE_CACHE:-/var/cache/table-companion-image}
WORK=${IMAGE_WORK:-/var/tmp/table-companion-image}
OUT=$REPO/build/image
SUITE=bookworm
KIOSK_USER=pi
HOSTNAME_IN_IMAGE=table-companion
# What boots a Pi 4 (Debian's kernel carries its device tree; raspi-firmware the GPU's boot files and the
# hook that writes config.txt and cmdline.txt), what the kiosk runs on, and the libraries install.sh
# installs (so that its apt step finds them there and the cache holds them).
BASE_PACKAGES=(
    linux-image-arm64 raspi-firmware initramfs-tools firmware-brcm80211
    systemd-sysv udev dbus kmod e2fsprogs dosfstools sudo ca-certificates gpgv
    python3 python3-venv python3-pip git
    libgl1 libegl1 libgles2 libopengl0 libgbm1 libdrm2 libgl1-mesa-dri libegl-mesa0
    libudev1 libmtdev1 libasound2 alsa-utils
)
NICE=(nice -n 10)

REBUILD=0
SOURCE=tree

die() {
    printf 'image: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '  %s\n' "$line" >&2; done
    exit 1
}
note() { printf '==> %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --rebuild) REBUILD=1; shift ;;
        --out) [[ $# -ge 2 ]] || die "--out needs a directory."; OUT=$2; shift 2 ;;
        --source)
            [[ $# -ge 2 && ( $2 == tree || $2 == head ) ]] || die "--source takes 'tree' (the working tree) or 'head' (git HEAD)."
            SOURCE=$2; shift 2 ;;
        -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
            printf '\n  --rebuild      build the base root again instead of reusing %s\n' "$CACHE"
            printf '  --source WHAT  install the working tree (tree, default) or the last commit (head)\n'
            printf '  --out DIR      where the image goes (default build/image)\n'
            printf '\nEnvironment: IMAGE_CACHE (the cached base), IMAGE_WORK (scratch), PI_MIRROR (Debian mirror),\n'
            printf '  UPDATE_KEYS (a folder of public keyrings the image trusts for updates; default deploy/update-keys).\n'
            exit 0 ;;
        *) die "unknown option '$1'." "See: deploy/image.sh --help" ;;
    esac
done

# shellcheck source=deploy/build-steps.sh disable=SC1091
source "$SCRIPT_DIR/build-steps.sh"

[[ $EUID -eq 0 ]] || die "building an image needs root (it builds a root file system, mounts and chroots)." "Run: sudo make image"
need_host_tools mmdebstrap:mmdebstrap arch-test:arch-test qemu-aarch64-static:qemu-user-static git:git mcopy:mtools \
    mkfs.vfat:dosfstools sfdisk:fdisk mkfs.ext4:e2fsprogs dtc:device-tree-compiler
MIRROR=$(debian_mirror)
LOG_DIR=$WORK/logs
ROOT=$WORK/root

# --- the base: Debian's packages, cached -------------------------------------------------------------

TARBALL=$CACHE/$SUITE-arm64-base.tar
RECIPE_FILE=$CACHE/$SUITE-arm64-base.recipe
RECIPE="suite=$SUITE packages=${BASE_PACKAGES[*]} user=$KIOSK_USER divert=update-initramfs"

build_base() {
    local build=$CACHE/build
    rm -rf --one-file-system "$build"
    mkdir -p "$build"
    echo "mmdebstrap $SUITE arm64 from $MIRROR"
    # update-initramfs is a no-op while packages install (each kernel and firmware package would run it,
    # and under emulation a full initramfs takes over an hour); it runs once, with a short module
    # list, when the image is made. pi-gen does the same.
    "${NICE[@]}" mmdebstrap --arch=arm64 --variant=minbase --mode=root --format=directory \
        --components=main,non-free-firmware --include="$(IFS=,; printf '%s' "${BASE_PACKAGES[*]}")" \
        --essential-hook='chroot "$1" dpkg-divert --local --rename --add /usr/sbin/update-initramfs' \
        --essential-hook='ln -sf /bin/true "$1/usr/sbin/update-initramfs"' \
        --customize-hook='chroot "$1" groupadd --system gpio' \
        --customize-hook="chroot \"\$1\" useradd --create-home --shell /bin/bash $KIOSK_USER" \
        --customize-hook='chroot "$1" apt-get clean' \
        "$SUITE" "$build" "$MIRROR"
    tar -C "$build" --numeric-owner -cf "$TARBALL.new" .
    mv -f "$TARBALL.new" "$TARBALL"
    printf '%s\n' "$RECIPE" >"$RECIPE_FILE"
    rm -rf --one-file-system "$build"
}

step_base() {
    mkdir -p "$CACHE"
    if [[ $REBUILD -eq 1 || ! -f $TARBALL || $(cat "$RECIPE_FILE" 2>/dev/null) != "$RECIPE" ]]; then
        build_base
        echo "built and cached in $TARBALL ($(du -h "$TARBALL" | cut -f1))"
    else
        echo "reusing $TARBALL (built $(date -r "$TARBALL" '+%Y-%m-%d %H:%M'); --rebuild for a new one)"
    fi
}

BASE_ONLY=${IMAGE_BASE_ONLY:-0}
rm -rf "$LOG_DIR"
mkdir -p "$LOG_DIR"
note "image: Debian $SUITE arm64 for a Raspberry Pi 4, mirror $MIRROR, cache $CACHE"
run_step emulation step_emulation
stop_unless_passed
run_step base step_base
stop_unless_passed
if [[ $BASE_ONLY -eq 1 ]]; then print_table image; exit 0; fi

# --- the root: a fresh copy of the base, and the app installed into it ---------------------------------

cleanup() { unmount_root; }
trap cleanup EXIT

step_root() {
    unmount_root
    rm -rf --one-file-system "$ROOT"
    mkdir -p "$ROOT"
    tar -C "$ROOT" --numeric-owner -xf "$TARBALL"
    prepare_for_chroot
    mount_into_root "$CACHE"
    echo "Debian $(cat "$ROOT/etc/debian_version") arm64, $(du -sh --one-file-system "$ROOT" | cut -f1), kernel $(kernel_version)"
}

kernel_version() {
    local found=("$ROOT"/lib/modules/*)
    [[ ${#found[@]} -eq 1 && -d ${found[0]} ]] || die "expected one kernel in the base, found: ${found[*]##*/}"
    printf '%s' "${found[0]##*/}"
}

step_install() {
    local source=$REPO
    if [[ $SOURCE == head ]]; then
        source=$WORK/source
        rm -rf "$source"
        mkdir -p "$source"
        git -C "$REPO" archive HEAD | tar -C "$source" -xf -
    fi
    # As an image builder runs it: from outside, its commands run in the root through chroot.
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        "${NICE[@]}" bash "$source/deploy/install.sh" --image-root "$ROOT" --user "$KIOSK_USER" \
        ${UPDATE_KEYS:+--update-keys "$(cd "$UPDATE_KEYS" && pwd)"}
    echo "table-companion $(chroot "$ROOT" /opt/table-companion/venv/bin/python -c \
        'import importlib.metadata as m; print(m.version("table-companion"))') installed by install.sh --image-root"
}

# --- the system around it: partitions by label, the kernel command line, no password -------------------

step_system() {
    printf '%s\n' "$HOSTNAME_IN_IMAGE" >"$ROOT/etc/hostname"
    printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n' \
        "$HOSTNAME_IN_IMAGE" >"$ROOT/etc/hosts"
    # nofail on the boot partition: a slow card must not drop the boot to an emergency shell over a
    # partition only kernel updates need, and the boot does not wait for it. systemd's own device
    # timeout (90 s) stays: under emulation udev names the partition only after 40 s or more.
    cat >"$ROOT/etc/fstab" <<'FSTAB'
LABEL=RASPIROOT /              ext4 rw,noatime,errors=remount-ro 0 1
LABEL=RASPIFIRM /boot/firmware vfat rw,noatime,nofail 0 2
FSTAB
    # Read by raspi-firmware's hook, which writes cmdline.txt at every kernel update (an edit of
    # cmdline.txt itself would be lost). The Pi 4 takes its CMA from the device tree, as Debian's own
    # images leave it: the hook drops its cma= only for CMA=0 (it cannot tell a Pi 4 from inside a
    # chroot). quiet keeps the boot messages off the screen the app takes over.
    cat >"$ROOT/etc/default/raspi-firmware" <<'DEFAULTS'
ROOTPART=LABEL=RASPIROOT
CONSOLES="ttyS1,115200"
CMA=0
KERNEL_ARCH=arm64
DEFAULTS
    printf 'quiet\n' >"$ROOT/etc/default/raspi-extra-cmdline"
    # No password anywhere: the kiosk needs no login, and a default password is how appliances are
    # taken over. (docs/raspberry-pi.md says how a parent sets one for maintenance.)
    chroot "$ROOT" passwd --lock root >/dev/null
    chroot "$ROOT" passwd --lock "$KIOSK_USER" >/dev/null
    [[ $(awk -F: -v u="$KIOSK_USER" '$1 == "root" || $1 == u { print substr($2, 1, 1) }' "$ROOT/etc/shadow" | sort -u) == "!" ]] ||
        die "an account in the image can still log in with a password"
    # The first start grows the system partition to the card (sfdisk comes with fdisk, which is not in
    # the cached base; apt's lists are still there from the install step).
    in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fdisk >/dev/null
    local unit
    for unit in userconf growroot; do
        install -m 0755 "$SCRIPT_DIR/image-$unit.sh" "$ROOT/usr/local/lib/table-companion/$unit"
        install -m 0644 "$SCRIPT_DIR/image-$unit.service" "$ROOT/etc/systemd/system/table-companion-$unit.service"
        ln -sfn "/etc/systemd/system/table-companion-$unit.service" \
            "$ROOT/etc/systemd/system/multi-user.target.wants/table-companion-$unit.service"
    done
    sh "$SCRIPT_DIR/image-display.sh" "$ROOT"
    echo "hostname $HOSTNAME_IN_IMAGE; partitions by label; root grown at first start; 7\" display overlay; root and $KIOSK_USER locked (no password)"
}

# --- the initramfs and the Pi's boot files --------------------------------------------------------------

# What the initramfs needs to find the root: a Pi 4's SD card (its mmc host, regulators and resets), and
# for the emulated check QEMU's virtio disk. Anything else loads from the root once it is mounted.
INITRAMFS_MODULES=(virtio_pci virtio_mmio virtio_blk ext4 crc32c_generic)

step_boot() {
    local version
    version=$(kernel_version)
    if [[ -f $ROOT/usr/sbin/update-initramfs.distrib ]]; then
        rm -f "$ROOT/usr/sbin/update-initramfs"
        chroot "$ROOT" dpkg-divert --local --rename --remove /usr/sbin/update-initramfs
    fi
    printf 'MODULES=list\n' >"$ROOT/etc/initramfs-tools/conf.d/table-companion.conf"
    printf '%s\n' "${INITRAMFS_MODULES[@]}" >"$ROOT/etc/initramfs-tools/modules"
    cat >"$ROOT/etc/initramfs-tools/hooks/table-companion-pi4" <<'HOOK'
#!/bin/sh
# The Raspberry Pi 4's SD card drivers, which MODULES=list would leave out (written by deploy/image.sh).
[ "$1" = prereqs ] && exit 0
. /usr/share/initramfs-tools/hook-functions
copy_modules_dir kernel/drivers/mmc
copy_modules_dir kernel/drivers/regulator
copy_modules_dir kernel/drivers/reset
HOOK
    chmod 0755 "$ROOT/etc/initramfs-tools/hooks/table-companion-pi4"
    # Writes the initrd; raspi-firmware's post-update hook then copies it, the kernel and the device trees
    # to /boot/firmware and writes config.txt (which names them) and cmdline.txt there.
    in_root update-initramfs -c -k "$version"
    local firmware=$ROOT/boot/firmware
    for file in start4.elf fixup4.dat bcm2711-rpi-4-b.dtb config.txt cmdline.txt "vmlinuz-$version" "initrd.img-$version"; do
        [[ -e $firmware/$file ]] || die "/boot/firmware/$file is missing: the Pi 4 would not boot"
    done
    if ! grep -qx 'display_auto_detect=1' "$firmware/config.txt" || [[ ! -s $firmware/overlays/vc4-kms-dsi-7inch.dtbo ]]; then
        die "config.txt does not load overlays/vc4-kms-dsi-7inch.dtbo: the 7\" display would stay dark"
    fi
    ! grep -q 'cma=' "$firmware/cmdline.txt" || die "cmdline.txt still sets cma=: $(cat "$firmware/cmdline.txt")"
    echo "initrd $(du -h "$firmware/initrd.img-$version" | cut -f1) ($(chroot "$ROOT" lsinitramfs "/boot/firmware/initrd.img-$version" | grep -c '\.ko$') modules); cmdline: $(cat "$firmware/cmdline.txt")"
}

in_root() {
    "${NICE[@]}" chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 "$@"
}

# --- the disk image: made from the directories, no loop device and no mount ----------------------------

BOOT_MIB=256
FIRST_MIB=4
# Room on the root file system beyond what is installed, for a card the size of the image: the first
# start grows the partition to a bigger card (deploy/image-growroot.sh).
FREE_MIB=1024

step_image() {
    local version boot_dir=$WORK/boot boot_img=$WORK/boot.img root_img=$WORK/root.img
    version=$(chroot "$ROOT" /opt/table-companion/venv/bin/python -c \
        'import importlib.metadata as m; print(m.version("table-companion"))')
    # Unmounted first: apt's and pip's caches are bind-mounted from the build cache, which a clean
    # through the mounts would empty.
    unmount_root
    chroot "$ROOT" apt-get clean
    rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT"/root/.cache "$ROOT"/tmp/* "$ROOT"/var/tmp/*
    forget_build_host

    rm -rf "$boot_dir"
    mkdir -p "$boot_dir"
    cp -a "$ROOT/boot/firmware/." "$boot_dir/"
    find "$ROOT/boot/firmware" -mindepth 1 -delete
    rm -f "$boot_img" "$root_img"
    mkfs.vfat -C -F 32 -n RASPIFIRM "$boot_img" $((BOOT_MIB * 1024)) >/dev/null
    mcopy -s -p -i "$boot_img" "$boot_dir"/* ::/

    local used_mib root_mib
    used_mib=$(du -sm --one-file-system "$ROOT" | cut -f1)
    root_mib=$(( (used_mib * 115 / 100) + FREE_MIB ))
    mkfs.ext4 -q -L RASPIROOT -d "$ROOT" "$root_img" "${root_mib}M"
    cp -a "$boot_dir/." "$ROOT/boot/firmware/"   # the root as it was, for a look around

    mkdir -p "$OUT"
    local image=$OUT/table-companion-$version-pi4.img
    rm -f "$image"
    truncate -s $(( (FIRST_MIB + BOOT_MIB + root_mib) * 1024 * 1024 )) "$image"
    sfdisk --quiet "$image" <<PARTITIONS
label: dos
unit: sectors
start=$((FIRST_MIB * 2048)), size=$((BOOT_MIB * 2048)), type=c, bootable
start=$(((FIRST_MIB + BOOT_MIB) * 2048)), size=$((root_mib * 2048)), type=83
PARTITIONS
    dd if="$boot_img" of="$image" bs=1M seek="$FIRST_MIB" conv=notrunc,sparse status=none
    dd if="$root_img" of="$image" bs=1M seek=$((FIRST_MIB + BOOT_MIB)) conv=notrunc,sparse status=none
    rm -f "$boot_img" "$root_img"
    ln -sfn "${image##*/}" "$OUT/table-companion-pi4.img"
    echo "$image: $(( $(stat -c %s "$image") / 1024 / 1024 )) MiB ($(du -m "$image" | cut -f1) MiB written; ${used_mib} MiB installed, ${FREE_MIB} MiB free)"
}

run_step root step_root
stop_unless_passed
run_step install step_install
stop_unless_passed
run_step system step_system
stop_unless_passed
run_step boot step_boot
stop_unless_passed
run_step image step_image
print_table image
exit "$FAILED"
