#!/usr/bin/env bash
# Items/s through POST /v1/preflight/batch with 100 payload-only items
# (bench/payload-1k.json each), against single payload-only requests/s, on one server, three
# interleaved rounds, medians. Usage: bash bench/http/batch.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup
seconds=${1:-10}
port=18197
batch_of_100 "$out/batch-100.json"
start_payload_only $port batch
for round in 1 2 3; do
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/single.$round.txt"
  PAYLOAD="$out/batch-100.json" wrk -t2 -c16 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$port/v1/preflight/batch?fetch=false" > "$out/batch.$round.txt"
done
single=$(median_rps single)
batches=$(median_rps batch)
items=$(echo "$batches * 100" | bc -l)
ratio_head "payload-only (wrk -t2, 3x${seconds}s)" items/s
ratio_row "single requests (-c64)" "$single"
printf '%-52s %12.0f %8.2f   (target >= 6)\n' "batches of 100 items (-c16)" "$items" "$(echo "$items / $single" | bc -l)"
