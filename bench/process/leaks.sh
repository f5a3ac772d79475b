#!/usr/bin/env bash
# Leak check: the debug server under valgrind (memcheck), driven through its paths over HTTP
# (health, metrics, payload-only, downloads from nginx and the misbehaving origin, blocked
# egress, a batch, protocol errors), then SIGTERM. Run inside the test origins.
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --origins --binary .build/debug/preflight
port=18188
cat > "$out/leaks.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port},
 "profiles": {"bench": {"naming": "url-path", "download": "disk", "device": {"throughput_bits_per_s": 1000000000000}}}, "default_profile": "bench", "payload": {"allow_http_media": true},
 "fetch": {"resolve": ["media.test:$HTTPS_PORT:127.0.0.1"], "ca_file": "$CA_FILE"},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$HTTP_PORT, $HTTPS_PORT, $ORIGIN_PORT]}}
JSON
valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --num-callers=30 \
  --log-file="$out/valgrind.log" .build/debug/preflight serve --config "$out/leaks.json" > /dev/null 2>&1 &
pid=$!
started $pid
wait_healthy $port 1200
post() { curl -s -o /dev/null -H 'apns-push-type: alert' --data-binary "$1" "http://127.0.0.1:$port/v1/preflight$2"; }
payload() { printf '{"aps":{"alert":"leak","mutable-content":1},"image":"%s"}' "$1"; }
for round in 1 2 3; do
  curl -s -o /dev/null "http://127.0.0.1:$port/metrics"
  # The fixed health answers: the one made at start, and the one built for a client's request id.
  curl -s -o /dev/null "http://127.0.0.1:$port/readyz"
  curl -s -o /dev/null -H "X-Request-Id: leak-$round" "http://127.0.0.1:$port/healthz"
  curl -s -o /dev/null "http://127.0.0.1:$port/nowhere"
  post "$(payload https://cdn.example.com/a.jpg)" "?fetch=false"
  post '{"aps":' ""
  for path in media/image.jpg media/image.webp media/big.jpg media/corrupt.png redirect/two missing.jpg; do
    post "$(payload "http://127.0.0.1:$HTTP_PORT/$path")" ""
  done
  post "$(payload "https://media.test:$HTTPS_PORT/media/image.png?r=$round")" ""
  for path in short/a.jpg reset/a.jpg endless/a.jpg to-metadata/a.jpg gzip/a.jpg tegzip/a.jpg garbage/a.jpg; do
    post "$(payload "http://127.0.0.1:$ORIGIN_PORT/$path")" ""
  done
  post "$(payload "http://10.0.0.1/a.jpg")" ""
  # Requests libmicrohttpd answers itself (malformed Content-Length, a header block too large), a
  # framing refusal, and a download whose client hangs up while it is parked.
  python3 - "$port" "http://127.0.0.1:$ORIGIN_PORT/wait/leak$round.jpg?ms=2500" <<'PY'
import socket, sys, time
port, url = int(sys.argv[1]), sys.argv[2]
body = ('{"aps":{"alert":"leak","mutable-content":1},"image":"%s"}' % url).encode()
for raw in [b"POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n",
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40000 + b"\r\n\r\n",
            b"POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length : 2\r\n\r\n{}",
            b"POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body) + body]:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(raw)
    if raw.endswith(body):
        time.sleep(0.3)  # parked: hang up before the download ends
    else:
        s.recv(65536)
    s.close()
time.sleep(1.5)  # the hang-up sweep
PY
  curl -s -o /dev/null --data-binary "{\"items\":[{\"payload\":$(payload "http://127.0.0.1:$HTTP_PORT/media/image.gif")},{\"payload\":\"{}\"}]}" \
    "http://127.0.0.1:$port/v1/preflight/batch"
done
kill -TERM $pid
wait $pid || true
grep -E "definitely lost|indirectly lost|ERROR SUMMARY" "$out/valgrind.log"
if grep -q "definitely lost: [1-9]" "$out/valgrind.log"; then
  echo "leaks found, see $out/valgrind.log"; exit 1
fi
echo "no definite leaks"
