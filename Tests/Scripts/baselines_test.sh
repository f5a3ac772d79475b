#!/usr/bin/env bash
# The C servers the bench's ratios are set against do Preflight's work: the C server doing the
# same work (bench/baseline/payload_json_c.c) answers the bench's payload-only POST and its batch
# of 100 with Preflight's bytes, and the C bulk baseline (bench/baseline/bulk_json_c.c) writes
# what `preflight check --ndjson` writes over a sample of the bulk bench's lines. Both are built
# as the bench builds them and checked with the bench's own comparisons (bench/lib.sh's
# same_answers and same_bulk_output), against the release build: a change to a rule, a message
# or the report that the baselines do not follow fails here, not in the next benchmark run.
# Usage: bash Tests/Scripts/baselines_test.sh   (make baselines-test, in make test)
source "$(dirname "$0")/../../bench/lib.sh" || exit 1
bench_setup --c payload_json_c --c bulk_json_c
c_port=18461
port=18462
start_c payload_json_c $c_port
start_payload_only $port baselines-test
same_answers $c_port $port
same_bulk_output .build/release/preflight
echo "baselines_test: the C server's single and batch answers and the C bulk baseline's output are Preflight's"
