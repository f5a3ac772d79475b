#!/usr/bin/env python3
"""Writes the list of the functions a request runs, which the release build lays out.

A payload-only request runs some 400 functions spread over 20 MB of code: each request then
fetches its code from far apart pages and lines. The release build gives every function its
own section (`-function-sections`, Package.swift), lld places the functions this file names
first and in its order (`--symbol-ordering-file`), and BOLT lays out the hot code of these
functions (and only these) from a profile of the requests (scripts/bolt.sh). One symbol a line.

The list comes from the profiles `bench/process/instructions.sh` leaves in bench/out (callgrind,
one kept-alive connection, a short run and a long one): a function is listed when the long run
executed it at least once more per request than the short one, for the payload-only POST, then
GET /healthz, a batch item, a bulk line and a POST whose image is a cache hit, each path's
functions by their instructions per request, most first. Callgrind names C++ functions demangled; they are mapped back to their
symbols through `nm` of the binary. Run it after a change to the request's path:

    make hot-functions   (make release, bench/process/instructions.sh and this script on the
                          build as linked, before BOLT: .build/bolt/linked; then a new build)
    python3 scripts/hot-functions.py [BINARY]           the list from the profiles of BINARY

    python3 scripts/hot-functions.py --check [BINARY]   how many listed functions the binary has
    python3 scripts/hot-functions.py --bolt-patterns    the list as BOLT's -funcs-file (bolt.sh)
"""

import argparse
import functools
import pathlib
import re
import subprocess
import sys

# Found from the script's place, as bolt.sh finds it: bolt.sh runs it wherever it is called from.
ROOT = pathlib.Path(__file__).resolve().parent.parent
ORDER_FILE = ROOT / "Sources/preflight/hot-functions.order"
# The suffixes of a specialization's symbol (a function signature's `Tf..._n`, a generic one's
# `Tg5`, a merged function's `Tm`): the compiler gains, loses or spells them anew when the code
# around the function changes, so a listed name is matched with any of them.
SPECIALIZATION_SUFFIX = "(Tf[0-9a-z]+_n|Tg5|Tm)"
SPECIALIZATION = re.compile(SPECIALIZATION_SUFFIX + "+$")
PATHS = ["preflight-post", "preflight-get", "preflight-batch", "preflight-bulk", "preflight-hit"]
# A row of `callgrind_annotate --inclusive=no`: the count, then `file:function [object]`.
ROW = re.compile(r"^\s*([\d,]+)\s+\S*?:(.+?)(?:\s+\[(.+)\])?\s*$")


def is_binary_object(obj: str, binary: pathlib.Path) -> bool:
    """Whether a function callgrind placed in object `obj` is one of `binary`'s, the binary the
    profile ran (callgrind names it by its real path). Shared libraries (libc, libmicrohttpd) are
    laid out by their own links. Callgrind names no object (`???`) for the binary's functions BOLT
    left where the link put them (the ones the list did not name yet): `write` keeps those the
    binary defines."""
    return not obj or obj == "???" or real_path(obj) == real_path(str(binary))


@functools.cache
def real_path(path: str) -> pathlib.Path:
    """`path` with its links resolved, once per path: a profile's few objects are named on each of
    its thousands of rows, and resolving both sides for every row was a quarter of a run."""
    return pathlib.Path(path).resolve()


def annotate(profile: pathlib.Path, binary: pathlib.Path) -> dict[str, int]:
    """Self instructions per function of `binary` in one callgrind profile (all of them: threshold
    100%)."""
    text = subprocess.run(
        ["callgrind_annotate", "--show=Ir", "--inclusive=no", "--threshold=100", "--show-percs=no",
         "--auto=no", str(profile)],
        capture_output=True, text=True, check=True).stdout
    counts: dict[str, int] = {}
    named = False  # whether any function is placed in the binary by its path
    for row in text.splitlines():
        match = ROW.match(row)
        if not match or match.group(2) == "PROGRAM TOTALS":
            continue
        obj = match.group(3) or ""
        if not is_binary_object(obj, binary):
            continue
        named = named or obj not in ("", "???")
        # callgrind marks recursion depths and separated contexts with 'N suffixes.
        name = re.sub(r"'\d+$", "", match.group(2))
        counts[name] = counts.get(name, 0) + int(match.group(1).replace(",", ""))
    if not named:
        sys.exit(f"hot-functions.py: {profile} has no function of {binary}: give the binary the profiles ran"
                 " (make hot-functions: .build/bolt/linked)")
    return counts


def per_unit(out: pathlib.Path, path: str, binary: pathlib.Path) -> dict[str, float]:
    """Instructions per request (item, line) of each function: the long run minus the short one,
    the two profiles of the path written last (instructions.sh's run; older runs may be beside them)."""
    profiles = [p for p in out.glob(f"callgrind.{path}.*") if p.suffix[1:].isdigit()]
    profiles.sort(key=lambda p: p.stat().st_mtime)
    if len(profiles) < 2:
        sys.exit(f"hot-functions.py: no two profiles of {path} in {out} (run bench/process/instructions.sh)")
    (short, short_file), (long, long_file) = sorted((int(p.suffix[1:]), p) for p in profiles[-2:])
    for profile in (short_file, long_file):
        refuse_shared_runtime(profile)
    units = long - short
    if path == "preflight-batch":
        units *= 100  # batches of 100 items
    a, b = annotate(long_file, binary), annotate(short_file, binary)
    refuse_laid_out(a, long_file)
    return {name: (count - b.get(name, 0)) / units for name, count in a.items()}


# The Swift runtime as a shared library: a binary linked so (`swift build -c release` without
# `--static-swift-stdlib`) runs the runtime's functions (swift_retain, the String and Array code)
# from this object, not from itself.
SHARED_RUNTIME = b"libswiftCore.so"


def refuse_shared_runtime(profile: pathlib.Path) -> None:
    """Stops when `profile` is callgrind's profile of a binary that loads the Swift runtime as a
    shared library. `annotate` keeps only the binary's own functions, so the list written from such
    a profile would have none of the runtime's (573 names against 700 on the same code): the
    release build links the runtime in (`make release`), and its profiles are the ones to read.
    Callgrind names each object a profile ran or called code of (`ob=`, `cob=` lines)."""
    with profile.open("rb") as file:
        if any(line.startswith((b"ob=", b"cob=")) and SHARED_RUNTIME in line for line in file):
            sys.exit(f"hot-functions.py: {profile} profiles a binary that loads the Swift runtime as a shared"
                     f" library ({SHARED_RUNTIME.decode()}): the list would miss the runtime's functions."
                     " Profile the static release build (make release: --static-swift-stdlib).")


# What BOLT names the parts of a function it laid out (`NAME.cold.0`, the blocks it moved out;
# `NAME.org.0`, the original of one it rewrote): only a laid-out binary has them. The compiler's
# own hot/cold splitting numbers its parts from 1 (`CFBasicHashCreate.cold.1`, the static
# CoreFoundation's): the linked binary has 526 such names and no `.cold.0`, the laid-out one 780
# `.cold.0` and `.org.0` (nm, 9071ba6's release build).
BOLT_FRAGMENT = re.compile(r"\.(cold|org)\.0$")


def refuse_laid_out(names: dict[str, int], profile: pathlib.Path) -> None:
    """Stops when the functions of `profile` include BOLT's fragments: the profile is of a laid-out
    binary, and a list written from it would name fragments no link has (and BOLT's renames) in
    place of the functions. `make hot-functions` profiles the binary as linked, before BOLT (the
    copy scripts/bolt.sh keeps as .build/bolt/linked)."""
    fragments = sorted(name for name in names if BOLT_FRAGMENT.search(name))
    if fragments:
        sys.exit(f"hot-functions.py: {profile} profiles a binary laid out by BOLT ({len(fragments)} fragments,"
                 f" such as {fragments[0]}): profile the binary as linked (make hot-functions uses"
                 " .build/bolt/linked).")


def defined_names(binary: pathlib.Path) -> set[str]:
    """The words of `nm --defined-only` over the binary: its defined symbols' names (and their
    addresses and kinds, which no function is named)."""
    return set(subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True,
                              check=True).stdout.split())


def symbols(defined: set[str]) -> dict[str, str]:
    """Demangled C++ name -> symbol, for the functions callgrind names demangled."""
    mangled = sorted(word for word in defined if word.startswith("_Z"))
    demangled = subprocess.run(["c++filt"], input="\n".join(mangled), capture_output=True, text=True,
                               check=True).stdout.splitlines()
    return dict(zip(demangled, mangled))


def write(out: pathlib.Path, binary: pathlib.Path) -> None:
    defined = defined_names(binary)
    cxx = symbols(defined)
    listed: list[str] = []
    seen: set[str] = set()
    for path in PATHS:
        costs = per_unit(out, path, binary)
        for name, cost in sorted(costs.items(), key=lambda item: -item[1]):
            if cost < 1:
                break
            symbol = cxx.get(name, name)
            if symbol not in defined or symbol in seen:
                continue  # an unnamed address, a C++ name nm does not have, another object's
            seen.add(symbol)
            listed.append(symbol)
    ORDER_FILE.write_text("".join(f"{symbol}\n" for symbol in listed))
    print(f"{ORDER_FILE.relative_to(ROOT)}: {len(listed)} functions")


def unspecialized(symbol: str) -> str:
    """The name without its trailing specialization suffixes."""
    return SPECIALIZATION.sub("", symbol)


def bolt_patterns(symbols: list[str]) -> list[str]:
    """The listed functions as BOLT's regular expressions (`-funcs-file`, scripts/bolt.sh; BOLT
    matches each against a whole name): a name's characters taken literally, its specialization
    suffixes any such suffixes, and BOLT's "/N" suffix of a file-local function allowed. A name
    that no longer matched left its function where the link put it, outside the laid-out text,
    until the list was written again."""
    return [f"{re.escape(unspecialized(symbol))}{SPECIALIZATION_SUFFIX}*(/[0-9]+)?" for symbol in symbols]


def check(binary: pathlib.Path) -> None:
    """How many of the listed functions the binary defines, by name or by a renamed
    specialization of it (which bolt.sh still lays out); a list gone stale names others."""
    listed = ORDER_FILE.read_text().split()
    defined = defined_names(binary)
    bases = {unspecialized(symbol) for symbol in defined}
    renamed = [symbol for symbol in listed if symbol not in defined and unspecialized(symbol) in bases]
    missing = [symbol for symbol in listed if symbol not in defined and unspecialized(symbol) not in bases]
    print(f"{ORDER_FILE.relative_to(ROOT)}: {len(listed) - len(missing)} of {len(listed)} listed functions defined in {binary}"
          f" ({len(renamed)} as a renamed specialization)")
    if missing:
        print(f"  {len(missing)} listed names not in the binary (renamed, or BOLT's `.cold.0` fragments when the"
              " binary is not laid out); `make hot-functions` writes the list again:")
        for symbol in missing:
            print(f"    {symbol}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="count the listed functions the binary defines")
    parser.add_argument("--bolt-patterns", action="store_true", help="print the list as BOLT's -funcs-file")
    parser.add_argument("--profiles", default="bench/out", help="where instructions.sh left its profiles")
    parser.add_argument("binary", nargs="?", default=".build/release/preflight")
    arguments = parser.parse_args()
    if arguments.bolt_patterns:
        print("\n".join(bolt_patterns(ORDER_FILE.read_text().split())))
    elif arguments.check:
        check(pathlib.Path(arguments.binary))
    else:
        write(pathlib.Path(arguments.profiles), pathlib.Path(arguments.binary))


if __name__ == "__main__":
    main()
