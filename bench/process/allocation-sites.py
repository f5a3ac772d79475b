#!/usr/bin/env python3
"""The heap allocation sites that grow with the request count, from two dhat runs.

Run by bench/process/allocations.sh after its figure (and by hand on its bench/out/dhat.*.json):
    python3 bench/process/allocation-sites.py SHORT.json LONG.json REQUESTS [FRAMES]
Each dhat JSON file (valgrind --tool=dhat, dhatFileVersion 2) lists program points with their
stack and the blocks allocated there ("tbk"). A point's blocks in the long run minus the short
run, divided by REQUESTS (the difference in requests answered), is what one request allocates
there; start-up and shutdown cancel out. Points are grouped by their first FRAMES frames (3 by
default) outside the allocator and the standard library's growth functions, with the Swift names
demangled by swift-demangle (on PATH with the toolchain), and printed largest first.
"""
import collections
import json
import re
import subprocess
import sys

# Frames that say how memory was asked for, not who asked: skipped to reach the caller.
ALLOCATOR = re.compile(
    r"^(malloc|calloc|realloc|strdup|swift_slowAlloc|swift_allocObject|\?\?\?|_allocateStringStorage"
    r"|__StringStorage|_StringGuts|String\._|_ContiguousArrayBuffer|ContiguousArray\.|_copyCollectionToContiguousArray"
    r"|_DictionaryStorage|_NativeDictionary|Dictionary\._Variant|Dictionary\.reserveCapacity|_SetStorage|Set\.init"
    r"|Array\.append|Array\._|merged |generic )"
)


def blocks_by_stack(path):
    """Blocks allocated at each stack (a tuple of frame texts) of a dhat JSON file."""
    with open(path) as file:
        data = json.load(file)
    frames = data["ftbl"]
    counts = collections.Counter()
    for point in data["pps"]:
        counts[tuple(frames[index] for index in point["fs"])] += point["tbk"]
    return counts


def split_frame(frame):
    """A dhat frame's symbol and its file:line (empty when dhat has none)."""
    frame = re.sub(r"^0x[0-9A-Fa-f]+: ", "", frame)
    place = re.search(r" \(([\w+.-]+\.(?:swift|c)):(\d+)\)", frame)
    symbol = re.sub(r" \((in )?[^)]*\)$", "", frame)
    return symbol, f"{place.group(1)}:{place.group(2)}" if place else ""


def main():
    short, long, requests = sys.argv[1], sys.argv[2], int(sys.argv[3])
    depth = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    before, after = blocks_by_stack(short), blocks_by_stack(long)
    grown = {stack: after.get(stack, 0) - before.get(stack, 0) for stack in set(before) | set(after)}
    grown = {stack: count for stack, count in grown.items() if count}
    symbols = sorted({split_frame(frame)[0] for stack in grown for frame in stack})
    demangled = subprocess.run(
        ["swift-demangle", "--simplified", "--compact"], input="\n".join(symbols), capture_output=True, text=True
    ).stdout.split("\n")
    names = dict(zip(symbols, demangled))
    sites = collections.Counter()
    for stack, count in grown.items():
        callers = []
        for frame in stack:
            symbol, place = split_frame(frame)
            name = names.get(symbol, symbol).replace("specialized ", "").replace("static ", "")
            if len(name) > 60:
                name = name.split("(")[0]
            if not ALLOCATOR.match(name):
                callers.append(name + ("@" + place if place else ""))
        sites[" < ".join(callers[:depth])] += count
    print(f"allocation sites per request (dhat, {requests} requests apart): {sum(sites.values()) / requests:.1f} in all")
    for site, count in sites.most_common():
        if abs(count) / requests < 0.05:
            break
        print(f"{count / requests:6.2f}  {site}")


if __name__ == "__main__":
    main()
