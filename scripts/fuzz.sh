#!/usr/bin/env bash
# Fuzzes FaceSticker's parsers with libFuzzer (`make fuzz`).
#
#   scripts/fuzz.sh [SECONDS] [HARNESS...]
#
# Builds the fuzz/ package with libFuzzer and AddressSanitizer, replays every
# input in fuzz/regressions/HARNESS/ (each must pass), then fuzzes each
# harness for SECONDS (default 60) starting from fuzz/corpus/HARNESS/.
# Harnesses: png manifest config groundtruth sequence tracks (default: all). Prints one line
# per harness with its executions and findings; exits 1 when a regression
# input fails or fuzzing finds a crash, leak, time-out or out-of-memory.
# Findings are kept in fuzz/.build/findings/HARNESS/: fix the bug, then copy
# the input into fuzz/regressions/HARNESS/ (fuzz/README.md says how).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2; }
shift $(( $# > 0 ? 1 : 0 ))
all=(png manifest config groundtruth sequence tracks)
harnesses=("${@:-${all[@]}}")
for h in "${harnesses[@]}"; do
    [[ " ${all[*]} " == *" $h "* ]] || { echo "fuzz.sh: unknown harness '$h' (${all[*]})" >&2; exit 2; }
done

echo "fuzz: building fuzz/ with -sanitize=fuzzer,address"
# SwiftPM passes each --sanitize to swiftc as its own -sanitize= flag, and
# swiftc keeps only the last one (the Swift code would get ASan but no
# coverage, and the fuzzer would run blind); the combined flag last fixes that.
# (ld.gold warns about every ASan symbol it cannot export; those lines say nothing.)
# SwiftPM reuses its build plan for a path dependency and then misses source
# files added to the main package since; dropping the plan makes it look again.
rm -f fuzz/.build/debug.yaml fuzz/.build/*/debug/description.json
swift build --package-path fuzz --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | { grep -v "Cannot export local symbol" || true; } | tail -n 3
bin=fuzz/.build/debug
work=fuzz/.build/fuzzing
mkdir -p "$work/tmp"
# The harnesses' scratch files (Scratch.swift) go here, not into /tmp.
export TMPDIR=$PWD/$work/tmp

# Leaks are findings, except the few inside libraries we do not build (listed there).
export LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan-suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="abort_on_error=0:detect_leaks=1"
# Per input: 10 s is a hang, 2 GiB is too much memory for files of at most 64 KiB.
flags=(-timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1)

failed=0
summary=()
for h in "${harnesses[@]}"; do
    exe=$bin/fuzz-$h
    regressions=(fuzz/regressions/$h/*)
    replayed=0
    if [[ -e ${regressions[0]} ]]; then
        # Given files, a libFuzzer binary runs each once and stops at the first failure.
        if ! "$exe" "${flags[@]}" "${regressions[@]}" > "$work/$h-replay.log" 2>&1; then
            echo "fuzz: $h: a regression input fails again; see $work/$h-replay.log" >&2
            failed=1
        fi
        replayed=${#regressions[@]}
    fi

    corpus=$work/corpus/$h findings=fuzz/.build/findings/$h
    mkdir -p "$corpus" "$findings"
    cp -n fuzz/corpus/$h/* "$corpus"/
    log=$work/$h.log
    touch "$log.start"
    set +e
    "$exe" "${flags[@]}" -max_total_time="$seconds" -artifact_prefix="$findings/" "$corpus" > "$log" 2>&1
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    mapfile -t new < <(find "$findings" -type f -newer "$log.start")
    (( ${#new[@]} == 0 )) || failed=1
    summary+=("$(printf '%-12s %5ss %12s executions %5s in corpus %2s finding(s) %3s regression(s) replayed' \
        "$h" "$seconds" "${runs:-?}" "$(ls "$corpus" | wc -l)" "${#new[@]}" "$replayed")")
    for file in "${new[@]}"; do summary+=("             finding: $file (log: $log)"); done
done

printf '%s\n' "${summary[@]}"
if (( failed )); then
    echo "fuzz: FAILED"
    exit 1
fi
echo "fuzz: passed (no finding, every regression input replayed clean)"
