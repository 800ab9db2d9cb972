# Sourced by deploy/image.sh and deploy/image-check.sh: the table of timed steps, the arm64 emulation,
# and what every image builder does around a chroot. Expects die, note, LOG_DIR and (for the chroot
# helpers) ROOT to be set by the script that sources it.
# shellcheck shell=bash

STEP_NAMES=()
STEP_RESULTS=()
STEP_TIMES=()
FAILED=0
LAST_STATUS=0

# run_step NAME FUNCTION: runs FUNCTION with its output in a log, and records its result (the log's last
# line) and time; LAST_STATUS is its exit status. Never call it as a condition (if, ||): bash then
# ignores `set -e` inside the step, and a failed command would not stop it.
run_step() {
    local name=$1 function=$2 started status log result
    log=$LOG_DIR/$name.log
    started=$(date +%s)
    note "$name ($(date '+%H:%M:%S'); log: $log)"
    set +e
    ( set -e; "$function" ) >"$log" 2>&1
    status=$?
    set -e
    result=$(tail -n 1 "$log" | cut -c1-80)
    if [[ $status -ne 0 ]]; then
        FAILED=1
        printf '    FAILED (log: %s); its end:\n' "$log"
        tail -n 25 "$log" | sed 's/^/    | /'
        result="FAIL: $result"
    fi
    STEP_NAMES+=("$name")
    STEP_RESULTS+=("$result")
    STEP_TIMES+=("$(($(date +%s) - started))")
    LAST_STATUS=$status
    printf '    %ss: %s\n' "${STEP_TIMES[-1]}" "$result"
}

# print_table WHAT: the steps, their times and results, and whether WHAT passed.
print_table() {
    local i total=0
    printf '\n%-12s %6s  %s\n' "step" "time" "result"
    printf '%-12s %6s  %s\n' "------------" "------" "--------------------------------------------------------------------------------"
    for i in "${!STEP_NAMES[@]}"; do
        printf '%-12s %5ss  %s\n' "${STEP_NAMES[$i]}" "${STEP_TIMES[$i]}" "${STEP_RESULTS[$i]}"
        total=$((total + STEP_TIMES[i]))
    done
    printf '%-12s %5ss  %s\n' "total" "$total" "$([[ $FAILED -eq 0 ]] && echo "$1 passed" || echo "$1 FAILED")"
}

stop_unless_passed() {
    [[ $LAST_STATUS -eq 0 ]] || { print_table "${0##*/}"; exit 1; }
}

# need_host_tools PROGRAM:PACKAGE...: installs with apt the Debian packages of the programs missing here.
need_host_tools() {
    local pair missing=()
    for pair in "$@"; do
        command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
    done
    [[ ${#missing[@]} -gt 0 ]] || return 0
    command -v apt-get >/dev/null ||
        die "missing: ${missing[*]}, and there is no apt-get to install them with." "Install them, then run this again."
    note "Installing what the build needs: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The Debian mirror this machine's apt uses, so the build works wherever apt does.
debian_mirror() {
    if [[ -n ${PI_MIRROR:-} ]]; then printf '%s' "$PI_MIRROR"; return; fi
    local found
    found=$(grep -hs -m1 -E '^URIs: .*/debian/?$' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | head -n1)
    [[ -n $found ]] || found=$(grep -hs -E '^deb .*/debian/? ' /etc/apt/sources.list | awk '{print $2}' | head -n1)
    printf '%s' "${found:-http://deb.debian.org/debian}"
}

BINFMT=/proc/sys/fs/binfmt_misc

step_emulation() {
    if [[ ! -e $BINFMT/register ]]; then
        mount -t binfmt_misc binfmt_misc "$BINFMT" ||
            die "cannot mount binfmt_misc at $BINFMT." "In a container, start it with --privileged, or mount it on the host."
    fi
    if [[ ! -e $BINFMT/qemu-aarch64 ]]; then
        if command -v update-binfmts >/dev/null; then
            update-binfmts --enable qemu-aarch64 || true
        fi
        if [[ ! -e $BINFMT/qemu-aarch64 && -f /usr/lib/binfmt.d/qemu-aarch64.conf ]]; then
            cat /usr/lib/binfmt.d/qemu-aarch64.conf >"$BINFMT/register"
        fi
    fi
    grep -qx enabled "$BINFMT/qemu-aarch64" 2>/dev/null ||
        die "the qemu-aarch64 handler is not enabled in $BINFMT." "Run: sudo update-binfmts --enable qemu-aarch64"
    # With the F flag the kernel holds the emulator open, so it works inside a chroot without a copy there.
    grep -q '^flags: .*F' "$BINFMT/qemu-aarch64" ||
        die "the qemu-aarch64 handler lacks the F (fix binary) flag, so it cannot run inside a chroot." \
            "Reinstall qemu-user-static from Debian, whose handler has it."
    echo "qemu-aarch64 enabled ($(qemu-aarch64-static --version | head -n1 | awk '{print $3}'))"
}

# What every image builder does before installing into a root: no service may start (nothing runs
# there), and the network is reached as from this machine: its DNS, and the certificate authorities it
# adds to Debian's (a proxy's own, say), which pip is then told to use as this machine's pip is. They
# go into a bundle of their own beside the root's: update-ca-certificates, run under emulation, took
# 25 minutes and more on a busy machine. forget_build_host undoes all of it, so nothing of this machine
# stays in the image: the root's own resolv.conf (systemd-resolved's link, in the image) comes back.
BUILD_CA=etc/ssl/table-companion-build-host.crt
RESOLV_KEPT=etc/resolv.conf.table-companion-build
prepare_for_chroot() {
    printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
    chmod 0755 "$ROOT/usr/sbin/policy-rc.d"
    if [[ -e $ROOT/etc/resolv.conf || -L $ROOT/etc/resolv.conf ]] && [[ ! -e $ROOT/$RESOLV_KEPT && ! -L $ROOT/$RESOLV_KEPT ]]; then
        mv "$ROOT/etc/resolv.conf" "$ROOT/$RESOLV_KEPT"
    fi
    rm -f "$ROOT/etc/resolv.conf"
    cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null && [[ -f $ROOT/etc/ssl/certs/ca-certificates.crt ]]; then
        cat "$ROOT/etc/ssl/certs/ca-certificates.crt" /usr/local/share/ca-certificates/*.crt >"$ROOT/$BUILD_CA"
        printf '[global]\ncert = /%s\n' "$BUILD_CA" >"$ROOT/etc/pip.conf"
    fi
}

forget_build_host() {
    rm -f "$ROOT/usr/sbin/policy-rc.d" "$ROOT/etc/pip.conf" "$ROOT/etc/resolv.conf" "$ROOT/$BUILD_CA"
    if [[ -e $ROOT/$RESOLV_KEPT || -L $ROOT/$RESOLV_KEPT ]]; then mv "$ROOT/$RESOLV_KEPT" "$ROOT/etc/resolv.conf"; fi
}

# mount_into_root CACHE [APT_FOLDER]: /dev, /proc and /sys in the root, and apt's and pip's downloads
# kept in CACHE, apt's in CACHE/APT_FOLDER (apt-archives unless named): apt locks that folder while it
# works, so two roots at work at once each need their own.
mount_into_root() {
    local cache=$1 apt_folder=${2:-apt-archives}
    mkdir -p "$cache/$apt_folder/partial" "$cache/pip" "$ROOT/root/.cache/pip"
    mount --bind /dev "$ROOT/dev"
    mount --bind /dev/pts "$ROOT/dev/pts"
    mount -t proc proc "$ROOT/proc"
    mount --bind /sys "$ROOT/sys"
    mount --bind "$cache/$apt_folder" "$ROOT/var/cache/apt/archives"
    mount --bind "$cache/pip" "$ROOT/root/.cache/pip"
}

# Every mount under the root, deepest first: the steps run in subshells, so the kernel's list is the
# one record of what is mounted (a run that was killed leaves its mounts there too).
unmount_root() {
    local mount_point
    while IFS= read -r mount_point; do
        umount -l "$mount_point" 2>/dev/null || true
    done < <(awk -v root="$ROOT" '$2 == root || index($2, root "/") == 1 { print $2 }' /proc/mounts | sort -r)
}
