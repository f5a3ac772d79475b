"""scripts/hot-functions.py's patterns for BOLT (`--bolt-patterns`, which scripts/bolt.sh hands
BOLT as its -funcs-file): a listed name matches what the compiler names the same function after
a change (a specialization suffix gained, lost or spelled anew; BOLT's "/N" of a file-local
function), and never another function. BOLT anchors each pattern at both ends, as `fullmatch`.

Usage: python3 Tests/Scripts/hot_functions_test.py   (run by `make lint`)
"""

import importlib.util
import pathlib
import re
import sys

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


def main() -> None:
    failures = []
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
    print(f"hot_functions_test: {len(CASES)} cases and {len(listed)} listed names: ok")


if __name__ == "__main__":
    main()
