#!/usr/bin/env bash
# What a body's declared length costs before the body comes: the server's resident memory
# (VmRSS) before and after CONNECTIONS connections each send the head of a
# POST /v1/preflight/batch declaring 1,000,000 bytes (within the batch cap) and 10 bytes of it,
# then wait. A declared body gets its room when its headers are in (reserved, not written), so
# it should add what was sent and about a page a connection, not what was declared.
# Usage: [CONNECTIONS=200] bash bench/process/declared-room.sh [BINARY]
source "$(dirname "$0")/../lib.sh" || exit 1
binary=${1:-.build/release/preflight}
bench_setup --binary "$binary"
port=18455
payload_only_config $port declared-room
"$binary" serve --config "$out/declared-room.json" > /dev/null 2> "$out/declared-room.err" &
pid=$!
started $pid
wait_healthy $port
python3 - "$pid" "$port" "${CONNECTIONS:-200}" <<'PY'
import socket, sys, time
pid, port, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
def rss():
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])
before = rss()
head = b"POST /v1/preflight/batch?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n"
held = []
for _ in range(count):
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(head + b'{"items":[')
    held.append(connection)
time.sleep(1.5)
after = rss()
print(f"{count} connections declaring 1,000,000 bytes, 10 sent: VmRSS {before} -> {after} KiB "
      f"(+{after - before} KiB, {(after - before) / count:.1f} KiB a connection; declared in all: "
      f"{count * 1000000 // 1024} KiB)")
PY
