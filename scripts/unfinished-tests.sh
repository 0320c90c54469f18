#!/usr/bin/env bash
# Names the tests a `swift test` log shows as started and never finished: after a run was killed
# for hanging, these are the tests to look at.
#
#   scripts/unfinished-tests.sh LOG
#
# Swift Testing's `.timeLimit` fails a hung test by name only when the test can be cancelled; one
# stuck on a continuation that is never resumed keeps the run waiting, and the run is killed from
# outside (`timeout` in .ci/run and scripts/repeat-tests.sh). The log must have been written line
# by line (`stdbuf -oL -eL swift test …`), or the last lines are lost with the process.
set -euo pipefail
log=${1:?usage: scripts/unfinished-tests.sh LOG}
[ -r "$log" ] || { echo "unfinished-tests: cannot read $log" >&2; exit 2; }
awk '
    /^◇ Test / && !/^◇ Test run started/ && !/^◇ Test case / {
        name = $0; sub(/^◇ Test /, "", name); sub(/ started\.$/, "", name); open[name] = 1; order[++count] = name; next
    }
    # Ends: passed or failed (with known issues too, marked ━), or skipped.
    /^[^ ]+ Test / && !/Test run with/ && (/ (passed|failed) after [0-9.]+ seconds/ || / skipped/) {
        name = $0; sub(/^[^ ]+ Test /, "", name)
        if (!sub(/ (with [0-9]+ test cases? )?(passed|failed) after [0-9.]+ seconds.*$/, "", name)) sub(/ skipped(: .*|\.)?$/, "", name)
        delete open[name]
    }
    END {
        for (i = 1; i <= count; i++) if (order[i] in open) { print "started, never finished: " order[i]; delete open[order[i]] }
    }
' "$log"
