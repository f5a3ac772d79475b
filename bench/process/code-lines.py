"""The code a request runs, in 64-byte lines: the instruction addresses whose execution count grows
by at least one per request between two callgrind profiles of the same server (SHORT and LONG
requests, `--dump-instr=yes`), and the distinct cache lines they sit in. Two servers that execute
the same number of instructions can differ threefold here: the spread of the code a request runs
is what the instruction cache holds or misses (an L1 instruction cache holds 512 such lines).

Usage: python3 code-lines.py SHORT_PROFILE LONG_PROFILE REQUESTS
Prints: LINES INSTRUCTIONS (distinct lines; distinct instruction addresses)

The profile format: https://valgrind.org/docs/manual/cl-format.html. With `positions: instr line`
each cost line is `ADDRESS LINE COST`, an address written in hex (`0x...`), relative to the last
one (`+N`, `-N`, decimal) or the same (`*`); the line after a `calls=` line is the call's
inclusive cost, not the instruction's own, and is skipped. Callgrind writes each address as an
offset into its object (the executable or a shared library: the `ob=` it is under), so an
instruction is its object and its address: by the address alone, a line of libc and one of
libmicrohttpd or ld.so at the same offset were one line, and the startup's code of one object
could add to another's counts. An object is named once, at its first `ob=` or `cob=`
(`ob=(N) NAME`), then by its number alone; the numbers differ from one profile to another.
"""

import collections
import sys


def object_named(line, names):
    """The object an `ob=` or `cob=` line names, noting a first naming in `names`."""
    value = line.split("=", 1)[1].strip()
    if not value.startswith("("):
        return value
    number, _, name = value.partition(")")
    if name.strip():
        names[number] = name.strip()
    return names.get(number, number)


def counts(path, owners=None):
    """The instructions executed at each (object, address); with `owners` (a dict), also the
    function callgrind lists each under (`fn=`, named once, as objects are, at its first `fn=`
    or `cfn=`), filled in."""
    executed = collections.Counter()
    names = {}
    functions = {}
    current = ""
    function = "?"
    address = 0
    after_call = False
    with open(path, errors="replace") as profile:
        for line in profile:
            key, equals, _ = line.partition("=")
            if equals and key in ("ob", "cob", "fn", "cfn"):
                # Objects and functions alike are named at their first mention (`ob=`/`cob=`,
                # `fn=`/`cfn=`), then by their number alone; `ob=` and `fn=` say where the
                # lines after them are.
                named = object_named(line, names if key.endswith("ob") else functions)
                if key == "ob":
                    current = named
                elif key == "fn":
                    function = named
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            if not line[:1].isdigit() and line[:1] not in "+-*":
                continue
            fields = line.split()
            if len(fields) != 3:
                continue
            position = fields[0]
            if position.startswith("0x"):
                address = int(position, 16)
            elif position[0] == "+":
                address += int(position[1:])
            elif position[0] == "-":
                address -= int(position[1:])
            elif position != "*":
                address = int(position)
            if after_call:
                after_call = False
                continue
            executed[(current, address)] += int(fields[2])
            if owners is not None:
                owners[(current, address)] = function
    return executed


def run_per_request(short_profile, long_profile, requests):
    """The instructions (object, address) the long profile executed at least once more per
    request than the short one, and the 64-byte lines (object, line) they sit in."""
    before, after = counts(short_profile), counts(long_profile)
    run = [place for place, count in after.items() if count - before.get(place, 0) >= requests]
    return run, {(name, address >> 6) for name, address in run}


def main():
    run, lines = run_per_request(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    print(len(lines), len(run))


if __name__ == "__main__":
    main()
