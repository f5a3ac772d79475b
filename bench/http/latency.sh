#!/usr/bin/env bash
# The p99 of payload-only POSTs at half of the peak throughput. The peak is
# the median of three unpaced rounds (wrk -t2 -c64); then three paced rounds (bench/http/paced.lua:
# each connection waits 4 ms between requests, the connections chosen for half the peak) give the
# achieved rate and wrk's p99.
# With OLD_BINARY=path, that build is measured too, in rounds interleaved with this one's, at the
# same offered load (the connections computed from this build's peak), so that the two p99s
# compare: an A/B in one run, on a machine whose load moves the figures from run to run.
# The C server doing the same work (bench/baseline/payload_json_c.c) is paced the same way, at
# the same connections, in the same rounds: its p99 is the floor of this machine and of wrk
# sharing its cores, which no build of ours can go under.
# Usage: [OLD_BINARY=path] bash bench/http/latency.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c payload_json_c
seconds=${1:-10}
port=18199
start_payload_only $port latency
new_pid=$pid
start_old_binary $port 18198 "$out/latency.json"
trap 'kill $new_pid ${old_pid:-} 2>/dev/null || true' EXIT
start_c payload_json_c 18197
trap 'kill $new_pid $c_pid ${old_pid:-} 2>/dev/null || true' EXIT
c_url="http://127.0.0.1:18197/v1/preflight"
url="http://127.0.0.1:$port/v1/preflight?fetch=false"
old_url="http://127.0.0.1:18198/v1/preflight?fetch=false"
for round in 1 2 3; do
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "$url" > "$out/peak.$round.txt"
  if [ -n "$old_pid" ]; then
    PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "$old_url" > "$out/peak-old.$round.txt"
  fi
done
peak=$(median_rps peak)
# Each connection sends one request per 4 ms plus the request's own time (about 0.8 ms here):
# connections = half the peak x 4.8 ms.
delay=4
connections=$(python3 -c "print(max(2, round($peak / 2 * ($delay + 0.8) / 1000)))")
for round in 1 2 3; do
  DELAY_MS=$delay PAYLOAD=bench/payload-1k.json wrk -t2 -c"$connections" -d"${seconds}s" --latency -s bench/http/paced.lua \
    "$url" > "$out/paced.$round.txt"
  if [ -n "$old_pid" ]; then
    DELAY_MS=$delay PAYLOAD=bench/payload-1k.json wrk -t2 -c"$connections" -d"${seconds}s" --latency \
      -s bench/http/paced.lua "$old_url" > "$out/paced-old.$round.txt"
  fi
  DELAY_MS=$delay PAYLOAD=bench/payload-1k.json wrk -t2 -c"$connections" -d"${seconds}s" --latency -s bench/http/paced.lua \
    "$c_url" > "$out/paced-c.$round.txt"
done

# p99s NAME: wrk's p99 of each round, as printed; median_p99 NAME: their median in ms.
p99s() { for round in 1 2 3; do awk '/ 99%/ {print $2}' "$out/$1.$round.txt"; done | tr '\n' ' '; }
median_p99() {
  for round in 1 2 3; do
    awk '/ 99%/ {v=$2; if (v ~ /us$/) {sub("us","",v); v/=1000} else if (v ~ /ms$/) {sub("ms","",v)} else if (v ~ /s$/) {sub("s","",v); v*=1000}; print v}' \
      "$out/$1.$round.txt"
  done | sort -n | sed -n 2p
}
# report LABEL PEAK_NAME PACED_NAME: the three lines of one build.
report() {
  local build_peak paced
  build_peak=$(median_rps "$2")
  paced=$(median_rps "$3")
  printf '%-52s %12s\n' "$1: peak (wrk -t2 -c64, median of 3)" "$build_peak"
  printf '%-52s %12s   (%.2f of the peak; %s connections, %s ms between requests)\n' \
    "$1: paced at about half of it, achieved" "$paced" "$(echo "$paced / $build_peak" | bc -l)" "$connections" "$delay"
  printf '%-52s %9s ms   (rounds: %s; target <= 1 ms)\n' "$1: p99 latency at half peak (median of 3)" \
    "$(median_p99 "$3")" "$(p99s "$3")"
}
report "this build" peak paced
[ -n "$old_pid" ] && report "OLD_BINARY" peak-old paced-old
printf '%-52s %12s\n' "C, the same work: paced the same, achieved" "$(median_rps paced-c)"
printf '%-52s %9s ms   (rounds: %s; the floor of this machine)\n' "C, the same work: p99 (median of 3)" \
  "$(median_p99 paced-c)" "$(p99s paced-c)"
exit 0
