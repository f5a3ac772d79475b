#!/usr/bin/env bash
# CPU time per request of each server process (user and system, from /proc/PID/stat), under the
# payload-only POST of bench/payload-1k.json (wrk -t2 -c64): the C hello-world, the C server
# doing the same work (bench/baseline/payload_json_c.c), Preflight, and OLD_BINARY when set; and
# GET of the C hello-world against Preflight's GET /healthz. Three interleaved rounds, medians.
# Throughput on this 2-CPU machine moves by 15% between runs because wrk and the server share the
# CPUs; the server's own CPU time per request moves far less, so the ratios here (C's time / ours)
# are the steadier reading of the two targets against C.
# Usage: [OLD_BINARY=path] bash bench/http/cpu.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c hello_mhd --c payload_json_c
seconds=${1:-10}
port=18311
start_payload_only $port cpu
new_pid=$pid
start_c hello_mhd 18312
hello_pid=$c_pid
start_c payload_json_c 18313
start_old_binary $port 18314 "$out/cpu.json"

for round in 1 2 3; do
  cpu_round hello $hello_pid "http://127.0.0.1:18312/"
  cpu_round c $c_pid "http://127.0.0.1:18313/v1/preflight"
  cpu_round preflight $new_pid "http://127.0.0.1:$port/v1/preflight?fetch=false"
  [ -n "$old_pid" ] && cpu_round old $old_pid "http://127.0.0.1:18314/v1/preflight?fetch=false"
  cpu_round hello-get $hello_pid "http://127.0.0.1:18312/" get
  cpu_round healthz $new_pid "http://127.0.0.1:$port/healthz" get
done
printf '%-44s %9s %9s %9s %14s\n' "POST, CPU per request (us), 3x${seconds}s medians" "user" "system" "total" "C-work/this"
c_total=$(cpu_median c 4)
for name in hello c preflight old; do
  [ -f "$out/cpu.$name.1" ] || continue
  [ "$name" = old ] && [ -z "$old_pid" ] && continue
  case $name in
    hello) label="C hello-world (POST of the body)" ;;
    c) label="C, libmicrohttpd + json-c, the same work" ;;
    preflight) label="preflight" ;;
    old) label="OLD_BINARY" ;;
  esac
  total=$(cpu_median $name 4)
  printf '%-44s %9.1f %9.1f %9.1f %14.2f\n' "$label" "$(cpu_median $name 2)" "$(cpu_median $name 3)" "$total" \
    "$(echo "$c_total / $total" | bc -l)"
done
hello_get=$(cpu_median hello-get 4)
healthz=$(cpu_median healthz 4)
printf '%-44s %9s %9s %9s %14s\n' "GET, CPU per request (us)" "user" "system" "total" "hello/this"
printf '%-44s %9.1f %9.1f %9.1f %14.2f\n' "C hello-world GET" "$(cpu_median hello-get 2)" "$(cpu_median hello-get 3)" "$hello_get" 1
printf '%-44s %9.1f %9.1f %9.1f %14.2f\n' "preflight GET /healthz" "$(cpu_median healthz 2)" "$(cpu_median healthz 3)" "$healthz" \
  "$(echo "$hello_get / $healthz" | bc -l)"
