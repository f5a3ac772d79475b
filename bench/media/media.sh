#!/usr/bin/env bash
# Media probe benchmarks against loopback nginx, run by bench/run.sh inside with-origins.sh:
#  1. wall time to probe a 10 MB JPEG, as a ratio to `curl -s URL | openssl dgst -sha256` (the same
#     download and digest, OpenSSL using the CPU's SHA instructions) and to `curl -s -o /dev/null`;
#  2. peak RSS while probing a 50 MB MP4, minus the RSS before it;
#  3. the same for a 45 MB MP4 whose moov box comes last (read as the body streams).
source "$(dirname "$0")/../lib.sh" || exit 1
bench_setup --origins
runs=${RUNS:-15}
port=18183
cat > "$out/media.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": $port},
 "profiles": {"bench": {"naming": "url-path", "download": "disk", "device": {"throughput_bits_per_s": 1000000000000}}}, "default_profile": "bench", "payload": {"allow_http_media": true}, "cache": {"max_entries": 0},
 "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [$HTTP_PORT]}}
JSON
start_preflight $port "$out/media.json"

url="http://127.0.0.1:$HTTP_PORT/media/bench-10mb.jpg"
printf '{"aps":{"alert":"bench","mutable-content":1},"image":"%s"}' "$url" > "$out/jpeg-payload.json"
post() { curl -s -o "$out/last-report.json" -H 'apns-push-type: alert' --data-binary @"$1" "http://127.0.0.1:$port/v1/preflight"; }
post "$out/jpeg-payload.json"
grep -q '"verdict":"pass"' "$out/last-report.json" || { echo "the 10 MB JPEG probe did not pass:"; cat "$out/last-report.json"; exit 1; }

# Alternate the two commands so drift hits both alike; report medians.
python3 - "$runs" "$url" "$out/jpeg-payload.json" "$port" <<'PY'
import statistics, subprocess, sys, time
runs, url, payload, port = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
curl = ["curl", "-s", "-o", "/dev/null", url]
digest = ["sh", "-c", f"curl -s '{url}' | openssl dgst -sha256 > /dev/null"]
probe = ["curl", "-s", "-o", "/dev/null", "-H", "apns-push-type: alert", "--data-binary", "@" + payload,
         f"http://127.0.0.1:{port}/v1/preflight"]
times = {"curl": [], "digest": [], "probe": []}
for _ in range(runs):
    for name, command in (("curl", curl), ("digest", digest), ("probe", probe)):
        start = time.perf_counter()
        subprocess.run(command, check=True)
        times[name].append((time.perf_counter() - start) * 1000)
c, d, p = (statistics.median(times[name]) for name in ("curl", "digest", "probe"))
print(f"{'10 MB JPEG: curl -s -o /dev/null (median of %d)' % runs:52s} {c:9.1f} ms")
print(f"{'10 MB JPEG: curl -s | openssl dgst -sha256' % ():52s} {d:9.1f} ms")
print(f"{'10 MB JPEG: preflight probe (median of %d)' % runs:52s} {p:9.1f} ms   ratio {p / d:.2f} to the digest (target <= 1.1), {p / c:.2f} to curl alone")
PY

mp4="http://127.0.0.1:$HTTP_PORT/media/bench-50mb.mp4"
printf '{"aps":{"alert":"bench","mutable-content":1},"image":"%s"}' "$mp4" > "$out/mp4-payload.json"
kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }
idle=$(kb VmRSS)
echo 5 > "/proc/$pid/clear_refs"  # resets VmHWM to the current RSS
post "$out/mp4-payload.json"
grep -q '"verdict":"pass"' "$out/last-report.json" || { echo "the 50 MB MP4 probe did not pass:"; cat "$out/last-report.json"; exit 1; }
peak=$(kb VmHWM)
printf '%-52s %9s KiB\n' "RSS before the 50 MB MP4 probe" "$idle"
printf '%-52s %9s KiB\n' "peak RSS (VmHWM) after it" "$peak"
printf '%-52s %9s KiB   (target <= 8192)\n' "peak minus idle" "$((peak - idle))"

# The moov box after 45 MB of mdat (what most encoders write): kept as the body streams, read at
# the end; memory must not follow the file's size.
late="http://127.0.0.1:$HTTP_PORT/media/movie-45mb-moov-last.mp4"
printf '{"aps":{"alert":"bench","mutable-content":1},"image":"%s"}' "$late" > "$out/late-payload.json"
idle=$(kb VmRSS)
echo 5 > "/proc/$pid/clear_refs"
post "$out/late-payload.json"
grep -q '"video":{"codec":"h264"' "$out/last-report.json" || { echo "the moov-last MP4 was not read:"; cat "$out/last-report.json"; exit 1; }
peak=$(kb VmHWM)
printf '%-52s %9s KiB   (target <= 8192)\n' "45 MB MP4, moov last: peak minus idle" "$((peak - idle))"
