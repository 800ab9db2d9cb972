#!/bin/sh
# Installed by deploy/image.sh. The ready image has no password; a parent who needs to log in (to run
# companion-doctor) writes userconf.txt on the card's boot partition, as Raspberry Pi OS takes it: one
# line, the user's name, a colon and a password encrypted with `openssl passwd -6`. At the next start
# this sets it and removes the file, so the encrypted password does not stay on the FAT partition.
set -eu

file=${1:-/boot/firmware/userconf.txt}
line=$(head -n 1 "$file" | tr -d '\r')
rm -f "$file"
user=${line%%:*}
case $user in
    pi) ;;
    *) echo "userconf.txt names '$user'; only pi can be given a password" >&2; exit 1 ;;
esac
case ${line#*:} in
    '$'[0-9a-z]*'$'*) ;;
    *) echo "userconf.txt holds no encrypted password (make one with: openssl passwd -6)" >&2; exit 1 ;;
esac
printf '%s\n' "$line" | chpasswd --encrypted
echo "a password was set for $user from userconf.txt"
