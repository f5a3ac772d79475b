#!/usr/bin/env bash
# The HTTP front: GET /healthz and the payload-only POST of bench/payload-1k.json to Preflight,
# against the bare libmicrohttpd hello-world (bench/baseline/hello_mhd.c), the hello-world's
# answer to the same POST, and a second hello-world that answers the POST with the very report
# Preflight answers (the exchange of those bytes with nothing checked); wrk -t2 -c64, three
# interleaved rounds, medians. Each row also gives the CPU time a request cost the server and wrk
# (the median round's): wrk shares the machine's cores with the server, so what a slower server
# leaves wrk idle is not free for the server to use (bench/RESULTS.md, "What the hello-world's
# ratio asks").
# Usage: bash bench/http/throughput.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c hello_mhd
seconds=${1:-15}

base_port=18181
port=18182
report_port=18183
start_c hello_mhd $base_port
base_pid=$c_pid
cat > "$out/bench.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port},
 "profiles": {"bench": {"naming": "url-path", "download": "disk", "device": {"throughput_bits_per_s": 1000000000000}}}, "default_profile": "bench", "fetch": {"enabled": false}}
JSON
start_preflight $port "$out/bench.json"
# The report Preflight answers to the POST wrk sends (bench/post.lua's headers), for the second
# hello-world to answer with.
curl -sf -o "$out/report.json" -H 'Content-Type: application/json' -H 'apns-push-type: alert' \
  -H 'apns-priority: 10' --data-binary @bench/payload-1k.json "http://127.0.0.1:$port/v1/preflight?fetch=false"
start_c hello_mhd $report_port "$out/report.json"
report_pid=$c_pid

p99() { awk '/ 99%/ {print $2}' "$1"; }
tick=$(getconf CLK_TCK)
# measured NAME ROUND PID wrk-ARGUMENTS...: one wrk run into $out/NAME.ROUND.txt, and the CPU
# time a request cost the server PID and wrk, in microseconds, into $out/NAME.ROUND.cpu.
measured() {
  local name=$1 round=$2 server=$3 before after user system
  shift 3
  before=$(process_ticks "$server")
  local TIMEFORMAT='%U %S'
  { time wrk "$@" > "$out/$name.$round.txt" 2> "$out/$name.$round.err"; } 2> "$out/$name.$round.time"
  after=$(process_ticks "$server")
  read -r user system < "$out/$name.$round.time"
  awk -v n="$(awk '/requests in/ {print $1}' "$out/$name.$round.txt")" -v before="$before" -v after="$after" \
    -v tick="$tick" -v u="$user" -v k="$system" \
    'BEGIN {split(before, b); split(after, a)
      printf "%.1f %.1f\n", (a[1] + a[2] - b[1] - b[2]) / tick / n * 1e6, (u + k) / n * 1e6}' > "$out/$name.$round.cpu"
}

# Three rounds, the five runs interleaved in each, so drift on this shared machine hits them alike;
# the figures are the medians of the rounds (the p99 is the median round's). Each run is -d SECONDS.
rounds=3
round_seconds=$seconds
load=(-t2 -c64 -d"${round_seconds}s" --latency)
for round in $(seq $rounds); do
  measured baseline "$round" $base_pid "${load[@]}" "http://127.0.0.1:$base_port/healthz"
  PAYLOAD=bench/payload-1k.json measured baseline-post "$round" $base_pid "${load[@]}" -s bench/post.lua \
    "http://127.0.0.1:$base_port/v1/preflight"
  PAYLOAD=bench/payload-1k.json measured baseline-report "$round" $report_pid "${load[@]}" -s bench/post.lua \
    "http://127.0.0.1:$report_port/v1/preflight"
  measured healthz "$round" $pid "${load[@]}" "http://127.0.0.1:$port/healthz"
  PAYLOAD=bench/payload-1k.json measured preflight "$round" $pid "${load[@]}" -s bench/post.lua \
    "http://127.0.0.1:$port/v1/preflight?fetch=false"
done
# median NAME: the median requests/s of the rounds, then that round's p99 and CPU time a request
# (the server's, wrk's).
median() {
  for round in $(seq $rounds); do
    echo "$(rps "$out/$1.$round.txt") $(p99 "$out/$1.$round.txt") $(cat "$out/$1.$round.cpu")"
  done | sort -n | sed -n "$(( (rounds + 1) / 2 ))p"
}
read -r base base_p99 base_cpu base_wrk < <(median baseline)
read -r base_post base_post_p99 base_post_cpu base_post_wrk < <(median baseline-post)
read -r base_report base_report_p99 base_report_cpu base_report_wrk < <(median baseline-report)
read -r health health_p99 health_cpu health_wrk < <(median healthz)
read -r post post_p99 post_cpu post_wrk < <(median preflight)
report_bytes=$(wc -c < "$out/report.json")
format='%-46s %12s %8s %8s %8s %6s%s\n'
# row LABEL REQUESTS/S P99 SERVER-US WRK-US [NOTE]: a line with its ratio to the hello-world's.
row() { printf "$format" "$1" "$2" "$3" "$4" "$5" "$(printf '%.2f' "$(echo "$2 / $base" | bc -l)")" "${6:+   $6}"; }
printf "$format" "benchmark (wrk -t2 -c64, ${rounds}x${round_seconds}s)" "requests/s" "p99" "server" "wrk" \
  "ratio" "   (CPU us a request)"
row "bare libmicrohttpd hello-world (C)" "$base" "$base_p99" "$base_cpu" "$base_wrk"
row "hello-world (C), POST of the 1 KB body" "$base_post" "$base_post_p99" "$base_post_cpu" "$base_post_wrk"
row "hello-world (C), the POST answered ${report_bytes} B" "$base_report" "$base_report_p99" \
  "$base_report_cpu" "$base_report_wrk" "(Preflight's report, nothing checked)"
row "preflight GET /healthz" "$health" "$health_p99" "$health_cpu" "$health_wrk" "(target >= 0.9)"
row "preflight POST /v1/preflight (1 KB)" "$post" "$post_p99" "$post_cpu" "$post_wrk" "(target >= 0.65)"
