#!/bin/sh
# Installed by deploy/image.sh, run once at the first start by table-companion-growroot.service: grows the
# family's data partition (the image's last, partition 3, mounted at /var/lib/table-companion) to the end
# of the SD card and then its ext4 file system, while it is mounted. The image leaves it small; a family
# flashes it onto a bigger card, and without this the saved games would fill what the image left free.
#
#   growroot                       both steps, on the partition holding the data
#   growroot partition DISK NUMBER partition NUMBER of DISK (a device or an image file) to the disk's end
#   growroot filesystem DEVICE     the ext4 file system on DEVICE (a partition or a file) to its size
#
# Safe to cut at any point: the partition table is one sector written at once (the partition either has
# its old end or its new one, and both hold the file system, which only grows after it), growing an
# already grown partition or file system changes nothing, and the unit marks the work done only after
# both steps, so a start that was cut short does it all again.
set -eu

DONE=/var/lib/table-companion-growroot/done
DATA=/var/lib/table-companion

grow_partition() {
    disk=$1 number=$2
    # ",+" keeps the partition's start and type and takes all the room after it; --force as Debian's own
    # resize service has it, for a disk whose partitions are mounted.
    printf ',+\n' | sfdisk --quiet --force --no-reread --no-tell-kernel -N "$number" "$disk"
    if [ -b "$disk" ]; then
        # The kernel cannot re-read the table of a disk in use; partx tells it of this one partition.
        partx --update --nr "$number" "$disk"
    fi
}

grow_filesystem() {
    resize2fs "$1"
}

grow_data() {
    part=$(findmnt --noheadings --output SOURCE --mountpoint "$DATA")
    [ -b "$part" ] || { echo "$DATA is not a partition of its own ('$part')" >&2; exit 1; }
    disk=/dev/$(lsblk --noheadings --nodeps --output PKNAME "$part")
    number=$(cat "/sys/class/block/${part##*/}/partition")
    grow_partition "$disk" "$number"
    grow_filesystem "$part"
    mkdir -p "${DONE%/*}"
    : >"$DONE"
    sync
    echo "$part grown to $(lsblk --noheadings --nodeps --output SIZE "$part" | tr -d ' ') (the whole of $disk)"
}

case ${1:-} in
    '') grow_data ;;
    partition) [ $# -eq 3 ] || { echo "usage: growroot partition DISK NUMBER" >&2; exit 2; }; grow_partition "$2" "$3" ;;
    filesystem) [ $# -eq 2 ] || { echo "usage: growroot filesystem DEVICE" >&2; exit 2; }; grow_filesystem "$2" ;;
    *) echo "usage: growroot [partition DISK NUMBER | filesystem DEVICE]" >&2; exit 2 ;;
esac
