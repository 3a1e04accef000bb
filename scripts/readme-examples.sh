#!/usr/bin/env bash
# Runs the shell examples verbatim, with the facesticker given (default
# .build/release/facesticker) first on PATH: the README quick start's sticker
# lines, then the indented examples of README.md and docs/*.md in the order the
# README links them. Stops at the first that fails (any status but 0: a photo
# without a face is 0). The examples run in a scratch folder that sees the
# checkout's samples/, so they start from no out/ each time (facesticker refuses
# to replace an output without -y) and the checkout's out/ is left alone; what
# they wrote is left behind for a look in out/readme-examples/ (replacing the
# last run's).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=$(realpath "${1:-.build/release/facesticker}")
dir=$(mktemp -d)
keep() {
    if [ -d "$dir/run/out" ]; then
        mkdir -p "$root/out" && rm -rf "$root/out/readme-examples" && mv "$dir/run/out" "$root/out/readme-examples"
    fi
    rm -rf "$dir"
}
trap keep EXIT
ln -s "$bin" "$dir/facesticker"
# What an earlier run wrote, so that every example writes afresh.
rm -f samples/*-stickered.*
export PATH="$dir:$PATH"
# The quick start's sticker lines first (README's fenced sh blocks), then
# the indented lines of shell blocks that start with a command we know
# (not the synopsis, nor the cluster examples: the Kubernetes ones need /data, and
# SlurmTests runs the sbatch files, from their #!/bin/bash line to the end of the block).
awk '/^```sh/ { fenced = 1; next } /^```/ { fenced = 0 }
     fenced && /^facesticker (photo|video|detect|stickers)/ { sub(/ +#.*/, ""); print }' README.md > "$dir/examples"
awk '/^    #!/ { sbatch = 1 } /^[^ ]/ { sbatch = 0 }
     !sbatch && /^    (mkdir|facesticker|cat |ffmpeg|ls |printf |FACESTICKER_SHARD)/ && !/COMMAND|\/data\/|\\$/ { sub(/^    /, ""); print }' README.md docs/command-line.md docs/stickers.md docs/camera.md docs/anonymisation.md \
    docs/detection.md docs/reliability.md docs/development.md >> "$dir/examples"
mkdir "$dir/run" && ln -s "$root/samples" "$dir/run/samples" && cd "$dir/run" || exit 1
n=0
while IFS= read -r line; do
    n=$((n + 1))
    echo "\$ $line"
    bash -c "$line" < /dev/null > "$dir/stdout" 2> "$dir/stderr"
    status=$?
    head -c 300 "$dir/stdout" | tr -c '[:print:]\n' '.'; head -5 "$dir/stderr"
    if [ "$status" -ne 0 ]; then
        echo "readme-examples: example $n failed with status $status: $line" >&2
        exit 1
    fi
done < "$dir/examples"
echo "readme-examples: all $n examples ran"
