#!/usr/bin/env bash
# Runs each libFuzzer target for FUZZ_SECONDS (default 60), seeded from Fuzz/corpus/<target>.
# The working corpus grows in .build/fuzz/corpus-<target>; a crash leaves .build/fuzz/crash-<target>-*
# and makes this script fail.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
bash Fuzz/build.sh
status=0
for target in payload media mp4; do
  corpus=.build/fuzz/corpus-$target
  mkdir -p "$corpus"
  cp -n Fuzz/corpus/$target/* "$corpus/" 2>/dev/null || true
  echo "fuzzing $target for ${seconds}s"
  if ! .build/fuzz/$target -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=65536 \
      -artifact_prefix=".build/fuzz/crash-$target-" -print_final_stats=1 "$corpus" > ".build/fuzz/$target.log" 2>&1; then
    echo "fuzz target $target failed:"; tail -40 ".build/fuzz/$target.log"; status=1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|Done [0-9]+ runs" ".build/fuzz/$target.log" | tr '\n' ' '
  echo
done
exit $status
