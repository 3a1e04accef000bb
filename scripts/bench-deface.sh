#!/usr/bin/env bash
# deface's job side by side (issue #14 §3): deface 1.5.0 (from PyPI, into a
# venv under .build/) and `facesticker video --sticker blur` anonymise the
# same clip. Prints the time ratio, and for each tool the frames where it left
# a face unblurred, judged by the OTHER tool's detector on its output:
# deface's CenterFace (deface's own code, its default threshold 0.2) on
# facesticker's output, `facesticker detect --detector yunet` (the video
# detector) on deface's output, frame by frame. A face either detector finds
# in an output is a face left recognisable. Skipped, with a note and exit 0,
# when deface cannot be installed (no network, no python3 venv).
#
# Usage: scripts/bench-deface.sh [path/to/facesticker]
# Environment: SHARED (default ../shared); BENCH_DEFACE_SECONDS: the first N
# seconds of the clip (default 3, 72 frames: deface takes about 0.4-1.2 s a
# frame on 2 cores, and CenterFace judges two more videos; 0: all 270 frames).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
shared=${SHARED:-../shared}
clip=$shared/data/video/megamind-720p.mp4
seconds=${BENCH_DEFACE_SECONDS:-3}
say() { echo "bench-deface: $*" >&2; }
[ -x "$bin" ] || { say "$bin not built"; exit 1; }
[ -r "$clip" ] || { say "$clip not found"; exit 1; }
command -v ffmpeg >/dev/null || { say "ffmpeg not installed"; exit 1; }

# install_deface and $venv: deface 1.5.0 from the pinned wheel; its dependencies from PyPI.
. scripts/deface-venv.sh
if ! install_deface; then
    echo "bench-deface: skipped: deface 1.5.0 could not be installed into $venv (needs python3-venv and PyPI)"
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

input=$clip
if [ "$seconds" != 0 ]; then
    input=$tmp/clip.mp4
    ffmpeg -nostdin -v error -y -i "$clip" -t "$seconds" -c copy "$input"
fi
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$input")

seconds_of() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# Both at their defaults for this job: deface blurs (threshold 0.2, mask scale 1.3,
# ellipse); facesticker with --sticker blur (YuNet, tracked, blur 40, mask scale 1.8
# on YuNet's smaller boxes, ellipse).
start=$(date +%s.%N)
"$venv/bin/deface" "$input" -o "$tmp/deface.mp4" --replacewith blur >"$tmp/deface.log" 2>&1 \
    || { cat "$tmp/deface.log" >&2; say "deface failed"; exit 1; }
deface_s=$(seconds_of "$start" "$(date +%s.%N)")
start=$(date +%s.%N)
"$bin" video --sticker blur -q -o "$tmp/ours.mp4" "$input" >"$tmp/ours.log" 2>&1 \
    || { cat "$tmp/ours.log" >&2; say "facesticker failed"; exit 1; }
ours_s=$(seconds_of "$start" "$(date +%s.%N)")

# CenterFace as deface runs it, on every frame of a video: prints the frame indices with a face.
cat >"$tmp/centerface.py" <<'EOF'
import sys
import imageio.v2 as imageio
from deface.centerface import CenterFace

centerface = CenterFace(in_shape=None, backend="auto")
for index, frame in enumerate(imageio.get_reader(sys.argv[1])):
    detections, _ = centerface(frame, threshold=0.2)
    if len(detections):
        print(index)
EOF
# YuNet (facesticker's video detector) on every frame: prints the frame indices with a face.
yunet_frames() {
    local dir=$tmp/frames-$2
    mkdir -p "$dir"
    ffmpeg -nostdin -v error -i "$1" -start_number 0 "$dir/%05d.png"
    # Exit status 2 says some frame has no face: expected.
    "$bin" detect --detector yunet "$dir"/*.png >"$dir.txt" 2>/dev/null || { say "facesticker detect failed"; exit 1; }
    awk '{ print $1 }' "$dir.txt" | sed 's|.*/0*\([0-9][0-9]*\)\.png$|\1|' | sort -un
    rm -rf "$dir"
}

"$venv/bin/python" "$tmp/centerface.py" "$tmp/ours.mp4" >"$tmp/ours-left" 2>"$tmp/cf.log" \
    || { cat "$tmp/cf.log" >&2; say "CenterFace judge failed"; exit 1; }
yunet_frames "$tmp/deface.mp4" deface >"$tmp/deface-left"
# For scale: the frames where each judge finds a face in the original.
"$venv/bin/python" "$tmp/centerface.py" "$input" >"$tmp/cf-input" 2>>"$tmp/cf.log"
yunet_frames "$input" input >"$tmp/yunet-input"

list() { tr '\n' ' ' <"$1" | sed 's/ $//'; }
count() { grep -c . "$1" || true; }
echo "deface side by side on $(basename "$clip")$([ "$seconds" != 0 ] && echo " (first $seconds s)"), $frames frames"
echo "  deface 1.5.0 --replacewith blur:      ${deface_s} s"
echo "  facesticker video --sticker blur:     ${ours_s} s"
echo "  time ratio facesticker/deface:        $(awk -v a="$ours_s" -v b="$deface_s" 'BEGIN { printf "%.2f", a / b }')"
echo "  facesticker output, CenterFace (deface's, 0.2) finds a face in $(count "$tmp/ours-left") frames" \
     "(of $(count "$tmp/cf-input") with a face before): $(list "$tmp/ours-left")"
echo "  deface output, YuNet (facesticker detect) finds a face in $(count "$tmp/deface-left") frames" \
     "(of $(count "$tmp/yunet-input") with a face before): $(list "$tmp/deface-left")"
