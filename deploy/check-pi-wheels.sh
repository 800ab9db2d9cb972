#!/usr/bin/env bash
# Checks that everything the Raspberry Pi install needs (the project's dependencies plus the `pi`
# extra: kivy, gpiozero, lgpio and what they pull in) is published as a wheel for 64-bit Raspberry Pi
# OS: Linux aarch64, by default trixie's glibc 2.41 and CPython 3.13 (bookworm: --python-version 3.11
# --glibc 2.36). install.sh does not build Kivy from source on the Pi (hours, and usually a failure), so
# a missing wheel means a broken install. The one exception, --built NAME, is a package install.sh
# builds from its source where no wheel exists (lgpio on Python 3.13, in minutes): its source must be
# published instead.
#
# Runs anywhere with network access to the package index; nothing is installed.
#   deploy/check-pi-wheels.sh [--extra NAME]... [--python-version 3.13] [--glibc 2.41] [--built NAME]...
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PYPROJECT=$(dirname "$SCRIPT_DIR")/pyproject.toml
PYTHON=${PYTHON:-python3}
PY_VERSION=3.13
GLIBC_MINOR=41   # trixie ships glibc 2.41: every manylinux_2_17 .. manylinux_2_41 wheel runs there.
EXTRAS=()
BUILT=()

die() {
    printf 'check-pi-wheels: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '  %s\n' "$line" >&2; done
    exit 1
}

while [[ $# -gt 0 ]]; do
    case $1 in
        --extra) [[ $# -ge 2 ]] || die "--extra needs a name, e.g. --extra pi"; EXTRAS+=("$2"); shift 2 ;;
        --python-version) [[ $# -ge 2 ]] || die "--python-version needs a value, e.g. 3.11"; PY_VERSION=$2; shift 2 ;;
        --glibc) [[ $# -ge 2 && $2 =~ ^2\.[0-9]+$ ]] || die "--glibc needs a version like 2.41"; GLIBC_MINOR=${2#2.}; shift 2 ;;
        --built) [[ $# -ge 2 ]] || die "--built needs a package name, e.g. --built lgpio"; BUILT+=("$2"); shift 2 ;;
        -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option '$1'; see --help" ;;
    esac
done
[[ ${#EXTRAS[@]} -gt 0 ]] || EXTRAS=(pi)
[[ $PY_VERSION =~ ^3\.[0-9]+$ ]] || die "--python-version must look like 3.11, not '$PY_VERSION'"
[[ $GLIBC_MINOR -ge 17 ]] || die "--glibc must be 2.17 or newer"

"$PYTHON" -m pip --version >/dev/null 2>&1 ||
    die "$PYTHON has no pip." "Run with a Python that has pip, e.g. PYTHON=.venv/bin/python $0"

# The requirements, with environment markers decided for the Pi rather than for this machine:
# pip would otherwise judge `platform_machine == 'aarch64'` against this computer and skip lgpio.
mapfile -t REQUIREMENTS < <("$PYTHON" - "$PYPROJECT" "$PY_VERSION" "${EXTRAS[@]}" <<'PY'
import sys
import tomllib

try:
    from packaging.requirements import Requirement
except ImportError:  # pip always carries a copy
    from pip._vendor.packaging.requirements import Requirement

pyproject, python_version, *extras = sys.argv[1:]
with open(pyproject, "rb") as handle:
    project = tomllib.load(handle)["project"]
pi = {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "aarch64",
      "os_name": "posix", "implementation_name": "cpython", "platform_python_implementation": "CPython",
      "python_version": python_version, "python_full_version": python_version + ".0"}
optional = project.get("optional-dependencies", {})
lines = list(project.get("dependencies", []))
for extra in extras:
    if extra not in optional:
        sys.exit(f"pyproject.toml has no extra {extra!r}; it has: {', '.join(sorted(optional))}")
    lines += optional[extra]
for line in lines:
    requirement = Requirement(line)
    if requirement.marker is None or requirement.marker.evaluate(pi):
        requirement.marker = None
        print(requirement)
PY
)
[[ ${#REQUIREMENTS[@]} -gt 0 ]] || die "found no requirements in $PYPROJECT for the Pi"

platforms=(--platform manylinux2014_aarch64)
for ((minor = 17; minor <= GLIBC_MINOR; minor++)); do
    platforms+=(--platform "manylinux_2_${minor}_aarch64")
done

work=$(mktemp -d -t pi-wheels.XXXXXX)
trap 'rm -rf "$work"' EXIT
download=$work/wheels
log=$work/pip.log

# The packages install.sh builds: their source must be there; the rest must come as wheels.
wheeled=() sources=()
for requirement in "${REQUIREMENTS[@]}"; do
    name=${requirement%%[<>=!~ ;[]*}
    if [[ " ${BUILT[*]} " == *" $name "* ]]; then sources+=("$requirement"); else wheeled+=("$requirement"); fi
done
for requirement in "${sources[@]}"; do
    if ! "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-cache-dir --no-deps \
            --dest "$work/sources" --no-binary=:all: "$requirement" >"$log" 2>&1; then
        cat "$log" >&2
        die "$requirement: no source published, and install.sh builds it from its source on the Pi."
    fi
done
REQUIREMENTS=("${wheeled[@]}")

printf 'Checking wheels for Linux aarch64, glibc 2.%s, CPython %s:\n' "$GLIBC_MINOR" "$PY_VERSION"
printf '  %s\n' "${REQUIREMENTS[@]}"
if ! "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-cache-dir \
        --dest "$download" --only-binary=:all: "${platforms[@]}" \
        --python-version "$PY_VERSION" --implementation cp \
        "${REQUIREMENTS[@]}" >"$log" 2>&1; then
    cat "$log" >&2
    if grep -qiE 'network|connection|resolve host|timed out|proxy|Max retries' "$log"; then
        printf 'check-pi-wheels: could not reach the package index; check the network (or PIP_INDEX_URL).\n' >&2
        exit 3
    fi
    die "some requirement has no wheel for the Pi (see pip's message above)." \
        "FIX: pin a version that publishes a manylinux aarch64 cp${PY_VERSION/./} wheel in pyproject.toml," \
        "or install that package from apt (python3-...) on the Pi instead."
fi

printf 'Resolved wheels:\n'
found=0
for wheel in "$download"/*; do
    name=$(basename "$wheel")
    [[ $name == *.whl ]] || die "pip fetched $name, which is not a wheel; the Pi would have to build it."
    printf '  %s\n' "$name"
    found=$((found + 1))
done
for source in "$work/sources"/*; do
    [[ -e $source ]] || continue
    printf 'Built on the Pi by install.sh, from its source:\n  %s\n' "$(basename "$source")"
done
printf 'OK: %d distributions, all wheels.\n' "$found"
