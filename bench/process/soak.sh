#!/usr/bin/env bash
# Soak: SOAK_SECONDS (default 600) of mixed traffic (payload-only, cache hits, downloads from
# nginx) at about 80% of the peak the same mix reaches. Records errors, RSS drift (from the end
# of the first minute to the end), open descriptors and threads. Run inside the test origins.
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --origins
seconds=${SOAK_SECONDS:-600}
port=18187
cat > "$out/soak.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port},
 "profiles": {"bench": {"naming": "url-path", "download": "disk", "device": {"throughput_bits_per_s": 1000000000000}}}, "default_profile": "bench", "payload": {"allow_http_media": true},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$HTTP_PORT]}}
JSON
start_preflight $port "$out/soak.json"

base="http://127.0.0.1:$HTTP_PORT"
printf '{"aps":{"alert":"soak","mutable-content":1},"image":"%s/media/image.jpg"}' "$base" > "$out/soak-only.json"
printf '{"aps":{"alert":"soak","mutable-content":1},"image":"%s/media/image.png"}' "$base" > "$out/soak-cached.json"
printf '{"aps":{"alert":"soak","mutable-content":1},"image":"%s/nostore/image.gif?n=UNIQUE"}' "$base" > "$out/soak-template.json"
export PAYLOAD_ONLY="$out/soak-only.json" PAYLOAD_CACHED="$out/soak-cached.json" PAYLOAD_TEMPLATE="$out/soak-template.json"

# The peak of this mix, then the connection count that gives about 80% of it with a 1 ms pause.
DELAY_MS=0 wrk -t2 -c64 -d10s -s bench/process/soak.lua "http://127.0.0.1:$port/" > "$out/soak-peak.txt"
peak=$(awk '/Requests\/sec/ {print $2}' "$out/soak-peak.txt")
latency_ms=$(awk '/Latency/ {v=$2; if (v ~ /us$/) {sub(/us/, "", v); v/=1000} else if (v ~ /ms$/) {sub(/ms/, "", v)} else {sub(/s$/, "", v); v*=1000}; print v}' "$out/soak-peak.txt")
# Each connection waits 1 ms plus the latency under the lighter load (about 40% of the peak's, measured).
connections=$(python3 -c "print(max(2, round(0.8 * $peak * (1 + 0.4 * $latency_ms) / 1000)))")

kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }
sample() { echo "$(date +%s),$(kb VmRSS),$(ls /proc/$pid/fd | wc -l),$(kb Threads)"; }
echo "time,rss_kib,fds,threads" > "$out/soak-samples.csv"
DELAY_MS=1 wrk -t2 -c"$connections" -d"${seconds}s" --timeout 10s -s bench/process/soak.lua "http://127.0.0.1:$port/" \
  > "$out/soak-wrk.txt" &
wrk_pid=$!
sleep 60
sample >> "$out/soak-samples.csv"
while kill -0 $wrk_pid 2>/dev/null; do sleep 10; sample >> "$out/soak-samples.csv"; done
wait $wrk_pid || true
python3 - "$out" "$peak" "$connections" "$seconds" <<'PY'
import csv, re, sys
out, peak, connections, seconds = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
rows = list(csv.DictReader(open(f"{out}/soak-samples.csv")))
report = open(f"{out}/soak-wrk.txt").read()
rate = float(re.search(r"Requests/sec:\s+([\d.]+)", report).group(1))
total = re.search(r"(\d+) requests in", report).group(1)
errors = re.search(r"Socket errors: (.*)", report)
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", report)
first, last = rows[0], rows[-1]
drift = (int(last["rss_kib"]) - int(first["rss_kib"])) / int(first["rss_kib"]) * 100
print(f"soak {seconds} s, wrk -t2 -c{connections} with 1 ms pauses: {total} requests, {rate:.0f} req/s "
      f"= {rate / peak * 100:.0f}% of the mix's peak {peak:.0f} req/s")
print(f"  errors: non-2xx {non2xx.group(1) if non2xx else 0}, socket {errors.group(1) if errors else 'none'}")
print(f"  RSS {first['rss_kib']} KiB after 1 min -> {last['rss_kib']} KiB at the end: drift {drift:+.2f}%  (target < 5%)")
print(f"  open descriptors {first['fds']} -> {last['fds']} (max {max(int(r['fds']) for r in rows)}), "
      f"threads {first['threads']} -> {last['threads']} (max {max(int(r['threads']) for r in rows)})")
PY
curl -s "http://127.0.0.1:$port/metrics" | grep -E '^preflight_cache_(hits|misses)_total|^preflight_reports_total'
