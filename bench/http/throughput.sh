#!/usr/bin/env bash
# The HTTP front: GET /healthz and the payload-only POST of bench/payload-1k.json to Preflight,
# against the bare libmicrohttpd hello-world (bench/baseline/hello_mhd.c) and the hello-world's
# answer to the same POST, wrk -t2 -c64, three interleaved rounds, medians.
# Usage: bash bench/http/throughput.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c hello_mhd
seconds=${1:-15}

base_port=18181
port=18182
"$out/hello_mhd" $base_port & base_pid=$!
cat > "$out/bench.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port},
 "profiles": {"bench": {"naming": "url-path", "download": "disk", "device": {"throughput_bits_per_s": 1000000000000}}}, "default_profile": "bench", "fetch": {"enabled": false}}
JSON
start_preflight $port "$out/bench.json"
trap 'kill $base_pid $pid 2>/dev/null || true' EXIT
wait_healthy $base_port

p99() { awk '/ 99%/ {print $2}' "$1"; }

# Three rounds, the four runs interleaved in each, so drift on this shared machine hits them alike;
# the figures are the medians of the rounds (the p99 is the median round's). Each run is -d SECONDS.
rounds=3
round_seconds=$seconds
for round in $(seq $rounds); do
  wrk -t2 -c64 -d"${round_seconds}s" --latency "http://127.0.0.1:$base_port/healthz" > "$out/baseline.$round.txt"
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${round_seconds}s" --latency -s bench/post.lua \
    "http://127.0.0.1:$base_port/v1/preflight" > "$out/baseline-post.$round.txt"
  wrk -t2 -c64 -d"${round_seconds}s" --latency "http://127.0.0.1:$port/healthz" > "$out/healthz.$round.txt"
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${round_seconds}s" --latency -s bench/post.lua \
    "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/preflight.$round.txt"
done
# median NAME: the median requests/s of the rounds, then that round's p99.
median() {
  for round in $(seq $rounds); do echo "$(rps "$out/$1.$round.txt") $(p99 "$out/$1.$round.txt")"; done \
    | sort -n | sed -n "$(( (rounds + 1) / 2 ))p"
}
read -r base base_p99 < <(median baseline)
read -r base_post base_post_p99 < <(median baseline-post)
read -r health health_p99 < <(median healthz)
read -r post post_p99 < <(median preflight)
printf '%-40s %12s %8s %8s\n' "benchmark (wrk -t2 -c64, ${rounds}x${round_seconds}s)" "requests/s" "p99" "ratio"
printf '%-40s %12s %8s %8s\n' "bare libmicrohttpd hello-world (C)" "$base" "$base_p99" "1.00"
printf '%-40s %12s %8s %8.2f\n' "hello-world (C), POST of the 1 KB body" "$base_post" "$base_post_p99" \
  "$(echo "$base_post / $base" | bc -l)"
printf '%-40s %12s %8s %8.2f   (target >= 0.9)\n' "preflight GET /healthz" "$health" "$health_p99" \
  "$(echo "$health / $base" | bc -l)"
printf '%-40s %12s %8s %8.2f   (target >= 0.65)\n' "preflight POST /v1/preflight (1 KB)" "$post" "$post_p99" \
  "$(echo "$post / $base" | bc -l)"
