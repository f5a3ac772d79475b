#!/usr/bin/env bash
# The envelope paths against the APNs path on the same server: wrk POSTs of an APNs payload
# (bench/payload-1k.json) and of the documented rich-push requests of FCM, AWS SNS (a Publish
# body: the payload a JSON string in a JSON string) and Expo (Tests/Envelopes/*.json: detected,
# derived, then judged), payload-only, 3 interleaved rounds, medians.
# With OLD_BINARY=path, both also go to that build (an A/B of each path).
# Usage: bash bench/http/envelopes.sh [SECONDS]
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup
seconds=${1:-10}
port=18191
old_port=18192
start_payload_only $port envelopes
new_pid=$pid
start_old_binary $port $old_port "$out/envelopes.json"

run() { # run NAME PORT PAYLOAD
  PAYLOAD=$3 wrk -t2 -c64 -d"${seconds}s" --latency -s bench/post.lua \
    "http://127.0.0.1:$2/v1/preflight?fetch=false" > "$out/$1.$round.txt"
}
for round in 1 2 3; do
  run apns $port bench/payload-1k.json
  run fcm $port Tests/Envelopes/fcm.json
  run sns $port Tests/Envelopes/sns.json
  run expo $port Tests/Envelopes/expo.json
  if [ -n "$old_pid" ]; then
    run apns-old $old_port bench/payload-1k.json
    run fcm-old $old_port Tests/Envelopes/fcm.json
  fi
done
apns=$(median_rps apns)
fcm=$(median_rps fcm)
ratio_head "payload-only POST (wrk -t2 -c64, 3x${seconds}s)" requests/s
ratio_row "APNs payload (bench/payload-1k.json)" "$apns"
ratio_row "FCM request (Tests/Envelopes/fcm.json), derived" "$fcm" "$apns"
ratio_row "SNS Publish body (Tests/Envelopes/sns.json), unwrapped" "$(median_rps sns)" "$apns"
ratio_row "Expo message (Tests/Envelopes/expo.json), derived" "$(median_rps expo)" "$apns"
if [ -n "$old_pid" ]; then
  old=$(median_rps apns-old)
  ratio_row "APNs payload on OLD_BINARY" "$old" "$apns"
  old_fcm=$(median_rps fcm-old)
  ratio_row "FCM request on OLD_BINARY" "$old_fcm" "$fcm" "(of this build's FCM)"
fi
