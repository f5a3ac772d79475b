#!/usr/bin/env bash
# Runs the image `make image` built (deploy/podman/build-image.sh) and checks it from outside:
# /healthz, a payload-only preflight, a preflight that downloads from the loopback nginx, the
# HEALTHCHECK, a non-root process, and `podman stop` draining to exit 0. Run by `make test`
# inside with-origins.sh: the container shares its network namespace, loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
source "$PREFLIGHT_ORIGINS"
export CONTAINERS_CONF=$PWD/deploy/podman/containers.conf
image=localhost/preflight:test
name=preflight-image-test-$$
work=$(mktemp -d /tmp/preflight-image.XXXXXX)
cleanup() { podman rm -f "$name" > /dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "image test: $*" >&2; podman logs "$name" 2>&1 | tail -20 >&2 || true; exit 1; }

podman image exists "$image" || fail "no $image: run make image first (outside the test namespace: it needs Debian's mirror)"

# The image's own configuration, with the test CA and loopback opened for the download check.
cat > "$work/preflight.json" <<JSON
{"fetch": {"ca_file": "/origins/ca.pem", "resolve": ["media.test:$HTTPS_PORT:127.0.0.1"]},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$HTTPS_PORT]}}
JSON
# The healthcheck timer needs systemd, absent here: the check is run by hand below.
podman run -d --name "$name" --network host --health-interval disable \
  -v "$work/preflight.json:/etc/preflight/preflight.json:ro" -v "$CA_FILE:/origins/ca.pem:ro" \
  "$image" > /dev/null 2> "$work/run.err" || { cat "$work/run.err"; fail "podman run failed"; }

for _ in $(seq 100); do curl -sf http://127.0.0.1:8080/healthz > /dev/null && break; sleep 0.1; done
[ "$(curl -s http://127.0.0.1:8080/healthz)" = '{"status":"ok"}' ] || fail "/healthz did not answer ok"
[ "$(curl -s http://127.0.0.1:9090/readyz)" = '{"status":"ready"}' ] || fail "/readyz on the admin port"

post() { curl -s -o "$work/report.json" -w '%{http_code}' -H 'apns-push-type: alert' --data-binary "$1" "http://127.0.0.1:8080/v1/preflight$2"; }
status=$(post '{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}' '?fetch=false')
[ "$status" = 200 ] && grep -q '"code":"media.not-fetched"' "$work/report.json" || fail "payload-only preflight: $status $(cat "$work/report.json")"
status=$(post "{\"aps\":{\"alert\":\"hi\",\"mutable-content\":1},\"image\":\"https://media.test:$HTTPS_PORT/media/image.jpg\"}" '')
grep -q '"verdict":"pass"' "$work/report.json" && grep -q '"http_status":200' "$work/report.json" \
  || fail "download preflight: $status $(cat "$work/report.json")"
echo "image: /healthz, /readyz, a payload-only and a downloading preflight answered"

podman healthcheck run "$name" > "$work/health.txt" 2>&1 || fail "HEALTHCHECK failed: $(cat "$work/health.txt")"
uid=$(podman exec "$name" awk '/^Uid:/ {print $2}' /proc/1/status)
[ "$uid" = 10001 ] || fail "the server runs as uid $uid, not 10001"
echo "image: HEALTHCHECK healthy, the server runs as uid $uid"

podman stop -t 30 "$name" > /dev/null 2>&1 || fail "podman stop failed"
code=$(podman inspect "$name" --format '{{.State.ExitCode}}')
[ "$code" = 0 ] || fail "after podman stop the server exited $code"
# (Read whole first: grep -q would close the pipe early, and pipefail would count podman's SIGPIPE.)
podman logs "$name" > "$work/logs.txt" 2>&1
grep -q "listening on" "$work/logs.txt" || fail "no start line in the logs"
echo "image: podman stop drained, exit 0"
