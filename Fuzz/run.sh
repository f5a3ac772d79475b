#!/usr/bin/env bash
# Runs each libFuzzer target for FUZZ_SECONDS (default 60), seeded from Fuzz/corpus/<target>.
# The working corpus grows in .build/fuzz/corpus-<target>; a crash leaves .build/fuzz/crash-<target>-*
# and makes this script fail.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
bash Fuzz/build.sh
# fuzz_one TARGET: one target's run; its log in .build/fuzz/TARGET.log, its figures on one line.
fuzz_one() {
  local target=$1 corpus=.build/fuzz/corpus-$1 status=0
  mkdir -p "$corpus"
  cp -n Fuzz/corpus/$target/* "$corpus/" 2>/dev/null || true
  if ! .build/fuzz/$target -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=65536 \
      -artifact_prefix=".build/fuzz/crash-$target-" -print_final_stats=1 "$corpus" > ".build/fuzz/$target.log" 2>&1; then
    echo "fuzz target $target failed:"; tail -40 ".build/fuzz/$target.log"; status=1
  fi
  echo "$target ${seconds}s: $(grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|Done [0-9]+ runs" \
    ".build/fuzz/$target.log" | tr '\n' ' ')"
  return $status
}
targets=(payload media mp4 certificate)
status=0
if [ "${FUZZ_PARALLEL:-0}" = 1 ]; then
  # All targets at once (one core each while cores last): the long runs of RESULTS.md.
  pids=()
  for target in "${targets[@]}"; do fuzz_one "$target" & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
else
  for target in "${targets[@]}"; do echo "fuzzing $target for ${seconds}s"; fuzz_one "$target" || status=1; done
fi
exit $status
