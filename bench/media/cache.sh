#!/usr/bin/env bash
# Probe cache benchmarks, run by bench/run.sh inside the test origins:
#  (a) 200 concurrent requests for one uncached URL: how many downloads the origin saw;
#  (b) requests/s of cache hits, as a ratio to the payload-only endpoint (fetch=false).
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --origins
seconds=${1:-10}
port=18184
cat > "$out/cache.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port},
 "profiles": {"bench": {"naming": "url-path", "download": "disk", "device": {"throughput_bits_per_s": 1000000000000}}}, "default_profile": "bench", "payload": {"allow_http_media": true},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$ORIGIN_PORT]}}
JSON
start_preflight $port "$out/cache.json"

python3 - "$port" "$ORIGIN_PORT" <<'PY'
import json, sys, threading, urllib.request
port, origin = sys.argv[1], sys.argv[2]
url = f"http://127.0.0.1:{origin}/wait/coalesce.jpg?ms=500"
body = json.dumps({"aps": {"alert": "bench", "mutable-content": 1}, "image": url}).encode()
statuses, barrier = [], threading.Barrier(200)
def one():
    barrier.wait()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/preflight", data=body,
                                     headers={"apns-push-type": "alert"})
    with urllib.request.urlopen(request, timeout=30) as response:
        statuses.append(response.status)
threads = [threading.Thread(target=one) for _ in range(200)]
for t in threads: t.start()
for t in threads: t.join()
hits = urllib.request.urlopen(f"http://127.0.0.1:{origin}/_hits?path=/wait/coalesce.jpg").read().decode()
print(f"{'(a) 200 concurrent requests for one uncached URL':52s} {len(statuses)} answered "
      f"({statuses.count(200)} x 200); downloads seen by the origin: {hits}  (target 1)")
PY

url="http://127.0.0.1:$ORIGIN_PORT/jpeg/cached.jpg"
printf '{"aps":{"alert":"bench","mutable-content":1},"image":"%s"}' "$url" > "$out/cache-payload.json"
curl -s -o /dev/null -H 'apns-push-type: alert' --data-binary @"$out/cache-payload.json" "http://127.0.0.1:$port/v1/preflight"
curl -s -H 'apns-push-type: alert' --data-binary @"$out/cache-payload.json" "http://127.0.0.1:$port/v1/preflight" \
  | grep -q '"cached":true' || { echo "the second probe was not a cache hit"; exit 1; }
PAYLOAD="$out/cache-payload.json" wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua \
  "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/payload-only.txt"
PAYLOAD="$out/cache-payload.json" wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua \
  "http://127.0.0.1:$port/v1/preflight" > "$out/cache-hits.txt"
only=$(awk '/Requests\/sec/ {print $2}' "$out/payload-only.txt")
hits=$(awk '/Requests\/sec/ {print $2}' "$out/cache-hits.txt")
printf '%-52s %12s req/s\n' "(b) payload only (fetch=false), wrk -t2 -c64" "$only"
printf '%-52s %12s req/s   ratio %.2f  (target >= 0.8)\n' "(b) cache hits, same payload" "$hits" "$(echo "$hits / $only" | bc -l)"
curl -s "http://127.0.0.1:$port/metrics" | grep -E '^preflight_cache_(hits|misses|coalesced)_total|^preflight_cache_entries'
