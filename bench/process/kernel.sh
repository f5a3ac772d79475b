#!/usr/bin/env bash
# Where the kernel time of a request goes, ours against C's (the kernel and scheduler gap): system
# calls per request by name (strace -c -f over wrk -t1 -c8), and per thread the voluntary and
# involuntary context switches and the user and system time per request (/proc/PID/task/*/status
# and stat, over wrk -t2 -c64), for the payload-only POST (against bench/baseline/payload_json_c.c)
# and GET /healthz (against hello_mhd.c). The counts of system calls and of voluntary switches (a
# thread that blocked: woken per request or not) do not move with the machine's load; the
# involuntary switches and the times do, so compare those inside one run only. With the threads,
# the machine's rescheduling interrupts per request (/proc/interrupts, RES): a CPU interrupting
# another to run a task it woke (wrk's thread, woken by an answer, preempting the worker there),
# which the kernel's time follows and the server's own system calls do not show.
# Usage: bash bench/process/kernel.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c payload_json_c --c hello_mhd
seconds=${1:-5}
port=18421
start_payload_only $port kernel
ours=$pid
start_c payload_json_c 18422
same_work=$c_pid
start_c hello_mhd 18423
hello=$c_pid
post_url="http://127.0.0.1:$port/v1/preflight?fetch=false"

# load NAME URL THREADS CONNECTIONS SECONDS: wrk POSTs bench/payload-1k.json to URL, or GETs a
# URL ending in / or /healthz; the requests it made.
load() {
  case $2 in
    */ | */healthz) wrk -t"$3" -c"$4" -d"$5s" "$2" > "$out/kernel-wrk.$1.txt" ;;
    *) PAYLOAD=bench/payload-1k.json wrk -t"$3" -c"$4" -d"$5s" -s bench/post.lua "$2" > "$out/kernel-wrk.$1.txt" ;;
  esac
  awk '/requests in/ {print $1}' "$out/kernel-wrk.$1.txt"
}

# syscalls NAME PID URL: the system calls per request, the eight commonest.
syscalls() {
  strace -c -f -q -o "$out/kernel-strace.$1.txt" -p "$2" & local tracer=$!
  sleep 0.5
  local requests
  requests=$(load "$1" "$3" 1 8 3)
  sleep 0.3
  kill -INT $tracer
  wait $tracer 2> /dev/null || true
  echo "$1: system calls per request ($requests requests under strace)"
  awk -v n="$requests" '$1 ~ /^[0-9.]+$/ && NF >= 5 {printf "  %-16s %7.3f\n", $NF, $4 / n}' \
    "$out/kernel-strace.$1.txt" | sort -k2 -nr | head -8
}

# threads NAME PID URL: per thread, switches and CPU time per request.
snapshot() {
  local task
  for task in /proc/"$1"/task/*; do
    echo "$(basename "$task") $(tr ' ' _ < "$task/comm")" \
      "$(awk '/^voluntary_ctxt/ {v = $2} /^nonvoluntary_ctxt/ {n = $2} END {print v, n}' "$task/status")" \
      "$(stat_ticks "$task/stat")"
  done | sort
}
# rescheduling: the machine's rescheduling interrupts so far (the RES line of /proc/interrupts,
# every CPU's column summed): one CPU interrupting another to run a task it woke.
rescheduling() {
  awk '$1 == "RES:" {for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) total += $i} END {print total + 0}' /proc/interrupts
}
threads() {
  snapshot "$2" > "$out/kernel-before.txt"
  local requests ipis
  ipis=$(rescheduling)
  requests=$(load "$1" "$3" 2 64 "$seconds")
  ipis=$(($(rescheduling) - ipis))
  snapshot "$2" > "$out/kernel-after.txt"
  echo "$1: per thread, per request ($requests requests): voluntary, involuntary switches; user, system us"
  join "$out/kernel-before.txt" "$out/kernel-after.txt" | awk -v n="$requests" -v hz="$(getconf CLK_TCK)" '
    { printf "  %-16s %8.4f %8.4f %8.2f %8.2f\n", $2, ($8 - $3) / n, ($9 - $4) / n, ($10 - $5) * 1e6 / hz / n, ($11 - $6) * 1e6 / hz / n }'
  awk -v n="$requests" -v ipis="$ipis" \
    'BEGIN {printf "  rescheduling interrupts per request, the whole machine (wrk too): %.3f\n", ipis / n}'
}

syscalls preflight $ours "$post_url"
syscalls c-same-work $same_work "http://127.0.0.1:18422/v1/preflight"
syscalls preflight-healthz $ours "http://127.0.0.1:$port/healthz"
syscalls c-hello $hello "http://127.0.0.1:18423/"
threads preflight $ours "$post_url"
threads c-same-work $same_work "http://127.0.0.1:18422/v1/preflight"
threads preflight-healthz $ours "http://127.0.0.1:$port/healthz"
threads c-hello $hello "http://127.0.0.1:18423/"
