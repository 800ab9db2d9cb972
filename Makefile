PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check e2e bench screenshots measure pi-check image image-check update clean

# The stamp depends on pyproject.toml so a changed dependency list reinstalls on the next run.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed, found " + sys.version.split()[0])'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/companion --backend mock

# Everything: the linter, the type checker (strict on the core, the hardware and the face), then every test in one run, one worker
# per core, each with its own headless window. The play-throughs of the real app (each its own process
# with its own window) and the other long runs come first, handed out one test at a time, so that the
# workers share them and end together on short tests.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto --maxschedchunk 1

# The quick group, for every few minutes while working: no play-throughs, soak or crash runs.
check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -m "not slow" -n auto

e2e: $(STAMP)
	$(BIN)/python -m pytest -m e2e -n 2

# Every benchmark, its output written to docs/benchmarks.md with the date and the machine (the last one
# runs the whole test suite, so this takes minutes).
bench: $(STAMP)
	$(BIN)/python bench/report.py docs/benchmarks.md

screenshots: $(STAMP)
	$(BIN)/python tests/e2e/shoot.py docs/screenshots

# Touches per turn and the smallest text and target per screen, from play-throughs at 800x480.
measure: $(STAMP)
	$(BIN)/python tests/e2e/measure.py docs/table-usability.md

# The Raspberry Pi install, proved on arm64 under qemu-user emulation (needs root and several minutes;
# not part of test). Its latest output is in docs/raspberry-pi.md.
pi-check: $(STAMP)
	deploy/pi-check.sh

# A flashable SD-card image for a Raspberry Pi 4 (needs root; the first run builds and caches Debian's
# packages, about 14 minutes here; later runs about 11), in build/image. See docs/raspberry-pi.md.
image: $(STAMP)
	UPDATE_KEYS='$(UPDATE_KEYS)' deploy/image.sh

# Boots build/image in full-system emulation and uses it by touch: Home, a USB stick's import and export,
# an update from the stick, a reboot (needs root for nothing but apt; about 30 minutes; not part of test).
image-check: $(STAMP)
	deploy/image-check.sh

# The update file for a kiosk's USB stick, in build/update, signed with the gpg key SIGN (kiosks take
# signed updates only; docs/raspberry-pi.md says which key a kiosk trusts and how to use your own).
update: $(STAMP)
	@test -n "$(SIGN)" || { echo "make update needs the signing key: make update SIGN=<gpg key id or e-mail> (kiosks take signed updates only; see docs/raspberry-pi.md)" >&2; exit 2; }
	$(BIN)/python deploy/make_update.py --sign '$(SIGN)' $(if $(VERSION),--version $(VERSION))

clean:
	rm -rf $(VENV) build *.egg-info
