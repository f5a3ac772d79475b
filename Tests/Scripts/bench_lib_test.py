"""bench/lib.sh stops every process a bench started when the bench exits, however it exits: a
server that never becomes healthy, a later server's failed start, a failing command, or the end.
The helpers that start servers (start_c, start_preflight, start_old_binary) and `started` put
their processes on one list, and lib.sh's one EXIT trap stops the list; a helper that set its own
trap replaced the script's, and the processes started before it were left running.

Each case runs a bash script that sources a copy of bench/lib.sh in a temporary tree, whose
servers are small stand-ins (a Python HTTP server answering 200 on the port it is given, or a
process that never listens); each stand-in writes its process id to the tree's `pids` file, and
every one of them must be gone once the script has exited.

Usage: python3 Tests/Scripts/bench_lib_test.py   (run by `make lint`)
"""

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time

LIB = pathlib.Path(__file__).resolve().parents[2] / "bench" / "lib.sh"

# A server that answers 200 to every GET on 127.0.0.1:PORT (its first argument, or the port of
# the configuration after --config), or, with a configuration that says "silent", never listens.
SERVER = """#!/usr/bin/env python3
import http.server, json, os, sys, time
tree = os.path.dirname(os.path.abspath(__file__))
while not os.path.exists(os.path.join(tree, "pids")):
    tree = os.path.dirname(tree)
with open(os.path.join(tree, "pids"), "a") as pids:
    pids.write(f"{os.getpid()}\\n")
if "--config" in sys.argv:
    config = json.load(open(sys.argv[sys.argv.index("--config") + 1]))
    port = config["listen"]["port"]
    if config.get("silent"):
        time.sleep(300)
else:
    port = int(sys.argv[1])
class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
    def log_message(self, *arguments):
        pass
http.server.HTTPServer(("127.0.0.1", port), Answer).serve_forever()
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def running(pid):
    """Whether `pid` is a live process (a zombie no one has reaped yet is not)."""
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state != "Z"


def run_case(name, body, expect_status, expect_servers):
    tree = pathlib.Path(tempfile.mkdtemp(prefix="bench-lib-test."))
    try:
        (tree / "bench" / "out").mkdir(parents=True)
        (tree / ".build" / "release").mkdir(parents=True)
        shutil.copy(LIB, tree / "bench" / "lib.sh")
        (tree / "pids").write_text("")
        for path in (tree / ".build" / "release" / "preflight", tree / "bench" / "out" / "answer"):
            path.write_text(SERVER)
            path.chmod(0o755)
        ports = {"PORT_A": free_port(), "PORT_B": free_port(), "PORT_C": free_port()}
        for label, silent in (("healthy", False), ("silent", True)):
            config = {"listen": {"host": "127.0.0.1", "port": ports["PORT_B"]}, "silent": silent}
            (tree / "bench" / "out" / f"{label}.json").write_text(json.dumps(config))
        script = f'source "{tree}/bench/lib.sh" || exit 1\nbench_setup --no-binary\n' + body
        # The output goes to a file: a server left running would hold a pipe open.
        with open(tree / "log", "w") as log:
            result = subprocess.run(
                ["bash", "-c", script], cwd=tree, env={**os.environ, **{k: str(v) for k, v in ports.items()}},
                stdout=log, stderr=subprocess.STDOUT, timeout=120)
        pids = [int(line) for line in (tree / "pids").read_text().split()]
        # A killed server's exit is not instant: give each a moment before calling it left over.
        deadline = time.monotonic() + 5
        while any(running(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [pid for pid in pids if running(pid)]
        for pid in left:
            os.kill(pid, 9)
        problems = []
        if (result.returncode == 0) != (expect_status == 0):
            problems.append(f"exit status {result.returncode}, expected {'0' if expect_status == 0 else 'non-zero'}")
        if len(pids) != expect_servers:
            problems.append(f"{len(pids)} servers started, expected {expect_servers}")
        if left:
            problems.append(f"left running after the script exited: {left}")
        output = (tree / "log").read_text()
        return [f"{name}: {problem}\n{output}" for problem in problems]
    finally:
        shutil.rmtree(tree, ignore_errors=True)


CASES = [
    # A C server up, then Preflight never healthy: start_preflight's failure ends the script.
    ("a C server, then a server that never answers",
     'start_c answer $PORT_A\nstart_preflight $PORT_B "$out/silent.json"\necho not reached\n', 1, 2),
    # Preflight up, then the A/B's old build never healthy.
    ("a server, then an old build that never answers",
     'start_preflight $PORT_B "$out/healthy.json"\n'
     'OLD_BINARY=.build/release/preflight start_old_binary $PORT_B $PORT_A "$out/silent.json"\n', 1, 2),
    # A process of the script's own, listed with `started`, then a failing command.
    ("a listed process, then a failing command",
     'bench/out/answer $PORT_A & started $!\nwait_healthy $PORT_A\nfalse\n', 1, 1),
    # Every start succeeds and the script ends.
    ("three servers, to the end",
     'start_c answer $PORT_A\nstart_preflight $PORT_B "$out/healthy.json"\n'
     'bench/out/answer $PORT_C & started $!\nwait_healthy $PORT_C\n', 0, 3),
]


def main():
    failures = []
    for name, body, status, servers in CASES:
        failures += run_case(name, body, status, servers)
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f"bench_lib_test: {len(CASES)} cases, every server stopped on exit")


if __name__ == "__main__":
    main()
