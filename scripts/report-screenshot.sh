#!/usr/bin/env bash
# The simulator's HTML report in a real headless browser: builds `wakeful`, writes the report of a
# scenario (gas-station by default: every setup on every iOS version of the scenario) with
# `wakeful simulate --report`, and has Chromium (from Debian's packages, installed when missing)
# open the file and save a screenshot. The report is one self-contained file, so Chromium needs
# no server and no network.
#
# Usage: scripts/report-screenshot.sh [output.png]        (default: docs/simulate-report.png)
# Environment: SCENARIO (gas-station), IOS (17: one version keeps the page to one screen; set
#              IOS= for the scenario's own list), WINDOW (1400,2000), CONFIGURATION (debug),
#              WAKEFUL_BIN (an already built `wakeful` to use instead of building one)
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-docs/simulate-report.png}
scenario=${SCENARIO:-gas-station}
ios=${IOS-17}
window=${WINDOW:-1400,2000}
configuration=${CONFIGURATION:-debug}

. scripts/screenshot-common.sh
browser=$(find_chromium)
wakeful=$(built_product wakeful "$configuration")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

"$wakeful" simulate --scenario "$scenario" ${ios:+--ios "$ios"} --report "$work/report.html" >&2

mkdir -p "$(dirname "$output")"
case "$output" in /*) target=$output ;; *) target=$PWD/$output ;; esac
"$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
    --user-data-dir="$work/chromium" --window-size="$window" --screenshot="$target" "file://$work/report.html" 2>"$work/chromium.log" ||
    { cat "$work/chromium.log" >&2; exit 1; }
echo "saved $output ($scenario${ios:+, iOS $ios})" >&2
