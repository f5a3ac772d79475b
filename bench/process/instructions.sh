#!/usr/bin/env bash
# CPU work per request as a count that load does not move: the instructions a server executes
# per request, counted by `valgrind --tool=callgrind` (perf's `instructions` event needs a PMU,
# which this VM does not expose: `perf stat -e instructions` says <not supported>). Each server
# runs twice, answering SHORT and then LONG requests on one kept-alive connection, so the
# start-up and shutdown cancel out: (instructions of the long run - of the short run) /
# (LONG - SHORT), as allocations.sh does for heap blocks. Measured: the payload-only POST of
# bench/payload-1k.json to Preflight's release build and to the C server doing the same work
# (bench/baseline/payload_json_c.c, which must answer the same bytes), and GET /healthz against
# the bare libmicrohttpd hello-world (bench/baseline/hello_mhd.c), and per line of
# `check --ndjson - --no-fetch` against the C bulk baseline (bench/baseline/bulk_json_c.c) over
# BULK_SHORT and BULK_LONG lines of bulk_mix (bench/lib.sh) on stdin, every thread's instructions
# counted (callgrind runs one thread at a time), and per item of a POST /v1/preflight/batch of
# 100 payload-only items (BATCH_SHORT and BATCH_LONG batches) against the single request (and the C
# server's batch item against its own request and Preflight's item), and a
# POST whose image is a cache hit against the same POST payload-only. The ratios are C's count / Preflight's (the
# direction of the throughput ratios: 1.00 is C's work, higher is better). Kernel time is not
# counted: callgrind sees user space only.
# The same profiles (`--dump-instr=yes`) then give the code each request runs, in 64-byte lines
# (`code-lines.py`): equal instruction counts can hide a request whose code is spread three
# times as wide, which the instruction cache pays for and the counts do not show; and its
# atomic read-modify-writes (`atomics.py`), one instruction each in the counts, tens of cycles
# each on the CPU.
# INSTRUCTIONS_TOP=N (N > 0) adds the N functions with the most inclusive instructions per payload-only
# request in Preflight (callgrind_annotate --inclusive=yes over both runs, the short one
# subtracted): the profile of the request path, before and after a change.
# Run by bench/run.sh (`make bench`) or alone:
#   [SHORT=100 LONG=1100] [BULK_SHORT=1000 BULK_LONG=6000] [BATCH_SHORT=10 BATCH_LONG=60] [INSTRUCTIONS_TOP=15] \
#     bash bench/process/instructions.sh [BINARY]
source "$(dirname "$0")/../lib.sh" || exit 1
binary=${1:-.build/release/preflight}
bench_setup --binary "$binary" --c payload_json_c --c hello_mhd --c bulk_json_c --c atomic_price
short=${SHORT:-100}
long=${LONG:-1100}
bulk_short=${BULK_SHORT:-1000}
bulk_long=${BULK_LONG:-6000}
batch_short=${BATCH_SHORT:-10}
batch_long=${BATCH_LONG:-60}
batch_of_100 "$out/instructions-batch.json"
port=18320
payload_only_config $port instructions
server=""
lines=$(mktemp "$out/instructions-bulk.XXXXXX.ndjson")
trap 'kill $server 2>/dev/null || true; rm -f "$lines"; stop_started' EXIT

fail() { echo "instructions.sh: $1: expected $2, got $3" >&2; exit 1; }

# instructions NAME METHOD PATH BODY COUNT COMMAND...: runs COMMAND under callgrind, sends COUNT
# requests, stops it (SIGTERM) and prints the instructions it executed in all (callgrind's
# `totals:` line, https://valgrind.org/docs/manual/cl-format.html); the profile stays in
# $out/callgrind.NAME.COUNT.
instructions() {
  local name=$1 method=$2 path=$3 body=$4 count=$5 file="$out/callgrind.$1.$5"
  shift 5
  valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$file" "$@" > /dev/null 2> "$file.err" &
  server=$!
  wait_answering $port
  kept_alive $port "$method" "$path" "$count" "$body"
  kill -TERM $server
  wait $server || true
  server=""
  awk '/^totals:/ {print $2; exit}' "$file"
}

# per_request NAME METHOD PATH BODY SHORT LONG COMMAND...: instructions per request, by the
# difference of a run of SHORT requests and one of LONG.
per_request() {
  local name=$1 method=$2 path=$3 body=$4 short=$5 long=$6 a b
  shift 6
  a=$(instructions "$name" "$method" "$path" "$body" "$short" "$@")
  b=$(instructions "$name" "$method" "$path" "$body" "$long" "$@")
  [ -n "$a" ] && [ -n "$b" ] || fail "callgrind's totals for $name" "two counts" "'$a' and '$b' (see $out/callgrind.$name.*.err)"
  echo "($b - $a) / ($long - $short)" | bc
}

# per_line NAME COMMAND...: instructions per line of COMMAND over bulk_mix's lines on stdin (exit
# 1: a third of them fail), by the difference of a run over BULK_SHORT lines and one over BULK_LONG.
per_line() {
  local name=$1 count status totals=()
  shift
  for count in "$bulk_short" "$bulk_long"; do
    bulk_mix "$count" > "$lines"
    status=0
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$out/callgrind.$name.$count" "$@" < "$lines" \
      > /dev/null 2> "$out/callgrind.$name.$count.err" || status=$?
    [ "$status" -eq 1 ] || fail "the exit status of $name over $count lines (a third fail)" 1 "$status"
    totals+=("$(awk '/^totals:/ {print $2; exit}' "$out/callgrind.$name.$count")")
  done
  echo "(${totals[1]} - ${totals[0]}) / ($bulk_long - $bulk_short)" | bc
}

# The same work answers the same bytes: Preflight's reports and the C servers', before counting.
start_c payload_json_c $((port + 1))
"$binary" serve --config "$out/instructions.json" > /dev/null 2> "$out/instructions.err" & server=$!
wait_healthy $port > /dev/null
same_answers $((port + 1)) $port
kill $server $c_pid; wait $server || true
server=""
same_bulk_output "$binary"
bulk=("$binary" check --ndjson - --no-fetch --header apns-push-type:alert)

post=/v1/preflight?fetch=false
payload=bench/payload-1k.json
serve=("$binary" serve --config "$out/instructions.json")
c_post=$(per_request c-post POST /v1/preflight $payload "$short" "$long" "$out/payload_json_c" $port)
swift_post=$(per_request preflight-post POST "$post" $payload "$short" "$long" "${serve[@]}")
hello_get=$(per_request hello-get GET /healthz - "$short" "$long" "$out/hello_mhd" $port)
swift_get=$(per_request preflight-get GET /healthz - "$short" "$long" "${serve[@]}")
batch=$(per_request preflight-batch POST "/v1/preflight/batch?fetch=false" "$out/instructions-batch.json" \
  "$batch_short" "$batch_long" "${serve[@]}")
c_batch=$(per_request c-batch POST /v1/preflight/batch "$out/instructions-batch.json" "$batch_short" "$batch_long" \
  "$out/payload_json_c" $port)
c_line=$(per_line c-bulk "$out/bulk_json_c")
swift_line=$(per_line preflight-bulk "${bulk[@]}")

# A cache hit: a push whose image the server downloaded once (from bench/media-origin.py, on
# loopback), checked with downloads on, against the same push checked payload-only. Each run's
# first request is the download; both runs make it, so it cancels out.
python3 bench/media-origin.py > "$out/instructions-origin.port" & origin=$!
trap 'kill $server $origin 2>/dev/null || true; rm -f "$lines"; stop_started' EXIT
for _ in $(seq 100); do [ -s "$out/instructions-origin.port" ] && break; sleep 0.05; done
origin_port=$(head -1 "$out/instructions-origin.port")
cat > "$out/instructions-hit.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port}, "payload": {"allow_http_media": true},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$origin_port]}}
JSON
printf '{"aps":{"alert":"Your order has shipped","mutable-content":1},"image":"http://127.0.0.1:%s/push/hero.jpg"}' \
  "$origin_port" > "$out/instructions-hit-payload.json"
hit_serve=("$binary" serve --config "$out/instructions-hit.json")
swift_hit=$(per_request preflight-hit POST /v1/preflight "$out/instructions-hit-payload.json" "$short" "$long" \
  "${hit_serve[@]}")
swift_unfetched=$(per_request preflight-unfetched POST "$post" "$out/instructions-hit-payload.json" "$short" "$long" \
  "${hit_serve[@]}")
kill $origin

# row LABEL VALUE [BASE TARGET]: a line of instructions per request, and BASE / VALUE.
row() {
  if [ $# -lt 3 ]; then
    printf '%-52s %12s %8s\n' "$1" "$2" 1.00
  else
    printf '%-52s %12s %8.2f   (target >= %s)\n' "$1" "$2" "$(echo "$3 / $2" | bc -l)" "$4"
  fi
}
printf '%-52s %12s %8s\n' "instructions per request (callgrind, ${long}-${short})" instructions "C/this"
row "C: libmicrohttpd + json-c, the same checks (POST)" "$c_post"
row "preflight POST /v1/preflight?fetch=false" "$swift_post" "$c_post" 0.9
row "bare libmicrohttpd hello-world (C), GET" "$hello_get"
row "preflight GET /healthz" "$swift_get" "$hello_get" 0.9
row "preflight POST, against the hello-world's GET" "$swift_post" "$hello_get" 0.65
row "preflight batch of 100, per item; single POST/this" "$((batch / 100))" "$swift_post" 6
printf '%-52s %12s %8.2f   (its POST / its item)\n' "C, the same work: batch of 100, per item" "$((c_batch / 100))" \
  "$(echo "$c_post / ($c_batch / 100)" | bc -l)"
printf '%-52s %12s %8.2f\n' "preflight's batch item against C's; C/this" "" "$(echo "$c_batch / $batch" | bc -l)"
row "C bulk baseline, per line (${bulk_long}-${bulk_short} lines)" "$c_line"
row "preflight check --ndjson --no-fetch, per line" "$swift_line" "$c_line" 0.8
row "preflight POST with an image, payload-only" "$swift_unfetched"
row "the same, a cache hit; payload-only/this" "$swift_hit" "$swift_unfetched" 0.8

# figure LABEL VALUE [BASE]: a row of the code lines' and the atomics' tables, with BASE / VALUE
# (1.00 for a base's own row).
figure() {
  if [ $# -lt 3 ]; then
    printf '%-52s %12s %8s\n' "$1" "$2" 1.00
  else
    printf '%-52s %12s %8.2f\n' "$1" "$2" "$(echo "$3 / $2" | bc -l)"
  fi
}

# code NAME SHORT LONG LABEL [BASE]: the 64-byte code lines each request (or line) runs, from the
# same profiles (`code-lines.py`), and BASE / LINES.
code() {
  local lines
  lines=$(python3 "$(dirname "$0")/code-lines.py" "$out/callgrind.$1.$2" "$out/callgrind.$1.$3" "$(($3 - $2))")
  lines=${lines%% *}
  figure "$4" "$lines" "${@:5}"
  code_lines=$lines
}
echo
printf '%-52s %12s %8s\n' "code run per request, 64-byte lines (same profiles)" lines "C/this"
code c-post "$short" "$long" "C: libmicrohttpd + json-c, the same checks (POST)"
c_post_lines=$code_lines
code preflight-post "$short" "$long" "preflight POST /v1/preflight?fetch=false" "$c_post_lines"
code hello-get "$short" "$long" "bare libmicrohttpd hello-world (C), GET"
hello_lines=$code_lines
code preflight-get "$short" "$long" "preflight GET /healthz" "$hello_lines"
code c-bulk "$bulk_short" "$bulk_long" "C bulk baseline, per line"
c_bulk_lines=$code_lines
code preflight-bulk "$bulk_short" "$bulk_long" "preflight check --ndjson --no-fetch, per line" "$c_bulk_lines"
code preflight-unfetched "$short" "$long" "preflight POST with an image, payload-only"
unfetched_lines=$code_lines
code preflight-hit "$short" "$long" "the same, a cache hit" "$unfetched_lines"

# atomics NAME SHORT LONG UNITS LABEL [BASE]: the atomic read-modify-writes (locked instructions:
# reference counts written, locks, shared counters) each of UNITS runs, from the same profiles
# (`atomics.py`), and BASE / that; callgrind counts them as one instruction each, the CPU does not.
atomics() {
  local count
  count=$(python3 "$(dirname "$0")/atomics.py" "$out/callgrind.$1.$2" "$out/callgrind.$1.$3" "$4" 0)
  count=${count%% *}
  figure "$5" "$count" "${@:6}"
  atomic_count=$count
}
echo
printf '%-52s %12s %8s\n' "atomic read-modify-writes per request (same profiles)" atomics "C/this"
atomics c-post "$short" "$long" "$((long - short))" "C: libmicrohttpd + json-c, the same checks (POST)"
c_post_atomics=$atomic_count
atomics preflight-post "$short" "$long" "$((long - short))" "preflight POST /v1/preflight?fetch=false" "$c_post_atomics"
atomics hello-get "$short" "$long" "$((long - short))" "bare libmicrohttpd hello-world (C), GET"
hello_atomics=$atomic_count
atomics preflight-get "$short" "$long" "$((long - short))" "preflight GET /healthz" "$hello_atomics"
atomics preflight-batch "$batch_short" "$batch_long" "$(((batch_long - batch_short) * 100))" \
  "preflight batch of 100, per item"
atomics c-bulk "$bulk_short" "$bulk_long" "$((bulk_long - bulk_short))" "C bulk baseline, per line"
c_bulk_atomics=$atomic_count
atomics preflight-bulk "$bulk_short" "$bulk_long" "$((bulk_long - bulk_short))" \
  "preflight check --ndjson --no-fetch, per line" "$c_bulk_atomics"
read -r atomic_ns plain_ns < <("$out/atomic_price")
printf '%-52s %12s   (a plain one %s ns: bench/baseline/atomic_price.c)\n' "an atomic read-modify-write here, ns" \
  "$atomic_ns" "$plain_ns"

# INSTRUCTIONS_TOP unset or 0: no such list.
[ "${INSTRUCTIONS_TOP:-0}" -gt 0 ] || exit 0
echo
echo "preflight, inclusive instructions per payload-only request, top $INSTRUCTIONS_TOP (callgrind_annotate):"
python3 - "$out/callgrind.preflight-post.$short" "$out/callgrind.preflight-post.$long" "$((long - short))" \
  "$INSTRUCTIONS_TOP" <<'PY' | { if command -v swift-demangle > /dev/null; then swift-demangle --simplified; else cat; fi; } | cut -c1-160
import re, subprocess, sys
short_file, long_file, requests, top = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
# callgrind_annotate's lines: `COUNT file:function [object]`, the object only where the profile
# names one for that file and function (/usr/bin/callgrind_annotate, 3.19, its print of a function).
line = re.compile(r"^\s*([\d,]+)\s+[^:\s]*:(\S.*?)(?: \[([^\]]*)\])?\s*$")

def functions(path):
    """Inclusive instructions per function of one profile: a function inlined from several files
    is listed once per file, and the largest of those counts is kept (it holds the others)."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", "--show-percs=no",
                           "--auto=no", path], capture_output=True, text=True, check=True).stdout
    counts, objects = {}, {}
    for row in text.splitlines():
        match = line.match(row)
        if not match:
            continue
        count, function, obj = int(match.group(1).replace(",", "")), match.group(2), match.group(3)
        if function.startswith("0x"):
            continue  # an address in a library without symbols (libmicrohttpd's internals)
        if obj:
            objects[function] = obj.rsplit("/", 1)[-1]
        counts[function] = max(count, counts.get(function, 0))
    return counts, objects

(before, _), (after, objects) = functions(short_file), functions(long_file)
per = sorted(((after[name] - before.get(name, 0)) / requests, name) for name in after)
for count, name in reversed(per[-top:]):
    print(f"  {count:10.0f}  {name}  ({objects.get(name, '?')})")
PY
