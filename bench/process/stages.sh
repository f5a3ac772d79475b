#!/usr/bin/env bash
# Where a payload-only request's code is: the instructions and the 64-byte code lines run inside
# each stage of POST /v1/preflight?fetch=false (bench/payload-1k.json, as instructions.sh sends
# it), counted by callgrind only while the stage's function is on the stack (`--toggle-collect`,
# https://valgrind.org/docs/manual/cl-manual.html, over SHORT and then LONG requests on one
# kept-alive connection: the difference per request), beside the whole process's. The first
# stage is the route's handler: what the whole request runs and the handler never does is the
# HTTP layer's and the libraries' (libmicrohttpd, libc). A stage is a function that is called,
# not inlined (`nm BINARY | swift-demangle` shows which are); the names are mangled Swift
# symbols, a `*` at the end standing for a specialization's suffix. A diagnostic: `make bench`
# does not run it.
# Usage: [SHORT=100 LONG=400] bash bench/process/stages.sh [BINARY]
source "$(dirname "$0")/../lib.sh" || exit 1
binary=${1:-.build/release/preflight}
bench_setup --binary "$binary"
short=${SHORT:-100}
long=${LONG:-400}
port=18350
payload_only_config $port stages

# label=name=function: the stages, the handler first.
stages=(
  "the handler, Endpoints.preflight(_:responder:)=handler=\$s16PreflightService9EndpointsV9preflight_9respondery0A4HTTP11HTTPRequestV_AF9ResponderCtF"
  "  the APNs headers read, APNsHeaders.init(request:)=headers=\$s13PreflightCore11APNsHeadersV0A7ServiceE7requestAC0A4HTTP11HTTPRequestVh_tcfC"
  "  the parse and the rules, PayloadInspector.inspect(body:...)=inspect=\$s13PreflightCore16PayloadInspectorV7inspect4body*"
  "    the parse, PayloadRules.read(_:)=parse=\$s13PreflightCore12PayloadRulesO4readyAA06ParsedC0VSg5whole_AA8JSONViewVSg_AA8FindingsVt6judgedtSays5UInt8VGFZ*"
  "  the report written, Report.writeJSON(over:)=report=\$s13PreflightCore6ReportV9writeJSON4overySays5UInt8VGz_tF"
  "the access-log line, AccessLog.write(_:)=accesslog=\$s16PreflightService9AccessLogC5writeyy0A4HTTP0C6RecordVF"
)

# profile NAME COUNT [FUNCTION]: COUNT requests to the server under callgrind, counted only
# inside FUNCTION when one is given; the profile is $out/callgrind.stage-NAME.COUNT.
profile() {
  local file="$out/callgrind.stage-$1.$2" toggle=()
  [ $# -gt 2 ] && toggle=(--toggle-collect="$3")
  valgrind --tool=callgrind --dump-instr=yes "${toggle[@]}" --callgrind-out-file="$file" \
    "$binary" serve --config "$out/stages.json" > /dev/null 2> "$file.err" &
  server=$!
  started $server
  wait_answering $port
  kept_alive $port POST "/v1/preflight?fetch=false" "$2" bench/payload-1k.json
  kill -TERM $server
  wait $server || true
  server=""
  grep -q '^totals:' "$file" || { echo "stages.sh: no totals for $1 (see $file.err)" >&2; exit 1; }
}

# Each function must be in the binary: a stage the compiler inlined would count nothing.
symbols=$(nm "$binary" | awk '{print $NF}')
arguments=()
for entry in "${stages[@]}"; do
  label=${entry%%=*} rest=${entry#*=}
  name=${rest%%=*} function=${rest#*=}
  prefix=${function%\*}
  grep -qF -- "$prefix" <<< "$symbols" || { echo "stages.sh: $function is not in $binary (inlined or renamed?)" >&2; exit 1; }
  profile "$name" "$short" "$function"
  profile "$name" "$long" "$function"
  arguments+=("$label=$name")
done
profile whole "$short"
profile whole "$long"
python3 "$(dirname "$0")/stages.py" "$out" "$short" "$long" "${arguments[@]}"
