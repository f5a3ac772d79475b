# Shared by the bench scripts. Each one begins with the same two lines:
#
#   source "$(dirname "$0")/../lib.sh" || exit 1    # bench/run.sh: "$(dirname "$0")/lib.sh"
#   bench_setup [--origins] [--binary PATH | --no-binary] [--c PROGRAM]...
#
# The `source` line is the one that cannot move into a function: nothing of this file exists
# before it, and `|| exit 1` stops a script whose lib.sh is missing, since `set -e` is not on
# yet. Everything else a script used to repeat is `bench_setup`. The `set -euo pipefail` in it
# holds for the whole script, because bash's options are not local to a function.

# Every process a bench starts in the background is stopped when the script exits, however it
# exits (a failed start, a failed check, the end): `started PID...` adds processes to the list,
# and the one EXIT trap, set here, stops them. The helpers below (start_c, start_preflight,
# start_old_binary) list what they start. A script that needs more done on exit sets its own
# EXIT trap, which replaces this one, and calls stop_started in it.
started_pids=()
started() { started_pids+=("$@"); }
stop_started() {
  if [ ${#started_pids[@]} -gt 0 ]; then kill "${started_pids[@]}" 2> /dev/null || true; fi
}
trap stop_started EXIT

# bench_setup [--origins] [--binary PATH | --no-binary] [--c PROGRAM]...: stops the script at
# the first failing command, an unset variable or a failing pipe; works from the repository's
# root (every path in the bench is relative to it); with --origins, reads the loopback origins'
# ports and CA from $PREFLIGHT_ORIGINS (the script must run under Tests/Origins/with-origins.sh);
# checks that the server binary is built (PATH, .build/release/preflight by default; --no-binary
# for a run without it); makes $out (bench/out), where the results go; and compiles each C
# PROGRAM of bench/baseline/ into $out/PROGRAM.
bench_setup() {
  set -euo pipefail
  cd "$(dirname "${BASH_SOURCE[0]}")/.."
  local binary=.build/release/preflight programs=()
  while [ $# -gt 0 ]; do
    case $1 in
      --origins)
        [ -n "${PREFLIGHT_ORIGINS:-}" ] || { echo "$0: run it under Tests/Origins/with-origins.sh" >&2; exit 2; }
        # shellcheck source=/dev/null
        source "$PREFLIGHT_ORIGINS"
        ;;
      --binary) binary=$2; shift ;;
      --no-binary) binary="" ;;
      --c) programs+=("$2"); shift ;;
      *) echo "bench_setup: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
  done
  if [ -n "$binary" ] && [ ! -x "$binary" ]; then
    case $binary in
      .build/release/*) echo "$0: no $binary; run \`make release\` first" >&2 ;;
      .build/debug/*) echo "$0: no $binary; run \`make build\` first" >&2 ;;
      *) echo "$0: no $binary" >&2 ;;
    esac
    exit 2
  fi
  out=bench/out
  mkdir -p "$out"
  local program
  for program in "${programs[@]}"; do
    build_c "$program"
  done
}

# build_c PROGRAM: compiles bench/baseline/PROGRAM.c into $out/PROGRAM with the libraries it needs
# (the two baselines that judge payloads share bench/baseline/payload_checks.c), or the load
# generator bench/http/paced_post.c.
build_c() {
  local flags=(-O2 -Wall -Wextra -Werror)
  case $1 in
    hello_mhd) cc "${flags[@]}" -o "$out/$1" "bench/baseline/$1.c" -lmicrohttpd ;;
    payload_json_c) cc "${flags[@]}" -o "$out/$1" "bench/baseline/$1.c" bench/baseline/payload_checks.c -lmicrohttpd -ljson-c ;;
    bulk_json_c) cc "${flags[@]}" -pthread -o "$out/$1" "bench/baseline/$1.c" bench/baseline/payload_checks.c -ljson-c ;;
    paced_post) cc "${flags[@]}" -o "$out/$1" "bench/http/$1.c" ;;
    atomic_price) cc "${flags[@]}" -o "$out/$1" "bench/baseline/$1.c" ;;
    *) echo "build_c: no C program $1 in bench/baseline" >&2; return 2 ;;
  esac
}

# bulk_mix COUNT: COUNT NDJSON lines for the bulk benches, a pass, a fail (no mutable-content)
# and a warn (an unknown aps key) in turn, each padded to 1 KiB, its newline included (the
# lines of Tests/CLI/bulk_memory_test.py).
bulk_mix() {
  python3 - "$1" <<'PY'
import sys
def padded(payload):
    return payload[:-1] + ',"pad":"' + "x" * (1024 - len(payload) - len(',"pad":""') - 1) + '"}\n'
payloads = [padded(p) for p in (
    '{"aps":{"alert":{"title":"Sale","body":"half price"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}',
    '{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}',
    '{"aps":{"alert":"hi","mutable-content":1,"campaign":"x"},"image":"https://cdn.example.com/a.jpg"}')]
sys.stdout.write("".join(payloads[i % 3] for i in range(int(sys.argv[1]))))
PY
}

# batch_of_100 FILE: writes the body of a POST /v1/preflight/batch of 100 items, each
# bench/payload-1k.json as an alert push of priority 10.
batch_of_100() {
  python3 - "$1" <<'PY'
import json, sys
payload = json.load(open("bench/payload-1k.json"))
items = [{"payload": payload, "headers": {"apns-push-type": "alert", "apns-priority": "10"}} for _ in range(100)]
json.dump({"items": items}, open(sys.argv[1], "w"), separators=(",", ":"))
PY
}

# start_c PROGRAM PORT [ARGUMENT...]: the C server $out/PROGRAM on PORT (with the arguments after
# it) in the background ($c_pid, stopped when the script exits), once it answers.
start_c() {
  "$out/$1" "${@:2}" &
  c_pid=$!
  started $c_pid
  for _ in $(seq 50); do
    curl -s -o /dev/null "http://127.0.0.1:$2/" && return 0
    sleep 0.05
  done
  echo "$1 does not answer on port $2" >&2
  return 1
}

# same_answers C_PORT PORT: the C server doing the same work (bench/baseline/payload_json_c.c,
# on C_PORT) answers what Preflight answers on PORT, byte for byte, to the two bodies the payload
# ratios time, as bench/post.lua sends them: bench/payload-1k.json alone, and the batch of 100 of
# it ($out/batch-100.json, written here). Each answer must be a 200; fails with the first
# difference.
same_answers() {
  batch_of_100 "$out/batch-100.json"
  same_answer "bench/payload-1k.json" "$1" /v1/preflight "$2" "/v1/preflight?fetch=false" bench/payload-1k.json
  same_answer "the batch of 100" "$1" /v1/preflight/batch "$2" "/v1/preflight/batch?fetch=false" "$out/batch-100.json"
}

# same_answer NAME C_PORT C_PATH PORT PATH BODY: the POST of the file BODY answered 200 by both
# servers with the same bytes.
same_answer() {
  local c_file="$out/same-answer.c" file="$out/same-answer.preflight" c_status status
  local headers=(-H 'Content-Type: application/json' -H 'apns-push-type: alert' -H 'apns-priority: 10')
  c_status=$(curl -s -o "$c_file" -w '%{http_code}' "${headers[@]}" --data-binary @"$6" "http://127.0.0.1:$2$3")
  status=$(curl -s -o "$file" -w '%{http_code}' "${headers[@]}" --data-binary @"$6" "http://127.0.0.1:$4$5")
  if [ "$c_status" != 200 ] || [ "$status" != 200 ]; then
    echo "$1: the C server answered $c_status and Preflight $status, 200 expected" >&2
    return 1
  fi
  cmp -s "$c_file" "$file" || {
    echo "$1: the C server's answer is not Preflight's (first difference at$(cmp "$c_file" "$file" 2>&1 | cut -d: -f2-))" >&2
    return 1
  }
}

# same_bulk_output PREFLIGHT: the C bulk baseline ($out/bulk_json_c) writes what `PREFLIGHT check
# --ndjson - --no-fetch` writes, byte for byte, over a sample of what the bulk bench times
# (bulk_mix's three payloads, a blank line, bench/payload-1k.json): every report and the
# summary, both exiting 1 (lines fail).
same_bulk_output() {
  local sample="$out/same-bulk.ndjson" status=0
  { bulk_mix 30; echo; cat bench/payload-1k.json; echo; bulk_mix 3; } > "$sample"
  "$1" check --ndjson - --no-fetch --header apns-push-type:alert < "$sample" > "$sample.preflight" || status=$?
  [ "$status" -eq 1 ] || { echo "preflight check --ndjson: exit status $status on the sample, 1 expected" >&2; return 1; }
  status=0; "$out/bulk_json_c" < "$sample" > "$sample.c" || status=$?
  [ "$status" -eq 1 ] || { echo "the C bulk baseline: exit status $status on the sample, 1 expected" >&2; return 1; }
  [ -s "$sample.c" ] && cmp -s "$sample.preflight" "$sample.c" || {
    echo "the C bulk baseline's output is not Preflight's: $(diff "$sample.preflight" "$sample.c" | head -3 | cut -c1-300)" >&2
    return 1
  }
}

# wait_healthy PORT [TRIES]: waits until /healthz answers on 127.0.0.1:PORT (0.05 s a try).
wait_healthy() {
  for _ in $(seq "${2:-100}"); do
    curl -sf "http://127.0.0.1:$1/healthz" > /dev/null && return 0
    sleep 0.05
  done
  echo "no server answers on port $1" >&2
  return 1
}

# wait_answering PORT: waits until a server on 127.0.0.1:PORT answers anything at all on
# /healthz (a C baseline answers a GET with a 422); under valgrind a start takes seconds, so it
# tries for a minute.
wait_answering() {
  for _ in $(seq 1200); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/healthz")" != 000 ] && return 0
    sleep 0.05
  done
  echo "no server answers on port $1" >&2
  return 1
}

# kept_alive PORT METHOD PATH COUNT [BODY]: COUNT requests on one kept-alive connection to
# 127.0.0.1:PORT, each expected to answer 200; a POST sends the file BODY with an alert push's
# headers (`apns-push-type: alert`, `apns-priority: 10`). How the counting scripts (callgrind,
# dhat) drive a server: the difference of two such runs is the cost of the requests between them.
kept_alive() {
  python3 - "$@" <<'PY'
import http.client, sys
port, method, path, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
body = open(sys.argv[5], "rb").read() if method == "POST" else None
headers = {"apns-push-type": "alert", "apns-priority": "10"} if method == "POST" else {}
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
for _ in range(count):
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    response.read()
    assert response.status == 200, f"{method} {path}: expected 200, got {response.status}"
PY
}

# start_preflight PORT CONFIG: the release server with CONFIG in the background ($pid), stopped
# when the script exits, its stderr in CONFIG's name with .err; returns once it is healthy.
start_preflight() {
  .build/release/preflight serve --config "$2" > /dev/null 2> "${2%.json}.err" &
  pid=$!
  started $pid
  wait_healthy "$1"
}

# payload_only_config PORT NAME: writes $out/NAME.json, a configuration that listens on PORT and
# never downloads, the server of every payload-only bench.
payload_only_config() {
  echo "{\"listen\": {\"host\": \"127.0.0.1\", \"port\": $1}, \"fetch\": {\"enabled\": false}}" > "$out/$2.json"
}

# start_payload_only PORT NAME: start_preflight with payload_only_config's $out/NAME.json.
start_payload_only() {
  payload_only_config "$1" "$2"
  start_preflight "$1" "$out/$2.json"
}

# start_old_binary PORT OLD_PORT CONFIG: when OLD_BINARY is set, that build with CONFIG's port
# changed to OLD_PORT, in the background ($old_pid; empty without OLD_BINARY), once it is healthy:
# the other side of an A/B; stopped when the script exits.
start_old_binary() {
  old_pid=""
  [ -n "${OLD_BINARY:-}" ] || return 0
  sed "s/$1/$2/" "$3" > "${3%.json}-old.json"
  "$OLD_BINARY" serve --config "${3%.json}-old.json" > /dev/null 2> "${3%.json}-old.err" &
  old_pid=$!
  started $old_pid
  wait_healthy "$2"
}

# stat_ticks FILE: the user and the system clock ticks (getconf CLK_TCK a second) from a process's
# or a thread's stat file (/proc/PID/stat, /proc/PID/task/TID/stat).
stat_ticks() { awk '{print $14, $15}' "$1"; }
# process_ticks PID: those of the process PID.
process_ticks() { stat_ticks "/proc/$1/stat"; }

# cpu_round NAME PID URL [get]: one wrk run of $seconds (a POST of bench/payload-1k.json, or a
# GET) against the server PID at URL, with the threads and connections of $load (-t2 -c64 when
# unset); writes "requests user_ticks system_ticks" to $out/cpu.NAME.$round, the server's own CPU
# time over the run.
cpu_round() {
  local before after
  local -a shape
  read -r -a shape <<< "${load:--t2 -c64}"
  before=$(process_ticks "$2")
  if [ "${4:-}" = get ]; then
    wrk "${shape[@]}" -d"${seconds}s" "$3" > "$out/cpu-wrk.txt"
  else
    PAYLOAD=bench/payload-1k.json wrk "${shape[@]}" -d"${seconds}s" -s bench/post.lua "$3" > "$out/cpu-wrk.txt"
  fi
  after=$(process_ticks "$2")
  echo "$(awk '/requests in/ {print $1}' "$out/cpu-wrk.txt") $before $after" |
    awk '{print $1, $4 - $2, $5 - $3}' > "$out/cpu.$1.$round"
}

# cpu_median NAME FIELD: the median over cpu_round's three rounds of NAME of the microseconds of
# CPU a request (FIELD 2 user, 3 system, 4 both).
cpu_median() {
  local ticks_per_second
  ticks_per_second=$(getconf CLK_TCK)
  for round in 1 2 3; do
    awk -v t="$ticks_per_second" -v f="$2" '{u = $2 * 1e6 / t / $1; s = $3 * 1e6 / t / $1;
      print (f == 2 ? u : f == 3 ? s : u + s)}' "$out/cpu.$1.$round"
  done | sort -n | sed -n 2p
}

# rps FILE: the Requests/sec figure of a wrk report.
rps() { awk '/Requests\/sec/ {print $2}' "$1"; }

# median_rps NAME: the median Requests/sec of wrk reports $out/NAME.1.txt ... NAME.3.txt (three
# interleaved rounds, the shape of every ratio bench here).
median_rps() { for round in 1 2 3; do rps "$out/$1.$round.txt"; done | sort -n | sed -n 2p; }

# ratio_head TITLE UNIT: the head of a ratio table.
ratio_head() { printf '%-52s %12s %8s\n' "$1" "$2" ratio; }

# ratio_row LABEL VALUE [BASE [NOTE]]: a line of a ratio table: LABEL, VALUE, and VALUE / BASE
# (1.00 without BASE, for the baseline's own line), then NOTE (a target, say).
ratio_row() {
  if [ $# -lt 3 ]; then
    printf '%-52s %12s %8s\n' "$1" "$2" 1.00
  else
    printf '%-52s %12s %8.2f%s\n' "$1" "$2" "$(echo "$2 / $3" | bc -l)" "${4:+   $4}"
  fi
}
