#!/usr/bin/env bash
# make bench: every figure is a ratio against a baseline run in this same script.
set -euo pipefail
cd "$(dirname "$0")/.."
bin_dir=$(dirname "${1:-.build/release/facesticker}")
shared=${SHARED:-../shared}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

echo "== detection: ours vs python3-opencv ($shared/data/wider-dev and megamind-720p.mp4 frames)"
# Every 10th frame of the benchmark clip, as PNG (decoding is not timed).
ffmpeg -v error -i "$shared/data/video/megamind-720p.mp4" -vf "select=not(mod(n\,10))" -fps_mode passthrough \
    "$work/frame-%03d.png"
"$bin_dir/facesticker-bench" detect "$shared/data/wider-dev" /usr/bin/python3 scripts/bench_opencv.py "$work"/frame-*.png

echo
echo "== false faces: seeded noise, textures and flat frames (none holds a face)"
"$bin_dir/facesticker-bench" false-faces

echo
echo "== face mesh: its cost against detection, and head pose on faces of known pose"
"$bin_dir/facesticker-bench" mesh samples/astronaut.png
