#!/usr/bin/env bash
# Fuzzes the running API against its own OpenAPI document with schemathesis (from PyPI) and fails
# on any 5xx answer (issue 5, "Bad input"). Two passes: with the admin token, then with a
# registered device's token, so that every route is reached by a caller it accepts. The server is
# fully configured: its wakes go to `wakeful-server mock-apns` (accept-all) with a throwaway ES256 key, so a
# wake is answered for what it is, not with the 503 of a server without APNs credentials.
# Usage: scripts/fuzz-openapi.sh [examples per operation, default 100]
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-100}
venv=.build/fuzz-venv
if [ ! -x "$venv/bin/st" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q schemathesis || { echo "fuzz: cannot install schemathesis from PyPI" >&2; exit 2; }
fi
# WAKEFUL_BIN=path uses an already built wakeful-server; otherwise a debug build is made.
bin=${WAKEFUL_BIN:-}
if [ -z "$bin" ]; then
    swift build --product wakeful-server >/dev/null
    bin=.build/debug/wakeful-server
fi
data=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
mock_port=$((port + 1))
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$data/AuthKey_FUZZKEY001.p8" 2>/dev/null
"$bin" mock-apns --accept-all --port "$mock_port" --cert-out "$data/mock-apns.pem" >"$data/mock.log" 2>&1 &
mock=$!
trap 'kill "$mock" 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do [ -s "$data/mock-apns.pem" ] && break; sleep 0.1; done
"$bin" serve --port "$port" --data-dir "$data" \
    --apns-key-file "$data/AuthKey_FUZZKEY001.p8" --apns-key-id FUZZKEY001 --apns-team-id FUZZTEAM01 \
    --apns-host "https://127.0.0.1:$mock_port" --apns-ca-file "$data/mock-apns.pem" >"$data/serve.log" 2>&1 &
server=$!
trap 'kill "$server" "$mock" 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$port"
device_token=$(curl -sf -X POST "$base/v1/devices/register" -H 'Content-Type: application/json' \
    -d '{"install_id":"0F0E0D0C-0B0A-4908-8706-050403020100","bundle_id":"com.example.fuzz","app_version":"1.0","os_version":"17.0"}' \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
for caller in admin device; do
    if [ "$caller" = admin ]; then token=$(cat "$data/admin-token"); else token=$device_token; fi
    echo "fuzz: $examples examples per operation as the $caller"
    "$venv/bin/st" run "$base/openapi.json" -H "Authorization: Bearer $token" \
        --checks not_a_server_error --max-examples "$examples" --seed 1
done
echo "fuzz: no 5xx answer"
