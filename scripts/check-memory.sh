#!/usr/bin/env bash
# Memory-safety check of the C++ layer and everything that feeds it
# (`make check-memory`).
#
#   scripts/check-memory.sh [--quick]
#
# Builds the package and its tests with AddressSanitizer (Swift and C++) and
# UndefinedBehaviorSanitizer (C++) into .build-asan, then runs:
#   CAPITests        every C entry point, with NULLs, wrong sizes and strides
#   ImageFileTests   the PNG (libpng) and JPEG (OpenCV) readers and writers
#   OpenCVDetectorTests  the detectors on real photos
#   FuzzReplayTests  every fuzzing regression and corpus input
#   BadInputTests    the CLI, itself built with the sanitizers, on 100+ bad inputs
#                    (skipped with --quick)
# Any sanitizer report fails the run: ASan and UBSan stop the process, and a
# report in a CLI run is a second stderr line, which BadInputTests refuses.
# OpenCV, libpng and the Swift runtime are not instrumented; leaks inside them
# are suppressed one by one in fuzz/lsan-suppressions.txt.
set -uo pipefail
cd "$(dirname "$0")/.."

suites="CAPITests|ImageFileTests|OpenCVDetectorTests|FuzzReplayTests"
[[ ${1:-} == --quick ]] || suites="$suites|BadInputTests"

echo "check-memory: building with ASan (Swift, C++) and UBSan (C++) into .build-asan"
# UBSan goes to the C++ compiler only: swiftc refuses -sanitize=undefined, so
# SwiftPM's --sanitize=undefined cannot be used (Swift checks overflow and
# bounds itself). The ASan runtime carries UBSan's handlers.
if ! swift build --build-tests --scratch-path .build-asan --sanitize=address -Xcxx -fsanitize=undefined 2>&1 \
        | { grep -v "Cannot export local symbol" || true; } | tail -n 3; then
    echo "check-memory: FAILED (build)"
    exit 1
fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan-suppressions.txt:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
# The CLI runs of BadInputTests check memory errors but not leaks at exit:
# Foundation's Process holds a finished child's objects (the Process, its
# arguments, pipes and URL) until a background queue lets go, which races the
# CLI's exit, so LSan reports them in some runs and not others. Memory that
# grows during a run is what matters there, and scripts/bench-longrun.sh measures it.
export FACESTICKER_CLI_ASAN_OPTIONS="detect_leaks=0:abort_on_error=0"
log=.build-asan/check-memory.log
echo "check-memory: running $suites (log: $log)"
swift test --skip-build --scratch-path .build-asan --filter "$suites" > "$log" 2>&1
status=$?

reports=$(grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer" "$log")
grep -E "^(✔|✘) (Suite|Test run)" "$log"
if (( status != 0 || reports > 0 )); then
    grep -nE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY:|^✘" "$log" | head -n 20
    echo "check-memory: FAILED ($reports sanitizer report(s), tests exited $status; see $log)"
    exit 1
fi
echo "check-memory: passed (ASan + UBSan clean, no leak outside the suppressions)"
