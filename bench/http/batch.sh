#!/usr/bin/env bash
# Items/s through POST /v1/preflight/batch with 100 payload-only items
# (bench/payload-1k.json each), against single payload-only requests/s, on one server, three
# interleaved rounds, medians; with OLD_BINARY set, that build's batches too (an A/B of the
# batch path, in the same rounds). Usage: [OLD_BINARY=path] bash bench/http/batch.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup
seconds=${1:-10}
port=18197
batch_of_100 "$out/batch-100.json"
start_payload_only $port batch
start_old_binary $port 18198 "$out/batch.json"
trap 'kill $pid $old_pid 2>/dev/null || true' EXIT
for round in 1 2 3; do
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/single.$round.txt"
  PAYLOAD="$out/batch-100.json" wrk -t2 -c16 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$port/v1/preflight/batch?fetch=false" > "$out/batch.$round.txt"
  if [ -n "$old_pid" ]; then
    PAYLOAD="$out/batch-100.json" wrk -t2 -c16 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:18198/v1/preflight/batch?fetch=false" > "$out/batch-old.$round.txt"
  fi
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
