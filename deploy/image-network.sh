#!/bin/sh
# Run by deploy/image.sh on the image's root: the network, for the clock (systemd-timesyncd asks the
# Debian NTP pool once there is one) and nothing else: no service listens. systemd-networkd takes an
# address by DHCP on the Ethernet port and, once Raspberry Pi Imager's Wi-Fi settings were taken at the
# first start (deploy/image-imager-settings.sh), on Wi-Fi; systemd-resolved answers names.
#
#   image-network.sh ROOT
set -eu

root=${1:?usage: image-network.sh ROOT}
mkdir -p "$root/etc/systemd/network" "$root/etc/systemd/system/multi-user.target.wants" \
    "$root/etc/systemd/system/sockets.target.wants" "$root/etc/systemd/system/sysinit.target.wants"
for name in eth0 wlan0; do
    cat >"$root/etc/systemd/network/20-$name.network" <<NETWORK
# Written by the Table Companion image (deploy/image-network.sh): an address by DHCP when $name is up.
[Match]
Name=$name

[Network]
DHCP=yes
NETWORK
done
ln -sfn /usr/lib/systemd/system/systemd-networkd.service "$root/etc/systemd/system/multi-user.target.wants/systemd-networkd.service"
ln -sfn /usr/lib/systemd/system/systemd-networkd.socket "$root/etc/systemd/system/sockets.target.wants/systemd-networkd.socket"
ln -sfn /usr/lib/systemd/system/systemd-resolved.service "$root/etc/systemd/system/sysinit.target.wants/systemd-resolved.service"
# Nothing waits for the network: the kiosk starts without one, and the clock takes it when it comes.
ln -sfn /dev/null "$root/etc/systemd/system/systemd-networkd-wait-online.service"
echo "networkd (DHCP on eth0 and wlan0), resolved; nothing waits for the network"
