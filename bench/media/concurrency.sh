#!/usr/bin/env bash
# 1000 requests at once, each for a different URL on an origin that waits 1 s before answering:
# total wall time, the server's thread count and peak RSS. Run inside the test origins.
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --origins
port=18185
requests=${REQUESTS:-1000}
cat > "$out/concurrency.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port},
 "profiles": {"bench": {"naming": "url-path", "download": "disk", "device": {"throughput_bits_per_s": 1000000000000}}}, "default_profile": "bench", "payload": {"allow_http_media": true},
 "fetch": {"max_concurrent": 1024},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$ORIGIN_PORT]}}
JSON
start_preflight $port "$out/concurrency.json"

python3 - "$port" "$ORIGIN_PORT" "$pid" "$requests" <<'PY'
import json, socket, sys, threading, time
port, origin, pid, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])

def status_field(name):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(name + ":"):
            return int(line.split()[1])

# Every client connects first; then all send at once, so the server holds `count` requests together.
bodies = []
for index in range(count):
    payload = json.dumps({"aps": {"alert": "c", "mutable-content": 1},
                          "image": f"http://127.0.0.1:{origin}/wait/c{index}.jpg?ms=1000&group=concurrency"}).encode()
    bodies.append(b"POST /v1/preflight HTTP/1.1\r\nHost: x\r\napns-push-type: alert\r\nConnection: close\r\n"
                  + b"Content-Length: %d\r\n\r\n" % len(payload) + payload)
sockets = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
statuses = [None] * count
max_threads = [status_field("Threads")]
done = threading.Event()
def sample():
    while not done.is_set():
        max_threads[0] = max(max_threads[0], status_field("Threads"))
        time.sleep(0.02)
sampler = threading.Thread(target=sample)
sampler.start()
def read(index, sock):
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    statuses[index] = int(data.split(b" ", 2)[1]) if data else None
start = time.perf_counter()
for index, sock in enumerate(sockets):
    sock.sendall(bodies[index])
readers = [threading.Thread(target=read, args=(i, s)) for i, s in enumerate(sockets)]
for reader in readers: reader.start()
for reader in readers: reader.join()
wall = time.perf_counter() - start
done.set()
sampler.join()
ok = statuses.count(200)
print(f"{'%d requests at once, each a different URL, origin waits 1 s' % count:60s} {ok} x 200")
print(f"{'  total wall time':60s} {wall:.2f} s   (target <= 2.5)")
print(f"{'  server threads, most seen':60s} {max_threads[0]}   (target <= 32)")
print(f"{'  server peak RSS (VmHWM)':60s} {status_field('VmHWM') / 1024:.1f} MiB   (target <= 150)")
PY
