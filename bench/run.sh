#!/usr/bin/env bash
# Benchmarks, each a ratio against a baseline measured in the same run on this machine, or a
# figure against its target. Traffic goes to 127.0.0.1 only.
# Usage: bash bench/run.sh [SECONDS]   (from `make bench`; the soak is `make soak`)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
seconds=${1:-15}
out=bench/out
mkdir -p "$out"

cc -O2 -o "$out/hello_mhd" bench/hello_mhd.c -lmicrohttpd
base_port=18181
port=18182
"$out/hello_mhd" $base_port & base_pid=$!
cat > "$out/bench.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port}, "fetch": {"enabled": false}}
JSON
start_preflight $port "$out/bench.json"
trap 'kill $base_pid $pid 2>/dev/null || true' EXIT
wait_healthy $base_port

# rps FILE: the Requests/sec figure of a wrk report.
rps() { awk '/Requests\/sec/ {print $2}' "$1"; }
p99() { awk '/ 99%/ {print $2}' "$1"; }

wrk -t2 -c64 -d"${seconds}s" --latency "http://127.0.0.1:$base_port/healthz" > "$out/baseline.txt"
PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" --latency -s bench/post.lua \
  "http://127.0.0.1:$base_port/v1/preflight" > "$out/baseline-post.txt"
wrk -t2 -c64 -d"${seconds}s" --latency "http://127.0.0.1:$port/healthz" > "$out/healthz.txt"
PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" --latency -s bench/post.lua \
  "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/preflight.txt"

base=$(rps "$out/baseline.txt")
health=$(rps "$out/healthz.txt")
post=$(rps "$out/preflight.txt")
printf '%-40s %12s %8s %8s\n' "benchmark (wrk -t2 -c64 -d${seconds}s)" "requests/s" "p99" "ratio"
printf '%-40s %12s %8s %8s\n' "bare libmicrohttpd hello-world (C)" "$base" "$(p99 "$out/baseline.txt")" "1.00"
base_post=$(rps "$out/baseline-post.txt")
printf '%-40s %12s %8s %8.2f\n' "hello-world (C), POST of the 1 KB body" "$base_post" "$(p99 "$out/baseline-post.txt")" \
  "$(echo "$base_post / $base" | bc -l)"
printf '%-40s %12s %8s %8.2f\n' "preflight GET /healthz" "$health" "$(p99 "$out/healthz.txt")" \
  "$(echo "$health / $base" | bc -l)"
printf '%-40s %12s %8s %8.2f\n' "preflight POST /v1/preflight (1 KB)" "$post" "$(p99 "$out/preflight.txt")" \
  "$(echo "$post / $base" | bc -l)"
echo
PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/media.sh
echo
PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/cache.sh "$seconds"
echo
PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/concurrency.sh
echo
bash bench/startup.sh
echo
bash bench/slowclients.sh 30
echo "nproc $(nproc), $(date -u +%Y-%m-%dT%H:%MZ)"
