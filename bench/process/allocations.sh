#!/usr/bin/env bash
# Heap allocations per payload-only request, counted by
# `valgrind --tool=dhat` on the release server: one run answering 200 requests and one answering
# 2,200, so the start-up and shutdown cancel out: (blocks of the long run - blocks of the short
# run) / 2,000; then the sites that make them, per request (bench/process/allocation-sites.py).
# Usage: bash bench/process/allocations.sh [BINARY] (default .build/release/preflight)
source "$(dirname "$0")/../lib.sh" || exit 1
binary=${1:-.build/release/preflight}
bench_setup --binary "$binary"
port=18198
cat > "$out/allocations.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port}, "fetch": {"enabled": false}, "server": {"threads": 1}}
JSON
blocks() { # blocks REQUESTS: the total blocks dhat counted for a server that answered REQUESTS
  valgrind --tool=dhat --dhat-out-file="$out/dhat.$1.json" "$binary" serve --config "$out/allocations.json" \
    > /dev/null 2> "$out/dhat.$1.err" &
  local server=$!
  started $server
  wait_healthy $port 400 > /dev/null
  kept_alive $port POST "/v1/preflight?fetch=false" "$1" bench/payload-1k.json
  kill -TERM $server
  wait $server || true
  awk '/Total:/ {gsub(",", "", $6); print $6; exit}' "$out/dhat.$1.err"
}
short=$(blocks 200)
long=$(blocks 2200)
per=$(echo "($long - $short) / 2000" | bc -l)
printf '%-52s %12s\n' "heap blocks, 200 requests (dhat)" "$short"
printf '%-52s %12s\n' "heap blocks, 2,200 requests" "$long"
printf '%-52s %12.1f   (target <= 8)\n' "allocations per payload-only request" "$per"
echo
python3 bench/process/allocation-sites.py "$out/dhat.200.json" "$out/dhat.2200.json" 2000
