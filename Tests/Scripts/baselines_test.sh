#!/usr/bin/env bash
# The C servers the bench's ratios are set against do Preflight's work: the C server doing the
# same work (bench/baseline/payload_json_c.c) answers the bench's payload-only POST and its batch
# of 100 with Preflight's bytes, and the C bulk baseline (bench/baseline/bulk_json_c.c) writes
# what `preflight check --ndjson` writes over a sample of the bulk bench's lines. Both are built
# as the bench builds them and checked with the bench's own comparisons (bench/lib.sh's
# same_answers and same_bulk_output), against the release build: a change to a rule, a message
# or the report that the baselines do not follow fails here, not in the next benchmark run.
# And the servers run as Preflight's does: the hello-world (bench/baseline/hello_mhd.c), the
# denominator of the hello-world targets, and the C server doing the same work listen with as many
# sockets on their port as Preflight (a daemon per worker, bench/baseline/daemons.h), and the
# hello-world's `pool` form with one.
# Usage: bash Tests/Scripts/baselines_test.sh   (make baselines-test, in make test)
source "$(dirname "$0")/../../bench/lib.sh" || exit 1
bench_setup --c payload_json_c --c bulk_json_c --c hello_mhd
c_port=18461
port=18462
start_c payload_json_c $c_port
start_payload_only $port baselines-test
same_answers $c_port $port
same_bulk_output .build/release/preflight

# listening PORT: the sockets listening on PORT (one per daemon on SO_REUSEPORT).
listening() { ss -ltnH "sport = :$1" | wc -l; }
hello_port=18463
pool_port=18464
start_c hello_mhd $hello_port
answer=$(curl -sf "http://127.0.0.1:$hello_port/healthz")
[ "$answer" = '{"status":"ok"}' ] || { echo "baselines_test: the hello-world answered '$answer'" >&2; exit 1; }
start_c hello_mhd $pool_port - pool
workers=$(listening $port)
[ "$workers" -ge 1 ] || { echo "baselines_test: Preflight listens with no socket on $port" >&2; exit 1; }
for server in "hello_mhd $hello_port $workers" "payload_json_c $c_port $workers" "hello_mhd-pool $pool_port 1"; do
  read -r name on expected <<< "$server"
  sockets=$(listening "$on")
  [ "$sockets" -eq "$expected" ] \
    || { echo "baselines_test: $name listens with $sockets sockets on $on, expected $expected" >&2; exit 1; }
done
echo "baselines_test: the C server's single and batch answers and the C bulk baseline's output are Preflight's;" \
  "the hello-world and the C server listen with Preflight's $workers sockets, the pool with 1"
