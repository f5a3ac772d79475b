"""scripts/hot-functions.py's patterns for BOLT (`--bolt-patterns`, which scripts/bolt.sh hands
BOLT as its -funcs-file): a listed name matches what the compiler names the same function after
a change (a specialization suffix gained, lost or spelled anew; BOLT's "/N" of a file-local
function), and never another function. BOLT anchors each pattern at both ends, as `fullmatch`.
And the list is written only from profiles of a binary with the Swift runtime linked in: a profile
that names libswiftCore.so as an object (callgrind 3.19's `ob=` and `cob=` lines, as it wrote them
for /opt/swift/usr/bin/swift-demangle) stops the script, and so does a profile of a binary BOLT
laid out (its functions include BOLT's `.cold.0` and `.org.0` fragments; the compiler's own
`.cold.1`, `.cold.2`... are in any build). Only the functions of the binary the profiles ran are
read, by its path, whatever its name.

Usage: python3 Tests/Scripts/hot_functions_test.py   (run by `make lint`)
"""

import importlib.util
import pathlib
import re
import sys
import tempfile

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "hot-functions.py"
sys.dont_write_bytecode = True  # no scripts/__pycache__ left in the tree
spec = importlib.util.spec_from_file_location("hot_functions", SCRIPT)
hot_functions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hot_functions)

PARSE = "$s13PreflightCore8MediaURLV5parse_4textACSRys5UInt8VG_AA12DocumentTextVtAC7ProblemVYKFZ"
NAME = "$s13PreflightCore16AttachmentNamingO4name_3url8download4rootAA9NamedFileVAA16ExtensionProfileV"
APPEND = "$sSa6append10contentsOfyqd__n_t7ElementQyd__RszSTRd__lFs5UInt8V_SW"

# (listed name, symbol in a later binary, whether the pattern must match it)
CASES = [
    (PARSE, PARSE, True),
    (PARSE, PARSE + "Tf4nnd_n", True),  # a signature specialization gained (the stale list's case)
    (PARSE + "Tf4nnd_n", PARSE, True),  # and lost
    (PARSE + "Tf4nnd_n", PARSE + "Tf4nnnd_n", True),  # spelled anew
    (PARSE + "Tf4nnd_n", PARSE + "Tf1cn_nTf4nnd_n", True),  # two of them
    (PARSE, PARSE + "/2", True),  # BOLT's file-local name
    (APPEND + "Tg5", APPEND + "Tg5Tm", True),  # a generic specialization, then merged
    ("swift_retain", "swift_retain", True),
    (PARSE, PARSE + "SSSgSRys5UInt8VGXEfU_", False),  # a closure inside the function: another function
    (PARSE, PARSE + ".cold.0", False),  # BOLT's cold fragment is named on its own
    (PARSE, PARSE[:-1], False),
    (NAME + "_FZ", NAME + "_FZTf4nnnnd_n", True),
    (NAME + "_FZ", NAME.replace("name_", "file_") + "_FZ", False),
    ("swift_retain", "swift_retain_n", False),
    ("swift_retain", "xswift_retain", False),
]

# The head of a callgrind profile and the records that name objects, in callgrind 3.19's format.
PROFILE_HEAD = "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\ncmd:  {cmd}\npart: 1\n\nevents: Ir\n\n"
RUNTIME = "/opt/swift/usr/lib/swift/linux/libswiftCore.so"
# (name, the records after the head, whether hot-functions.py must refuse the profile)
PROFILES = [
    ("runtime run", f"ob=(9) {RUNTIME}\nfl=(1) ???\nfn=(1) swift_retain\n5 12\n", True),
    ("runtime only called", f"ob=(1) /b/preflight\nfl=(1) ???\nfn=(1) main\ncob=(9) {RUNTIME}\ncfn=(2) swift_retain\ncalls=1 0\n5 12\n", True),
    ("runtime linked in", "ob=(1) /b/preflight\nfl=(1) ???\nfn=(1) swift_retain\n5 12\nob=(2) /usr/lib/libc.so.6\n", False),
]

# (functions of a profile, whether hot-functions.py must refuse it as a laid-out binary's)
LAID_OUT = [
    ({PARSE: 900, PARSE + ".cold.0": 1}, True),  # a cold fragment BOLT moved out
    ({"swift_arrayDestroy.org.0": 40, "swift_retain": 300}, True),  # the original of a rewritten one
    ({PARSE: 900, "swift_retain": 300, "$s4main9coldStartyyF": 2}, False),  # "cold" in a name
    ({PARSE: 900, "CFNumberGetTypeID.cold.1": 4}, False),  # the compiler's own split, numbered from 1
    ({PARSE + "Tf4nnd_n": 900, NAME + "_FZ": 10}, False),
]

# (object callgrind names, whether its functions are the profiled binary's; the binary is this
# script's own path, a file that exists, as the binaries the profiles ran do)
BINARY = pathlib.Path(__file__).resolve()
OBJECTS = [
    (str(BINARY), True),
    (str(BINARY.parent / ".." / "Scripts" / BINARY.name), True),  # the same file by another path
    ("???", True),  # a function BOLT left where the link put it
    ("", True),
    ("/usr/lib/x86_64-linux-gnu/libc.so.6", False),
    ("/work/other/.build/release/preflight", False),  # another binary, whatever its name
]


def refused_as_laid_out(names: dict[str, int]) -> bool:
    """Whether `refuse_laid_out` stops on a profile of these functions."""
    try:
        hot_functions.refuse_laid_out(names, pathlib.Path("callgrind.preflight-post.1100"))
    except SystemExit as stop:
        return "laid out by BOLT" in str(stop.code)
    return False


def refused(records: str) -> bool:
    """Whether `refuse_shared_runtime` stops on a profile of these records."""
    with tempfile.TemporaryDirectory() as directory:
        profile = pathlib.Path(directory) / "callgrind.preflight-post.100"
        profile.write_text(PROFILE_HEAD.format(cmd="/b/preflight serve") + records)
        try:
            hot_functions.refuse_shared_runtime(profile)
        except SystemExit as stop:
            return "libswiftCore.so" in str(stop.code)
        return False


def main() -> None:
    failures = []
    for name, records, expected in PROFILES:
        if refused(records) != expected:
            failures.append(f"the profile '{name}' {'should' if expected else 'should not'} be refused")
    for obj, expected in OBJECTS:
        if hot_functions.is_binary_object(obj, BINARY) != expected:
            failures.append(f"the object {obj!r} {'should' if expected else 'should not'} be the binary's")
    for names, expected in LAID_OUT:
        if refused_as_laid_out(names) != expected:
            failures.append(f"the functions {sorted(names)} {'should' if expected else 'should not'} be refused")
    for listed, symbol, expected in CASES:
        pattern = hot_functions.bolt_patterns([listed])[0]
        if (re.fullmatch(pattern, symbol) is not None) != expected:
            failures.append(f"{pattern!r} {'should' if expected else 'should not'} match {symbol!r}")
    # Every line of the committed list makes one valid pattern that matches its own name.
    listed = hot_functions.ORDER_FILE.read_text().split()
    for symbol, pattern in zip(listed, hot_functions.bolt_patterns(listed)):
        if re.fullmatch(pattern, symbol) is None:
            failures.append(f"the listed {symbol!r} does not match its own pattern {pattern!r}")
    for failure in failures:
        print(f"hot_functions_test: {failure}", file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f"hot_functions_test: {len(CASES)} cases, {len(PROFILES) + len(LAID_OUT)} profiles, {len(OBJECTS)} objects and {len(listed)} listed names: ok")


if __name__ == "__main__":
    main()
