#!/usr/bin/env bash
# Live on a slow machine (issue #42): `live --stats` on one core shared with eight busy
# loops, the Y4M kept to look at. Usage: scripts/dev/live-slow.sh BINARY OUT_DIR [SIZE]
# (CLIP=path picks another clip; the default is ../shared's carphone).
set -euo pipefail
bin=$1 out=$2 size=${3:-640x480}
clip=${CLIP:-../shared/data/video/carphone.mp4}
mkdir -p "$out"
pids=()
for _ in 1 2 3 4 5 6 7 8; do taskset -c 0 bash -c 'while :; do :; done' & pids+=($!); done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
sleep 1
taskset -c 0 "$bin" live --source "$clip" --size "$size" --detect-width 1920 --y4m "$out/slow.y4m" -y --stats 2>&1 | grep '^live: .* frames in'
