"""Atomic read-modify-writes a request executes: the instructions with a `lock` prefix (and `xchg`
with memory, locked without one) whose execution count grows per request between two callgrind
profiles of the same server (SHORT and LONG requests, `--dump-instr=yes`, as `instructions.sh`
makes them), found by `objdump -d` in each object the profiles ran. A reference count's retain
or release is one of them when it writes (a release of an immortal or null object writes
nothing), as are a lock's take and give and a shared counter's add: each waits for the core's
stores to drain and owns the cache line, a cost callgrind's instruction counts do not weigh
(bench/RESULTS.md prices one on the machine of each run).

Usage: python3 atomics.py SHORT_PROFILE LONG_PROFILE REQUESTS [TOP]
Prints the atomics per request in all and by function (the TOP largest, 8 by default), each
charged to the function callgrind lists it under.
"""

import collections
import importlib.util
import pathlib
import re
import shutil
import subprocess
import sys

spec = importlib.util.spec_from_file_location("code_lines", pathlib.Path(__file__).with_name("code-lines.py"))
code_lines = importlib.util.module_from_spec(spec)
spec.loader.exec_module(code_lines)

ATOMIC = re.compile(r"^\s*([0-9a-f]+):\s+(lock\s|xchg\s+%\w+,\(|xchg\s+\()")


def atomic_addresses(path):
    """The addresses of the atomic read-modify-writes in the object at `path` (as objdump lists
    them: offsets from the object's base for a shared library or a position-independent binary,
    as callgrind writes them)."""
    listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path], capture_output=True, text=True)
    if listing.returncode != 0:
        sys.exit(f"atomics.py: objdump -d {path}: {listing.stderr.strip()}")
    return {int(match.group(1), 16) for line in listing.stdout.splitlines() if (match := ATOMIC.match(line))}


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    short_profile, long_profile, requests = sys.argv[1], sys.argv[2], int(sys.argv[3])
    top = int(sys.argv[4]) if len(sys.argv) == 5 else 8
    owners = {}
    before, after = code_lines.counts(short_profile), code_lines.counts(long_profile, owners)
    atomics = {}
    for name in {name for name, _ in after}:
        if pathlib.Path(name).is_file():
            atomics[name] = atomic_addresses(name)
    per_place = {
        place: (count - before.get(place, 0)) / requests
        for place, count in after.items()
        if place[1] in atomics.get(place[0], ()) and count > before.get(place, 0)
    }
    by_function = collections.Counter()
    for place, count in per_place.items():
        by_function[owners.get(place, "?")] += count
    print(f"{sum(per_place.values()):.1f} atomic read-modify-writes per request")
    largest = by_function.most_common(top)
    names = [function for function, _ in largest]
    # Swift's names demangled when the toolchain is on PATH (`make bench` has it), as written if not.
    if largest and shutil.which("swift-demangle"):
        names = subprocess.run(
            ["swift-demangle", "--simplified", "--compact"], input="\n".join(names), capture_output=True, text=True,
            check=True).stdout.splitlines()
    for (_, count), name in zip(largest, names):
        print(f"{count:9.1f}  {name[:100]}")


main()
