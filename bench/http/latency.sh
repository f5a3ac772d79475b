#!/usr/bin/env bash
# The p99 of payload-only POSTs at half of the peak throughput. The peak is
# the median of three unpaced rounds (wrk -t2 -c64); then three paced rounds (bench/http/paced.lua:
# each connection waits 4 ms between requests, the connections chosen for half the peak) give the
# achieved rate and wrk's p99. Usage: bash bench/http/latency.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup
seconds=${1:-10}
port=18199
start_payload_only $port latency
url="http://127.0.0.1:$port/v1/preflight?fetch=false"
for round in 1 2 3; do
  PAYLOAD=bench/payload-1k.json wrk -t2 -c64 -d"${seconds}s" -s bench/post.lua "$url" > "$out/peak.$round.txt"
done
peak=$(median_rps peak)
# Each connection sends one request per 4 ms plus the request's own time (about 0.8 ms here):
# connections = half the peak x 4.8 ms.
delay=4
connections=$(python3 -c "print(max(2, round($peak / 2 * ($delay + 0.8) / 1000)))")
for round in 1 2 3; do
  DELAY_MS=$delay PAYLOAD=bench/payload-1k.json wrk -t2 -c"$connections" -d"${seconds}s" --latency -s bench/http/paced.lua \
    "$url" > "$out/paced.$round.txt"
done
paced=$(median_rps paced)
p99s=$(for round in 1 2 3; do awk '/ 99%/ {print $2}' "$out/paced.$round.txt"; done | tr '\n' ' ')
median_p99=$(for round in 1 2 3; do awk '/ 99%/ {v=$2; if (v ~ /us$/) {sub("us","",v); v/=1000} else if (v ~ /ms$/) {sub("ms","",v)} else if (v ~ /s$/) {sub("s","",v); v*=1000}; print v}' "$out/paced.$round.txt"; done | sort -n | sed -n 2p)
printf '%-52s %12s\n' "payload-only POST, peak (wrk -t2 -c64, median of 3)" "$peak"
printf '%-52s %12s   (%.2f of the peak; %s connections, %s ms between requests)\n' \
  "paced at about half of it, achieved" "$paced" "$(echo "$paced / $peak" | bc -l)" "$connections" "$delay"
printf '%-52s %9s ms   (rounds: %s; target <= 1 ms)\n' "p99 latency at half peak (median of 3)" "$median_p99" "$p99s"
