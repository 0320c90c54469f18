#!/usr/bin/env bash
# Runs `swift test` N times from this checkout and stops at the first failure or hang.
#
#   scripts/repeat-tests.sh [--loaded | --alternate] N [extra swift test arguments…]
#
#   --loaded     every run has CPU hogs beside it: WAKEFUL_REPEAT_HOGS busy processes (default one per
#                core, so the suite gets about half the machine; two per core is the load of a
#                release build and an iOS compile running beside it)
#   --alternate  odd runs quiet, even runs loaded: 20 runs are ten of each
#
# Builds the tests once first, so each run's wall time is the test run alone. A run that takes longer
# than WAKEFUL_REPEAT_TIMEOUT seconds (default 3600: a loaded run took 26 minutes) is a hang: it is
# killed, its log kept, and the script exits 1. Each run's log goes to .build/repeat-tests/run-K.log; the wall times are printed
# as they come and summed up at the end.
#
# The PostgreSQL tests use WAKEFUL_POSTGRES_URL when it is set; without it they start the throwaway
# cluster in .build/postgres themselves (stop it first with scripts/postgres.sh stop, and remove
# .build/postgres, to try a newcomer's first run).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=quiet
case "${1:-}" in
--loaded) mode=loaded; shift ;;
--alternate) mode=alternate; shift ;;
esac
count=${1:-}
[[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/repeat-tests.sh [--loaded | --alternate] N [swift test arguments…] (N: how many runs, at least 1)" >&2; exit 2; }
shift
limit=${WAKEFUL_REPEAT_TIMEOUT:-3600}
hog_count=${WAKEFUL_REPEAT_HOGS:-$(nproc)}
hogs=()
start_hogs() {
    for _ in $(seq 1 "$hog_count"); do
        bash -c 'while :; do :; done' &
        hogs+=($!)
    done
}
stop_hogs() {
    [ ${#hogs[@]} -eq 0 ] && return
    kill "${hogs[@]}" 2>/dev/null || true
    wait "${hogs[@]}" 2>/dev/null || true
    hogs=()
}
trap stop_hogs EXIT
logs=.build/repeat-tests
mkdir -p "$logs"

echo "repeat-tests: building the tests once"
swift build --build-tests >"$logs/build.log" 2>&1 || { tail -n 30 "$logs/build.log" >&2; echo "repeat-tests: the build failed; see $logs/build.log" >&2; exit 1; }

echo "repeat-tests: $count runs ($mode) of swift test $*, each at most $limit s; WAKEFUL_POSTGRES_URL=${WAKEFUL_POSTGRES_URL:-(unset: the tests start .build/postgres)}"
times=()
for run in $(seq 1 "$count"); do
    log="$logs/run-$run.log"
    load=quiet
    if [ "$mode" = loaded ] || { [ "$mode" = alternate ] && [ $((run % 2)) -eq 0 ]; }; then
        load="loaded, $hog_count CPU hogs"
        start_hogs
    fi
    start=$(date +%s%N)
    status=0
    # --kill-after: a test process that ignores SIGTERM is still ended.
    # Line-buffered, so a killed run's log still names the tests that were running.
    timeout --kill-after=10 "$limit" stdbuf -oL -eL swift test --skip-build "$@" >"$log" 2>&1 || status=$?
    tenths=$(( ($(date +%s%N) - start) / 100000000 ))
    stop_hogs
    seconds="$((tenths / 10)).$((tenths % 10))"
    times+=("$seconds${load:0:1}")
    summary=$(grep -E "Test run with [0-9]+ tests? (in [0-9]+ suites? )?(passed|failed)" "$log" | tail -n 1 || true)
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "run $run ($load): HANG, killed after $limit s; log $log"
        grep -E "Time limit was exceeded" "$log" | head -n 20 || true
        scripts/unfinished-tests.sh "$log" | head -n 40
        # swift test runs the tests in a child process of its own that can outlive the kill.
        pkill -KILL -f "debug/WakefulPackageTests.xctest" 2>/dev/null || true
        echo "wall times so far (s; q quiet, l loaded): ${times[*]}"
        exit 1
    fi
    if [ "$status" -ne 0 ]; then
        echo "run $run ($load): FAILED (exit $status) in $seconds s; log $log"
        grep -E "✘|error:|failed" "$log" | head -n 20 || true
        grep -A 40 "Test watchdog" "$log" || true
        echo "wall times so far (s; q quiet, l loaded): ${times[*]}"
        exit 1
    fi
    echo "run $run ($load): passed in $seconds s ${summary:+— $summary}"
done
echo "repeat-tests: all $count runs passed; wall times (s; q quiet, l loaded): ${times[*]}"
