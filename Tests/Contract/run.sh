#!/usr/bin/env bash
# Contract tests: validates the OpenAPI document, then runs schemathesis against the built server on
# loopback (inside the network namespace of with-origins.sh, so nothing else is reachable).
# usage: Tests/Contract/run.sh PATH/TO/preflight
set -euo pipefail
binary=$(realpath "$1")
cd "$(dirname "$0")/../.."
document=Sources/PreflightService/Resources/openapi.json
openapi-spec-validator "$document"

work=$(mktemp -d /tmp/preflight-contract.XXXXXX)
cat > "$work/config.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": 0}, "fetch": {"timeout_ms": 2000, "connect_timeout_ms": 500}}
JSON
"$binary" serve --config "$work/config.json" > "$work/access.log" 2> "$work/stderr.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q "listening on" "$work/stderr.log" && break; sleep 0.05; done
port=$(sed -n 's/.*listening on .*:\([0-9]*\)$/\1/p' "$work/stderr.log" | head -1)
[ -n "$port" ] || { cat "$work/stderr.log"; exit 1; }

# The served document is the committed one.
curl -sf "http://127.0.0.1:$port/openapi.json" | cmp - "$document"

status=0
# Every typed field of each provider's request, mistyped in its documented example: 422, not 200.
python3 Tests/Contract/mistyped_fields.py "$port" || status=1
# The coverage phase is left out: with CPython 3.11.7 it dies in hypothesis' lambda
# description ("AST constructor recursion depth mismatch"), a bug of theirs, not a finding.
# ndjson_hooks.py gives the bulk route's NDJSON bodies (schemathesis has no serializer for them).
PYTHONPATH=Tests/Contract SCHEMATHESIS_HOOKS=ndjson_hooks \
  schemathesis --config-file Tests/Contract/schemathesis.toml run "$document" --url "http://127.0.0.1:$port" \
  --checks all --phases examples,fuzzing,stateful --max-examples "${CONTRACT_EXAMPLES:-60}" --workers 2 \
  --request-timeout 10 --no-color --suppress-health-check all || status=$?
kill -0 $pid 2>/dev/null || { echo "the server died under schemathesis"; cat "$work/stderr.log"; exit 1; }
exit $status
