#!/usr/bin/env bash
# Runs every benchmark of the Benchmarks package (release build, CI sizes) and checks the counts
# that are stable on a shared machine — malloc calls of the seeded and single-connection
# benchmarks — against Benchmarks/Thresholds/<Swift major.minor>/, within the tolerance each
# benchmark states in its code. Wall-clock figures are printed, never checked.
#
#   scripts/benchmark-thresholds.sh check    (CI) fails on a regression; an improvement passes with a note
#   scripts/benchmark-thresholds.sh update   records the counts of the benchmarks already checked anew
#
# To check another benchmark, give it a `mallocTolerance` in its configuration, add a file
# `<Target>.<benchmark name>.p90.json` holding `{"mallocCountTotal": 0}` to the folder, and run `update`.
# (package-benchmark 1.38 reads that name as it is but writes it with `_` for spaces and slashes.)
set -euo pipefail
cd "$(dirname "$0")/.."

swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1)
thresholds="$PWD/Benchmarks/Thresholds/$swift_version"

case "${1:-check}" in
check)
    if [ ! -d "$thresholds" ]; then
        echo "benchmarks: no thresholds for Swift $swift_version in Benchmarks/Thresholds/; running the benchmarks without a check" >&2
        echo "benchmarks: record them with: scripts/benchmark-thresholds.sh update (after copying a folder of another version)" >&2
        swift package --package-path Benchmarks benchmark --no-progress
        exit 0
    fi
    status=0
    output=$(mktemp)
    swift package --package-path Benchmarks benchmark thresholds check --path "$thresholds" --no-progress 2>&1 \
        | tee "$output" || status=${PIPESTATUS[0]}
    # package-benchmark 1.38 reports an improvement as a thrown error, exit status 1, like a failure;
    # its message tells them apart.
    if [ "$status" -eq 1 ] && grep -q "benchmarkThresholdImprovement" "$output" \
        && ! grep -q "benchmarkThresholdRegression" "$output"; then
        status=4
    fi
    rm -f "$output"
    case $status in
    0) echo "benchmarks: malloc counts within their thresholds" ;;
    4) echo "benchmarks: malloc counts better than their thresholds; record them with scripts/benchmark-thresholds.sh update" ;;
    2) echo "benchmarks: malloc counts worse than their thresholds (table above)" >&2; exit 2 ;;
    *) echo "benchmarks: a benchmark failed or did not build (exit status $status)" >&2; exit "$status" ;;
    esac
    ;;
update)
    [ -d "$thresholds" ] || { echo "benchmarks: make $thresholds first (copy the folder of another Swift version)" >&2; exit 64; }
    run=$(mktemp -d)
    trap 'rm -rf "$run"' EXIT
    swift package --package-path Benchmarks --allow-writing-to-directory "$run" \
        benchmark thresholds update --path "$run" --no-progress
    for file in "$thresholds"/*.p90.json; do
        name=$(basename "$file")
        name=${name// /_}
        new="$run/${name//\//_}"
        [ -f "$new" ] || { echo "benchmarks: no result for $(basename "$file"); is the benchmark still there?" >&2; exit 1; }
        python3 -c 'import json, sys; print(json.dumps({"mallocCountTotal": json.load(open(sys.argv[1]))["mallocCountTotal"]}, indent=2))' \
            "$new" > "$file"
        echo "benchmarks: $(basename "$file"): $(tr -d ' \n' < "$file")"
    done
    ;;
*)
    echo "usage: scripts/benchmark-thresholds.sh [check|update]" >&2
    exit 64
    ;;
esac
