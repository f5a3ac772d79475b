#!/usr/bin/env bash
# Reference-count operations per request on the objects every worker shares: a retain or a
# release is an atomic write to the object's count, and when two workers write the same count
# its cache line moves between their cores. The release server runs with two workers under gdb,
# a breakpoint on swift_retain, swift_release and their bridge-object forms recording each call's
# object, thread and caller (`shared-counts.py`, gdb's Python API); six payload-only POSTs of
# bench/payload-1k.json, then six batches of 10 of its items (bench_setup's batch, cut), each on
# a connection of its own so that both workers answer. Counted: the calls on objects that both
# workers touched and that sit in the main thread's heap (`[heap]` in /proc/PID/maps), the
# objects made at start (the configuration, the presets, the routes, the metrics); the binary's
# static objects (empty arrays, literals) are immortal, their counts never written. Per
# payload-only request, and per batch item (the batch's own calls shared out over its ten).
# A count, slow (gdb stops at every call: some seconds a run), not a time: it shows what
# `perf` charges to the retains' lock prefix, not what that costs.
# Usage: bash bench/process/shared-counts.sh [BINARY]   (needs gdb: `make deps`)
source "$(dirname "$0")/../lib.sh" || exit 1
binary=${1:-.build/release/preflight}
bench_setup --binary "$binary"
command -v gdb > /dev/null || { echo "shared-counts.sh: gdb is needed (make deps)" >&2; exit 1; }
port=18340
config="$out/shared-counts.json"
echo "{\"listen\": {\"host\": \"127.0.0.1\", \"port\": $port}, \"server\": {\"threads\": 2}, \"fetch\": {\"enabled\": false}}" \
  > "$config"
batch_of_100 "$out/shared-counts-batch-100.json"
python3 - "$out/shared-counts-batch-100.json" "$out/shared-counts-batch.json" <<'PY'
import json, sys
body = json.load(open(sys.argv[1]))
body["items"] = body["items"][:10]
json.dump(body, open(sys.argv[2], "w"), separators=(",", ":"))
PY
server=""
trap 'kill -CONT $server 2>/dev/null; kill $server 2>/dev/null || true' EXIT

# send MODE: one request of MODE (payload or batch) on a connection of its own; fails unless 200.
send() {
  local path=/v1/preflight?fetch=false body=bench/payload-1k.json status
  if [ "$1" = batch ]; then path=/v1/preflight/batch?fetch=false body="$out/shared-counts-batch.json"; fi
  status=$(curl -s -o /dev/null -w '%{http_code}' -H 'apns-push-type: alert' --data-binary @"$body" \
    "http://127.0.0.1:$port$path")
  [ "$status" = 200 ] || { echo "shared-counts.sh: $1 answered $status" >&2; exit 1; }
}

# count MODE: the six requests of MODE under gdb; leaves $out/shared-counts.MODE(.maps).
count() {
  local result="$out/shared-counts.$1" log="$out/shared-counts.$1.gdb"
  "$binary" serve --config "$config" > /dev/null 2> "$config.err" &
  server=$!
  wait_healthy $port > /dev/null
  for _ in 1 2 3 4; do send "$1"; done  # made once: metadata, lazy globals, the workers' scratch
  rm -f "$result" "$log"
  gdb -q -batch -p $server -x "$(dirname "$0")/shared-counts.py" -ex continue -ex "sharedcounts $result" \
    > "$log" 2>&1 &
  local debugger=$!
  # Its four breakpoints set (gdb reads the symbols first: seconds, longer on a loaded machine),
  # the requests may go: the server, stopped until gdb continues it, takes them then.
  for _ in $(seq 1800); do grep -qs '^Breakpoint 4 at' "$log" && break; sleep 0.1; done
  grep -qs '^Breakpoint 4 at' "$log" || { echo "shared-counts.sh: gdb did not attach (see $log)" >&2; exit 1; }
  # In pairs at once: each worker takes connections from the same listening socket, and one
  # alone could take six in turn.
  for _ in 1 2 3; do
    send "$1" &
    send "$1"
    wait $! || exit 1
  done
  # A stop gdb sees (a signal the server waits for with sigwait would not reach it).
  kill -STOP $server
  wait $debugger || true
  kill -CONT $server
  kill $server
  wait $server || true
  server=""
  [ -s "$result" ] || { echo "shared-counts.sh: gdb wrote no counts (see $log)" >&2; exit 1; }
}

count payload
count batch
python3 - "$out/shared-counts" <<'PY' | { if command -v swift-demangle > /dev/null; then swift-demangle --simplified; else cat; fi; } | cut -c1-160
import collections, sys
base = sys.argv[1]
for mode, unit, per in (("payload", "payload-only request", 6), ("batch", "batch item", 60)):
    regions = []
    for line in open(f"{base}.{mode}.maps"):
        fields = line.split()
        low, high = (int(part, 16) for part in fields[0].split("-"))
        regions.append((low, high, fields[5] if len(fields) > 5 else ""))
    heap = [(low, high) for low, high, name in regions if name == "[heap]"]
    objects = collections.defaultdict(list)
    lines = open(f"{base}.{mode}").read().splitlines()
    for line in lines[1:]:
        obj, entry, count, caller, kind = line.split("\t")
        address = int(obj, 16)
        if any(low <= address < high for low, high in heap):
            objects[(obj, kind)].append((int(count), entry, caller))
    total = sum(count for calls in objects.values() for count, _, _ in calls)
    traced, workers = lines[0].split()[1], lines[0].split()[3]
    if workers != "2":
        sys.exit(f"shared-counts.sh: {workers} worker(s) answered the {mode} requests, not 2: run it again")
    print(f"{unit}: {total / per:.1f} reference-count operations on objects made at start, "
          f"{len(objects)} objects ({traced} calls traced in all)")
    for (obj, kind), calls in sorted(objects.items(), key=lambda item: -sum(c for c, _, _ in item[1]))[:8]:
        print(f"  {sum(c for c, _, _ in calls) / per:6.2f}  {kind}")
        for count, entry, caller in sorted(calls, reverse=True)[:3]:
            print(f"           {count / per:5.2f} {entry} in {caller}")
PY
