#!/usr/bin/env bash
# Makes the sample media `make run` and the end-to-end tests use, from a real photo of a coffee cup.
# The photo comes from ../shared/testdata beside a checkout, else from the scikit-image wheel on PyPI
# (skimage/data/coffee.png, CC0). Nothing here is committed; everything lands in $BEACON_SAMPLES.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${BEACON_SAMPLES:-${XDG_CACHE_HOME:-$HOME/.cache}/beacon/samples}
mkdir -p "$out"

if [ ! -s "$out/coffee.png" ]; then
  if [ -s "$here/../shared/testdata/images/coffee.png" ]; then
    cp "$here/../shared/testdata/images/coffee.png" "$out/coffee.png"
  else
    echo "samples: fetching the coffee photo from the scikit-image wheel (PyPI)"
    tmp=$(mktemp -d)
    python3 -m pip download -q --no-deps --only-binary=:all: "scikit-image==0.26.0" -d "$tmp"
    unzip -q -j -o "$tmp"/scikit_image-*.whl "skimage/data/coffee.png" -d "$out"
    rm -rf "$tmp"
  fi
fi

# A 640x480 "camera" panning left to right across the photo (on a grey wall, cup at eye level): the cup enters on
# the right, passes the centre and leaves on the left, as it would for a person turning slowly.
video="$out/coffee-pan.mp4"
if [ ! -s "$video" ]; then
  ffmpeg -v error -y -loop 1 -framerate 15 -i "$out/coffee.png" \
    -vf "pad=1880:560:640:80:color=0x707070,crop=640:480:x='362+500*t/6':y=0,format=yuv420p" \
    -t 6 -r 15 -c:v libx264 -pix_fmt yuv420p "$video"
fi
"$here/scripts/make-text-samples.sh"
echo "samples: $out"
