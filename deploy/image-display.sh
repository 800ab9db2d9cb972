#!/bin/sh
# Run by deploy/image.sh on the image's root: the official 7" DSI touch display for Debian's kernel.
# Compiles deploy/dsi-7inch-overlay.dts into ROOT/boot/firmware/overlays, and asks the firmware to load
# it when it finds the display, through raspi-firmware's own settings (its hook rewrites config.txt at
# every kernel update and appends /etc/default/raspi-firmware-custom; an edit of config.txt is lost).
#
#   image-display.sh ROOT
set -eu

root=${1:?usage: image-display.sh ROOT}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$root/boot/firmware/overlays"
dtc -q -I dts -O dtb -o "$root/boot/firmware/overlays/vc4-kms-dsi-7inch.dtbo" "$here/dsi-7inch-overlay.dts"
cat >"$root/etc/default/raspi-firmware-custom" <<'CUSTOM'
# Written by the Table Companion image: load overlays/vc4-kms-dsi-7inch.dtbo when the official 7"
# display is on the DSI connector (an HDMI screen alone is left as it is).
display_auto_detect=1
CUSTOM
echo "overlays/vc4-kms-dsi-7inch.dtbo, loaded when the firmware detects the 7\" display"
