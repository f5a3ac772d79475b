#!/usr/bin/env bash
# Lays out the release binary's hot code from a profile of the requests it serves: BOLT, LLVM's
# post-link optimizer (Debian's bolt-19; https://github.com/llvm/llvm-project/blob/main/bolt/README.md),
# rewrites BINARY in place. A payload-only request runs some 2,000 64-byte lines of code; the
# linker can only place whole functions side by side (Sources/preflight/hot-functions.order), and
# most of each function's bytes are paths a request never takes (errors, growth, slow paths).
# BOLT moves those cold blocks out of the functions, orders the hot blocks by how they follow each
# other, and packs the hot parts of the functions together (bench/RESULTS.md, "Code laid out by
# BOLT").
#
# Three steps, in .build/bolt:
#  1. an instrumented copy of BINARY counts the branches of the functions hot-functions.order
#     names (only those: BOLT 19 stops on some asynchronous functions of the Swift runtime);
#  2. the copy serves a training load on loopback (payload-only POSTs, GET /healthz, batches, a
#     bulk request, POSTs whose image is a cache hit: bench/media-origin.py serves it) and checks
#     NDJSON lines on the command line; each process writes its counts
#     when it exits;
#  3. BOLT rewrites BINARY from the merged counts.
# BINARY must be linked with its relocations (`--emit-relocs`, Package.swift), so that BOLT can
# move functions. The result is kept beside the binary it came from: SwiftPM links the binary
# again after it was replaced, and the same link gets the kept result instead of three steps more.
# usage: scripts/bolt.sh BINARY   (`make release` runs it on .build/release/preflight)
set -euo pipefail
binary=$1
root=$(cd "$(dirname "$0")/.." && pwd)
work=${BOLT_WORK:-$root/.build/bolt}
# The full path: BOLT finds its instrumentation runtime (lib/libbolt_rt_instr.a) beside it.
bolt=${LLVM_BOLT:-/usr/lib/llvm-19/bin/llvm-bolt}
merge=${MERGE_FDATA:-/usr/lib/llvm-19/bin/merge-fdata}
mkdir -p "$work"

if cmp -s "$binary" "$work/optimized"; then exit 0; fi
if cmp -s "$binary" "$work/linked"; then
  cp "$work/optimized" "$binary"
  exit 0
fi
[ -x "$bolt" ] || { echo "bolt.sh: no $bolt (Debian's bolt-19: make run-deps)" >&2; exit 1; }
sections=$(readelf -S "$binary")
grep -q '\.rela\.text' <<< "$sections" \
  || { echo "bolt.sh: $binary has no relocations: link it with --emit-relocs" >&2; exit 1; }

# The functions to lay out, as BOLT's regular expressions, each listed name matched with any
# specialization suffix the compiler gave it since (scripts/hot-functions.py --bolt-patterns).
python3 "$root/scripts/hot-functions.py" --bolt-patterns > "$work/functions"

rm -f "$work"/profile*.fdata
"$bolt" "$binary" -instrument -instrumentation-file="$work/profile" -instrumentation-file-append-pid \
  -funcs-file="$work/functions" -o "$work/instrumented" > "$work/instrument.log" 2>&1 \
  || { tail -5 "$work/instrument.log"; echo "bolt.sh: instrumenting $binary failed" >&2; exit 1; }

# The training load. Each curl sends its requests on one kept-alive connection: a URL glob over
# the fragment, which is not sent, repeats the same request.
payload=$(cat "$root/bench/payload-1k.json")
item="{\"payload\":$payload,\"headers\":{\"apns-push-type\":\"alert\",\"apns-priority\":\"10\"}}"
{
  printf '{"items":[%s' "$item"
  for _ in $(seq 99); do printf ',%s' "$item"; done
  printf ']}'
} > "$work/batch.json"
for _ in $(seq 2000); do printf '%s\n' "$payload"; done > "$work/lines.ndjson"
# A push whose image is a cache hit: downloaded once from a JPEG served on loopback.
rm -f "$work/origin.port"
python3 "$root/bench/media-origin.py" > "$work/origin.port" &
origin=$!
trap 'kill $origin 2> /dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$work/origin.port" ] && break; sleep 0.05; done
origin_port=$(head -1 "$work/origin.port")
[ -n "$origin_port" ] || { echo "bolt.sh: bench/media-origin.py did not start" >&2; exit 1; }
printf '{"aps":{"alert":"Your order has shipped","mutable-content":1},"image":"http://127.0.0.1:%s/push/hero.jpg"}' \
  "$origin_port" > "$work/hit.json"
cat > "$work/serve.json" << JSON
{"listen": {"host": "127.0.0.1", "port": 0}, "payload": {"allow_http_media": true},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$origin_port]}}
JSON

"$work/instrumented" serve --config "$work/serve.json" > /dev/null 2> "$work/serve.log" &
server=$!
trap 'kill $server $origin 2> /dev/null || true' EXIT
port=""
for _ in $(seq 200); do
  port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/serve.log")
  [ -n "$port" ] && break
  sleep 0.05
done
[ -n "$port" ] || { cat "$work/serve.log"; echo "bolt.sh: the instrumented server did not start" >&2; exit 1; }
url="http://127.0.0.1:$port"
post=(curl -sf -o /dev/null -H 'apns-push-type: alert' -H 'apns-priority: 10')
"${post[@]}" --data-binary @"$root/bench/payload-1k.json" "$url/v1/preflight?fetch=false#[1-2000]"
curl -sf -o /dev/null "$url/healthz#[1-1000]"
"${post[@]}" -H 'Content-Type: application/json' --data-binary @"$work/batch.json" \
  "$url/v1/preflight/batch?fetch=false#[1-40]"
"${post[@]}" -H 'Content-Type: application/x-ndjson' --data-binary @"$work/lines.ndjson" \
  "$url/v1/preflight/bulk?fetch=false#[1-2]"
"${post[@]}" --data-binary @"$work/hit.json" "$url/v1/preflight#[1-2000]"
kill -TERM $server
wait $server
kill $origin
trap - EXIT
"$work/instrumented" check --ndjson - --no-fetch < "$work/lines.ndjson" > /dev/null

profiles=("$work"/profile.*.fdata)
[ ${#profiles[@]} -eq 2 ] || { echo "bolt.sh: expected two profiles, found ${profiles[*]}" >&2; exit 1; }
"$merge" "${profiles[@]}" > "$work/profile.fdata" 2> "$work/merge.log"

"$bolt" "$binary" -data="$work/profile.fdata" -funcs-file="$work/functions" \
  -reorder-blocks=ext-tsp -reorder-functions=cdsort -split-functions -split-all-cold -split-eh \
  -o "$work/optimized.new" > "$work/optimize.log" 2>&1 \
  || { tail -5 "$work/optimize.log"; echo "bolt.sh: optimizing $binary failed" >&2; exit 1; }
# The result must be BOLT's and must run: a version, and the training payload judged as it was.
grep -q '\.note\.bolt_info' <<< "$(readelf -S "$work/optimized.new")" \
  || { echo "bolt.sh: $work/optimized.new has no .note.bolt_info" >&2; exit 1; }
"$work/optimized.new" version > /dev/null
verdict=$("$work/optimized.new" check --no-fetch "$root/bench/payload-1k.json" | head -1)
[[ $verdict == PASS* ]] || { echo "bolt.sh: the laid-out binary judged the payload: $verdict" >&2; exit 1; }
cp "$binary" "$work/linked"
mv "$work/optimized.new" "$work/optimized"
cp "$work/optimized" "$binary"
grep -E 'BOLT-INFO: [0-9]+ out of [0-9]+ functions' "$work/optimize.log" || true
