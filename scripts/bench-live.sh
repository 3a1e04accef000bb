#!/usr/bin/env bash
# Live benchmark (`make bench`): `facesticker live` on megamind-720p.mp4
# (1280x720, 23.976 fps) with the sunglasses, into a Y4M stream on /dev/null.
#   paced  - the file delivered at its own rate, as a camera would: the output
#            must keep the source's rate with at most 2% of frames dropped and a
#            median latency (arrival to output) under 50 ms;
#   --fast - unpaced: the highest rate the loop reaches (every frame, none dropped).
# Each is run BENCH_RUNS times (default 3); the median run (by fps) is printed.
# Also the CPU share a paced run takes (user+sys over wall time, of one core).
# Usage: scripts/bench-live.sh [path/to/facesticker]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
shared=${SHARED:-../shared}
clip=$shared/data/video/megamind-720p.mp4
runs=${BENCH_RUNS:-3}

[ -x "$bin" ] || { echo "bench-live: $bin not built" >&2; exit 1; }
[ -r "$clip" ] || { echo "bench-live: $clip not found" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The installed sunglasses, else the same Twemoji art from ../shared.
sticker=(--sticker sunglasses)
if ! "$bin" live --source "$shared/data/video/carphone.mp4" --fast --duration 0.5 --y4m /dev/null "${sticker[@]}" 2>/dev/null; then
    sticker=(--sticker "$shared/stickers/twemoji/1f576_sunglasses.png")
fi

# One run: prints "fps drop% median p95 in out dropped detection cpu%" from the stats line.
one() {
    local timer=()
    [ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S %e' -o "$tmp/time")
    "${timer[@]}" "$bin" live --source "$clip" --y4m /dev/null --stats "${sticker[@]}" "$@" 2>"$tmp/err" \
        || { cat "$tmp/err" >&2; exit 1; }
    local line; line=$(grep '^live: .* frames in' "$tmp/err" | tail -1)
    local cpu="?"
    [ -f "$tmp/time" ] && cpu=$(awk '{ if ($3 > 0) printf "%.0f", 100 * ($1 + $2) / $3 }' "$tmp/time")
    echo "$line" | awk -v cpu="$cpu" '{
        for (i = 1; i <= NF; i++) {
            if ($(i+1) == "frames" && $(i+2) == "in,") fin = $i
            if ($(i+1) == "out," && fout == "") fout = $i
            if ($(i+1) == "dropped") { drop = $i; pct = $(i+2); gsub(/[()%,]/, "", pct) }
            if ($(i+1) == "fps") fps = $i
            if ($i == "detection") { det = $(i+1); gsub(/\/s,/, "", det) }
            if ($i == "median") med = $(i+1)
            if ($i == "p95") p95 = $(i+1)
        }
        print fps, pct, med, p95, fin, fout, drop, det, cpu
    }'
}

# The median of the runs by fps.
pick() { sort -g -k1,1 | awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }'; }

paced=$(for i in $(seq "$runs"); do one; done | pick)
fast=$(for i in $(seq "$runs"); do one --fast; done | pick)
rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=avg_frame_rate -of csv=p=0 "$clip" | awk -F/ '{ printf "%.3f", $1 / ($2 ? $2 : 1) }')

read -r fps pct med p95 fin fout drop det cpu <<<"$paced"
echo "live, paced ($(basename "$clip") at ${rate} fps, 1280x720, sunglasses, median of $runs runs):"
echo "  fps out      $fps (source $rate; ratio $(awk -v a="$fps" -v b="$rate" 'BEGIN { printf "%.3f", a / b }'))"
echo "  dropped      $drop of $fin frames ($pct%)"
echo "  latency      median $med ms, p95 $p95 ms"
echo "  detection    $det/s; cpu ${cpu}% of one core (this process and its ffmpeg decoder)"
ok=$(awk -v f="$fps" -v r="$rate" -v p="$pct" -v m="$med" 'BEGIN { print (f >= 0.98 * r && p <= 2 && m < 50) ? "yes" : "NO" }')
echo "  target (keeps the rate, <= 2% dropped, median < 50 ms): $ok"
read -r fps pct med p95 fin fout drop det cpu <<<"$fast"
echo "live --fast (unpaced, every frame):"
echo "  fps out      $fps (ratio to the source rate $(awk -v a="$fps" -v b="$rate" 'BEGIN { printf "%.2f", a / b }')), $fout of $fin frames out, $drop dropped"
