#!/usr/bin/env bash
# The contract from a generator's side: generates a Python client from openapi.json with
# openapi-python-client (into a temporary directory; any generator warning fails the test), then
# calls the built server through that client (Tests/Contract/generated_client_test.py): a pass
# with a download from the loopback nginx, a fail (422 parsed as a report), a batch, /v1/version,
# a second server with auth.api_keys (401 parsed as the error model without the key, 200 with it),
# and the exact bytes, which the generated preflight() cannot send (docs/api.md). Run by
# `make client-test` (in `make test`) inside with-origins.sh, loopback only.
# usage: Tests/Contract/client-test.sh PATH/TO/preflight
set -euo pipefail
binary=$(realpath "$1")
cd "$(dirname "$0")/../.."
source "$PREFLIGHT_ORIGINS"
document=$PWD/Sources/PreflightService/Resources/openapi.json
generator_config=$PWD/Tests/Contract/client-config.yml
key=client-test-key
work=$(mktemp -d /tmp/preflight-client.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "client test: $*" >&2; exit 1; }

# --fail-on-warning exits 1 on any warning ("Warning(s) encountered while generating", a part of
# the document left out of the client); the log is searched as well, so a warning the generator
# prints without counting it fails too. --meta none writes the bare package, to be imported from
# $work. The default post-hooks (ruff check --fix-only, ruff format) run in the output directory
# (https://github.com/openapi-generators/openapi-python-client#post_hooks).
(cd "$work" && openapi-python-client generate --path "$document" --meta none \
  --config "$generator_config" --output-path "$work/preflight_client" --fail-on-warning) > "$work/generate.log" 2>&1 \
  || { cat "$work/generate.log" >&2; fail "expected a client generated without warnings; the generator failed"; }
if grep -qi "warning" "$work/generate.log"; then
  cat "$work/generate.log" >&2
  fail "expected no generator warning about openapi.json; got the above"
fi
generator=$(openapi-python-client --version | sed 's/.*version: //')
echo "client: openapi-python-client $generator generated the client, no warning"

# serve NAME CONFIG-JSON: starts a server on a port the kernel picks and prints its port.
serve() {
  printf '%s\n' "$2" > "$work/$1.json"
  "$binary" serve --config "$work/$1.json" > "$work/$1.access.log" 2> "$work/$1.stderr.log" &
  pids+=($!)
  for _ in $(seq 100); do grep -q "listening on" "$work/$1.stderr.log" && break; sleep 0.05; done
  port=$(sed -n 's/.*listening on .*:\([0-9]*\)$/\1/p' "$work/$1.stderr.log" | head -1)
  [ -n "$port" ] || { cat "$work/$1.stderr.log" >&2; fail "expected the $1 server to print its port; it did not"; }
}
serve open "{\"listen\": {\"host\": \"127.0.0.1\", \"port\": 0},
 \"fetch\": {\"ca_file\": \"$CA_FILE\", \"resolve\": [\"media.test:$HTTPS_PORT:127.0.0.1\"], \"timeout_ms\": 5000},
 \"egress\": {\"allow_cidrs\": [\"127.0.0.0/8\"], \"allowed_ports\": [$HTTPS_PORT]}}"
open_port=$port
serve keyed "{\"listen\": {\"host\": \"127.0.0.1\", \"port\": 0}, \"auth\": {\"api_keys\": [\"$key\"]}}"
keyed_port=$port

PYTHONPATH=$work OPEN_URL=http://127.0.0.1:$open_port KEYED_URL=http://127.0.0.1:$keyed_port API_KEY=$key \
  MEDIA_URL=https://media.test:$HTTPS_PORT/media PREFLIGHT_BINARY=$binary DOCUMENT=$document \
  python3 Tests/Contract/generated_client_test.py
