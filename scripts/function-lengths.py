#!/usr/bin/env python3
"""Lists the Swift functions in Sources/ longer than the limit, and fails when one is not excused.

A function is a `func`, `init`, `deinit` or `subscript` with a body; its length is counted from
its declaration's first line to its closing brace, both included. Strings and comments are
blanked before braces are counted, so a brace in a message or a comment does not count.

    python3 scripts/function-lengths.py            # the limit, with the excused ones allowed
    python3 scripts/function-lengths.py --strict   # no excuses
    python3 scripts/function-lengths.py --all 40   # every function over 40 lines, nothing fails
"""

import argparse
import pathlib
import re
import sys

LIMIT = 80

# "path:function" -> why it is allowed for now. Each entry is a function over the limit in code
# another change is reshaping; `--strict` ignores this list.
EXCUSED: dict[str, str] = {}

DECLARATION = re.compile(r"\b(func\s+[^\s(<]+|init[?!]?(?=\s*[(<])|deinit\b|subscript(?=\s*[(<]))")
# A line that starts another declaration: the one before it had no body (a protocol requirement).
NEXT_DECLARATION = re.compile(
    r"^\s*(}|@|(public|private|fileprivate|internal|static|mutating|nonisolated|override|final|"
    r"func|var|let|init|deinit|case|subscript|typealias|associatedtype)\b)"
)


def blank(source: str) -> str:
    """`source` with string literals and comments turned into spaces (line breaks kept)."""
    out = []
    i, n = 0, len(source)
    # Modes: "code"; ("string", multiline, hashes); ("interpolation", depth).
    stack: list = ["code"]

    def keep(text: str) -> None:
        out.append(text)

    def hide(text: str) -> None:
        out.append("".join("\n" if c == "\n" else " " for c in text))

    while i < n:
        mode = stack[-1]
        c = source[i]
        if mode == "code" or mode[0] == "interpolation":
            if source.startswith("//", i):
                end = source.find("\n", i)
                end = n if end < 0 else end
                hide(source[i:end])
                i = end
            elif source.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if source.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif source.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                hide(source[i:j])
                i = j
            elif c == "#" and re.match(r'#+"', source[i:]):
                hashes = len(re.match(r"#+", source[i:]).group(0))
                multiline = source.startswith('"""', i + hashes)
                opener = hashes + (3 if multiline else 1)
                hide(source[i : i + opener])
                stack.append(("string", multiline, hashes))
                i += opener
            elif c == '"':
                multiline = source.startswith('"""', i)
                opener = 3 if multiline else 1
                hide(source[i : i + opener])
                stack.append(("string", multiline, 0))
                i += opener
            elif mode != "code" and c == "(":
                stack[-1] = ("interpolation", mode[1] + 1)
                keep(c)
                i += 1
            elif mode != "code" and c == ")":
                if mode[1] == 0:
                    stack.pop()
                    hide(c)
                else:
                    stack[-1] = ("interpolation", mode[1] - 1)
                    keep(c)
                i += 1
            else:
                keep(c)
                i += 1
        else:
            _, multiline, hashes = mode
            closer = ('"""' if multiline else '"') + "#" * hashes
            escape = "\\" + "#" * hashes
            if source.startswith(escape + "(", i):
                hide(source[i : i + len(escape) + 1])
                stack.append(("interpolation", 0))
                i += len(escape) + 1
            elif source.startswith(escape, i):
                hide(source[i : i + len(escape) + 1])
                i += len(escape) + 1
            elif source.startswith(closer, i):
                hide(closer)
                stack.pop()
                i += len(closer)
            else:
                hide(c)
                i += 1
    return "".join(out)


def functions(path: pathlib.Path):
    """(name, first line, length) of each function with a body in the file."""
    text = blank(path.read_text(encoding="utf-8"))
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(offset: int) -> int:
        low, high = 0, len(line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1

    for match in DECLARATION.finditer(text):
        name = match.group(1).split()[-1]
        i, parens = match.end(), 0
        body = None
        while i < len(text):
            c = text[i]
            if c in "([":
                parens += 1
            elif c in ")]":
                parens -= 1
            elif c == "{" and parens == 0:
                body = i
                break
            elif c == "\n" and parens == 0:
                rest = text[i + 1 : text.find("\n", i + 1)]
                if NEXT_DECLARATION.match(rest):
                    break
            i += 1
        if body is None:
            continue
        depth, j = 0, body
        while j < len(text):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        first = line_of(match.start())
        yield name, first, line_of(j) - first + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--strict", action="store_true", help="allow none of the excused functions")
    parser.add_argument("--all", type=int, metavar="LINES", help="list every function over LINES; never fail")
    parser.add_argument("roots", nargs="*", default=["Sources"])
    arguments = parser.parse_args()
    limit = arguments.all if arguments.all is not None else LIMIT
    failing = 0
    for root in arguments.roots:
        for path in sorted(pathlib.Path(root).rglob("*.swift")):
            for name, line, length in functions(path):
                if length <= limit:
                    continue
                key = f"{path}:{name}"
                excuse = None if arguments.strict or arguments.all is not None else EXCUSED.get(key)
                if excuse:
                    print(f"{path}:{line}: {name} is {length} lines (excused: {excuse})")
                else:
                    print(f"{path}:{line}: {name} is {length} lines, over {limit}")
                    failing += 1
    if arguments.all is not None:
        return 0
    if failing:
        print(f"function-lengths: {failing} function(s) over {limit} lines", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
