"""The code lines and instructions of each stage of a payload-only request, from callgrind
profiles made by `stages.sh`: for each stage a SHORT and a LONG profile counted only while the
stage's function is on the stack (`--toggle-collect`), and two of the whole process.

Usage: python3 stages.py DIRECTORY SHORT LONG LABEL=NAME...
  DIRECTORY holds callgrind.stage-NAME.SHORT and .LONG for each NAME, and the whole process's
  as callgrind.stage-whole.SHORT and .LONG; the first stage named is the handler, whose lines
  the HTTP layer's row excludes.
Prints one row a stage: instructions per request inside it, the 64-byte code lines it runs
(those `code-lines.py` counts), and for the whole request the lines the handler never runs.
"""

import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("code_lines", os.path.join(here, "code-lines.py"))
code_lines = importlib.util.module_from_spec(spec)
spec.loader.exec_module(code_lines)


def totals(path):
    with open(path, errors="replace") as profile:
        for line in profile:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit(f"stages.py: no totals in {path}")


def stage(directory, name, short, long):
    """(instructions per request, the set of 64-byte lines run at least once a request)."""
    first, second = (os.path.join(directory, f"callgrind.stage-{name}.{count}") for count in (short, long))
    requests = long - short
    _, lines = code_lines.run_per_request(first, second, requests)
    return (totals(second) - totals(first)) // requests, lines


def main():
    directory, short, long = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    stages = [argument.split("=", 1) for argument in sys.argv[4:]]
    whole_instructions, whole_lines = stage(directory, "whole", short, long)
    print(f"{'stage of a payload-only POST':<66} {'instructions':>12} {'lines':>6}")
    print(f"{'the whole request':<66} {whole_instructions:>12} {len(whole_lines):>6}")
    handler_lines = None
    for label, name in stages:
        instructions, lines = stage(directory, name, short, long)
        handler_lines = lines if handler_lines is None else handler_lines
        print(f"{label:<66} {instructions:>12} {len(lines):>6}")
    if handler_lines is not None:
        outside = whole_lines - handler_lines
        label = "lines the handler never runs (HTTP layer, libraries)"
        print(f"{label:<66} {'':>12} {len(outside):>6}")


if __name__ == "__main__":
    main()
