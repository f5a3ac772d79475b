#!/usr/bin/env bash
# Items/s through POST /v1/preflight/batch with 100 payload-only items
# (bench/payload-1k.json each), against single payload-only requests/s, on one server, three
# interleaved rounds, medians; with OLD_BINARY set, that build's batches too (an A/B of the
# batch path, in the same rounds). The C server doing the same work (bench/baseline/payload_json_c.c:
# libmicrohttpd, json-c, the same checks, the same answers byte for byte) gets the same two loads
# in the same rounds: its own items/s against its own requests/s, what the target's ratio is for
# a server whose checks cost what C's do.
# Usage: [OLD_BINARY=path] bash bench/http/batch.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c payload_json_c
seconds=${1:-10}
port=18197
c_port=18199
start_c payload_json_c $c_port
start_payload_only $port batch
start_old_binary $port 18198 "$out/batch.json"
# The same work answers the same bytes: the two batches' answers must be equal, byte for byte.
# The same work answers the same bytes (and writes $out/batch-100.json).
same_answers $c_port $port
for round in 1 2 3; do
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/single.$round.txt"
  PAYLOAD="$out/batch-100.json" wrk -t2 -c16 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$port/v1/preflight/batch?fetch=false" > "$out/batch.$round.txt"
  if [ -n "$old_pid" ]; then
    PAYLOAD="$out/batch-100.json" wrk -t2 -c16 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:18198/v1/preflight/batch?fetch=false" > "$out/batch-old.$round.txt"
  fi
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$c_port/v1/preflight" > "$out/c-single.$round.txt"
  PAYLOAD="$out/batch-100.json" wrk -t2 -c16 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$c_port/v1/preflight/batch" > "$out/c-batch.$round.txt"
done
single=$(median_rps single)
batches=$(median_rps batch)
items=$(echo "$batches * 100" | bc -l)
ratio_head "payload-only (wrk -t2, 3x${seconds}s)" items/s
ratio_row "single requests (-c64)" "$single"
printf '%-52s %12.0f %8.2f   (target >= 6)\n' "batches of 100 items (-c16)" "$items" "$(echo "$items / $single" | bc -l)"
if [ -n "$old_pid" ]; then
  old_items=$(echo "$(median_rps batch-old) * 100" | bc -l)
  printf '%-52s %12.0f %8.2f   (this build / OLD_BINARY: %.2f)\n' "OLD_BINARY's batches (-c16)" "$old_items" \
    "$(echo "$old_items / $single" | bc -l)" "$(echo "$items / $old_items" | bc -l)"
fi
c_single=$(median_rps c-single)
c_items=$(echo "$(median_rps c-batch) * 100" | bc -l)
ratio_row "C, the same work: single requests (-c64)" "$c_single"
printf '%-52s %12.0f %8.2f   (its items/s / its requests/s)\n' "C, the same work: batches of 100 items (-c16)" \
  "$c_items" "$(echo "$c_items / $c_single" | bc -l)"
printf '%-52s %12s %8.2f\n' "preflight's items/s / C's items/s" "" "$(echo "$items / $c_items" | bc -l)"
