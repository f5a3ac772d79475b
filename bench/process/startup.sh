#!/usr/bin/env bash
# Time from exec to the first 200 on /readyz, median of 20 starts.
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup
python3 - <<'PY'
import socket, statistics, subprocess, time
times = []
for run in range(20):
    port = 18190 + run
    start = time.perf_counter()
    process = subprocess.Popen([".build/release/preflight", "serve", "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    break
        except OSError:
            time.sleep(0.001)
    times.append((time.perf_counter() - start) * 1000)
    process.terminate()
    process.wait()
print(f"{'start-up: exec to first 200 on /readyz (median of 20)':60s} {statistics.median(times):.1f} ms   "
      f"(max {max(times):.1f}; target <= 100)")
PY
