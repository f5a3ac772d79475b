#!/usr/bin/env bash
# Builds the libFuzzer targets into .build/fuzz/: each is PreflightCore's sources plus one target file.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz
sources=$(find Sources/PreflightCore -name '*.swift' | sort)
for target in payload media mp4 certificate; do
  name="$(tr '[:lower:]' '[:upper:]' <<< "${target:0:1}")${target:1}Fuzzer"
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -module-name PreflightCoreFuzz \
    -swift-version 6 $sources "Fuzz/$name.swift" -o ".build/fuzz/$target"
done
