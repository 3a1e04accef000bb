#!/usr/bin/env bash
# Long-run memory benchmark (issue 7): processing a long video keeps memory
# flat. Loops a sample clip (ffmpeg -stream_loop, stream copy) to at least
# 1 and at least 10 minutes in a temporary folder, runs `facesticker video`
# on each under /usr/bin/time -v, and prints both peak RSS figures and
# whether they are within 10% of each other (exit 1 when not).
#
#   scripts/bench-longrun.sh [path/to/facesticker]
#
# LONGRUN_CLIP picks the clip (default ../shared/data/video/carphone.mp4),
# LONGRUN_PRESET the x264 preset (default veryfast: the encoder is a child
# process, and its speed is not what is measured).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
shared=${SHARED:-../shared}
clip=${LONGRUN_CLIP:-$shared/data/video/carphone.mp4}
preset=${LONGRUN_PRESET:-veryfast}

[ -x "$bin" ] || { echo "bench-longrun: $bin not built" >&2; exit 1; }
[ -r "$clip" ] || { echo "bench-longrun: $clip not found" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-longrun: /usr/bin/time not installed (Debian package time)" >&2; exit 1; }
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null \
    || { echo "bench-longrun: ffmpeg not installed" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The same sticker art on every machine when ../shared has it, else the installed one.
sticker=(--sticker sunglasses)
art=$shared/stickers/twemoji/1f576_sunglasses.png
[ -r "$art" ] && sticker=(--sticker "$art")

seconds=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$clip")
declare -A peak frames took
for minutes in 1 10; do
    input=$tmp/loop-${minutes}min.mp4
    # -stream_loop N plays the clip N more times: enough for at least the length wanted.
    loops=$(awk -v d="$seconds" -v m="$minutes" 'BEGIN { n = m * 60 / d; k = int(n); if (k < n) k++; print k - 1 }')
    ffmpeg -nostdin -v error -y -stream_loop "$loops" -i "$clip" -map 0 -c copy "$input"
    length=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$input")
    start=$(date +%s.%N)
    /usr/bin/time -v -o "$tmp/time-$minutes" "$bin" video --stats "${sticker[@]}" --preset "$preset" \
        -o "$tmp/out-${minutes}min.mp4" "$input" > /dev/null 2> "$tmp/err-$minutes" \
        || { cat "$tmp/err-$minutes" >&2; exit 1; }
    end=$(date +%s.%N)
    peak[$minutes]=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tmp/time-$minutes")
    # /usr/bin/time's figure is the largest of the process and its ffmpeg children;
    # --stats gives the process's own.
    own=$(grep -o 'peak memory [0-9]*' "$tmp/err-$minutes" | grep -o '[0-9]*' || echo "?")
    frames[$minutes]=$(grep -o '[0-9]* frames' "$tmp/err-$minutes" | head -n 1 | grep -o '[0-9]*' || echo "?")
    took[$minutes]=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }')
    printf 'bench-longrun: %4.1f min input (%s frames): peak RSS %6.1f MiB (facesticker alone %s MiB), %s s\n' \
        "$(awk -v s="$length" 'BEGIN { print s / 60 }')" "${frames[$minutes]}" \
        "$(awk -v k="${peak[$minutes]}" 'BEGIN { print k / 1024 }')" "$own" "${took[$minutes]}"
    rm -f "$input" "$tmp/out-${minutes}min.mp4"
done

awk -v a="${peak[1]}" -v b="${peak[10]}" 'BEGIN {
    change = (b - a) / a * 100
    verdict = (change <= 10 && change >= -10) ? "flat: within 10%" : "NOT flat: more than 10% apart"
    printf "bench-longrun: peak RSS 1 min %.1f MiB, 10 min %.1f MiB (%+.1f%%): %s\n", a / 1024, b / 1024, change, verdict
    exit (change <= 10 && change >= -10) ? 0 : 1
}'
