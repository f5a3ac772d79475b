#!/usr/bin/env bash
# GET /healthz against the bare libmicrohttpd hello-world (bench/baseline/hello_mhd.c), and against
# OLD_BINARY when set (an A/B of the health path): wrk -t2 -c64, three interleaved rounds, medians.
# Usage: [OLD_BINARY=path] bash bench/http/healthz.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c hello_mhd
seconds=${1:-10}
base_port=18184
port=18185
old_port=18186
start_c hello_mhd $base_port
start_payload_only $port healthz
start_old_binary $port $old_port "$out/healthz.json"
for round in 1 2 3; do
  wrk -t2 -c64 -d"${seconds}s" "http://127.0.0.1:$base_port/healthz" > "$out/hz-base.$round.txt"
  wrk -t2 -c64 -d"${seconds}s" "http://127.0.0.1:$port/healthz" > "$out/hz-new.$round.txt"
  [ -n "$old_pid" ] && wrk -t2 -c64 -d"${seconds}s" "http://127.0.0.1:$old_port/healthz" > "$out/hz-old.$round.txt"
done
base=$(median_rps hz-base)
new=$(median_rps hz-new)
ratio_head "GET /healthz (wrk -t2 -c64, 3x${seconds}s)" requests/s
ratio_row "bare libmicrohttpd hello-world (C)" "$base"
ratio_row preflight "$new" "$base" "(target >= 0.9)"
if [ -n "$old_pid" ]; then
  old=$(median_rps hz-old)
  ratio_row OLD_BINARY "$old" "$base"
fi
