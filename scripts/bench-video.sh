#!/usr/bin/env bash
# Video benchmark (`make bench`): `facesticker video` against a bare ffmpeg
# transcode of the same clip with the same encoder settings, run alternately
# (the median of BENCH_RUNS each, default 5), then the sticker jitter on
# carphone.mp4 with and without smoothing.
# Usage: scripts/bench-video.sh [path/to/facesticker]
# Environment: BENCH_VIDEO_STICKER: the sticker measured instead of sunglasses
# (`blur`: the anonymisation row, issue #44; the jitter part is then skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
shared=${SHARED:-../shared}
clip=$shared/data/video/megamind-720p.mp4
car=$shared/data/video/carphone.mp4
runs=${BENCH_RUNS:-5}
preset=medium crf=23

[ -x "$bin" ] || { echo "bench-video: $bin not built" >&2; exit 1; }
[ -r "$clip" ] && [ -r "$car" ] || { echo "bench-video: clips not found under $shared/data/video" >&2; exit 1; }
command -v ffmpeg >/dev/null || { echo "bench-video: ffmpeg not installed" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The installed sunglasses, else the same Twemoji art from ../shared.
sticker=(--sticker "${BENCH_VIDEO_STICKER:-sunglasses}")
if [ -z "${BENCH_VIDEO_STICKER:-}" ] && ! "$bin" video "${sticker[@]}" --detect-every 30 --preset ultrafast -q -o "$tmp/probe.mp4" "$car" 2>/dev/null; then
    sticker=(--sticker "$shared/stickers/twemoji/1f576_sunglasses.png")
fi

timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -v -o "$tmp/time")

# Runs a command; prints its wall-clock seconds and peak RSS in MiB (or "?").
measure() {
    local start end
    start=$(date +%s.%N)
    "${timer[@]}" "$@" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    end=$(date +%s.%N)
    local rss="?"
    [ -f "$tmp/time" ] && rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$tmp/time")
    echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') $rss"
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

bare=() ours=() share=() cpu=() peak=0 own=0 barepeak=0
for i in $(seq "$runs"); do
    out=$(measure ffmpeg -nostdin -v error -y -i "$clip" -c:v libx264 -preset "$preset" -crf "$crf" -c:a copy "$tmp/bare.mp4")
    read -r t rss <<<"$out"
    bare+=("$t")
    [ "$rss" != "?" ] && [ "$rss" -gt "$barepeak" ] && barepeak=$rss
    out=$(measure "$bin" video "${sticker[@]}" --preset "$preset" --crf "$crf" --stats -y -o "$tmp/ours.mp4" "$clip")
    read -r t rss <<<"$out"
    ours+=("$t")
    share+=("$(grep -o 'busy [0-9]*%' "$tmp/err" | grep -o '[0-9]*')")
    cpu+=("$(grep -o 'cpu [0-9.]* s' "$tmp/err" | grep -o '[0-9.]*')")
    threads=$(grep -o 'on [0-9]* thread' "$tmp/err" | grep -o '[0-9]*')
    [ "$rss" != "?" ] && [ "$rss" -gt "$peak" ] && peak=$rss
    mine=$(grep -o 'peak memory [0-9]*' "$tmp/err" | grep -o '[0-9]*' || echo 0)
    [ "$mine" -gt "$own" ] && own=$mine
done
frames=$(grep -o '[0-9]* frames' "$tmp/err" | grep -o '[0-9]*')
tb=$(printf '%s\n' "${bare[@]}" | median)
to=$(printf '%s\n' "${ours[@]}" | median)
ts=$(printf '%s\n' "${share[@]}" | median)
tc=$(printf '%s\n' "${cpu[@]}" | median)

echo "== video ${sticker[*]}: $(basename "$clip"), $frames frames, libx264 -preset $preset -crf $crf, median of $runs"
printf '  bare ffmpeg transcode   %6.2f s  (runs: %s)\n' "$tb" "${bare[*]}"
printf '  facesticker video       %6.2f s  (runs: %s)\n' "$to" "${ours[*]}"
printf '  ratio                   %6.2f    (target <= 1.3)\n' "$(awk -v a="$to" -v b="$tb" 'BEGIN { print a / b }')"
printf '  frames per second       %6.1f\n' "$(awk -v a="$frames" -v b="$to" 'BEGIN { print a / b }')"
printf '  detection share         %5s%%  (detector busy time over the wall time of its %s threads)\n' "$ts" "$threads"
printf '  own CPU time            %6.2f s  (facesticker itself, all threads; its ffmpeg children not counted)\n' "$tc"
printf '  peak memory             %6s MiB facesticker itself; %s MiB largest process with its ffmpeg children\n' "$own" "$peak"
printf '                          %6s MiB bare ffmpeg\n' "$barepeak"

[ -z "${BENCH_VIDEO_STICKER:-}" ] || exit 0

# Jitter: mean |c[t+1] - 2 c[t] + c[t-1]| of each track's sticker centre, in eye distances.
jitter() {
    python3 - "$1" <<'EOF'
import json, math, sys
frames = json.load(open(sys.argv[1]))["frames"]
tracks = {}
for f in frames:
    for face in f["faces"]:
        tracks.setdefault(face["id"], {})[f["index"]] = face
total, count = 0.0, 0
for faces in tracks.values():
    for i, face in faces.items():
        a, c = faces.get(i - 1), faces.get(i + 1)
        marks = face["landmarks"]
        if not a or not c or not marks or not face["sticker"]:
            continue
        eyes = math.dist(marks[0], marks[1])
        p, q, r = (x["sticker"]["center"] for x in (a, face, c))
        total += math.hypot(r[0] - 2 * q[0] + p[0], r[1] - 2 * q[1] + p[1]) / eyes
        count += 1
print(f"{total / max(count, 1):.4f}")
EOF
}
# Detecting on every frame isolates the smoother; the default rhythm interpolates between detections too.
for every in 1 default; do
    rhythm=(); [ "$every" = default ] || rhythm=(--detect-every "$every")
    "$bin" video "${sticker[@]}" "${rhythm[@]}" --preset ultrafast -q -y -o "$tmp/car.mp4" --tracks "$tmp/smooth-$every.json" "$car" 2>/dev/null
    "$bin" video "${sticker[@]}" "${rhythm[@]}" --preset ultrafast -q -y --no-smoothing -o "$tmp/car.mp4" --tracks "$tmp/raw-$every.json" "$car" 2>/dev/null
done
echo "== sticker jitter on $(basename "$car"): mean |2nd difference| of the sticker centre per frame, in eye distances"
printf '  detecting every frame        without smoothing %s, with smoothing %s\n' "$(jitter "$tmp/raw-1.json")" "$(jitter "$tmp/smooth-1.json")"
printf '  default (every 3rd frame)    without smoothing %s, with smoothing %s\n' "$(jitter "$tmp/raw-default.json")" "$(jitter "$tmp/smooth-default.json")"
