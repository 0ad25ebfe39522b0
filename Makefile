# The two commands of the README: `make run` and `make test`. Each sets up what is missing first.
SAMPLES ?= $(or $(BEACON_SAMPLES),$(HOME)/.cache/beacon/samples)
BEACON := .build/release/beacon

.PHONY: run test setup setup-dev build bench clean

setup:
	@scripts/setup.sh

setup-dev:
	@scripts/setup.sh --python --test-photos --browser

build: setup
	swift build -c release --product beacon

# A short session with the assistant on a video made from a real photo of a coffee cup: what is around, find the
# cup, stop, what was seen. Prints what Beacon says and writes the session's sound (speech, beeps) to a WAV file,
# which is played when a PulseAudio server answers.
SCRIPT := explore\nfind cup\nwait 5\nstop\nwhat did you detect recently\nquit\n
run: build
	@printf '$(SCRIPT)' | $(BEACON) assist --input "$(SAMPLES)/coffee-pan.mp4" --wav "$(SAMPLES)/assistant.wav"
	@echo "The session's sound (speech and beeps) is in $(SAMPLES)/assistant.wav"
	@if pactl info >/dev/null 2>&1; then paplay "$(SAMPLES)/assistant.wav"; fi

test: setup-dev
	swift test

bench: build setup-dev
	$(BEACON) bench detect --model yolox_nano
	$(BEACON) bench detect --model yolo11n_int8
	$(BEACON) bench detect --model picodet_s_416_coco
	$(BEACON) bench depth

clean:
	rm -rf .build
