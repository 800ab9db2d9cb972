#!/bin/sh
# Run by deploy/image.sh on the image's root: where the partitions are mounted and what the kernel is
# told, all by PARTUUID (<the disk's identifier>-<partition number>), never by label: a USB stick plugged
# in at boot and labelled like the boot partition could otherwise stand in for it (and bring its own
# userconf.txt). The kernel command line is written by raspi-firmware's hook at every kernel update from
# /etc/default/raspi-firmware and raspi-extra-cmdline, so it is set there (an edit of cmdline.txt is lost).
#
#   image-fstab.sh ROOT DISK_ID DATA_DIR
#
# Partition 1 is the boot partition (FAT), 2 the system (ext4), 3 the family's data (ext4), each checked
# at boot (the root by the initramfs, the others by systemd-fsck) and repaired without asking
# (fsck.repair=yes, which raspi-firmware's hook puts on the command line).
set -eu

root=${1:?usage: image-fstab.sh ROOT DISK_ID DATA_DIR}
id=${2:?usage: image-fstab.sh ROOT DISK_ID DATA_DIR}
data=${3:?usage: image-fstab.sh ROOT DISK_ID DATA_DIR}
case $id in
    [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]) ;;
    *) echo "image-fstab.sh: the disk identifier must be 8 lower-case hex digits, not '$id'" >&2; exit 2 ;;
esac

# nofail on the boot partition: a slow card must not drop the boot to an emergency shell over a partition
# only kernel updates need. The data partition has no nofail: the kiosk waits for it (RequiresMountsFor=)
# rather than start on an empty folder; fsck.repair=yes mends what a power cut left. It is waited for
# ten minutes, not systemd's 90 s: a slow card, or a first start busy with its own set-up, made it
# appear later than that (seen in emulation), and a boot that gives up on it ends in an emergency shell
# a family cannot see behind the splash.
cat >"$root/etc/fstab" <<FSTAB
# Written by the Table Companion image (deploy/image-fstab.sh). By PARTUUID, never by label.
PARTUUID=$id-02 /              ext4 rw,noatime,errors=remount-ro 0 1
PARTUUID=$id-01 /boot/firmware vfat rw,noatime,nofail,umask=0077 0 2
PARTUUID=$id-03 $data ext4 rw,noatime,nosuid,nodev,noexec,x-systemd.device-timeout=10min 0 2
FSTAB
mkdir -p "$root$data"

# The console: the Pi 4's serial port (ttyS1), then the screen (tty0), the last named being the one
# /dev/console is. A Pi 5 and QEMU have no ttyS1; with it last, their boot stopped before systemd.
# CMA=0: the Pi 4 and 5 take their CMA from the device tree, as Debian's own images leave it (the hook
# drops its cma= only then: it cannot tell the board from inside a chroot).
cat >"$root/etc/default/raspi-firmware" <<DEFAULTS
# Written by the Table Companion image (deploy/image-fstab.sh).
ROOTPART=PARTUUID=$id-02
CONSOLES="ttyS1,115200 tty0"
CMA=0
KERNEL_ARCH=arm64
DEFAULTS
# quiet and the splash: the screen shows the app's name, not boot messages, until the app takes it.
printf 'quiet splash plymouth.ignore-serial-consoles vt.global_cursor_default=0\n' >"$root/etc/default/raspi-extra-cmdline"
echo "fstab and cmdline by PARTUUID=$id-NN; data on partition 3 at $data"
