#!/bin/sh
# Run by deploy/image.sh on the image's root: the boot splash. Plymouth shows deploy/splash.png (the
# app's name on its own background) from the moment the initramfs has a display driver, a second or two
# after the screen comes on, until the kiosk takes the screen over (its unit asks plymouth to quit and
# leave the picture in place, so no console shows between the two).
#
#   image-splash.sh ROOT
set -eu

root=${1:?usage: image-splash.sh ROOT}
here=$(cd "$(dirname "$0")" && pwd)
theme=$root/usr/share/plymouth/themes/table-companion
mkdir -p "$theme" "$root/etc/plymouth"
cp "$here/splash.png" "$theme/splash.png"
cat >"$theme/table-companion.plymouth" <<'THEME'
[Plymouth Theme]
Name=Table Companion
Description=The table companion's name while it starts
ModuleName=script

[script]
ImageDir=/usr/share/plymouth/themes/table-companion
ScriptFile=/usr/share/plymouth/themes/table-companion/table-companion.script
THEME
# The picture centred on the app's background colour (theme.BACKGROUND), whatever the screen's size.
cat >"$theme/table-companion.script" <<'SCRIPT'
Window.SetBackgroundTopColor(0.10, 0.11, 0.14);
Window.SetBackgroundBottomColor(0.10, 0.11, 0.14);
splash.image = Image("splash.png");
splash.sprite = Sprite(splash.image);
splash.sprite.SetX(Window.GetX() + Window.GetWidth() / 2 - splash.image.GetWidth() / 2);
splash.sprite.SetY(Window.GetY() + Window.GetHeight() / 2 - splash.image.GetHeight() / 2);
SCRIPT
# ShowDelay=0: at once, not after plymouth's usual grace of a few seconds.
cat >"$root/etc/plymouth/plymouthd.conf" <<'CONF'
# Written by the Table Companion image (deploy/image-splash.sh).
[Daemon]
Theme=table-companion
ShowDelay=0
CONF
echo "plymouth theme table-companion (deploy/splash.png), shown at once"
