#!/usr/bin/env bash
# The anchor of the payload path: payload-only POST of bench/payload-1k.json to Preflight, against
# a C server doing the same work (bench/baseline/payload_json_c.c: libmicrohttpd, json-c, the
# checks of bench/baseline/payload_checks.c, the same report byte for byte), three interleaved
# rounds, medians.
# Usage: bash bench/baseline/c-baseline.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c payload_json_c
seconds=${1:-10}
c_port=18195
port=18196
start_c payload_json_c $c_port
start_payload_only $port c-baseline
wait_healthy $port
# The same work answers the same bytes: the two reports must be equal, byte for byte.
same_answers $c_port $port
for round in 1 2 3; do
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$c_port/v1/preflight" > "$out/c.$round.txt"
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/swift.$round.txt"
done
c=$(median_rps c)
swift=$(median_rps swift)
ratio_head "payload-only POST (wrk -t2 -c64, 3x${seconds}s)" requests/s
ratio_row "C: libmicrohttpd + json-c, the same checks" "$c"
ratio_row preflight "$swift" "$c" "(target >= 0.9)"
