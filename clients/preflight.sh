#!/usr/bin/env bash
# Preflight from a shell: prints "send", "hold" or "send-unchecked" for the payload in $1.
# PREFLIGHT_URL (default http://127.0.0.1:8080), PREFLIGHT_API_KEY (optional), PREFLIGHT_TIMEOUT (s, default 5).
# Fails open: no answer, a 401 or a 5xx means send anyway, and say so (count it in your metrics).
report=$(mktemp)
status=$(curl -s -o "$report" -w '%{http_code}' --max-time "${PREFLIGHT_TIMEOUT:-5}" \
  -H 'apns-push-type: alert' ${PREFLIGHT_API_KEY:+-H "Authorization: Bearer $PREFLIGHT_API_KEY"} \
  --data-binary @"$1" "${PREFLIGHT_URL:-http://127.0.0.1:8080}/v1/preflight")
case "$status" in
  200) echo "send $(grep -o '"verdict":"[a-z]*"' "$report" | cut -d'"' -f4)" ;;
  422) echo "hold fail $(grep -o '"code":"[^"]*","severity":"error"' "$report" | cut -d'"' -f4 | paste -sd' ')" ;;
  *) echo "send-unchecked: preflight answered ${status/000/nothing}" ;;
esac
rm -f "$report"
