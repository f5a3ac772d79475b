#!/usr/bin/env bash
# Checks deploy/prometheus/: the rules with `promtool check rules` and their unit tests with
# `promtool test rules`, the scrape configs (`promtool check config` and the targets their
# relabelling keeps), docs/operations.md's alert tables against the rules file, and, against the
# debug server, that every metric, label and label value the rules read is in its /metrics.
# Run by `make alerts-check` (in `make test`) inside with-origins.sh: the server downloads from
# the loopback origins, in a network namespace with loopback alone.
# usage: deploy/prometheus/check.sh PATH/TO/preflight
set -euo pipefail
binary=$(realpath "$1")
cd "$(dirname "$0")/../.."
source "$PREFLIGHT_ORIGINS"
here=deploy/prometheus
work=$(mktemp -d /tmp/preflight-alerts.XXXXXX)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "alerts check: $*" >&2; exit 1; }

echo "alerts check: $(promtool --version 2>&1 | head -1)"
promtool check rules --lint=all --lint-fatal "$here/preflight.rules.yml"
promtool test rules "$here/preflight.rules.test.yml" "$here/preflight.surge.rules.test.yml"
promtool check config "$here/scrape.yml"

# The static job's target, and the job label the rules select is the one it gives. (promtool
# waits --timeout for discovery, 30 s by default; static targets are there at once.)
promtool check service-discovery --timeout=2s "$here/scrape.yml" preflight > "$work/targets.json"
target=$(python3 -c 'import json, sys
kept = [t["labels"] for t in json.load(sys.stdin) if t["labels"]]
print(",".join(" ".join((t["job"], t["instance"], t["__metrics_path__"])) for t in kept))' < "$work/targets.json")
[ "$target" = "preflight 127.0.0.1:9090 /metrics" ] || fail "expected the target 'preflight 127.0.0.1:9090 /metrics', got '$target'"
jobs=$(grep -o 'job="[^"]*"' "$here/preflight.rules.yml" | sort -u | tr '\n' ' ')
[ "$jobs" = 'job="preflight" ' ] || fail "expected the rules to select job=\"preflight\" alone, got $jobs"
python3 "$here/kube_targets.py" "$here/scrape-kubernetes.yml" deploy/kubernetes/deployment.yaml
python3 "$here/alerts_table.py" --check

# The debug server with the admin listener (what Prometheus scrapes), one parked request at
# most (so a second download at once is a real 503), downloads from the loopback origins.
cat > "$work/config.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": 0},
 "server": {"admin_listen": {"host": "127.0.0.1", "port": 0}, "max_parked_requests": 1},
 "payload": {"allow_http_media": true},
 "fetch": {"ca_file": "$CA_FILE", "timeout_ms": 5000,
           "resolve": ["media.test:$HTTPS_PORT:127.0.0.1", "origin.test:$ORIGIN_PORT:127.0.0.1"]},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$HTTPS_PORT, $ORIGIN_PORT]}}
JSON
"$binary" serve --config "$work/config.json" > "$work/access.log" 2> "$work/stderr.log" &
pid=$!
for _ in $(seq 100); do grep -q "admin listener" "$work/stderr.log" && break; sleep 0.05; done
port=$(sed -n 's/.*listening on .*:\([0-9]*\)$/\1/p' "$work/stderr.log" | head -1)
admin=$(sed -n 's/.*admin listener .* on .*:\([0-9]*\)$/\1/p' "$work/stderr.log" | head -1)
[ -n "$port" ] && [ -n "$admin" ] || fail "expected the API and admin ports on stderr, got: $(cat "$work/stderr.log")"

post() {
  curl -s -o "$work/report.json" -w '%{http_code}' -H 'apns-push-type: alert' --data-binary "$1" \
    "http://127.0.0.1:$port/v1/preflight$2"
}
curl -sf "http://127.0.0.1:$port/healthz" > /dev/null || fail "expected /healthz to answer 200"
status=$(post '{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}' '?fetch=false')
[ "$status" = 422 ] || fail "expected 422 for a push without mutable-content, got $status"
jpeg="{\"aps\":{\"alert\":\"hi\",\"mutable-content\":1},\"image\":\"https://media.test:$HTTPS_PORT/media/image.jpg\"}"
for expected in '"cached":false' '"cached":true'; do
  status=$(post "$jpeg" '')
  [ "$status" = 200 ] && grep -q "$expected" "$work/report.json" \
    || fail "expected 200 with $expected for the JPEG from nginx, got $status $(cat "$work/report.json")"
done
# A slow download holds the one parked slot; the next one at once is 503 overloaded.
slow="{\"aps\":{\"alert\":\"hi\",\"mutable-content\":1},\"image\":\"http://origin.test:$ORIGIN_PORT/wait/a.jpg?ms=1500\"}"
curl -s -o "$work/held.json" -w '%{http_code}' -H 'apns-push-type: alert' --data-binary "$slow" \
  "http://127.0.0.1:$port/v1/preflight" > "$work/held.status" &
held=$!
for _ in $(seq 100); do
  # (Read whole first: grep -q would close the pipe early, and pipefail would count curl's SIGPIPE.)
  scrape=$(curl -s "http://127.0.0.1:$admin/metrics")
  grep -q '^preflight_http_requests_parked 1$' <<< "$scrape" && break
  sleep 0.02
done
status=$(post "${slow/a.jpg/b.jpg}" '')
[ "$status" = 503 ] && grep -q '"code":"overloaded"' "$work/report.json" \
  || fail "expected 503 overloaded past the parked cap of 1, got $status $(cat "$work/report.json")"
wait "$held"
# Downloaded once the origin answered; 422 because the generic profile names the file from
# the URL, query string included (attachment.untyped).
[ "$(cat "$work/held.status")" = 422 ] && grep -q '"http_status":200' "$work/held.json" \
  || fail "expected 422 with the download's 200 for the parked request, got $(cat "$work/held.status") $(cat "$work/held.json")"

curl -sf "http://127.0.0.1:$admin/metrics" > "$work/metrics.txt" || fail "expected /metrics on the admin port"
promtool check metrics < "$work/metrics.txt"
python3 "$here/metric_names.py" "$here/preflight.rules.yml" "$work/metrics.txt"
echo "alerts check: rules, unit tests, scrape configs, the docs' tables and the live metric names agree"
