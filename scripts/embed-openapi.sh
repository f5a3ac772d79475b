#!/usr/bin/env bash
# Writes openapi.json into the binary's source, so `serve` needs no resource folder beside it.
# `make openapi` runs it; a test (OpenAPIEmbeddingTests) fails when the two differ.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/PreflightService/OpenAPIDocument+Text.swift
if grep -q '"""##' openapi.json || grep -q '\\##' openapi.json; then
  echo "openapi.json contains the raw-string delimiter; change the delimiter in $0" >&2
  exit 1
fi
{
  echo '// swift-format-ignore-file'
  echo '// Generated from openapi.json by scripts/embed-openapi.sh (make openapi): do not edit.'
  echo ''
  echo 'extension OpenAPIDocument {'
  echo '    /// The bytes of `openapi.json` at the top of the repository.'
  echo '    static let text = ##"""'
  cat openapi.json
  echo '"""##'
  echo '}'
} > "$out"
echo "wrote $out"
