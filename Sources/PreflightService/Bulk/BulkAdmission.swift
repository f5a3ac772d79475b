import Foundation
import PreflightCore
import Synchronization

/// What a bulk request needs before its body is read: a place among the bulk requests served at
/// once (`bulk.max_concurrent`: each runs a pool of every CPU, so a few at a time is what the
/// machine can give), and the directory its answer is spooled in.
final class BulkAdmission: Sendable {
    let limit: Int
    /// `bulk.spool_dir`, else `$TMPDIR`, else `/tmp`: read once, when the service starts.
    let spoolDirectory: String
    private let running = Atomic<Int>(0)

    init(limit: Int, spoolDir: String? = nil) {
        self.limit = limit
        self.spoolDirectory = spoolDir ?? Self.temporaryDirectory()
    }

    private static func temporaryDirectory() -> String {
        if let temporary = ProcessInfo.processInfo.environment["TMPDIR"], !temporary.isEmpty { return temporary }
        return "/tmp"
    }

    /// Takes a place; false when `limit` requests already run.
    func enter() -> Bool {
        var current = running.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, found) = running.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = found
        }
        return false
    }

    func leave() {
        running.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// Bulk requests running now.
    var count: Int { running.load(ordering: .relaxed) }
}
