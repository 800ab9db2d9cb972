#!/bin/sh
# Run by deploy/image.sh on the image's root before its initramfs is made: what the initramfs holds. A
# short list of modules (MODULES=list: a default initramfs takes over an hour to make under emulation),
# plus, through a hook, the SD card drivers of a Pi 4 and a Pi 5 (their mmc hosts, regulators, resets,
# and the Pi 5's GPIO and pin controllers its card's power switch hangs on), and fsck, so that the root
# is checked (and mended: fsck.repair=yes) before it is mounted.
#
#   image-initramfs.sh ROOT MODULE...
set -eu

root=${1:?usage: image-initramfs.sh ROOT MODULE...}
shift
conf=$root/etc/initramfs-tools
mkdir -p "$conf/conf.d" "$conf/hooks"
# FSTYPE: the root's type said, since fsck's own hook cannot read it from a root named by PARTUUID.
printf 'MODULES=list\nFSTYPE=ext4\n' >"$conf/conf.d/table-companion.conf"
printf '%s\n' "$@" >"$conf/modules"
cat >"$conf/hooks/table-companion" <<'HOOK'
#!/bin/sh
# Written by the Table Companion image (deploy/image-initramfs.sh): the SD card drivers of a Pi 4 and a
# Pi 5, which MODULES=list would leave out, and fsck for the root.
[ "$1" = prereqs ] && exit 0
. /usr/share/initramfs-tools/hook-functions
copy_modules_dir kernel/drivers/mmc
copy_modules_dir kernel/drivers/regulator
copy_modules_dir kernel/drivers/reset
copy_modules_dir kernel/drivers/pinctrl/bcm
manual_add_modules gpio-brcmstb
copy_exec /usr/sbin/fsck /usr/sbin
copy_exec /usr/sbin/e2fsck /usr/sbin
ln -sf e2fsck "$DESTDIR/usr/sbin/fsck.ext4"
HOOK
chmod 0755 "$conf/hooks/table-companion"
echo "initramfs: $# modules listed, the Pi 4's and Pi 5's SD card drivers and fsck by hook"
