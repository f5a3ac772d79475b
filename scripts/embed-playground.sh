#!/usr/bin/env bash
# Writes playground/ (index.html, playground.css, playground.js) into the binary's source, so
# `serve` needs no resource folder. `make playground` runs it; PlaygroundTests fails when they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/PreflightService/Playground+Assets.swift
for file in playground/index.html playground/playground.css playground/playground.js; do
  if grep -q '"""##' "$file" || grep -q '\\##' "$file"; then
    echo "$file contains the raw-string delimiter; change the delimiter in $0" >&2
    exit 1
  fi
done
{
  echo '// swift-format-ignore-file'
  echo '// Generated from playground/ by scripts/embed-playground.sh (make playground): do not edit.'
  echo ''
  echo 'extension Playground {'
  for pair in "html:playground/index.html" "css:playground/playground.css" "script:playground/playground.js"; do
    name=${pair%%:*}
    file=${pair#*:}
    echo "    /// The bytes of \`$file\`."
    echo "    static let $name = ##\"\"\""
    cat "$file"
    echo '"""##'
  done
  echo '}'
} > "$out"
echo "wrote $out"
