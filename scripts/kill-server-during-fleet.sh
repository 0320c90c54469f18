#!/usr/bin/env bash
# Kills the server with SIGKILL in the middle of a fleet run, restarts it on the same data, and
# checks that the fleet still ends with every record stored once and nothing lost (issue 5,
# "Reliability"). Usage: scripts/kill-server-during-fleet.sh [devices] [hours]
# The fleet audits the restarted server through its admin API: every acknowledged record is there.
set -euo pipefail
cd "$(dirname "$0")/.."
devices=${1:-20}
hours=${2:-12}
# WAKEFUL_BIN=path uses an already built wakeful-server; otherwise a release build is made.
bin=${WAKEFUL_BIN:-}
if [ -z "$bin" ]; then
    swift build -c release --product wakeful-server >/dev/null
    bin=.build/release/wakeful-server
fi
data=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
log=$(mktemp)
cleanup() { [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true; rm -rf "$data" "$log"; }
trap cleanup EXIT

start_server() {
    "$bin" serve --port "$port" --data-dir "$data" >>"$log" 2>&1 &
    server=$!
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return 0
        sleep 0.1
    done
    echo "kill-test: the server did not start" >&2; cat "$log" >&2; exit 1
}

start_server
"$bin" fleet --devices "$devices" --hours "$hours" --server "http://127.0.0.1:$port" \
    --admin-token-file "$data/admin-token" >"$log.fleet" 2>&1 &
fleet=$!
sleep 2
echo "kill-test: SIGKILL to the server (pid $server) while the fleet uploads"
kill -9 "$server"; wait "$server" 2>/dev/null || true
sleep 1
echo "kill-test: restarting it on the same data"
start_server
status=0
wait "$fleet" || status=$?
cat "$log.fleet"; rm -f "$log.fleet"
if [ "$status" -ne 0 ]; then echo "kill-test: FAILED (fleet exit $status)" >&2; exit 1; fi
echo "kill-test: passed: no acknowledged record missing, nothing lost"
