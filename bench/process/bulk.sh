#!/usr/bin/env bash
# `preflight check --ndjson --no-fetch` in bulk: lines/s over LINES generated lines of 1 KiB (a
# pass, a fail and a warn in turn) with every CPU the process may use and under `taskset -c 0`
# (one CPU, which HostCPU reads from the affinity mask), the ratio of the two; then the peak RSS
# of 1,000,000 lines against 1,000 (Tests/CLI/bulk_memory_test.py, which also checks every line).
# Run by bench/run.sh (`make bench`) or alone: bash bench/process/bulk.sh [LINES]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup
lines=${1:-200000}
input=$(mktemp "$out/bulk.XXXXXX.ndjson")
trap 'rm -f "$input"' EXIT
python3 - "$lines" > "$input" <<'PY'
import sys
def padded(payload):
    return payload[:-1] + ',"pad":"' + "x" * (1024 - len(payload) - len(',"pad":""') - 1) + '"}\n'
payloads = [padded(p) for p in (
    '{"aps":{"alert":{"title":"Sale","body":"half price"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}',
    '{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}',
    '{"aps":{"alert":"hi","mutable-content":1,"campaign":"x"},"image":"https://cdn.example.com/a.jpg"}')]
sys.stdout.write("".join(payloads[i % 3] for i in range(int(sys.argv[1]))))
PY

# lines_per_second [PREFIX...]: the lines/s of one run over $input (exit 1: a third of the lines fail).
lines_per_second() {
  local start end status=0
  start=$(date +%s.%N)
  "$@" .build/release/preflight check --ndjson "$input" --no-fetch --header apns-push-type:alert > /dev/null || status=$?
  end=$(date +%s.%N)
  [ "$status" -eq 1 ] || { echo "bulk.sh: expected exit 1 (a third fail), got $status" >&2; exit 1; }
  echo "$lines / ($end - $start)" | bc -l
}

all=$(lines_per_second env)
one=$(lines_per_second taskset -c 0)
ratio_head "check --ndjson --no-fetch, $lines lines of 1 KiB ($(nproc) CPUs)" lines/s
ratio_row "one CPU (taskset -c 0)" "$(printf %.0f "$one")"
ratio_row "every CPU" "$(printf %.0f "$all")" "$one" "(the C bulk baseline is not measured yet)"
python3 Tests/CLI/bulk_memory_test.py .build/release/preflight 1000000
