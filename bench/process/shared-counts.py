"""gdb's Python half of shared-counts.sh: a breakpoint on each of the Swift runtime's reference
count entry points records, for every call a worker thread makes, the object (its first argument,
`rdi` on x86-64), the thread and the calling function, and never stops the program. `sharedcounts
OUT` writes the objects two or more worker threads touched, with their type (the symbol of their
metadata) and the calls per caller, and the process's memory map, for the shell half to keep the
objects made at start.

gdb's Python API: https://sourceware.org/gdb/current/onlinedocs/gdb.html/Python-API.html
"""

import collections

import gdb

ENTRY_POINTS = ("swift_retain", "swift_release", "swift_bridgeObjectRetain", "swift_bridgeObjectRelease")
# Threads of the server's own that run on a timer, not for requests: the main thread (number 1,
# start and stop), the hang-up timer and the access log's writer.
QUIET = ("pf-hangups", "pf-access")

calls = []


class Counting(gdb.Breakpoint):
    def stop(self):
        thread = gdb.selected_thread()
        if thread.num == 1 or (thread.name or "").startswith(QUIET):
            return False
        frame = gdb.selected_frame()
        obj = int(frame.read_register("rdi")) & 0xFFFFFFFFFFFFFFFF
        caller = frame.older()
        calls.append((self.location, thread.num, obj, caller.name() if caller else "?"))
        return False


def kind(obj):
    """The symbol of the object's metadata (its first word): the type's name."""
    try:
        metadata = int(gdb.parse_and_eval(f"*(unsigned long *){obj}")) & 0xFFFFFFFFFFFFFFFF
        return gdb.execute(f"info symbol {metadata}", to_string=True).split(" in section")[0].strip()
    except gdb.error:
        return "?"


class Write(gdb.Command):
    """sharedcounts OUT: writes OUT (the shared objects' calls) and OUT.maps."""

    def __init__(self):
        super().__init__("sharedcounts", gdb.COMMAND_USER)

    def invoke(self, argument, from_tty):
        threads, per_caller = collections.defaultdict(set), collections.defaultdict(collections.Counter)
        for entry, thread, obj, caller in calls:
            threads[obj].add(thread)
            per_caller[obj][(entry, caller)] += 1
        pid = gdb.selected_inferior().pid
        with open(f"/proc/{pid}/maps") as source, open(argument + ".maps", "w") as maps:
            maps.write(source.read())
        with open(argument, "w") as out:
            workers = len({thread for _, thread, _, _ in calls})
            out.write(f"calls {len(calls)} workers {workers}\n")
            for obj, seen in threads.items():
                # A pointer's top byte set is a tagged value (a small string), not an object.
                if len(seen) < 2 or obj < 0x10000 or obj >> 56:
                    continue
                name = kind(obj).replace("\t", " ")
                for (entry, caller), count in per_caller[obj].most_common():
                    out.write(f"{obj:x}\t{entry}\t{count}\t{caller}\t{name}\n")


for entry_point in ENTRY_POINTS:
    Counting(entry_point)
Write()
