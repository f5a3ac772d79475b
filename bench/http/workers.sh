#!/usr/bin/env bash
# What a second worker thread costs each request: the server's CPU time per payload-only POST
# (bench/payload-1k.json) with one worker thread and with one per core
# (the default, `server.threads: 0`), for Preflight and for the C server doing the same work
# (bench/baseline/payload_json_c.c, its thread count its second argument). Three interleaved
# rounds, medians. A server whose workers share nothing costs the same a request either way; the
# workers' shared state (a lock, a counter, a reference count on one object, all taken by every
# request) is paid in cache-line moves between the cores, which only the second figure shows.
# The load is one wrk thread on 32 connections: with two (cpu.sh's -t2 -c64) on a 2-CPU machine,
# wrk takes both cores as often as the server's workers do, the workers seldom run at once, and
# what they share is seldom paid for; with one, the workers have a core each most of the time,
# as on a server's own machine.
# The worker threads each server runs are counted from /proc (libmicrohttpd names a daemon's own
# thread MHD-single and a pool's MHD-worker), so a setting that did not take is an error, not a
# figure.
# Usage: bash bench/http/workers.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c payload_json_c
seconds=${1:-10}
cores=$(nproc)
echo "{\"listen\": {\"host\": \"127.0.0.1\", \"port\": 18331}, \"server\": {\"threads\": 1}, \"fetch\": {\"enabled\": false}}" \
  > "$out/workers-one.json"
start_preflight 18331 "$out/workers-one.json"
one_pid=$pid
start_payload_only 18332 workers-all
all_pid=$pid
start_c payload_json_c 18333 1
c_one_pid=$c_pid
start_c payload_json_c 18334 "$cores"
c_all_pid=$c_pid

# workers PID EXPECTED: fails unless the process PID runs EXPECTED libmicrohttpd worker threads.
workers() {
  local count
  count=$(cat /proc/"$1"/task/*/comm | grep -c '^MHD-')
  [ "$count" = "$2" ] || { echo "workers.sh: process $1 runs $count worker threads, expected $2" >&2; exit 1; }
}
workers $one_pid 1
workers $all_pid "$cores"
workers $c_one_pid 1
workers $c_all_pid "$cores"

load="-t1 -c32"
for round in 1 2 3; do
  cpu_round preflight-one $one_pid "http://127.0.0.1:18331/v1/preflight?fetch=false"
  cpu_round preflight-all $all_pid "http://127.0.0.1:18332/v1/preflight?fetch=false"
  cpu_round c-one $c_one_pid "http://127.0.0.1:18333/v1/preflight"
  cpu_round c-all $c_all_pid "http://127.0.0.1:18334/v1/preflight"
done
printf '%-44s %9s %9s %14s\n' "POST (wrk $load), CPU a request (us), 3x${seconds}s" "1 worker" "$cores workers" "$cores / 1"
for name in c preflight; do
  one=$(cpu_median $name-one 4)
  all=$(cpu_median $name-all 4)
  [ $name = c ] && label="C, libmicrohttpd + json-c, the same work" || label="preflight"
  printf '%-44s %9.1f %9.1f %14.2f\n' "$label" "$one" "$all" "$(echo "$all / $one" | bc -l)"
done
printf '%-44s %9.2f %9.2f\n' "C-work/preflight" "$(echo "$(cpu_median c-one 4) / $(cpu_median preflight-one 4)" | bc -l)" \
  "$(echo "$(cpu_median c-all 4) / $(cpu_median preflight-all 4)" | bc -l)"
