#!/usr/bin/env bash
# One long video across many tasks (`make bench`, issue #43): the benchmark clip made
# whole by one `video` run (the baseline), then as 3 parts (`video --segment I/3`, one
# after another, as 3 nodes would each run one) and joined (`join`), alternately, the
# median of BENCH_RUNS each (default 3). Prints each part's time, the parts' sum (the
# node time: the whole run's plus the warm-up frames each part decodes and tracks but
# does not write) and the join's, as ratios to the whole run.
# Usage: scripts/bench-segments.sh [path/to/facesticker]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
shared=${SHARED:-../shared}
clip=$shared/data/video/megamind-720p.mp4
runs=${BENCH_RUNS:-3}

[ -x "$bin" ] || { echo "bench-segments: $bin not built" >&2; exit 1; }
[ -r "$clip" ] || { echo "bench-segments: $clip not found" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs a command; prints its wall-clock seconds.
measure() {
    local start end
    start=$(date +%s.%N)
    "$@" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

whole=() p1=() p2=() p3=() join=()
for _ in $(seq "$runs"); do
    whole+=("$(measure "$bin" video "$clip" -y -q -o "$tmp/whole.mp4")")
    rm -rf "$tmp/parts"
    p1+=("$(measure "$bin" video "$clip" --segment 1/3 --out-dir "$tmp/parts" -q)")
    p2+=("$(measure "$bin" video "$clip" --segment 2/3 --out-dir "$tmp/parts" -q)")
    p3+=("$(measure "$bin" video "$clip" --segment 3/3 --out-dir "$tmp/parts" -q)")
    join+=("$(measure "$bin" join "$tmp"/parts/*.mp4 -o "$tmp/joined.mp4" -y -q)")
done
tw=$(printf '%s\n' "${whole[@]}" | median)
t1=$(printf '%s\n' "${p1[@]}" | median)
t2=$(printf '%s\n' "${p2[@]}" | median)
t3=$(printf '%s\n' "${p3[@]}" | median)
tj=$(printf '%s\n' "${join[@]}" | median)
ratio() { awk -v a="$1" -v b="$tw" 'BEGIN { printf "%.3f", a / b }'; }
sum=$(awk -v a="$t1" -v b="$t2" -v c="$t3" 'BEGIN { print a + b + c }')
longest=$(printf '%s\n' "$t1" "$t2" "$t3" | sort -g | tail -1)
wall=$(awk -v a="$longest" -v b="$tj" 'BEGIN { print a + b }')
mib=$(du -m "$tmp/joined.mp4" | cut -f1)

echo "== segments: $(basename "$clip") whole, then in 3 parts joined, median of $runs"
printf '  whole run (baseline)    %6.2f s  (runs: %s)\n' "$tw" "${whole[*]}"
printf '  part 1/3                %6.2f s  ratio %s\n' "$t1" "$(ratio "$t1")"
printf '  part 2/3                %6.2f s  ratio %s\n' "$t2" "$(ratio "$t2")"
printf '  part 3/3                %6.2f s  ratio %s\n' "$t3" "$(ratio "$t3")"
printf '  join                    %6.2f s  ratio %s  (%s MiB copied, and read twice to check)\n' "$tj" "$(ratio "$tj")" "$mib"
printf '  parts together          %6.2f s  ratio %s  (node time: the warm-up frames are the excess)\n' "$sum" "$(ratio "$sum")"
printf '  on 3 nodes              %6.2f s  ratio %s  (the longest part, then the join)\n' "$wall" "$(ratio "$wall")"
