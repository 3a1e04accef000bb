#!/usr/bin/env bash
# Runs the shell examples of README.md (the indented ones of its command-line sections) verbatim, in order, from the
# checkout's root, with the facesticker given (default .build/release/facesticker)
# first on PATH. Stops at the first that fails (detect/photo's 2, "no face", is
# allowed: it still writes its output). Leaves out/ behind for a look.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/facesticker}")
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
ln -s "$bin" "$dir/facesticker"
export PATH="$dir:$PATH"
# The examples: indented lines of shell blocks that start with a command we know
# (not the synopsis, nor the cluster examples, which need /data).
awk '/^    (mkdir|facesticker|cat |ffmpeg|ls |FACESTICKER_SHARD)/ && !/COMMAND|\/data\// { sub(/^    /, ""); print }' README.md > "$dir/examples"
n=0
while IFS= read -r line; do
    n=$((n + 1))
    echo "\$ $line"
    bash -c "$line" < /dev/null > "$dir/stdout" 2> "$dir/stderr"
    status=$?
    head -c 300 "$dir/stdout" | tr -c '[:print:]\n' '.'; head -5 "$dir/stderr"
    if [ "$status" -ne 0 ] && ! { [ "$status" -eq 2 ] && grep -q "no face" "$dir/stderr"; }; then
        echo "readme-examples: example $n failed with status $status: $line" >&2
        exit 1
    fi
done < "$dir/examples"
echo "readme-examples: all $n examples ran"
