#!/usr/bin/env bash
# The p99 of payload-only POSTs at half of the peak throughput. The peak is the median of three
# unpaced rounds (wrk -t2 -c64); then three rounds of bench/http/paced_post.c at half of it: a
# constant rate, request k due at start + k / rate on one of 64 kept-alive connections, its
# latency counted from its due time (an open-loop load: a server that falls behind is charged
# for the wait). The percentiles are paced_post's; a round with an answer other than 200 stops
# the script.
# A paced wrk (each connection pausing between its requests) is not used: its timers fire on
# whole milliseconds, so its connections send in bursts, and the bursts' queueing put every
# server's p99 at 1.5-2 ms on this machine, the C server's as much as ours.
# With OLD_BINARY=path, that build is measured too, in rounds interleaved with this one's, at the
# same rate (half of this build's peak), so that the two p99s compare: an A/B in one run, on a
# machine whose load moves the figures from run to run.
# The C server doing the same work (bench/baseline/payload_json_c.c) gets the same load in the
# same rounds: what this machine and its kernel allow a server that does the same checks.
# Usage: [OLD_BINARY=path] bash bench/http/latency.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c payload_json_c --c paced_post
seconds=${1:-10}
port=18199
start_payload_only $port latency
new_pid=$pid
start_old_binary $port 18198 "$out/latency.json"
start_c payload_json_c 18197
for round in 1 2 3; do
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua \
    "http://127.0.0.1:$port/v1/preflight?fetch=false" > "$out/peak.$round.txt"
done
peak=$(median_rps peak)
rate=$(python3 -c "print(round($peak / 2))")
# paced PORT PATH NAME: the three rounds' loads run by the caller's loop, one round's file.
paced() { "$out/paced_post" "$1" "$2" bench/payload-1k.json "$rate" "$seconds" 64 > "$out/$3.$round.txt"; }
for round in 1 2 3; do
  paced $port "/v1/preflight?fetch=false" paced
  [ -z "$old_pid" ] || paced 18198 "/v1/preflight?fetch=false" paced-old
  paced 18197 /v1/preflight paced-c
done

# figures NAME FIELD: FIELD (paced_post's line of that name) of each round; median NAME FIELD:
# their median.
figures() { for round in 1 2 3; do awk -v f="$2" '$1 == f {print $2}' "$out/$1.$round.txt"; done | tr '\n' ' '; }
median() { figures "$1" "$2" | tr ' ' '\n' | grep . | sort -n | sed -n 2p; }
# report LABEL NAME: one build's lines.
report() {
  printf '%-52s %9s ms   (rounds: %s; target <= 1 ms)\n' "$1: p99 at half the peak (median of 3)" \
    "$(median "$2" p99)" "$(figures "$2" p99)"
  printf '%-52s %9s ms   (rounds: %s)\n' "$1: p50" "$(median "$2" p50)" "$(figures "$2" p50)"
  printf '%-52s %9s ms   (rounds: %s)\n' "$1: p99.9" "$(median "$2" p99.9)" "$(figures "$2" p99.9)"
}
printf '%-52s %12s   (%s requests/s offered, 64 connections)\n' "this build: peak (wrk -t2 -c64, median of 3)" "$peak" "$rate"
report "this build" paced
[ -z "$old_pid" ] || report "OLD_BINARY" paced-old
report "C, the same work" paced-c
exit 0
