#!/usr/bin/env bash
# Instructions per batch item spent inside one function: callgrind counts only while FUNCTION (a
# mangled Swift symbol, `*` allowed; `nm BINARY | swift-demangle` finds it) is on the stack
# (`--toggle-collect`, https://valgrind.org/docs/manual/cl-manual.html), over SHORT and then LONG
# POSTs of bench_setup's batch of 100 payload-only items (batch_of_100) on one kept-alive
# connection: (instructions of the long run - of the short run) / ((LONG - SHORT) * 100). How a
# step of the item's work (the parse, the rules, the report) is measured on its own, without the
# request around it; `instructions.sh` counts the whole process.
# Usage: [SHORT=10 LONG=60] bash bench/process/phase.sh FUNCTION... (BINARY=path for another build)
#   e.g. bash bench/process/phase.sh '$s16PreflightService9EndpointsV5batch_9respondery0A4HTTP11HTTPRequestV_AF9ResponderCtF'
source "$(dirname "$0")/../lib.sh" || exit 1
binary=${BINARY:-.build/release/preflight}
bench_setup --binary "$binary"
short=${SHORT:-10}
long=${LONG:-60}
port=18330
batch_of_100 "$out/phase-batch.json"
payload_only_config $port phase

# count FUNCTION BATCHES: the instructions counted inside FUNCTION over BATCHES batches.
count() {
  local file="$out/callgrind.phase.$2"
  valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect="$1" \
    "$binary" serve --config "$out/phase.json" > /dev/null 2> "$file.err" &
  server=$!
  started $server
  wait_answering $port
  kept_alive $port POST "/v1/preflight/batch?fetch=false" "$2" "$out/phase-batch.json"
  kill -TERM $server
  wait $server || true
  server=""
  awk '/^totals:/ {print $2; exit}' "$file"
}

printf '%12s  %s\n' "per item" "inside"
for function in "$@"; do
  a=$(count "$function" "$short")
  b=$(count "$function" "$long")
  [ -n "$a" ] && [ -n "$b" ] || { echo "phase.sh: no totals for $function (see $out/callgrind.phase.*.err)" >&2; exit 1; }
  printf '%12s  %s\n' "$(( (b - a) / ((long - short) * 100) ))" "$function"
done
