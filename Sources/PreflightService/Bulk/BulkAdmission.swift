import Synchronization

/// The bulk requests served at once (`bulk.max_concurrent`): each runs a pool of every CPU, so
/// a few at a time is what the machine can give.
final class BulkAdmission: Sendable {
    let limit: Int
    private let running = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
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
