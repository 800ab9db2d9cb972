#!/bin/sh
# Run by deploy/image.sh on the image's root: what a Raspberry Pi 5 needs beyond what boots a Pi 4. Its
# firmware is in its own EEPROM (no start4.elf), and Debian's kernel from trixie-backports carries its
# device tree and the drivers of its RP1 chip (GPIO header, USB, Ethernet); raspi-firmware's hook copies
# the device trees to the boot partition at every kernel update. A Pi 5 of the D0 stepping (the 2 GB and
# 16 GB boards, and later ones) has a device tree of its own, which the kernel names bcm2712-d-rpi-5-b.dtb
# and Raspberry Pi's firmware looks for as bcm2712d0-rpi-5-b.dtb: a kernel hook after raspi-firmware's
# copies it under that name too, now and at every kernel update.
#
#   image-pi5.sh ROOT
set -eu

root=${1:?usage: image-pi5.sh ROOT}
hook=$root/etc/kernel/postinst.d/z51-table-companion-pi5
mkdir -p "${hook%/*}"
cat >"$hook" <<'HOOK'
#!/bin/sh
# Written by the Table Companion image (deploy/image-pi5.sh), run after raspi-firmware's z50 hook: the
# Pi 5 D0 stepping's device tree under the name its firmware loads.
set -e
firmware=/boot/firmware
if [ -e "$firmware/bcm2712-d-rpi-5-b.dtb" ]; then
    cp "$firmware/bcm2712-d-rpi-5-b.dtb" "$firmware/bcm2712d0-rpi-5-b.dtb"
fi
HOOK
chmod 0755 "$hook"
echo "Pi 5: the D0 stepping's device tree copied under its firmware's name at every kernel update"
