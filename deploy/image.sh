#!/usr/bin/env bash
# make image: builds a flashable SD-card image for a Raspberry Pi 4 and a Raspberry Pi 5 from Debian 13
# (trixie) arm64 packages (Debian's own kernel and Raspberry Pi firmware, as Debian's Raspberry Pi images
# have them), with the app installed by deploy/install.sh --image-root; then compresses it (.img.xz), with
# its sha256 and a Raspberry Pi Imager repository file. Prints a table of the steps with their times.
#
#   sudo deploy/image.sh [--rebuild] [--source tree|head] [--out DIR] [--from boot|image|publish]
#
# Needs root (chroot, mounts) but no loop devices: the file systems are made from directories
# (mkfs.vfat + mtools, mkfs.ext4 -d) and written into a partitioned file. The base root (Debian's
# packages, 20 minutes or more under emulation) is cached in IMAGE_CACHE; a rebuild after a change
# to the app reuses it.
#
# The step functions are called by name through run_step (SC2317); the hooks' $1 is mmdebstrap's (SC2016).
# shellcheck disable=SC2317,SC2016
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$SCRIPT_DIR")
CACHE=${IMAGE_CACHE:-/var/cache/table-companion-image}
WORK=${IMAGE_WORK:-/var/tmp/table-companion-image}
OUT=$REPO/build/image
SUITE=trixie
KIOSK_USER=pi
HOSTNAME_IN_IMAGE=table-companion
DATA_DIR=/var/lib/table-companion
# What boots a Pi 4 and a Pi 5: Debian's kernel from trixie-backports (trixie's own 6.12 has the Pi 5's
# device tree but not the drivers of its RP1 chip: GPIO header, USB, Ethernet), raspi-firmware (the Pi 4's
# GPU boot files, and the hook that writes config.txt and cmdline.txt) and the Wi-Fi firmware. Then what
# the appliance runs on: systemd with its network (networkd, resolved, wpa_supplicant for Wi-Fi), its
# clock (timesyncd) and its time zone service (timedated, reached by the app through polkit), the boot
# splash (with fontconfig, whose settings plymouth's initramfs hook copies for any theme that draws), the
# tools of the first start (fdisk, python3-yaml for Imager's settings, locales), and the
# libraries install.sh installs (so that its apt step finds them there and the cache holds them).
BASE_PACKAGES=(
    linux-image-arm64 raspi-firmware initramfs-tools firmware-brcm80211
    systemd-sysv udev dbus kmod e2fsprogs dosfstools fdisk sudo ca-certificates gpgv
    systemd-timesyncd systemd-resolved wpasupplicant wireless-regdb polkitd plymouth fontconfig locales python3-yaml
    python3 python3-venv python3-pip git
    libgl1 libegl1 libgles2 libopengl0 libgbm1 libdrm2 libgl1-mesa-dri libegl-mesa0
    libudev1 libmtdev1 libasound2 alsa-utils
)
# The kernel's packages come from trixie-backports, now and at every upgrade on the Pi.
KERNEL_PIN='Package: linux-image-arm64 linux-image-* linux-base linux-base-* linux-binary-* linux-modules-*
Pin: release n=trixie-backports
Pin-Priority: 990'
NICE=(nice -n 10)

REBUILD=0
SOURCE=tree
FROM=

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
        --from)
            [[ $# -ge 2 && ( $2 == boot || $2 == image || $2 == publish ) ]] || die "--from takes boot, image or publish."
            FROM=$2; shift 2 ;;
        --source)
            [[ $# -ge 2 && ( $2 == tree || $2 == head ) ]] || die "--source takes 'tree' (the working tree) or 'head' (git HEAD)."
            SOURCE=$2; shift 2 ;;
        -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
            printf '\n  --rebuild      build the base root again instead of reusing %s\n' "$CACHE"
            printf '  --source WHAT  install the working tree (tree, default) or the last commit (head)\n'
            printf '  --out DIR      where the image goes (default build/image)\n'
            printf '  --from STEP    go on from STEP (boot, image or publish) with the root the last build left, after\n'
            printf '                 a fix to that step (the root, install and system steps are not run again)\n'
            printf '\nEnvironment: IMAGE_CACHE (the cached base), IMAGE_WORK (scratch), PI_MIRROR (Debian mirror),\n'
            printf '  IMAGE_URL (where the .img.xz will be published, for the Imager file; default: its place here),\n'
            printf '  UPDATE_KEYS (a folder of public .gpg keyrings the image trusts for updates; default deploy/update-keys).\n'
            exit 0 ;;
        *) die "unknown option '$1'." "See: deploy/image.sh --help" ;;
    esac
done

# shellcheck source=deploy/build-steps.sh disable=SC1091
source "$SCRIPT_DIR/build-steps.sh"

[[ $EUID -eq 0 ]] || die "building an image needs root (it builds a root file system, mounts and chroots)." "Run: sudo make image"
need_host_tools mmdebstrap:mmdebstrap arch-test:arch-test qemu-aarch64-static:qemu-user-static git:git mcopy:mtools \
    mkfs.vfat:dosfstools sfdisk:fdisk mkfs.ext4:e2fsprogs dtc:device-tree-compiler xz:xz-utils
MIRROR=$(debian_mirror)
SECURITY_MIRROR=${PI_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
SOURCES=(
    "deb $MIRROR $SUITE main non-free-firmware"
    "deb $MIRROR $SUITE-updates main non-free-firmware"
    "deb $MIRROR $SUITE-backports main non-free-firmware"
    "deb $SECURITY_MIRROR $SUITE-security main non-free-firmware"
)
LOG_DIR=$WORK/logs
ROOT=$WORK/root

# --- the base: Debian's packages, cached -------------------------------------------------------------

TARBALL=$CACHE/$SUITE-arm64-base.tar
RECIPE_FILE=$CACHE/$SUITE-arm64-base.recipe
RECIPE="suite=$SUITE+backports-kernel packages=${BASE_PACKAGES[*]} user=$KIOSK_USER divert=update-initramfs"

build_base() {
    local build=$CACHE/build
    rm -rf --one-file-system "$build"
    mkdir -p "$build"
    echo "mmdebstrap $SUITE arm64 from $MIRROR"
    # update-initramfs is a no-op while packages install (each kernel and firmware package would run it,
    # and under emulation a full initramfs takes over an hour); it runs once, with a short module
    # list, when the image is made. pi-gen does the same.
    "${NICE[@]}" mmdebstrap --arch=arm64 --variant=minbase --mode=root --format=directory \
        --include="$(IFS=,; printf '%s' "${BASE_PACKAGES[*]}")" \
        --setup-hook="mkdir -p \"\$1/etc/apt/preferences.d\" && printf '%s\\n' '$KERNEL_PIN' >\"\$1/etc/apt/preferences.d/kernel-from-backports\"" \
        --essential-hook='chroot "$1" dpkg-divert --local --rename --add /usr/sbin/update-initramfs' \
        --essential-hook='ln -sf /bin/true "$1/usr/sbin/update-initramfs"' \
        --customize-hook='chroot "$1" groupadd --system gpio' \
        --customize-hook="chroot \"\$1\" useradd --create-home --shell /bin/bash $KIOSK_USER" \
        --customize-hook='chroot "$1" apt-get clean' \
        "$SUITE" "$build" "${SOURCES[@]}"
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
note "image: Debian $SUITE arm64 for a Raspberry Pi 4 and 5, mirror $MIRROR, cache $CACHE"
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
    echo "Debian $(cat "$ROOT/etc/debian_version") arm64, $(du -sh --one-file-system "$ROOT" | cut -f1), kernel $(kernel_version), Python $(readlink "$ROOT/usr/bin/python3")"
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
    # The keys the image trusts for signed updates: the project's, or a family's own (make image UPDATE_KEYS=DIR).
    local keys
    keys=$(cd "${UPDATE_KEYS:-$source/deploy/update-keys}" && pwd) || die "UPDATE_KEYS=$UPDATE_KEYS is not a folder of keys"
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        "${NICE[@]}" bash "$source/deploy/install.sh" --image-root "$ROOT" --user "$KIOSK_USER" --update-keys "$keys"
    echo "table-companion $(app_version) installed by install.sh --image-root"
}

# --- the system around it: partitions by PARTUUID, the kernel command line, the clock, the network -----

# The disk identifier of this build's partition table (sfdisk's label-id), chosen now: fstab, cmdline.txt
# and the table itself name the partitions by it (PARTUUID=<id>-<number>), never by a label a USB stick
# could carry too.
DISK_ID_FILE=$WORK/disk-id
disk_id() { cat "$DISK_ID_FILE"; }

step_system() {
    od -An -N4 -tx4 /dev/urandom | tr -d ' \n' >"$DISK_ID_FILE"
    local id
    id=$(disk_id)
    [[ $id =~ ^[0-9a-f]{8}$ ]] || die "could not choose a disk identifier ('$id')"
    printf '%s\n' "$HOSTNAME_IN_IMAGE" >"$ROOT/etc/hostname"
    printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n' \
        "$HOSTNAME_IN_IMAGE" >"$ROOT/etc/hosts"
    sh "$SCRIPT_DIR/image-fstab.sh" "$ROOT" "$id" "$DATA_DIR"
    sh "$SCRIPT_DIR/image-display.sh" "$ROOT"
    sh "$SCRIPT_DIR/image-pi5.sh" "$ROOT"
    # Locked: the kiosk needs no login, and a default password is how appliances are taken over.
    # (userconf.txt on the boot partition gives pi one for maintenance: docs/raspberry-pi.md.)
    chroot "$ROOT" passwd --lock root >/dev/null
    chroot "$ROOT" passwd --lock "$KIOSK_USER" >/dev/null
    [[ $(awk -F: -v u="$KIOSK_USER" '$1 == "root" || $1 == u { print substr($2, 1, 1) }' "$ROOT/etc/shadow" | sort -u) == "!" ]] ||
        die "an account in the image can still log in with a password"
    local unit
    for unit in userconf growroot imager-settings; do
        install -m 0755 "$SCRIPT_DIR/image-$unit".[ps][yh] "$ROOT/usr/local/lib/table-companion/$unit"
        install -m 0644 "$SCRIPT_DIR/image-$unit.service" "$ROOT/etc/systemd/system/table-companion-$unit.service"
        ln -sfn "/etc/systemd/system/table-companion-$unit.service" \
            "$ROOT/etc/systemd/system/multi-user.target.wants/table-companion-$unit.service"
    done
    sh "$SCRIPT_DIR/image-network.sh" "$ROOT"
    sh "$SCRIPT_DIR/image-clock.sh" "$ROOT"
    sh "$SCRIPT_DIR/image-splash.sh" "$ROOT"
    echo "disk $id: partitions by PARTUUID; data on its own partition; network, clock, splash; root and $KIOSK_USER locked"
}

# --- the initramfs and the Pi's boot files --------------------------------------------------------------

# What the initramfs needs to find and check the root and to show the splash: the SD card of a Pi 4 and
# a Pi 5 (their mmc hosts, regulators, resets and the Pi 5's GPIO and pin controllers, written into a hook
# by image-initramfs.sh), the display drivers the splash draws with (vc4 on a Pi; QEMU's virtio GPU for
# the check), and QEMU's disk. Anything else loads from the root once it is mounted.
INITRAMFS_MODULES=(virtio_pci virtio_mmio virtio_blk virtio_gpu vc4 ext4 crc32c_generic)

step_boot() {
    local version
    version=$(kernel_version)
    if [[ -f $ROOT/usr/sbin/update-initramfs.distrib ]]; then
        rm -f "$ROOT/usr/sbin/update-initramfs"
        chroot "$ROOT" dpkg-divert --local --rename --remove /usr/sbin/update-initramfs
    fi
    sh "$SCRIPT_DIR/image-initramfs.sh" "$ROOT" "${INITRAMFS_MODULES[@]}"
    # Writes the initrd; raspi-firmware's post-update hook then copies it, the kernel and the device trees
    # to /boot/firmware and writes config.txt (which names them) and cmdline.txt there. Then the Pi 5's
    # hook, which a kernel update runs after raspi-firmware's (image-pi5.sh).
    in_root update-initramfs -c -k "$version"
    in_root /etc/kernel/postinst.d/z51-table-companion-pi5 "$version" "/boot/vmlinuz-$version"
    local firmware=$ROOT/boot/firmware listing
    for file in start4.elf fixup4.dat bcm2711-rpi-4-b.dtb bcm2712-rpi-5-b.dtb bcm2712d0-rpi-5-b.dtb config.txt cmdline.txt \
            "vmlinuz-$version" "initrd.img-$version"; do
        [[ -e $firmware/$file ]] || die "/boot/firmware/$file is missing: a Pi 4 or 5 would not boot"
    done
    if ! grep -qx 'display_auto_detect=1' "$firmware/config.txt" || [[ ! -s $firmware/overlays/vc4-kms-dsi-7inch.dtbo ]]; then
        die "config.txt does not load overlays/vc4-kms-dsi-7inch.dtbo: the 7\" display would stay dark"
    fi
    ! grep -q 'cma=' "$firmware/cmdline.txt" || die "cmdline.txt still sets cma=: $(cat "$firmware/cmdline.txt")"
    grep -q "root=PARTUUID=$(disk_id)-02 " "$firmware/cmdline.txt" || die "cmdline.txt does not name the root by PARTUUID: $(cat "$firmware/cmdline.txt")"
    listing=$(chroot "$ROOT" lsinitramfs "/boot/firmware/initrd.img-$version")
    local needed
    # (The module files are named with hyphens or underscores, and compressed: virtio-gpu.ko.xz.)
    for needed in usr/sbin/fsck usr/sbin/fsck.ext4 usr/sbin/e2fsck "plymouth/themes/table-companion/splash.png" \
            '/virtio[-_]gpu\.ko' '/vc4\.ko' '/sdhci-brcmstb\.ko'; do
        grep -q -- "$needed" <<<"$listing" || die "the initramfs lacks $needed"
    done
    echo "initrd $(du -h "$firmware/initrd.img-$version" | cut -f1) ($(grep -c '\.ko' <<<"$listing") modules, fsck, splash); cmdline: $(cat "$firmware/cmdline.txt")"
}

in_root() {
    "${NICE[@]}" chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 "$@"
}

# --- the disk image: made from the directories, no loop device and no mount ----------------------------

BOOT_MIB=256
FIRST_MIB=4
# Room on the system partition beyond what is installed, for updates from a stick, logs and apt.
FREE_MIB=768
# The family's data starts small: the first start grows its partition, the last, to the end of the card
# (deploy/image-growroot.sh).
DATA_MIB=256

step_image() {
    local version boot_dir=$WORK/boot boot_img=$WORK/boot.img root_img=$WORK/root.img data_img=$WORK/data.img
    version=$(app_version)
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
    rm -f "$boot_img" "$root_img" "$data_img"
    mkfs.vfat -C -F 32 -n RASPIFIRM "$boot_img" $((BOOT_MIB * 1024)) >/dev/null
    mcopy -s -p -i "$boot_img" "$boot_dir"/* ::/

    # The family's data directory becomes the root of its own file system; the system keeps the empty
    # folder it is mounted on.
    local data_dir=$ROOT$DATA_DIR data_owner
    data_owner=$(stat -c %u:%g "$data_dir")
    mkfs.ext4 -q -L TCDATA -E root_owner="$data_owner" -d "$data_dir" "$data_img" "${DATA_MIB}M"
    find "$data_dir" -mindepth 1 -delete

    local used_mib root_mib
    used_mib=$(du -sm --one-file-system "$ROOT" | cut -f1)
    root_mib=$(( (used_mib * 115 / 100) + FREE_MIB ))
    mkfs.ext4 -q -L RASPIROOT -d "$ROOT" "$root_img" "${root_mib}M"
    cp -a "$boot_dir/." "$ROOT/boot/firmware/"   # the root as it was, for a look around

    mkdir -p "$OUT"
    local image=$OUT/table-companion-$version.img
    rm -f "$image"
    truncate -s $(( (FIRST_MIB + BOOT_MIB + root_mib + DATA_MIB) * 1024 * 1024 )) "$image"
    sfdisk --quiet "$image" <<PARTITIONS
label: dos
label-id: 0x$(disk_id)
unit: sectors
start=$((FIRST_MIB * 2048)), size=$((BOOT_MIB * 2048)), type=c, bootable
start=$(((FIRST_MIB + BOOT_MIB) * 2048)), size=$((root_mib * 2048)), type=83
start=$(((FIRST_MIB + BOOT_MIB + root_mib) * 2048)), size=$((DATA_MIB * 2048)), type=83
PARTITIONS
    dd if="$boot_img" of="$image" bs=1M seek="$FIRST_MIB" conv=notrunc,sparse status=none
    dd if="$root_img" of="$image" bs=1M seek=$((FIRST_MIB + BOOT_MIB)) conv=notrunc,sparse status=none
    dd if="$data_img" of="$image" bs=1M seek=$((FIRST_MIB + BOOT_MIB + root_mib)) conv=notrunc,sparse status=none
    rm -f "$boot_img" "$root_img" "$data_img"
    ln -sfn "${image##*/}" "$OUT/table-companion.img"
    echo "$image: $(( $(stat -c %s "$image") / 1024 / 1024 )) MiB ($(du -m "$image" | cut -f1) MiB written; ${used_mib} MiB installed, ${FREE_MIB} MiB free, data ${DATA_MIB} MiB)"
}

app_version() {
    chroot "$ROOT" /opt/table-companion/venv/bin/python -c \
        'import importlib.metadata as m; print(m.version("table-companion"))'
}

# --- what Raspberry Pi Imager downloads: the compressed image, its checksum and the repository file ----

step_publish() {
    local image version
    image=$(readlink -f "$OUT/table-companion.img")
    version=$(basename "$image" .img)
    version=${version#table-companion-}
    rm -f "$image.xz"
    "${NICE[@]}" xz -T0 -6 -k "$image"
    (cd "$OUT" && sha256sum "${image##*/}" >"${image##*/}.sha256" && sha256sum "${image##*/}.xz" >"${image##*/}.xz.sha256")
    cp "$SCRIPT_DIR/imager-icon.png" "$OUT/table-companion-icon.png"
    python3 "$SCRIPT_DIR/imager_repo.py" --image "$image" --compressed "$image.xz" --version "$version" \
        --url "${IMAGE_URL:-}" --out "$OUT/table-companion.json"
    echo "${image##*/}.xz: $(( $(stat -c %s "$image.xz") / 1024 / 1024 )) MiB, sha256 and the Imager repository file table-companion.json beside it"
}

# --from: the root the last build left, made ready for the chroot again, and the steps before FROM skipped.
if [[ -n $FROM ]]; then
    [[ -x $ROOT/usr/bin/python3 && -d $ROOT/opt/table-companion && -s $DISK_ID_FILE ]] ||
        die "--from $FROM: no root of an earlier build in $ROOT to go on from." "Build it whole: sudo make image"
    unmount_root
    prepare_for_chroot
    mount_into_root "$CACHE"
fi
for step in root install system boot image publish; do
    if [[ -n $FROM && $step != "$FROM" ]]; then continue; fi
    FROM=
    run_step "$step" "step_$step"
    stop_unless_passed
done
print_table image
exit "$FAILED"
