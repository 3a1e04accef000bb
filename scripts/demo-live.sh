#!/usr/bin/env bash
# The live mode on the sample media: a few seconds of `facesticker live` into a
# Y4M file with its stats, a frame of it as PNG, and a screenshot of the
# preview window (on a virtual display when there is no display; needs xvfb,
# xdotool and x11-apps, which scripts/setup.sh installs).
# Usage: scripts/demo-live.sh [path/to/facesticker]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
mkdir -p out

echo "== facesticker live --source samples/carphone.mp4 --loop --duration 4 --y4m out/live.y4m --stats"
"$bin" live --source samples/carphone.mp4 --loop --duration 4 --sticker sunglasses --y4m out/live.y4m --stats -y
ffmpeg -nostdin -v error -y -i out/live.y4m -vf "select=eq(n\,60)" -frames:v 1 out/live-frame.png
echo "wrote out/live.y4m ($(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 out/live.y4m) frames) and out/live-frame.png"
echo

echo "== facesticker live --preview (screenshot: out/live-preview.png)"
xvfb_pid="" runtime=""
cleanup() { [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; [ -n "$runtime" ] && rm -rf "$runtime"; true; }
trap cleanup EXIT
if [ -z "${DISPLAY:-}" ]; then
    if ! command -v Xvfb >/dev/null; then echo "no display and no Xvfb: skipping the preview screenshot"; exit 0; fi
    # A desktop session has its runtime folder (set by its login); this made-up one gets a
    # private one too, or Qt says it is defaulting to /tmp/runtime-$USER.
    if [ -z "${XDG_RUNTIME_DIR:-}" ]; then runtime=$(mktemp -d); export XDG_RUNTIME_DIR=$runtime; fi
    n=$((90 + $$ % 100)); while [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
    # -noreset: the server would reset when the probe of live leaves, refusing live itself.
    Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
    xvfb_pid=$!
    export DISPLAY=":$n"
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
fi
"$bin" live --source samples/astronaut.png --fps 10 --loop --duration 5 --preview --no-mirror \
    --sticker sunglasses --sticker tophat --y4m /dev/null --stats &
live_pid=$!
sleep 3
crop=()
if command -v xdotool >/dev/null && w=$(xdotool search --name "facesticker live" | head -1) && [ -n "$w" ]; then
    eval "$(xdotool getwindowgeometry --shell "$w")"
    crop=(-vf "crop=$WIDTH:$HEIGHT:$X:$Y")
fi
xwd -root -silent -out out/live-preview.xwd
ffmpeg -nostdin -v error -y -i out/live-preview.xwd "${crop[@]}" out/live-preview.png
rm -f out/live-preview.xwd
wait "$live_pid"
echo "wrote out/live-preview.png"
