#!/usr/bin/env bash
# `preflight check --ndjson - --no-fetch` in bulk against the C bulk baseline doing the same
# checks per line (bench/baseline/bulk_json_c.c: json-c, the checks of payload_json_c.c, as many
# threads as Preflight's pool, a bounded window, reports in order, the same summary). First both
# judge a sample (the three payloads of the timed input, bench/payload-1k.json, a blank line) and
# their outputs must be equal byte for byte; then LINES generated lines of 1 KiB (a pass, a fail
# and a warn in turn) go through each from stdin, three interleaved rounds, the median lines/s
# and their ratio (target >= 0.8), and one run of Preflight under `taskset -c 0` (one CPU, which
# HostCPU reads from the affinity mask); then the peak RSS of 1,000,000 lines against 1,000
# (Tests/CLI/bulk_memory_test.py, which also checks every line; target <= 1.5).
# Run by bench/run.sh (`make bench`) or alone: bash bench/process/bulk.sh [LINES]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --c bulk_json_c
lines=${1:-200000}
input=$(mktemp "$out/bulk.XXXXXX.ndjson")
trap 'rm -f "$input"' EXIT

fail() { echo "bulk.sh: $1: expected $2, got $3" >&2; exit 1; }

bulk_mix "$lines" > "$input"

preflight=(.build/release/preflight check --ndjson - --no-fetch --header apns-push-type:alert)
c_bulk=("$out/bulk_json_c")

# The same checks write the same bytes: every report line and the summary.
same_bulk_output .build/release/preflight

# lines_per_second NAME COMMAND...: the lines/s of one run of COMMAND over $input from stdin,
# its output discarded (exit 1: a third of the lines fail).
lines_per_second() {
  local name=$1 start end status=0
  shift
  start=$(date +%s.%N)
  "$@" < "$input" > /dev/null || status=$?
  end=$(date +%s.%N)
  [ "$status" -eq 1 ] || fail "$name's exit status (a third of the lines fail)" 1 "$status"
  echo "$lines / ($end - $start)" | bc -l
}
for round in 1 2 3; do
  lines_per_second "the C bulk baseline" "${c_bulk[@]}" > "$out/bulk-c.$round"
  lines_per_second preflight "${preflight[@]}" > "$out/bulk-preflight.$round"
done
median() { sort -n "$out/$1".[123] | sed -n 2p; }
c=$(median bulk-c)
all=$(median bulk-preflight)
one=$(lines_per_second "preflight under taskset" taskset -c 0 "${preflight[@]}")
ratio_head "check --ndjson --no-fetch, $lines lines from stdin, median of 3" lines/s
ratio_row "C bulk baseline: json-c, the same checks, $(nproc) threads" "$(printf %.0f "$c")"
ratio_row "preflight, every CPU" "$(printf %.0f "$all")" "$c" "(target >= 0.8)"
ratio_row "preflight, one CPU (taskset -c 0; one run)" "$(printf %.0f "$one")" "$c"
python3 Tests/CLI/bulk_memory_test.py .build/release/preflight 1000000
