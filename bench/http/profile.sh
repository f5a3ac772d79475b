#!/usr/bin/env bash
# Profiles: `perf record -g` of a server under the payload-only POST load (wrk -t2 -c64),
# summarised as the CPU time per request, the share per binary (kernel, Swift runtime, Preflight,
# libc, libmicrohttpd) and the heaviest call-graph entries. Usage:
#   bash bench/http/profile.sh [BINARY]      Preflight (default .build/release/preflight)
#   PROFILE_C=1 bash bench/http/profile.sh   the C baseline (bench/baseline/payload_json_c.c)
source "$(dirname "$0")/../lib.sh" || exit 1
binary=${1:-.build/release/preflight}
if [ -n "${PROFILE_C:-}" ]; then bench_setup --no-binary --c payload_json_c; else bench_setup --binary "$binary"; fi
seconds=${PROFILE_SECONDS:-8}
port=18193
if [ -n "${PROFILE_C:-}" ]; then
  start_c payload_json_c $port
  pid=$c_pid
  url="http://127.0.0.1:$port/v1/preflight"
  name=c
else
  payload_only_config $port profile
  "$binary" serve --config "$out/profile.json" > /dev/null 2> "$out/profile.err" &
  pid=$!
  started $pid
  wait_healthy $port
  url="http://127.0.0.1:$port/v1/preflight?fetch=false"
  name=preflight
fi
perf record -F 2000 -g -p $pid -o "$out/perf.$name.data" -- sleep "$seconds" > /dev/null 2>&1 &
recorder=$!
PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"$((seconds + 1))s" -s bench/post.lua "$url" > "$out/profile-wrk.txt"
wait $recorder
rate=$(rps "$out/profile-wrk.txt")
cpu=$(perf report -i "$out/perf.$name.data" --no-children --sort dso -g none 2>/dev/null \
  | awk '/Event count/ {print $NF}')
printf '%-52s %12s\n' "requests/s under perf" "$rate"
printf '%-52s %9.1f us   (cpu-clock samples / requests)\n' "CPU time per request" \
  "$(echo "$cpu / 1000 / ($rate * $seconds)" | bc -l)"
echo "share by binary:"
perf report -i "$out/perf.$name.data" --no-children --sort dso -g none 2>/dev/null | grep -v '^#' | grep '%' | head -6
echo "heaviest entries with their callees (children), user space:"
perf report -i "$out/perf.$name.data" --children --sort symbol -g none 2>/dev/null | grep -v '^#' | grep '%' \
  | grep -v '\[k\]' | awk '$1+0 >= 2.0 && $4 !~ /^0x/ {printf "  %7s  %s\n", $1, $4}' \
  | { if command -v swift-demangle > /dev/null; then swift-demangle --simplified; else cat; fi; } \
  | cut -c1-150 | head -"${PROFILE_TOP:-30}"
