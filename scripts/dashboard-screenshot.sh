#!/usr/bin/env bash
# The dashboard in a real headless browser: builds `wakeful-server`, starts `wakeful-server serve` on a
# temporary data directory and a free port, fills it with `wakeful-server fleet` (simulated devices
# uploading their records and lifecycle timelines), then has Chromium (from Debian's packages,
# installed when missing) load a device's page and save a screenshot. The server is stopped and
# the data directory removed on every path.
#
# The admin token never appears in a URL, a command line or a log: curl reads the Authorization
# header from stdin, and Chromium opens a signed link that works for one page for two minutes
# (POST /v1/dashboard/links).
#
# Usage: scripts/dashboard-screenshot.sh [output.png]        (default: docs/dashboard.png)
# Environment: DEVICES (4), HOURS (24), DEVICE_INDEX (which device to show, 0-based, 2),
#              PRESET (24h), WINDOW (1440,1000), CONFIGURATION (debug),
#              WAKEFUL_BIN (an already built `wakeful-server` to use instead of building one)
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-docs/dashboard.png}
devices=${DEVICES:-4}
hours=${HOURS:-24}
device_index=${DEVICE_INDEX:-2}
preset=${PRESET:-24h}
window=${WINDOW:-1440,1000}
configuration=${CONFIGURATION:-debug}

. scripts/screenshot-common.sh
browser=$(find_chromium)
wakeful=$(built_product wakeful-server "$configuration")

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

"$wakeful" serve --port 0 --data-dir "$work/data" --log-level warning >"$work/serve.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 1 300); do
    port=$(sed -n 's|^listening on http://[^:]*:\([0-9]*\)$|\1|p' "$work/serve.log")
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { echo "the server did not start listening" >&2; cat "$work/serve.log" >&2; exit 1; }
base="http://127.0.0.1:$port"
token_file="$work/data/admin-token"
echo "server: $base" >&2

# One device at a time, so devices register in index order and DEVICE_INDEX picks a known setup
# (sensor-logging's setups in turn: none, LowPowerLocationKeepAlive, RelaunchOnMovement, MovingGeofence).
"$wakeful" fleet --devices "$devices" --hours "$hours" --server "$base" --admin-token-file "$token_file" --concurrency 1 >&2

admin() {  # admin METHOD PATH [JSON]: the token goes to curl on stdin, never on a command line
    local method=$1 path=$2 body=${3:-}
    printf 'Authorization: Bearer %s\n' "$(cat "$token_file")" |
        curl -sS --fail-with-body -X "$method" -H @- ${body:+-H 'Content-Type: application/json' --data "$body"} "$base$path"
}

device=$(admin GET /v1/devices | python3 -c "import json,sys; d=json.load(sys.stdin)['devices']; print(d[min($device_index, len(d)-1)]['device_id'])")
link=$(admin POST /v1/dashboard/links "{\"path\":\"/dashboard/devices/$device?preset=$preset\",\"expires_in\":120}" |
    python3 -c "import json,sys; print(json.load(sys.stdin)['url'])")

mkdir -p "$(dirname "$output")"
case "$output" in /*) target=$output ;; *) target=$PWD/$output ;; esac
"$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
    --user-data-dir="$work/chromium" --window-size="$window" --screenshot="$target" "$base$link" 2>"$work/chromium.log" ||
    { cat "$work/chromium.log" >&2; exit 1; }
echo "saved $output (device $device, preset $preset)" >&2
