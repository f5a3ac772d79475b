#!/usr/bin/env bash
# Benchmarks, each a ratio against a baseline measured in the same run on this machine, or a
# figure against its target. Traffic goes to 127.0.0.1 only. Each script also runs alone; the
# figures and the command of each are in bench/RESULTS.md.
# Usage: [BENCH_ONLY=http] bash bench/run.sh [SECONDS]   (`make bench`; the soak is `make soak`)
source "$(dirname "$0")/lib.sh" || exit 1
bench_setup
seconds=${1:-15}

bash bench/http/throughput.sh "$seconds"
[ "${BENCH_ONLY:-}" = http ] && exit 0
echo
bash bench/http/envelopes.sh "$seconds"
echo
bash bench/baseline/c-baseline.sh "$seconds"
echo
bash bench/http/cpu.sh "$seconds"
echo
bash bench/http/workers.sh "$seconds"
echo
bash bench/http/batch.sh "$seconds"
echo
bash bench/http/latency.sh "$seconds"
echo
bash bench/process/allocations.sh
echo
bash bench/process/instructions.sh
python3 scripts/hot-functions.py --check
echo
bash bench/process/kernel.sh "$seconds"
echo
PROFILE_SECONDS=$seconds bash bench/http/profile.sh
echo
PROFILE_C=1 PROFILE_SECONDS=$seconds bash bench/http/profile.sh
echo
bash bench/process/bulk.sh
echo
bash bench/process/declared-room.sh
echo
PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/media/media.sh
echo
PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/media/cache.sh "$seconds"
echo
PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/media/concurrency.sh
echo
bash bench/process/startup.sh
echo
bash bench/http/slowclients.sh 30
echo "nproc $(nproc), $(date -u +%Y-%m-%dT%H:%MZ)"
