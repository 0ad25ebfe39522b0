# The two commands of the README: `make run` and `make test`. Each sets up what is missing first.
SAMPLES ?= $(or $(BEACON_SAMPLES),$(HOME)/.cache/beacon/samples)
BEACON := .build/release/beacon

.PHONY: run test setup setup-dev build bench clean

setup:
	@scripts/setup.sh

setup-dev:
	@scripts/setup.sh --python --test-photos

build: setup
	swift build -c release --product beacon

# Finds the cup in a video panning across a real photo of a coffee cup. Speaks through PulseAudio when a server
# is running; on a headless machine prints the cues and writes what it would have said to a WAV file.
run: build
	@if pactl info >/dev/null 2>&1; then \
		$(BEACON) find cup --input "$(SAMPLES)/coffee-pan.mp4" --realtime; \
	else \
		$(BEACON) find cup --input "$(SAMPLES)/coffee-pan.mp4" --wav "$(SAMPLES)/find-cup.wav" && \
		echo "No audio device: the guidance sound (beeps and speech) is in $(SAMPLES)/find-cup.wav"; \
	fi

test: setup-dev
	swift test

bench: build setup-dev
	$(BEACON) bench detect --model yolox_nano
	$(BEACON) bench detect --model yolo11n_int8

clean:
	rm -rf .build
