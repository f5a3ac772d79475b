#!/usr/bin/env python3
"""Bounded memory of `preflight check --ndjson` and of `POST /v1/preflight/bulk`: LINES lines
(1,000,000 by default, each padded to 1,024 bytes: over 1 GB) generated on the fly, then 1,000
lines, with downloads off; the process's peak RSS for each, and the ratio, which must stay
<= 1.5. Every output line is checked too: one report per input line, in order, numbered from 1,
the verdicts of the three payloads repeated, then the exact summary.
- the command (default): the lines go into the binary's stdin (`--no-fetch`); the peak is
  ru_maxrss of the child, from wait4.
- `--http`: a `preflight serve` child on a free loopback port for each run, the lines streamed
  as the body of one `POST /v1/preflight/bulk?fetch=false` (`Content-Length`, sent while the
  server judges them), the answer read as it comes; the peak is the server's VmHWM
  (/proc/PID/status) once the answer has been read.
`make bulk-memory-test` runs both on the release binary (the debug build takes ten times as
long); bench/process/bulk.sh runs the command's for its figures (lines/s, the peaks and their ratio).
usage: bulk_memory_test.py PATH/TO/preflight [LINES] [--http]"""
import http.client, json, os, socket, subprocess, sys, tempfile, threading, time

arguments = [argument for argument in sys.argv[1:] if argument != "--http"]
over_http = "--http" in sys.argv[1:]
binary = os.path.realpath(arguments[0])
lines = int(arguments[1]) if len(arguments) > 1 else 1_000_000
failures = []
LINE_BYTES = 1024


def fail(what, expected, got):
    failures.append(f"{what}: expected {expected!r}, got {got!r}")


def expect(what, expected, got):
    if expected != got:
        fail(what, expected, got)


def padded(payload):
    """The payload with a "pad" key that makes the line (its newline included) LINE_BYTES long."""
    pad = LINE_BYTES - len(payload) - len(',"pad":""') - 1
    return payload[:-1] + ',"pad":"' + "x" * pad + '"}\n'


# A pass, a fail (no mutable-content) and a warn (an unknown aps key), in turn.
PAYLOADS = [
    padded('{"aps":{"alert":{"title":"Sale","body":"half price"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}'),
    padded('{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}'),
    padded('{"aps":{"alert":"hi","mutable-content":1,"campaign":"x"},"image":"https://cdn.example.com/a.jpg"}'),
]
VERDICTS = ['"verdict":"pass"', '"verdict":"fail"', '"verdict":"warn"']


def feed(write, count):
    """Writes `count` lines with `write`, 3,000 at a time."""
    block = "".join(PAYLOADS[i % 3] for i in range(3000)).encode()
    full, rest = divmod(count, 3000)
    for _ in range(full):
        write(block)
    write("".join(PAYLOADS[i % 3] for i in range(rest)).encode())


def feed_and_close(pipe, count):
    feed(pipe.write, count)
    pipe.close()


def check_output(output, count):
    """Reads the output lines of `count` input lines: each report in order, then the summary."""
    number = 0
    last = b""
    for line in output:
        number += 1
        if number <= count:
            if not line.startswith(b'{"line":%d,"report":{' % number) or VERDICTS[(number - 1) % 3].encode() not in line:
                fail(f"output line {number}", f"line {number}'s report, {VERDICTS[(number - 1) % 3]}", line[:80])
                break
        last = line
    expect(f"output lines for {count} input lines", count + 1, number)
    third, extra = divmod(count, 3)
    verdicts = (third + (extra > 0), third + (extra > 2), third + (extra > 1))
    summary = (
        '{"summary":{"lines":%d,"blank":0,"reports":%d,"verdicts":{"pass":%d,"warn":%d,"fail":%d},'
        % ((count, count) + (verdicts[0], verdicts[2], verdicts[1]))
    )
    expect(f"summary of {count} lines", summary, last[: len(summary)].decode())


def run(count):
    """Runs the command over `count` generated lines; returns (seconds, peak RSS in KiB)."""
    started = time.monotonic()
    child = subprocess.Popen(
        [binary, "check", "--ndjson", "-", "--no-fetch", "--header", "apns-push-type:alert"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    writer = threading.Thread(target=feed_and_close, args=(child.stdin, count))
    writer.start()
    check_output(child.stdout, count)
    writer.join()
    # wait4 reaps the child and gives its own rusage (ru_maxrss in KiB on Linux), not the
    # largest of every child this process ever had, as RUSAGE_CHILDREN would.
    _, status, usage = os.wait4(child.pid, 0)
    expect(f"exit status for {count} lines (a third fail)", 1, os.waitstatus_to_exitcode(status))
    return time.monotonic() - started, usage.ru_maxrss


def serve(directory):
    """A `preflight serve` child with downloads off on a free loopback port, once it is healthy."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = os.path.join(directory, f"serve-{port}.json")
    with open(config, "w") as file:
        json.dump({"listen": {"host": "127.0.0.1", "port": port}, "fetch": {"enabled": False}}, file)
    child = subprocess.Popen([binary, "serve", "--config", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return child, port
        except OSError:
            time.sleep(0.05)
    child.kill()
    raise SystemExit(f"preflight serve did not become healthy on port {port}")


def peak_kib(pid):
    """The process's peak resident set (VmHWM), in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise SystemExit(f"no VmHWM for process {pid}")


def run_http(count):
    """Posts `count` generated lines to a new server's bulk route; returns (seconds, the server's peak RSS in KiB)."""
    with tempfile.TemporaryDirectory() as directory:
        child, port = serve(directory)
        try:
            started = time.monotonic()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            connection.putrequest("POST", "/v1/preflight/bulk?fetch=false")
            connection.putheader("Content-Type", "application/x-ndjson")
            connection.putheader("apns-push-type", "alert")
            connection.putheader("Content-Length", str(count * LINE_BYTES))
            connection.endheaders()
            feed(connection.sock.sendall, count)
            response = connection.getresponse()
            expect(f"status for {count} lines", 200, response.status)
            expect(f"content type for {count} lines", "application/x-ndjson", response.getheader("Content-Type"))
            check_output(response, count)
            seconds = time.monotonic() - started
            peak = peak_kib(child.pid)
        finally:
            child.terminate()
            child.wait(timeout=30)
        return seconds, peak


measure = run_http if over_http else run
what = "POST /v1/preflight/bulk, the server's" if over_http else "check --ndjson, the command's"
large_seconds, large_peak = measure(lines)
small_seconds, small_peak = measure(1000)
ratio = large_peak / small_peak
print(f"{what} peak RSS")
print(f"{lines} lines ({lines * LINE_BYTES / 1e9:.2f} GB): {large_seconds:.1f} s, {lines / large_seconds:,.0f} lines/s, peak RSS {large_peak} KiB")
print(f"1000 lines: {small_seconds:.2f} s, peak RSS {small_peak} KiB")
print(f"peak RSS ratio {ratio:.3f} (target <= 1.5)")
if ratio > 1.5:
    fail("peak RSS ratio (large / small)", "<= 1.5", round(ratio, 3))
for failure in failures:
    print("FAIL", failure, file=sys.stderr)
sys.exit(1 if failures else 0)
