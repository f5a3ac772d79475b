#!/usr/bin/env bash
# Slow clients: slowhttptest slowloris (-H) and slow POST (-B) against the server on loopback,
# while a probe asks /healthz every 100 ms. Health must keep answering; the worst latency is kept.
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup
port=18186
seconds=${1:-30}
connections=${CONNECTIONS:-1000}
echo "{\"listen\": {\"host\": \"127.0.0.1\", \"port\": $port}}" > "$out/slow.json"
start_preflight $port "$out/slow.json"

for mode in H B; do
  python3 - "$port" "$((seconds + 5))" > "$out/slow-$mode-health.txt" <<'PY' &
import socket, sys, time
port, seconds = int(sys.argv[1]), float(sys.argv[2])
latencies, failures, end = [], 0, time.time() + seconds
while time.time() < end:
    start = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
            sock.settimeout(2)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            ok = sock.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        ok = False
    elapsed = (time.perf_counter() - start) * 1000
    if ok:
        latencies.append(elapsed)
    else:
        failures += 1
    time.sleep(max(0, 0.1 - elapsed / 1000))
latencies.sort()
print(f"probes {len(latencies) + failures} failures {failures} "
      f"worst {latencies[-1]:.1f} ms p99 {latencies[int(len(latencies) * 0.99) - 1]:.1f} ms median {latencies[len(latencies) // 2]:.1f} ms")
PY
  probe=$!
  if [ "$mode" = H ]; then verb=GET; path=/healthz; name="slowloris (-H)"; else verb=POST; path=/v1/preflight; name="slow POST (-B)"; fi
  slowhttptest -$mode -c "$connections" -r 500 -i 5 -l "$seconds" -s 8192 -t $verb -u "http://127.0.0.1:$port$path" \
    -p 3 > "$out/slow-$mode.txt" 2>&1 || true
  wait $probe
  echo "$name, $connections connections for ${seconds}s: health $(cat "$out/slow-$mode-health.txt")"
  grep -E "service available|pending connections|connected" "$out/slow-$mode.txt" | tail -2 | sed 's/^/    /' || true
done
kill -0 $pid && echo "server still running after both attacks"
