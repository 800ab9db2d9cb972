#!/bin/sh
# Run by deploy/image.sh on the image's root: a clock that never goes back. A Pi 4 has no battery clock,
# so it starts at 1970 (a Pi 5 too, without its optional battery). systemd-timesyncd sets the time from
# the network when there is one and saves it to its clock file every minute (SaveIntervalSec=); at the
# next start it sets the clock forward to that file's time, so a table switched off at the wall resumes
# where it was. Both that file and systemd's own clock epoch start at the image's build time, so even
# the first start is not years behind. The Date and time page of the app's Settings sets it by hand.
#
#   image-clock.sh ROOT [WHEN]     (WHEN as `touch -d` takes it; default: now)
set -eu

root=${1:?usage: image-clock.sh ROOT [WHEN]}
when=${2:-now}
clock=$root/var/lib/systemd/timesync/clock
mkdir -p "${clock%/*}"
: >"$clock"
touch -d "$when" "$clock" "$root/usr/lib/clock-epoch"
# timesyncd runs as its own system user; the image's root has it from the package's install.
if owner=$(awk -F: '$1 == "systemd-timesync" { print $3 ":" $4 }' "$root/etc/passwd") && [ -n "$owner" ]; then
    chown "$owner" "${clock%/*}" "$clock"
fi
mkdir -p "$root/etc/systemd/timesyncd.conf.d"
cat >"$root/etc/systemd/timesyncd.conf.d/table-companion.conf" <<'CONF'
# Written by the Table Companion image (deploy/image-clock.sh): the time is saved every minute, so a
# power cut loses at most that much of it.
[Time]
SaveIntervalSec=60
CONF
echo "clock saved by timesyncd every minute; starts no earlier than $(date -u -r "$clock" '+%Y-%m-%d %H:%M UTC')"
