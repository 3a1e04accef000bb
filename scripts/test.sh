#!/usr/bin/env bash
# The suite, as `make test` runs it: the build with the tests, every test but the
# real-driver guest's, then the guest's alone. The whole output goes to
# .build/logs/test.log; the terminal shows what a person needs from it: the build's
# errors and warnings, each failure and skip with its reason, and the summary
# lines (Swift Testing prints a line as each of some 1,700 tests and cases starts,
# and another as each passes: about 3,400 lines). Exit status: the first failing step's.
#
#   scripts/test.sh SWIFT_BUILD_OPTIONS...   (the Makefile's: -c release -Xswiftc -enable-testing)
#
# Why this order: the suite runs in parallel (Swift Testing's default), the faster on
# 2 cores (323 s against 488 s with --no-parallel, 1.8 cores busy against 1.1), since the
# tests wait on child processes (ffmpeg, the CLI) much of the time. The guest
# (RealDriverTests: QEMU, vivid, v4l2loopback) keeps both cores busy and would slow
# every other test, so it runs last, alone.
set -uo pipefail
cd "$(dirname "$0")/.."
log=.build/logs/test.log
mkdir -p "$(dirname "$log")"
: >"$log"

# Drops the build's progress and the tests' "started" and "passed" lines (with the
# comment lines under them, and the rest of a message whose arguments span lines);
# keeps everything else: failures (✘), skips (➜), warnings and the summaries.
quiet() {
    awk '
        /^\[[0-9]+\/[0-9]+\] / || /^(Building for |Planning build|Write swift-version|Compiling |Emitting )/ { next }
        /^Test Suite .* (started|passed)/ || /^[ \t]*Executed 0 tests/ { next }
        /^◇ / { drop = 1; next }
        /^✔ Test run with / { print; drop = 0; fflush(); next }
        /^✔ / { drop = 1; next }
        /^↳ / { if (!drop) print; next }
        /^(✘|➜|⚠|test:) / { drop = 0; print; fflush(); next }
        { if (!drop) { print; fflush() } }
    '
}

step() {
    echo "test: $*" >&2
    echo "=== $*" >>"$log"
    "$@" 2>&1 | tee -a "$log" | quiet
    return "${PIPESTATUS[0]}"
}

status=0
step swift build "$@" --build-tests || status=$?
if [ "$status" = 0 ]; then
    step swift test "$@" --skip-build --skip RealDriverTests || status=$?
    step swift test "$@" --skip-build --filter RealDriverTests || { s=$?; [ "$status" = 0 ] && status=$s; }
fi
# The Slurm tests stop their cluster themselves; this catches one a killed run left.
scripts/slurm/cluster.sh stop .build/slurm >/dev/null 2>&1 || true
echo "test: the whole output is in $log" >&2
exit "$status"
