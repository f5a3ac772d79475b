#!/usr/bin/env python3
"""Bounded memory of `preflight check --ndjson`: LINES lines (1,000,000 by default, each padded
to 1,024 bytes: over 1 GB) generated on the fly into the binary's stdin with --no-fetch, then
1,000 lines; the binary's peak RSS (ru_maxrss of the child, from wait4) for each, and the
ratio, which must stay <= 1.5. Every output line is checked too: one report per input line, in
order, numbered from 1, the verdicts of the three payloads repeated, then the exact summary.
`make bulk-memory-test` runs it on the release binary (the debug build takes ten times as long);
bench/process/bulk.sh runs it for its figures (lines/s, the peaks and their ratio).
usage: bulk_memory_test.py PATH/TO/preflight [LINES]"""
import os, subprocess, sys, threading, time

binary = os.path.realpath(sys.argv[1])
lines = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
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


def feed(pipe, count):
    """Writes `count` lines into the child's stdin, 3,000 at a time, then closes it."""
    block = "".join(PAYLOADS[i % 3] for i in range(3000)).encode()
    full, rest = divmod(count, 3000)
    for _ in range(full):
        pipe.write(block)
    pipe.write("".join(PAYLOADS[i % 3] for i in range(rest)).encode())
    pipe.close()


def run(count):
    """Runs the binary over `count` generated lines; returns (seconds, peak RSS in KiB)."""
    started = time.monotonic()
    child = subprocess.Popen(
        [binary, "check", "--ndjson", "-", "--no-fetch", "--header", "apns-push-type:alert"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    writer = threading.Thread(target=feed, args=(child.stdin, count))
    writer.start()
    number = 0
    last = b""
    for line in child.stdout:
        number += 1
        if number <= count:
            if not line.startswith(b'{"line":%d,"report":{' % number) or VERDICTS[(number - 1) % 3].encode() not in line:
                fail(f"output line {number}", f"line {number}'s report, {VERDICTS[(number - 1) % 3]}", line[:80])
                break
        last = line
    writer.join()
    # wait4 reaps the child and gives its own rusage (ru_maxrss in KiB on Linux), not the
    # largest of every child this process ever had, as RUSAGE_CHILDREN would.
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - started
    expect(f"exit status for {count} lines (a third fail)", 1, child.returncode)
    expect(f"output lines for {count} input lines", count + 1, number)
    third, extra = divmod(count, 3)
    verdicts = (third + (extra > 0), third + (extra > 2), third + (extra > 1))
    summary = (
        '{"summary":{"lines":%d,"blank":0,"reports":%d,"verdicts":{"pass":%d,"warn":%d,"fail":%d},'
        % ((count, count) + (verdicts[0], verdicts[2], verdicts[1]))
    )
    expect(f"summary of {count} lines", summary, last[: len(summary)].decode())
    return seconds, usage.ru_maxrss


large_seconds, large_peak = run(lines)
small_seconds, small_peak = run(1000)
ratio = large_peak / small_peak
print(f"{lines} lines ({lines * LINE_BYTES / 1e9:.2f} GB): {large_seconds:.1f} s, {lines / large_seconds:,.0f} lines/s, peak RSS {large_peak} KiB")
print(f"1000 lines: {small_seconds:.2f} s, peak RSS {small_peak} KiB")
print(f"peak RSS ratio {ratio:.3f} (target <= 1.5)")
if ratio > 1.5:
    fail("peak RSS ratio (large / small)", "<= 1.5", round(ratio, 3))
for failure in failures:
    print("FAIL", failure, file=sys.stderr)
sys.exit(1 if failures else 0)
